#include "generators/wfc_patterns.h"

#include <array>
#include <map>

namespace burrow {
namespace {

// Patterns are at most 4 x 4 tiles, so one fits a fixed array: a map key with no allocation.
using PatternKey = std::array<std::uint8_t, 16>;

std::vector<Tile> turnedClockwise(const std::vector<Tile>& p, int n) {
    std::vector<Tile> out(p.size());
    for (int y = 0; y < n; ++y)
        for (int x = 0; x < n; ++x) out[static_cast<std::size_t>(y * n + x)] = p[static_cast<std::size_t>((n - 1 - x) * n + y)];
    return out;
}

std::vector<Tile> mirrored(const std::vector<Tile>& p, int n) {
    std::vector<Tile> out(p.size());
    for (int y = 0; y < n; ++y)
        for (int x = 0; x < n; ++x) out[static_cast<std::size_t>(y * n + x)] = p[static_cast<std::size_t>(y * n + (n - 1 - x))];
    return out;
}

} // namespace

std::vector<std::vector<Tile>> windowVariants(const std::vector<Tile>& window, int n, int symmetry) {
    std::vector<std::vector<Tile>> variants{window};
    if (symmetry == 2) variants.push_back(mirrored(window, n));
    if (symmetry >= 4)
        for (int turn = 1; turn < 4; ++turn) variants.push_back(turnedClockwise(variants.back(), n));
    if (symmetry == 8)
        for (int turn = 0; turn < 4; ++turn) variants.push_back(mirrored(variants[static_cast<std::size_t>(turn)], n));
    return variants;
}

WfcPatterns::WfcPatterns(const Prefab& sample, const WfcSettings& settings) : n_(settings.patternSize) {
    const int width = sample.width, height = sample.height;
    const int lastX = settings.periodicSample ? width - 1 : width - n_;
    const int lastY = settings.periodicSample ? height - 1 : height - n_;
    std::map<PatternKey, int> index;
    std::vector<Tile> window(static_cast<std::size_t>(n_ * n_));
    for (int y = 0; y <= lastY; ++y)
        for (int x = 0; x <= lastX; ++x) {
            for (int dy = 0; dy < n_; ++dy)
                for (int dx = 0; dx < n_; ++dx) window[static_cast<std::size_t>(dy * n_ + dx)] = sample.at((x + dx) % width, (y + dy) % height).tile;
            for (const auto& variant : windowVariants(window, n_, settings.symmetry)) {
                PatternKey key{};
                for (std::size_t i = 0; i < variant.size(); ++i) key[i] = static_cast<std::uint8_t>(variant[i]);
                const auto [at, added] = index.emplace(key, count());
                if (added) {
                    tiles_.insert(tiles_.end(), variant.begin(), variant.end());
                    weights_.push_back(0);
                }
                ++weights_[static_cast<std::size_t>(at->second)];
            }
        }
    std::array<std::uint32_t, 256> tileCounts{};
    for (const PrefabCell& c : sample.cells) ++tileCounts[static_cast<std::uint8_t>(c.tile)];
    for (std::size_t t = 0; t < tileCounts.size(); ++t)
        if (tileCounts[t] > tileCounts[static_cast<std::uint8_t>(commonest_)]) commonest_ = static_cast<Tile>(t);
    words_ = (count() + 63) / 64;
    buildSides();
}

// Keys of the N x (N-1) strips along each side, numbered in one space per axis, and
// for each direction the patterns whose facing strip has each key.
void WfcPatterns::buildSides() {
    const int n = n_;
    for (int axis = 0; axis < 2; ++axis) {
        std::map<PatternKey, std::uint32_t> ids;
        // The strip a step of one cell overlaps: for the axis, offset 0 (left, top) or 1 (right, bottom).
        auto strip = [&](int pattern, int offset) {
            PatternKey key{};
            std::size_t i = 0;
            for (int a = 0; a < n; ++a)
                for (int b = offset; b < offset + n - 1; ++b) key[i++] = static_cast<std::uint8_t>(axis == 0 ? tile(pattern, b, a) : tile(pattern, a, b));
            return ids.emplace(key, static_cast<std::uint32_t>(ids.size())).first->second;
        };
        std::vector<std::uint32_t> near(static_cast<std::size_t>(count())), far(static_cast<std::size_t>(count()));
        for (int p = 0; p < count(); ++p) {
            near[static_cast<std::size_t>(p)] = strip(p, 0);
            far[static_cast<std::size_t>(p)] = strip(p, 1);
        }
        keyCounts_[axis] = static_cast<std::uint32_t>(ids.size());
        // Moving forwards (right, down) from p: the far strip of p is the near strip of the next.
        sideKeys_[axis] = far;
        sideKeys_[axis + 2] = near;
    }
    // Every side key's patterns in one numbering, side by side in direction order: as
    // lists, and as masks while a mask is short enough to join whole.
    std::size_t sides = 0;
    for (int d = 0; d < 4; ++d) {
        sideOffsets_[d] = sides;
        sides += keyCount(d);
    }
    // q may lie in direction d of a pattern whose side facing d has the key of q's side facing back.
    const auto sideOf = [&](int d, int q) { return sideOffsets_[d] + sideKey((d + 2) % 4, q); };
    listStarts_.assign(sides + 1, 0);
    for (int d = 0; d < 4; ++d)
        for (int q = 0; q < count(); ++q) ++listStarts_[sideOf(d, q) + 1];
    for (std::size_t i = 0; i < sides; ++i) listStarts_[i + 1] += listStarts_[i];
    lists_.resize(listStarts_[sides]);
    std::vector<std::uint32_t> filled(listStarts_.begin(), listStarts_.end() - 1);
    for (int d = 0; d < 4; ++d)
        for (int q = 0; q < count(); ++q) lists_[filled[sideOf(d, q)]++] = static_cast<std::uint32_t>(q);
    if (words_ > kMostMaskWords) return;
    masks_.assign(sides * static_cast<std::size_t>(words_), 0);
    for (int d = 0; d < 4; ++d)
        for (int q = 0; q < count(); ++q) masks_[sideOf(d, q) * static_cast<std::size_t>(words_) + static_cast<std::size_t>(q / 64)] |= std::uint64_t{1} << (q % 64);
}

} // namespace burrow
