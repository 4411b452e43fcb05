// Prefabs as JSON. A prefab is drawn the way a designer sketches one in a text
// editor: a row of glyphs a line, each glyph a tile kind's own ('#' wall, '.' floor,
// '=' lava...), a space for "keep the level's cell", and a legend for the cells that
// say more (an opening, a thing standing there).
#include "content/prefab_json.h"

#include <algorithm>
#include <map>
#include <optional>

#include "content/prefab_tiled.h"
#include "io/diagnostic.h"
#include "io/file_io.h"
#include "io/json_checker.h"

namespace burrow {

using nlohmann::json;
using nlohmann::ordered_json;
namespace fs = std::filesystem;

const Prefab* ProjectPrefabs::find(const std::string& id) const {
    for (const Prefab& p : prefabs)
        if (p.id == id) return &p;
    return nullptr;
}

namespace {

// By id only: a one-letter id must not be read as some kind's glyph.
std::optional<Tile> kindById(const TileKinds& kinds, const std::string& id) {
    for (int i = 0; i < kinds.count(); ++i)
        if (kinds[kinds.tileAt(i)].id == id) return kinds.tileAt(i);
    return std::nullopt;
}

// What a legend glyph stands for.
struct LegendEntry {
    PrefabCell cell;
    std::optional<PrefabThing> thing;
};

LegendEntry readLegendEntry(const json& value, const std::string& at, JsonChecker& check, const TileKinds& kinds) {
    LegendEntry e;
    if (!check.isObject(value, at, "{\"tile\": kind, \"opening\": true, \"thing\": template, \"properties\": {...}} or {\"keep\": true}")) return e;
    check.onlyKnownFields(value, at, {"tile", "keep", "opening", "thing", "properties"});
    if (const json* keep = check.field(value, at, "keep", false)) e.cell.keep = check.flag(*keep, at + "/keep").value_or(false);
    if (const json* tile = check.field(value, at, "tile", !e.cell.keep)) {
        if (auto id = check.text(*tile, at + "/tile")) {
            if (auto t = kindById(kinds, *id)) e.cell.tile = *t;
            else check.fail(at + "/tile", "\"" + *id + "\" is not a tile kind; expected one of " + kinds.idList());
        }
    }
    if (e.cell.keep && value.contains("tile")) check.fail(at, "a kept cell is the level's own: give \"tile\" or \"keep\", not both");
    if (const json* opening = check.field(value, at, "opening", false)) e.cell.opening = check.flag(*opening, at + "/opening").value_or(false);
    if (const json* thing = check.field(value, at, "thing", false)) {
        if (auto name = check.text(*thing, at + "/thing")) e.thing = PrefabThing{{}, *name, {}};
        if (const json* props = check.field(value, at, "properties", false); props && e.thing)
            e.thing->properties = check.properties(*props, at + "/properties");
    } else if (value.contains("properties")) {
        check.fail(at + "/properties", "properties belong to a thing: give \"thing\" too");
    }
    return e;
}

// The glyphs a writer may give legend entries: none a tile kind has, nor a space.
std::vector<char> freeLegendGlyphs(const TileKinds& kinds) {
    std::vector<char> free;
    const std::string pool = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!$&()*,/;?@[]_{|}~";
    for (char c : pool)
        if (!kinds.find(std::string(1, c))) free.push_back(c);
    return free;
}

// Openings and things given as lists rather than in the legend: "openings": [[x, y]],
// "things": [{"x", "y", "template", "properties"}] (what a save writes when the legend
// runs out of glyphs, or a cell holds two things).
void readListed(const json& object, const std::string& path, JsonChecker& check, Prefab& prefab) {
    auto cell = [&](const json& x, const json& y, const std::string& at) -> std::optional<Point> {
        const auto cx = check.integer(x, at + "/x", 0, std::max(0, prefab.width - 1)), cy = check.integer(y, at + "/y", 0, std::max(0, prefab.height - 1));
        if (!cx || !cy) return std::nullopt;
        return Point{*cx, *cy};
    };
    if (const json* list = check.field(object, path, "openings", false); list && check.isArray(*list, path + "/openings", "a list of [x, y] cells"))
        for (std::size_t i = 0; i < list->size(); ++i) {
            const std::string at = path + "/openings/" + std::to_string(i);
            const json& xy = (*list)[i];
            if (!xy.is_array() || xy.size() != 2) {
                check.fail(at, "expected [x, y], found " + excerpt(xy));
                continue;
            }
            if (const auto p = cell(xy[0], xy[1], at)) prefab.at(p->x, p->y).opening = true;
        }
    if (const json* list = check.field(object, path, "things", false); list && check.isArray(*list, path + "/things", "a list of things {\"x\", \"y\", \"template\"}"))
        for (std::size_t i = 0; i < list->size(); ++i) {
            const std::string at = path + "/things/" + std::to_string(i);
            const json& t = (*list)[i];
            if (!check.isObject(t, at, "a thing {\"x\", \"y\", \"template\", \"properties\"}")) continue;
            check.onlyKnownFields(t, at, {"x", "y", "template", "properties"});
            const json* x = check.field(t, at, "x", true);
            const json* y = check.field(t, at, "y", true);
            const json* name = check.field(t, at, "template", true);
            const auto p = x && y ? cell(*x, *y, at) : std::nullopt;
            const auto text = name ? check.text(*name, at + "/template") : std::nullopt;
            if (!p || !text) continue;
            PrefabThing thing{*p, *text, {}};
            if (const json* props = check.field(t, at, "properties", false)) thing.properties = check.properties(*props, at + "/properties");
            prefab.things.push_back(std::move(thing));
        }
}

void checkId(const std::string& id, const std::string& at, JsonChecker& check) {
    if (!isPrefabId(id))
        check.fail(at, "\"" + id + "\": a prefab's id is 1 to 64 letters, digits, '_' or '-'");
}

} // namespace

Prefab prefabFromJson(const json& object, const std::string& path, JsonChecker& check, const TileKinds& kinds, const std::vector<std::string>* rows,
                      const std::string& rowsFile) {
    // Where a problem with row y is: the rows in the object, or a line of the text file.
    const auto rowsAt = [&](std::optional<int> y) { return rowsFile.empty() ? path + "/rows" + (y ? "/" + std::to_string(*y) : "") : path + "/text"; };
    const auto rowsIn = [&](std::optional<int> y) { return rowsFile.empty() ? std::string() : rowsFile + (y ? " line " + std::to_string(*y + 1) : "") + ": "; };
    Prefab prefab;
    if (const json* id = check.field(object, path, "id", true))
        if (auto text = check.text(*id, path + "/id")) {
            prefab.id = *text;
            checkId(prefab.id, path + "/id", check);
        }
    prefab.name = prefab.id;
    if (const json* name = check.field(object, path, "name", false))
        if (auto text = check.text(*name, path + "/name")) prefab.name = *text;
    std::vector<std::string> drawn;
    if (!rows) {
        if (const json* list = check.field(object, path, "rows", true); list && check.isArray(*list, path + "/rows", "a list of rows of glyphs"))
            for (std::size_t i = 0; i < list->size() && i <= static_cast<std::size_t>(kMaxPrefabSide); ++i)
                if (auto row = check.text((*list)[i], path + "/rows/" + std::to_string(i), true)) drawn.push_back(*row);
        rows = &drawn;
    }
    std::map<char, LegendEntry> legend;
    if (const json* list = check.field(object, path, "legend", false); list && check.isObject(*list, path + "/legend", "an object of glyph: meaning"))
        for (const auto& [key, value] : list->items()) {
            const std::string at = jsonPath(path + "/legend", key);
            if (key.size() != 1 || key[0] < 0x20 || key[0] > 0x7e) {
                check.fail(at, "a legend key is one printable character, found \"" + key + "\"");
                continue;
            }
            legend[key[0]] = readLegendEntry(value, at, check, kinds);
        }
    const std::size_t width = rows->empty() ? 0 : std::max_element(rows->begin(), rows->end(), [](const auto& a, const auto& b) { return a.size() < b.size(); })->size();
    prefab.width = static_cast<int>(width);
    prefab.height = static_cast<int>(rows->size());
    if (width < 1 || width > static_cast<std::size_t>(kMaxPrefabSide) || rows->size() > static_cast<std::size_t>(kMaxPrefabSide)) {
        check.fail(rowsAt(std::nullopt), rowsIn(std::nullopt) + std::to_string(width) + " x " + std::to_string(rows->size()) + " cells: a prefab is 1 to " +
                                       std::to_string(kMaxPrefabSide) + " cells a side");
        prefab.width = prefab.height = 0;
        return prefab;
    }
    prefab.cells.assign(width * rows->size(), PrefabCell{});
    for (int y = 0; y < prefab.height; ++y) {
        const std::string& row = (*rows)[static_cast<std::size_t>(y)];
        for (int x = 0; x < prefab.width; ++x) {
            // Short rows are padded with kept cells: trailing spaces are easy to lose.
            const char glyph = static_cast<std::size_t>(x) < row.size() ? row[static_cast<std::size_t>(x)] : ' ';
            PrefabCell& cell = prefab.at(x, y);
            if (auto found = legend.find(glyph); found != legend.end()) {
                cell = found->second.cell;
                if (found->second.thing) {
                    PrefabThing thing = *found->second.thing;
                    thing.at = {x, y};
                    prefab.things.push_back(std::move(thing));
                }
            } else if (glyph == ' ') {
                cell.keep = true;
            } else if (auto tile = kinds.find(std::string(1, glyph))) {
                cell.tile = *tile;
            } else {
                check.fail(rowsAt(y), rowsIn(y) + "'" + glyph + "' at column " + std::to_string(x) +
                                                                   " is neither a tile kind's glyph nor in the legend");
            }
        }
    }
    readListed(object, path, check, prefab);
    orderThings(prefab);
    for (const auto& [where, message] : prefabProblems(prefab, kinds)) check.fail(path + (where.empty() ? "" : "/" + where), message);
    return prefab;
}

std::vector<std::string> readPrefabText(const fs::path& path, const FileSource& files) {
    const std::string text = files.read(path, kMaxPrefabTextBytes, "a text prefab (at most " + std::to_string(kMaxPrefabSide) + " x " +
                                                                        std::to_string(kMaxPrefabSide) + " glyphs)");
    std::vector<std::string> rows;
    std::size_t start = 0, drawn = 0; // drawn: rows up to the last non-blank one
    while (start <= text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string::npos) end = text.size();
        std::string row = text.substr(start, end - start);
        if (!row.empty() && row.back() == '\r') row.pop_back();
        const bool blank = row.find_first_not_of(' ') == std::string::npos;
        rows.push_back(std::move(row));
        if (!blank) drawn = rows.size();
        // Checked while splitting: a file of newlines is refused at its 65th row, not
        // split whole first.
        if (drawn > static_cast<std::size_t>(kMaxPrefabSide))
            throw FileError(path.string(), {{"", "line " + std::to_string(drawn) + ": more than " + std::to_string(kMaxPrefabSide) + " rows; a prefab is 1 to " +
                                                     std::to_string(kMaxPrefabSide) + " cells a side"}});
        start = end + 1;
    }
    rows.resize(drawn);
    return rows;
}

ProjectPrefabs prefabsFromJson(const json& list, const std::string& path, JsonChecker& check, const TileKinds& kinds, const fs::path& folder,
                               const FileSource& files) {
    ProjectPrefabs result;
    if (!folder.empty()) result.folder = fs::absolute(folder).lexically_normal(); // (absolute() throws on an empty path)
    if (!check.isArray(list, path, "a list of prefabs (drawn here, or files naming them)")) return result;
    auto add = [&](Prefab prefab, const json& source, const std::string& at) {
        if (result.find(prefab.id)) check.fail(at, "another prefab has the id \"" + prefab.id + "\"");
        if (result.prefabs.size() >= static_cast<std::size_t>(kMaxPrefabs)) {
            check.fail(at, "a project can have at most " + std::to_string(kMaxPrefabs) + " prefabs");
            return;
        }
        result.prefabs.push_back(std::move(prefab));
        result.sources.push_back(source);
    };
    for (std::size_t i = 0; i < list.size(); ++i) {
        const std::string at = path + "/" + std::to_string(i);
        const json& entry = list[i];
        try {
            if (entry.is_string()) { // a library of prefabs
                const fs::path file = folder / entry.get<std::string>();
                const json doc = files.readJson(file);
                std::vector<Diagnostic> problems;
                JsonChecker inner(problems);
                if (inner.isObject(doc, "", "a prefab library {\"format\": \"burrow-prefabs\", \"prefabs\": [...]}")) {
                    inner.onlyKnownFields(doc, "", {"format", "version", "prefabs"});
                    if (!doc.contains("format") || doc["format"] != kPrefabLibraryFormat)
                        inner.fail("/format", std::string("expected \"burrow-prefabs\", found ") + (doc.contains("format") ? excerpt(doc["format"]) : "nothing"));
                    if (const json* prefabs = inner.field(doc, "", "prefabs", true); prefabs && inner.isArray(*prefabs, "/prefabs", "a list of prefabs"))
                        for (std::size_t k = 0; k < prefabs->size(); ++k)
                            if (inner.isObject((*prefabs)[k], "/prefabs/" + std::to_string(k), "a prefab {\"id\", \"rows\", \"legend\"}")) {
                                inner.onlyKnownFields((*prefabs)[k], "/prefabs/" + std::to_string(k), {"id", "name", "rows", "legend", "openings", "things"});
                                add(prefabFromJson((*prefabs)[k], "/prefabs/" + std::to_string(k), inner, kinds), entry, at);
                            }
                }
                if (!problems.empty()) throw FileError(file.string(), problems);
                continue;
            }
            if (!check.isObject(entry, at, "a prefab {\"id\", \"rows\", \"legend\"}, {\"id\", \"text\": file, \"legend\"}, {\"id\", \"tiled\": file} or a library file's name"))
                continue;
            if (const json* tiled = check.field(entry, at, "tiled", false)) {
                check.onlyKnownFields(entry, at, {"id", "name", "tiled"});
                const auto file = check.text(*tiled, at + "/tiled");
                const auto id = check.text(entry.value("id", json()), at + "/id");
                if (!file || !id) continue;
                checkId(*id, at + "/id", check);
                Prefab prefab = prefabFromTiledMap(folder / *file, kinds, files);
                prefab.id = *id;
                prefab.name = entry.contains("name") && entry["name"].is_string() ? entry["name"].get<std::string>() : *id;
                add(std::move(prefab), entry, at);
            } else if (const json* text = check.field(entry, at, "text", false)) {
                check.onlyKnownFields(entry, at, {"id", "name", "text", "legend", "openings", "things"});
                const auto file = check.text(*text, at + "/text");
                if (!file) continue;
                const std::vector<std::string> rows = readPrefabText(folder / *file, files);
                add(prefabFromJson(entry, at, check, kinds, &rows, (folder / *file).string()), entry, at);
            } else {
                check.onlyKnownFields(entry, at, {"id", "name", "rows", "legend", "openings", "things"});
                add(prefabFromJson(entry, at, check, kinds), json(), at);
            }
        } catch (const FileError& e) {
            check.fail(at, e.what());
            if (entry.is_object() && entry.contains("id") && entry["id"].is_string()) result.unreadable.push_back(entry["id"].get<std::string>());
        }
    }
    return result;
}

namespace {

ordered_json propertiesJson(const std::vector<Property>& properties) {
    ordered_json props = ordered_json::object();
    for (const Property& p : properties) std::visit([&](const auto& v) { props[p.name] = v; }, p.value);
    return props;
}

} // namespace

ordered_json prefabToJson(const Prefab& prefab, const TileKinds& kinds) {
    // A legend glyph for each cell that is more than its kind: the same meaning, the
    // same glyph. When the glyphs run out, or a cell holds two things, the rest are
    // written as lists ("openings", "things"), so nothing a prefab holds is lost.
    const std::vector<char> glyphs = freeLegendGlyphs(kinds);
    std::vector<std::pair<ordered_json, char>> legend;
    auto glyphFor = [&](const ordered_json& meaning) -> std::optional<char> {
        for (const auto& [m, g] : legend)
            if (m == meaning) return g;
        if (legend.size() >= glyphs.size()) return std::nullopt;
        legend.emplace_back(meaning, glyphs[legend.size()]);
        return legend.back().second;
    };
    const std::size_t cells = static_cast<std::size_t>(prefab.width) * static_cast<std::size_t>(prefab.height);
    std::vector<int> thingAt(cells, -1), thingsAt(cells, 0);
    for (std::size_t i = 0; i < prefab.things.size(); ++i) {
        const Point at = prefab.things[i].at;
        const std::size_t c = static_cast<std::size_t>(at.y) * static_cast<std::size_t>(prefab.width) + static_cast<std::size_t>(at.x);
        if (thingAt[c] < 0) thingAt[c] = static_cast<int>(i);
        ++thingsAt[c];
    }
    // A void cell has a space for its glyph, which reads as "keep": its legend entry comes first.
    const ordered_json plainVoid = {{"tile", kinds[Tile::Void].id}};
    if (std::any_of(prefab.cells.begin(), prefab.cells.end(), [](const PrefabCell& c) { return !c.keep && c.tile == Tile::Void; })) glyphFor(plainVoid);
    ordered_json openings = ordered_json::array(), listed = ordered_json::array();
    std::vector<bool> inLegend(prefab.things.size(), false);
    std::vector<std::string> rows;
    for (int y = 0; y < prefab.height; ++y) {
        std::string row;
        for (int x = 0; x < prefab.width; ++x) {
            const PrefabCell& c = prefab.at(x, y);
            const std::size_t index = static_cast<std::size_t>(y) * static_cast<std::size_t>(prefab.width) + static_cast<std::size_t>(x);
            const PrefabThing* thing = thingsAt[index] == 1 ? &prefab.things[static_cast<std::size_t>(thingAt[index])] : nullptr;
            const ordered_json plain = c.keep ? ordered_json{{"keep", true}} : ordered_json{{"tile", kinds[c.tile].id}};
            const char own = c.keep ? ' ' : kinds[c.tile].glyph;
            if (!c.opening && !thing && (own != ' ' || c.keep)) {
                row += own;
                continue;
            }
            ordered_json meaning = plain;
            if (c.opening) meaning["opening"] = true;
            if (thing) {
                meaning["thing"] = thing->templateName;
                if (!thing->properties.empty()) meaning["properties"] = propertiesJson(thing->properties);
            }
            if (const auto glyph = glyphFor(meaning)) {
                row += *glyph;
                if (thing) inLegend[static_cast<std::size_t>(thingAt[index])] = true;
                continue;
            }
            // Out of glyphs: the cell as its kind (a kept void as the reserved entry), the rest listed.
            row += own != ' ' ? own : c.keep ? ' ' : *glyphFor(plainVoid);
            if (c.opening) openings.push_back({x, y});
        }
        rows.push_back(std::move(row));
    }
    for (std::size_t i = 0; i < prefab.things.size(); ++i) {
        if (inLegend[i]) continue;
        const PrefabThing& t = prefab.things[i];
        ordered_json one = {{"x", t.at.x}, {"y", t.at.y}, {"template", t.templateName}};
        if (!t.properties.empty()) one["properties"] = propertiesJson(t.properties);
        listed.push_back(one);
    }
    ordered_json out = {{"id", prefab.id}};
    if (prefab.name != prefab.id) out["name"] = prefab.name;
    out["rows"] = rows;
    if (!legend.empty()) {
        ordered_json l = ordered_json::object();
        for (const auto& [meaning, glyph] : legend) l[std::string(1, glyph)] = meaning;
        out["legend"] = l;
    }
    if (!openings.empty()) out["openings"] = openings;
    if (!listed.empty()) out["things"] = listed;
    return out;
}

ordered_json prefabsToJson(const ProjectPrefabs& prefabs, const TileKinds& kinds) {
    ordered_json list = ordered_json::array();
    for (std::size_t i = 0; i < prefabs.prefabs.size(); ++i) {
        const json& source = i < prefabs.sources.size() ? prefabs.sources[i] : json();
        if (source.is_null()) list.push_back(prefabToJson(prefabs.prefabs[i], kinds));
        else if (i == 0 || source != prefabs.sources[i - 1] || !source.is_string()) list.push_back(ordered_json::parse(source.dump())); // a library once
    }
    return list;
}

} // namespace burrow
