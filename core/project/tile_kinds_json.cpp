#include "project/tile_kinds_json.h"
#include "io/json_checker.h"

#include <cstdio>

namespace burrow {

using nlohmann::json;
using nlohmann::ordered_json;

TileKinds tileKindsFromJson(const json& list, const std::string& path, JsonChecker& check) {
    TileKinds kinds;
    if (!check.isArray(list, path, "a list of tile kinds {\"id\": ..., \"glyph\": ..., \"walkable\": ...}")) return kinds;
    if (list.size() > static_cast<std::size_t>(kMaxTileKinds - kTileKindCount)) {
        check.fail(path, "expected at most " + std::to_string(kMaxTileKinds - kTileKindCount) + " tile kinds besides the " + std::to_string(kTileKindCount) +
                             " built-in ones, found " + std::to_string(list.size()));
        return kinds;
    }
    for (std::size_t i = 0; i < list.size(); ++i) {
        const std::string at = path + "/" + std::to_string(i);
        const json& entry = list[i];
        if (!check.isObject(entry, at, "a tile kind {\"id\": ..., \"glyph\": ..., \"walkable\": ...}")) continue;
        check.onlyKnownFields(entry, at, {"id", "name", "glyph", "colour", "background", "walkable", "transparent", "diggable", "tags", "export_look", "properties"});
        TileKind kind;
        bool ok = true;
        if (const json* id = check.field(entry, at, "id", true)) {
            if (auto text = check.text(*id, at + "/id")) kind.id = *text;
            else ok = false;
        } else ok = false;
        kind.name = kind.id;
        if (const json* name = check.field(entry, at, "name", false))
            if (auto text = check.text(*name, at + "/name")) kind.name = *text;
        if (const json* glyph = check.field(entry, at, "glyph", true)) {
            if (glyph->is_string() && glyph->get<std::string>().size() == 1) kind.glyph = glyph->get<std::string>()[0];
            else {
                check.fail(at + "/glyph", "expected one printable ASCII character, found " + excerpt(*glyph));
                ok = false;
            }
        } else ok = false;
        if (const json* c = check.field(entry, at, "colour", false))
            if (auto value = check.colour(*c, at + "/colour")) kind.colour = *value;
        if (const json* c = check.field(entry, at, "background", false))
            if (auto value = check.colour(*c, at + "/background")) kind.background = *value;
        if (const json* walkable = check.field(entry, at, "walkable", true)) {
            if (auto value = check.flag(*walkable, at + "/walkable")) kind.walkable = *value;
        } else ok = false;
        // Ground one can walk on is usually ground one can see across.
        kind.transparent = kind.walkable;
        if (const json* v = check.field(entry, at, "transparent", false))
            if (auto value = check.flag(*v, at + "/transparent")) kind.transparent = *value;
        if (const json* v = check.field(entry, at, "diggable", false))
            if (auto value = check.flag(*v, at + "/diggable")) kind.diggable = *value;
        if (const json* tags = check.field(entry, at, "tags", false); tags && check.isArray(*tags, at + "/tags", "a list of texts"))
            for (std::size_t t = 0; t < tags->size(); ++t)
                if (auto text = check.text((*tags)[t], at + "/tags/" + std::to_string(t))) kind.tags.push_back(*text);
        if (const json* look = check.field(entry, at, "export_look", false))
            if (auto text = check.text(*look, at + "/export_look")) kind.exportLook = *text;
        if (const json* props = check.field(entry, at, "properties", false)) kind.properties = check.properties(*props, at + "/properties");
        if (!ok) continue;
        if (auto error = kinds.add(kind)) {
            const bool lookProblem = error->rfind("export_look", 0) == 0, glyphProblem = error->find("glyph") != std::string::npos;
            check.fail(at + (lookProblem ? "/export_look" : glyphProblem ? "/glyph" : "/id"), *error);
        }
    }
    return kinds;
}

namespace {
std::string colourText(std::uint32_t colour) {
    char text[8];
    std::snprintf(text, sizeof text, "#%06x", colour & 0xffffffu);
    return text;
}
} // namespace

ordered_json tileKindsToJson(const TileKinds& kinds) {
    ordered_json list = ordered_json::array();
    for (const TileKind& k : kinds.custom()) {
        ordered_json kind = {{"id", k.id},
                             {"name", k.name},
                             {"glyph", std::string(1, k.glyph)},
                             {"colour", colourText(k.colour)},
                             {"background", colourText(k.background)},
                             {"walkable", k.walkable},
                             {"transparent", k.transparent},
                             {"diggable", k.diggable}};
        if (!k.tags.empty()) kind["tags"] = k.tags;
        if (!k.exportLook.empty()) kind["export_look"] = k.exportLook;
        if (!k.properties.empty()) {
            ordered_json props = ordered_json::object();
            for (const Property& p : k.properties) std::visit([&](const auto& v) { props[p.name] = v; }, p.value);
            kind["properties"] = props;
        }
        list.push_back(kind);
    }
    return list;
}

} // namespace burrow
