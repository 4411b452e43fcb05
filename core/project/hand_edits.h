#pragma once
// Tiles a designer painted by hand. They are kept in the project and applied after
// generation, so regenerating keeps them; clearing them gives the generated level back.
#include <cstdint>
#include <map>
#include <optional>

#include "model/level.h"

namespace burrow {

class HandEdits {
public:
    void set(const Cell& at, Tile tile) { tiles_[key(at)] = tile; }
    // Drops the edit at a cell; true if there was one.
    bool erase(const Cell& at) { return tiles_.erase(key(at)) > 0; }
    std::optional<Tile> at(const Cell& cell) const;
    std::size_t size() const { return tiles_.size(); }
    bool empty() const { return tiles_.empty(); }
    void clear() { tiles_.clear(); }

    // Writes every edit that falls inside the level (a smaller level ignores the rest).
    void applyTo(Level& level) const;

    // In depth, row, column order: the order files list them.
    template <typename F>
    void forEach(F&& visit) const {
        for (const auto& [k, tile] : tiles_) visit(cellOf(k), tile);
    }

    friend bool operator==(const HandEdits&, const HandEdits&) = default;

private:
    static std::uint64_t key(const Cell& c) {
        return (static_cast<std::uint64_t>(c.z) << 40) | (static_cast<std::uint64_t>(c.y) << 20) | static_cast<std::uint64_t>(c.x);
    }
    static Cell cellOf(std::uint64_t k) {
        return {static_cast<int>(k & 0xfffff), static_cast<int>((k >> 20) & 0xfffff), static_cast<int>(k >> 40)};
    }
    std::map<std::uint64_t, Tile> tiles_;
};

} // namespace burrow
