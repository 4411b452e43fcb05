#include "model/level.h"

#include <stdexcept>

namespace burrow {

std::optional<std::string> levelSizeError(const LevelSize& size) {
    auto outOfRange = [](const char* what, int value, int maximum) {
        return std::string(what) + " must be between 1 and " + std::to_string(maximum) + ", got " + std::to_string(value);
    };
    if (size.width < 1 || size.width > kMaxLevelWidth) return outOfRange("width", size.width, kMaxLevelWidth);
    if (size.height < 1 || size.height > kMaxLevelHeight) return outOfRange("height", size.height, kMaxLevelHeight);
    if (size.depth < 1 || size.depth > kMaxLevelDepth) return outOfRange("depth", size.depth, kMaxLevelDepth);
    return std::nullopt;
}

const char* areaKindId(AreaKind kind) {
    switch (kind) {
    case AreaKind::Room: return "room";
    case AreaKind::Hallway: return "hallway";
    case AreaKind::Cave: return "cave";
    }
    return "room";
}

Level::Level(LevelSize size, Tile fill) : size_(size) {
    if (auto error = levelSizeError(size)) throw std::invalid_argument("level size: " + *error);
    depths_.reserve(static_cast<std::size_t>(size.depth));
    for (int z = 0; z < size.depth; ++z) depths_.emplace_back(size.width, size.height, fill);
}

const Area& Level::addArea(AreaKind kind, int depth, const Rect& bounds, int distanceFromStart) {
    // One more than the last area of this kind and depth. Searching from the end finds
    // it at once when a stage adds its areas one after another, so a level of many
    // rooms does not cost a scan of every area per room.
    int ordinal = 1;
    for (auto a = areas.rbegin(); a != areas.rend(); ++a)
        if (a->kind == kind && a->depth == depth) {
            ordinal = a->ordinal + 1;
            break;
        }
    areas.push_back({static_cast<int>(areas.size()), kind, depth, bounds, ordinal, distanceFromStart, {}, {}});
    return areas.back();
}

const EntityTemplate* Level::findTemplate(const std::string& name) const {
    for (const EntityTemplate& t : templates)
        if (t.name == name) return &t;
    return nullptr;
}

FeatureCounts Level::featureCounts() const { return {areas.size(), doors.size(), stairs.size(), markers.size(), entities.size()}; }

void Level::truncateFeatures(const FeatureCounts& counts) {
    if (counts.areas < areas.size()) areas.resize(counts.areas);
    if (counts.doors < doors.size()) doors.resize(counts.doors);
    if (counts.stairs < stairs.size()) stairs.resize(counts.stairs);
    if (counts.markers < markers.size()) markers.resize(counts.markers);
    if (counts.entities < entities.size()) entities.resize(counts.entities);
}

} // namespace burrow
