#include "generators/brush.h"

#include <cstdlib>

namespace burrow {

std::vector<Point> brushOffsets(const std::string& name) {
    if (name == "single") return {{0, 0}};
    if (name == "square") return {{-1, -1}, {0, -1}, {1, -1}, {-1, 0}, {0, 0}, {1, 0}, {-1, 1}, {0, 1}, {1, 1}};
    if (name == "diamond") {
        std::vector<Point> offsets;
        for (int dy = -2; dy <= 2; ++dy)
            for (int dx = -2; dx <= 2; ++dx)
                if (std::abs(dx) + std::abs(dy) <= 2) offsets.push_back({dx, dy});
        return offsets;
    }
    return {{0, 0}, {0, -1}, {0, 1}, {-1, 0}, {1, 0}};
}

} // namespace burrow
