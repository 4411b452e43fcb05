#include "model/level_hash.h"

#include <cstdint>
#include <cstdio>
#include <cstring>

namespace burrow {
namespace {

// FNV-1a over 8-byte words (each word mixed, then multiplied): a byte-at-a-time
// FNV would cost 8 ms on 8 million tiles, this about a quarter of that.
class Hasher {
public:
    void word(std::uint64_t w) {
        h_ ^= w;
        h_ *= 0x100000001b3ull;
        h_ ^= h_ >> 29;
    }
    void number(long long v) { word(static_cast<std::uint64_t>(v)); }
    void text(const std::string& s) {
        number(static_cast<long long>(s.size()));
        bytes(reinterpret_cast<const unsigned char*>(s.data()), s.size());
    }
    // Little-endian words whatever the machine's order, so every platform agrees.
    void bytes(const unsigned char* data, std::size_t n) {
        std::size_t i = 0;
        for (; i + 8 <= n; i += 8) {
            std::uint64_t w = 0;
            for (int b = 7; b >= 0; --b) w = (w << 8) | data[i + static_cast<std::size_t>(b)];
            word(w);
        }
        std::uint64_t tail = 0;
        for (std::size_t b = n; b > i; --b) tail = (tail << 8) | data[b - 1];
        word(tail ^ (static_cast<std::uint64_t>(n - i) << 56));
    }
    std::uint64_t value() const { return h_; }

private:
    std::uint64_t h_ = 0xcbf29ce484222325ull;
};

void cell(Hasher& h, const Cell& c) {
    h.number(c.x);
    h.number(c.y);
    h.number(c.z);
}

} // namespace

std::string levelHash(const Level& level) {
    static_assert(sizeof(Tile) == 1, "tiles hash as bytes");
    Hasher h;
    h.number(level.width());
    h.number(level.height());
    h.number(level.depthCount());
    for (int z = 0; z < level.depthCount(); ++z) {
        const TileGrid& tiles = level.tiles(z);
        h.bytes(reinterpret_cast<const unsigned char*>(tiles.data()), tiles.size());
    }
    h.number(static_cast<long long>(level.areas.size()));
    for (const Area& a : level.areas) {
        h.number(static_cast<int>(a.kind));
        h.number(a.depth);
        h.number(a.bounds.x);
        h.number(a.bounds.y);
        h.number(a.bounds.width);
        h.number(a.bounds.height);
        h.number(a.distanceFromStart);
        // A room graph's node and tags; generated rooms hash as they always did.
        if (!a.node.empty() || !a.tags.empty()) {
            const auto text = [&h](const std::string& t) {
                h.number(static_cast<long long>(t.size()));
                h.bytes(reinterpret_cast<const unsigned char*>(t.data()), t.size());
            };
            text(a.node);
            h.number(static_cast<long long>(a.tags.size()));
            for (const std::string& tag : a.tags) text(tag);
        }
    }
    h.number(static_cast<long long>(level.doors.size()));
    for (const Door& d : level.doors) {
        cell(h, d.at);
        h.number(d.areaA);
        h.number(d.areaB);
        if (!d.lock.empty()) { // only locked doors add to the hash: levels without locks keep theirs
            h.number(static_cast<long long>(d.lock.size()));
            h.bytes(reinterpret_cast<const unsigned char*>(d.lock.data()), d.lock.size());
        }
    }
    h.number(static_cast<long long>(level.stairs.size()));
    for (const StairsPair& s : level.stairs) {
        h.number(s.x);
        h.number(s.y);
        h.number(s.upperDepth);
        h.number(s.upperRegion);
        h.number(s.lowerRegion);
    }
    h.number(static_cast<long long>(level.markers.size()));
    for (const Marker& m : level.markers) {
        h.text(m.name);
        cell(h, m.at);
    }
    h.number(static_cast<long long>(level.entities.size()));
    for (const Entity& e : level.entities) {
        h.text(e.templateName);
        cell(h, e.at);
        h.number(static_cast<long long>(e.properties.size()));
        for (const Property& p : e.properties) {
            h.text(p.name);
            h.text(propertyType(p.value));
            h.text(propertyText(p.value));
        }
    }
    h.number(static_cast<long long>(level.templates.size()));
    for (const EntityTemplate& t : level.templates) {
        h.text(t.name);
        h.number(t.glyph);
        h.number(t.colour);
        h.number(static_cast<int>(t.kind));
        h.number(t.maxHp);
        h.number(t.attack);
        h.number(t.defense);
        h.number(t.speed);
        h.number(static_cast<long long>(t.behaviours.size()));
        for (const Behaviour& b : t.behaviours) {
            h.number(static_cast<int>(b.type));
            h.number(b.radius);
            h.text(propertyText(b.chance));
            h.number(b.limit);
            h.number(b.sight);
        }
    }
    // The project's own tile kinds decide what its tiles mean; a level of built-ins
    // hashes as it always did.
    if (!level.kinds.builtInOnly()) {
        h.number(level.kinds.count());
        for (const TileKind& k : level.kinds.custom()) {
            h.text(k.id);
            h.text(k.name);
            h.number(k.glyph);
            h.number(k.colour);
            h.number(k.background);
            h.number((k.walkable ? 1 : 0) | (k.transparent ? 2 : 0) | (k.diggable ? 4 : 0));
            h.number(static_cast<long long>(k.tags.size()));
            for (const std::string& tag : k.tags) h.text(tag);
            h.text(k.exportLook);
            h.number(static_cast<long long>(k.properties.size()));
            for (const Property& p : k.properties) {
                h.text(p.name);
                h.text(propertyType(p.value));
                h.text(propertyText(p.value));
            }
        }
    }
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(h.value()));
    return hex;
}

} // namespace burrow
