#pragma once
// How marks and things look wherever a level is shown — the editor's map, the
// play view, the PNG export — so a designer recognises a thing in all three.
// A placed thing is its template's glyph in the template's colour on a dark disc
// (or, where the glyph does not fit, a disc in that colour); a marker is a disc
// in the colour below.
#include <cstdint>
#include <string_view>

#include "model/level.h"

namespace burrow {

inline constexpr std::uint32_t kStartColour = 0x3ce65a;  // where play starts
inline constexpr std::uint32_t kExitColour = 0xfff060;   // where it ends
inline constexpr std::uint32_t kMarkerColour = 0xf05050; // any other generation mark
inline constexpr std::uint32_t kThingBacking = 0x141414; // behind a thing's glyph
inline constexpr std::uint32_t kUnknownThing = 0xffffff; // a thing whose template the level lacks

inline std::uint32_t markerColour(std::string_view name) {
    return name == "start" ? kStartColour : name == "exit" ? kExitColour : kMarkerColour;
}

// A placed thing's colour and glyph: its template's, or white '?' without one.
struct ThingLook {
    char glyph = '?';
    std::uint32_t colour = kUnknownThing;
};
inline ThingLook thingLook(const Level& level, const Entity& thing) {
    const EntityTemplate* t = level.findTemplate(thing.templateName);
    return t ? ThingLook{t->glyph, t->colour} : ThingLook{};
}

} // namespace burrow
