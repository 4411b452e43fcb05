// Reading and writing population rules. Seed 002's file has "tiles" and "prefabs"
// objects keyed by group name; its groups apply to each room, its numeric tile
// indices become obstacles (the indices are kept for export), and, as the seed's
// code always did, one exit goes in the room furthest from the start.
#include "content/rules_json.h"

#include "content/prefab_group_json.h"

#include <algorithm>
#include <climits>
#include <cstdio>
#include <cstdint>
#include <variant>

#include "io/file_io.h"
#include "random/rng.h"
#include "io/json_checker.h"

namespace burrow {
namespace {

using nlohmann::json;
using nlohmann::ordered_json;

constexpr int kMostPerGroup = 100000;

std::string known(const std::vector<std::string>& names) {
    std::string text;
    for (const auto& n : names) text += (text.empty() ? "" : ", ") + n;
    return text;
}

class RulesReader {
public:
    RulesReader(std::vector<Diagnostic>& problems, const TileKinds& kinds, const ProjectPrefabs* prefabs)
        : check_(problems), kinds_(kinds), prefabs_(prefabs) {}

    PopulationRules read(const json& doc) {
        PopulationRules rules;
        if (!check_.isObject(doc, "", "an object of population rules")) return rules;
        if (!doc.contains("format") && (doc.contains("tiles") || doc.contains("prefabs"))) return readSeed002(doc);
        const json* format = check_.field(doc, "", "format", true);
        if (format && (!format->is_string() || format->get<std::string>() != kRulesFormat))
            check_.fail("/format", std::string("expected \"") + kRulesFormat + "\", found " + excerpt(*format));
        if (const json* version = check_.field(doc, "", "version", true)) check_.integer(*version, "/version", 1, kRulesVersion);
        check_.onlyKnownFields(doc, "", {"format", "version", "templates", "groups"});
        if (const json* templates = check_.field(doc, "", "templates", false); templates && check_.isArray(*templates, "/templates", "a list of templates"))
            for (std::size_t i = 0; i < templates->size(); ++i) rules.templates.push_back(readTemplate((*templates)[i], "/templates/" + std::to_string(i)));
        if (const json* groups = check_.field(doc, "", "groups", true); groups && check_.isArray(*groups, "/groups", "a list of groups"))
            for (std::size_t i = 0; i < groups->size(); ++i) rules.groups.push_back(readGroup((*groups)[i], "/groups/" + std::to_string(i)));
        checkTemplateNames(rules);
        return rules;
    }

private:
    PopulationRules readSeed002(const json& doc) {
        PopulationRules rules;
        if (const json* tiles = check_.field(doc, "", "tiles", false); tiles && check_.isObject(*tiles, "/tiles", "an object of tile groups"))
            for (const auto& [name, body] : tiles->items()) {
                const std::string path = jsonPath("/tiles", name);
                PopulationGroup g = seedGroup(name, body, path, PopulationGroup::Kind::Tiles);
                if (const json* layer = check_.field(body, path, "layer", false))
                    if (auto t = check_.text(*layer, jsonPath(path, "layer"))) g.layer = *t;
                if (const json* sizes = check_.field(body, path, "sizes", true)) g.sizes = readSizes(*sizes, jsonPath(path, "sizes"));
                if (const json* possible = check_.field(body, path, "possible_tiles", true)) readTileChoices(*possible, jsonPath(path, "possible_tiles"), g);
                rules.groups.push_back(std::move(g));
            }
        if (const json* prefabs = check_.field(doc, "", "prefabs", false); prefabs && check_.isObject(*prefabs, "/prefabs", "an object of prefab groups"))
            for (const auto& [name, body] : prefabs->items()) {
                const std::string path = jsonPath("/prefabs", name);
                PopulationGroup g = seedGroup(name, body, path, PopulationGroup::Kind::Entities);
                if (const json* possible = check_.field(body, path, "possible_prefabs", true))
                    g.entities = readEntities(*possible, jsonPath(path, "possible_prefabs"), "prefab");
                rules.groups.push_back(std::move(g));
            }
        // The seed's code, not its file, put one exit in the room furthest from the start.
        PopulationGroup exit;
        exit.name = "exit";
        exit.kind = PopulationGroup::Kind::Entities;
        exit.scope = Scope::FurthestRoom;
        exit.number = {1, 1};
        exit.entities = {{"exit", {}}};
        exit.source = "(seed 002's exit in the furthest room)";
        rules.groups.push_back(std::move(exit));
        checkTemplateNames(rules);
        return rules;
    }

    PopulationGroup seedGroup(const std::string& name, const json& body, const std::string& path, PopulationGroup::Kind kind) {
        PopulationGroup g;
        g.name = name;
        g.kind = kind;
        g.scope = Scope::EachRoom;
        g.source = path;
        if (check_.isObject(body, path, "an object describing the group"))
            if (const json* number = check_.field(body, path, "number", true)) g.number = readNumber(*number, jsonPath(path, "number"));
        return g;
    }

    // A tagged_room group names the tag its rooms carry; no other scope has one.
    void readTag(const json& body, const std::string& path, PopulationGroup& g) {
        const json* tag = check_.field(body, path, "tag", false);
        if (tag) {
            if (auto t = check_.text(*tag, jsonPath(path, "tag"))) g.tag = *t;
            if (g.scope != Scope::TaggedRoom) check_.fail(jsonPath(path, "tag"), "only a \"tagged_room\" group has a tag (this one's scope is \"" + std::string(scopeId(g.scope)) + "\")");
        } else if (g.scope == Scope::TaggedRoom) {
            check_.fail(path, "a \"tagged_room\" group needs a \"tag\": the tag of the room graph's rooms it goes in (\"boss\", \"treasure\")");
        }
    }

    PopulationGroup readGroup(const json& body, const std::string& path) {
        PopulationGroup g;
        g.source = path;
        if (!check_.isObject(body, path, "an object describing the group")) return g;
        check_.onlyKnownFields(body, path, {"name", "kind", "scope", "tag", "number", "sizes", "tiles", "layer", "entities", "prefabs", "rotations", "mirror", "placement", "tunnel", "spacing"});
        if (const json* name = check_.field(body, path, "name", true))
            if (auto t = check_.text(*name, jsonPath(path, "name"))) g.name = *t;
        if (const json* kind = check_.field(body, path, "kind", true)) {
            if (*kind == "tiles") g.kind = PopulationGroup::Kind::Tiles;
            else if (*kind == "entities") g.kind = PopulationGroup::Kind::Entities;
            else if (*kind == "prefabs") g.kind = PopulationGroup::Kind::Prefabs;
            else check_.fail(jsonPath(path, "kind"), "expected \"tiles\", \"entities\" or \"prefabs\", found " + excerpt(*kind));
        }
        if (const json* scope = check_.field(body, path, "scope", false)) {
            const auto s = scope->is_string() ? scopeFromId(scope->get<std::string>()) : std::nullopt;
            std::vector<std::string> names;
            for (Scope each : allScopes()) names.emplace_back(scopeId(each));
            if (s) g.scope = *s;
            else if (scope->is_string()) check_.fail(jsonPath(path, "scope"), "unknown scope " + excerpt(*scope) + "; known scopes: " + known(names));
            else check_.fail(jsonPath(path, "scope"), "expected a scope's name (" + known(names) + "), found " + JsonChecker::typeName(*scope));
        }
        readTag(body, path, g);
        if (const json* number = check_.field(body, path, "number", true)) g.number = readNumber(*number, jsonPath(path, "number"));
        if (g.kind == PopulationGroup::Kind::Tiles) {
            if (const json* sizes = check_.field(body, path, "sizes", false)) g.sizes = readSizes(*sizes, jsonPath(path, "sizes"));
            if (const json* tiles = check_.field(body, path, "tiles", true)) readTileChoices(*tiles, jsonPath(path, "tiles"), g);
            if (const json* layer = check_.field(body, path, "layer", false))
                if (auto t = check_.text(*layer, jsonPath(path, "layer"), true)) g.layer = *t;
        } else if (g.kind == PopulationGroup::Kind::Prefabs) {
            readPrefabGroup(body, path, check_, prefabs_, g);
        } else if (const json* entities = check_.field(body, path, "entities", true)) {
            g.entities = readEntities(*entities, jsonPath(path, "entities"), "template");
        }
        return g;
    }

    CountRange readNumber(const json& number, const std::string& path) {
        CountRange range;
        if (!check_.isObject(number, path, "{\"min\": ..., \"max\": ...}")) return range;
        check_.onlyKnownFields(number, path, {"min", "max"});
        bool bothRead = true;
        auto bound = [&](const char* key, int& out) {
            const json* value = check_.field(number, path, key, true);
            const auto read = value ? check_.integer(*value, jsonPath(path, key), 0, kMostPerGroup) : std::optional<int>();
            if (read) out = *read;
            else bothRead = false;
        };
        bound("min", range.min);
        bound("max", range.max);
        if (bothRead && range.min > range.max)
            check_.fail(path, "min (" + std::to_string(range.min) + ") is above max (" + std::to_string(range.max) + ")");
        return range;
    }

    std::vector<std::pair<int, int>> readSizes(const json& sizes, const std::string& path) {
        std::vector<std::pair<int, int>> result;
        if (!check_.isArray(sizes, path, "a list of sizes such as {\"x\": 2, \"y\": 1}")) return result;
        if (sizes.empty()) check_.fail(path, "expected at least one size");
        for (std::size_t i = 0; i < sizes.size(); ++i) {
            const std::string at = path + "/" + std::to_string(i);
            if (!check_.isObject(sizes[i], at, "{\"x\": width, \"y\": height}")) continue;
            check_.onlyKnownFields(sizes[i], at, {"x", "y"});
            int w = 0, h = 0;
            if (const json* x = check_.field(sizes[i], at, "x", true))
                if (auto v = check_.integer(*x, jsonPath(at, "x"), 1, kMaxLevelWidth)) w = *v;
            if (const json* y = check_.field(sizes[i], at, "y", true))
                if (auto v = check_.integer(*y, jsonPath(at, "y"), 1, kMaxLevelHeight)) h = *v;
            if (w > 0 && h > 0) result.emplace_back(w, h);
        }
        return result;
    }

    // Tile names (Burrow) or numbers (seed 002's tileset indices, laid as obstacles).
    void readTileChoices(const json& tiles, const std::string& path, PopulationGroup& g) {
        if (!check_.isArray(tiles, path, "a list of tiles")) return;
        if (tiles.empty()) check_.fail(path, "expected at least one tile");
        for (std::size_t i = 0; i < tiles.size(); ++i) {
            const json& t = tiles[i];
            if (t.is_number_integer()) {
                // A tileset index: a whole number a tileset can have (Tiled's gids are 32-bit, flags in the top bits).
                const auto index = check_.integer(t, path + "/" + std::to_string(i), 0, (1 << 28) - 1);
                if (!index) continue;
                g.tileIndices.push_back(*index);
                if (std::find(g.tiles.begin(), g.tiles.end(), Tile::Obstacle) == g.tiles.end()) g.tiles.push_back(Tile::Obstacle);
                continue;
            }
            const auto tile = t.is_string() && t.get<std::string>().size() > 1 ? kinds_.find(t.get<std::string>()) : std::nullopt;
            if (tile) g.tiles.push_back(*tile);
            else check_.fail(path + "/" + std::to_string(i), "expected a tile kind (" + kinds_.idList() + ") or a tile index, found " + excerpt(t));
        }
    }

    std::vector<PlacedEntity> readEntities(const json& list, const std::string& path, const char* nameKey) {
        std::vector<PlacedEntity> result;
        if (!check_.isArray(list, path, "a list of things to place")) return result;
        if (list.empty()) check_.fail(path, "expected at least one thing to place");
        for (std::size_t i = 0; i < list.size(); ++i) {
            const std::string at = path + "/" + std::to_string(i);
            if (!check_.isObject(list[i], at, std::string("{\"") + nameKey + "\": ..., \"properties\": {...}}")) continue;
            PlacedEntity e;
            // Burrow's own entries are strict; seed 002's prefabs are read as written.
            if (std::string(nameKey) == "template") check_.onlyKnownFields(list[i], at, {"template", "properties"});
            if (const json* name = check_.field(list[i], at, nameKey, true))
                if (auto t = check_.text(*name, jsonPath(at, nameKey))) e.templateName = *t;
            entityPaths_.push_back(jsonPath(at, nameKey));
            if (const json* props = check_.field(list[i], at, "properties", false)) e.properties = check_.properties(*props, jsonPath(at, "properties"));
            result.push_back(std::move(e));
        }
        return result;
    }

    EntityTemplate readTemplate(const json& body, const std::string& path) {
        EntityTemplate t;
        if (!check_.isObject(body, path, "an object describing a template")) return t;
        check_.onlyKnownFields(body, path, {"name", "glyph", "colour", "kind", "max_hp", "attack", "defense", "speed", "behaviours"});
        if (const json* name = check_.field(body, path, "name", true))
            if (auto n = check_.text(*name, jsonPath(path, "name"))) t.name = *n;
        if (const EntityTemplate* base = PopulationRules{}.findTemplate(t.name)) t = *base; // a default of that name is the starting point
        if (const json* glyph = check_.field(body, path, "glyph", false)) {
            if (glyph->is_string() && glyph->get<std::string>().size() == 1) t.glyph = glyph->get<std::string>()[0];
            else check_.fail(jsonPath(path, "glyph"), "expected one character, found " + excerpt(*glyph));
        }
        if (const json* colour = check_.field(body, path, "colour", false))
            if (auto c = check_.colour(*colour, jsonPath(path, "colour"))) t.colour = *c;
        if (const json* kind = check_.field(body, path, "kind", false)) {
            bool found = false;
            for (EntityKind k : {EntityKind::Player, EntityKind::Creature, EntityKind::Item, EntityKind::Exit})
                if (*kind == entityKindId(k)) {
                    t.kind = k;
                    found = true;
                }
            if (!found) check_.fail(jsonPath(path, "kind"), "expected player, creature, item or exit, found " + excerpt(*kind));
        }
        auto stat = [&](const char* key, int& out, int lo, int hi) {
            if (const json* v = check_.field(body, path, key, false))
                if (auto n = check_.integer(*v, jsonPath(path, key), lo, hi)) out = *n;
        };
        stat("max_hp", t.maxHp, 1, 1000000);
        stat("attack", t.attack, 0, 1000000);
        stat("defense", t.defense, 0, 1000000);
        stat("speed", t.speed, 1, 1000);
        if (const json* list = check_.field(body, path, "behaviours", false); list && check_.isArray(*list, jsonPath(path, "behaviours"), "a list of behaviours")) {
            t.behaviours.clear();
            for (std::size_t i = 0; i < list->size(); ++i) t.behaviours.push_back(readBehaviour((*list)[i], jsonPath(path, "behaviours") + "/" + std::to_string(i)));
        }
        return t;
    }

    Behaviour readBehaviour(const json& body, const std::string& path) {
        Behaviour b;
        if (!check_.isObject(body, path, "{\"type\": \"chase\", ...}")) return b;
        check_.onlyKnownFields(body, path, {"type", "radius", "chance", "limit", "sight"});
        const json* type = check_.field(body, path, "type", true);
        bool found = false;
        for (auto t : {Behaviour::Type::Chase, Behaviour::Type::Wander, Behaviour::Type::Spread, Behaviour::Type::Stationary})
            if (type && *type == behaviourId(t)) {
                b.type = t;
                found = true;
            }
        if (type && !found) check_.fail(jsonPath(path, "type"), "expected chase, wander, spread or stationary, found " + excerpt(*type));
        if (const json* r = check_.field(body, path, "radius", false))
            if (auto n = check_.integer(*r, jsonPath(path, "radius"), 0, 1000)) b.radius = *n;
        if (const json* c = check_.field(body, path, "chance", false))
            if (auto n = check_.number(*c, jsonPath(path, "chance"), 0.0, 1.0)) b.chance = *n;
        if (const json* l = check_.field(body, path, "limit", false))
            if (auto n = check_.integer(*l, jsonPath(path, "limit"), 0, 1000000)) b.limit = *n;
        if (const json* s = check_.field(body, path, "sight", false))
            if (auto f = check_.flag(*s, jsonPath(path, "sight"))) b.sight = *f;
        return b;
    }

    // Entity names must name a template (the rules' own or a default).
    void checkTemplateNames(const PopulationRules& rules) {
        std::vector<std::string> names;
        for (const auto& t : defaultTemplates()) names.push_back(t.name);
        for (const auto& t : rules.templates)
            if (std::find(names.begin(), names.end(), t.name) == names.end()) names.push_back(t.name);
        std::size_t next = 0;
        for (const auto& g : rules.groups)
            for (const auto& e : g.entities) {
                const std::string path = next < entityPaths_.size() ? entityPaths_[next] : g.source;
                ++next;
                if (!e.templateName.empty() && !rules.findTemplate(e.templateName))
                    check_.fail(path, "unknown template \"" + e.templateName + "\"; known templates: " + known(names));
            }
    }

    JsonChecker check_;
    const TileKinds& kinds_;
    const ProjectPrefabs* prefabs_;
    std::vector<std::string> entityPaths_; // where each entity's name was read, in order
};

} // namespace

PopulationRules rulesFromJson(const json& document, std::vector<Diagnostic>& problems, const TileKinds& kinds, const ProjectPrefabs* prefabs) {
    return RulesReader(problems, kinds, prefabs).read(document);
}

bool looksLikeRules(const json& document) {
    if (!document.is_object()) return false;
    if (document.contains("format")) return document["format"] == kRulesFormat;
    return document.contains("tiles") || document.contains("prefabs");
}

void checkRulesFit(const PopulationRules& rules, const LevelSize& size, std::vector<Diagnostic>& problems) {
    for (const auto& g : rules.groups) {
        for (std::size_t i = 0; i < g.prefabs.size(); ++i) {
            const Prefab& p = g.prefabs[i];
            const bool turned = std::any_of(g.quarterTurns.begin(), g.quarterTurns.end(), [](int q) { return q % 2 == 1; });
            const bool straight = std::any_of(g.quarterTurns.begin(), g.quarterTurns.end(), [](int q) { return q % 2 == 0; });
            const bool fits = (straight && p.width <= size.width && p.height <= size.height) || (turned && p.height <= size.width && p.width <= size.height);
            if (!fits)
                problems.push_back({g.source + "/prefabs/" + std::to_string(i), "'" + p.id + "' (" + std::to_string(p.width) + " x " + std::to_string(p.height) +
                                                                                    ") does not fit the " + std::to_string(size.width) + " x " + std::to_string(size.height) + " level"});
        }
        if (g.kind != PopulationGroup::Kind::Tiles) continue;
        for (std::size_t i = 0; i < g.sizes.size(); ++i) {
            const auto [w, h] = g.sizes[i];
            if (w > size.width || h > size.height)
                problems.push_back({g.source + "/sizes/" + std::to_string(i), std::to_string(w) + " x " + std::to_string(h) + " is larger than the " +
                                                                                   std::to_string(size.width) + " x " + std::to_string(size.height) + " level"});
        }
    }
}

ordered_json rulesToJson(const PopulationRules& rules, const TileKinds& kinds) {
    ordered_json doc = {{"format", kRulesFormat}, {"version", kRulesVersion}};
    ordered_json templates = ordered_json::array();
    for (const auto& t : rules.templates) {
        char colour[8];
        std::snprintf(colour, sizeof colour, "#%06x", t.colour & 0xffffffu);
        ordered_json behaviours = ordered_json::array();
        for (const auto& b : t.behaviours) {
            ordered_json one = {{"type", behaviourId(b.type)}};
            if (b.type == Behaviour::Type::Chase) {
                one["radius"] = b.radius;
                if (b.sight) one["sight"] = true;
            }
            if (b.type == Behaviour::Type::Spread) {
                one["chance"] = b.chance;
                one["limit"] = b.limit;
            }
            behaviours.push_back(one);
        }
        templates.push_back({{"name", t.name},       {"glyph", std::string(1, t.glyph)}, {"colour", colour},     {"kind", entityKindId(t.kind)},
                             {"max_hp", t.maxHp},    {"attack", t.attack},               {"defense", t.defense}, {"speed", t.speed},
                             {"behaviours", behaviours}});
    }
    if (!templates.empty()) doc["templates"] = templates;
    ordered_json groups = ordered_json::array();
    for (const auto& g : rules.groups) {
        ordered_json group = {{"name", g.name},
                              {"kind", g.kind == PopulationGroup::Kind::Tiles ? "tiles" : g.kind == PopulationGroup::Kind::Prefabs ? "prefabs" : "entities"},
                              {"scope", scopeId(g.scope)},
                              {"number", {{"min", g.number.min}, {"max", g.number.max}}}};
        if (g.scope == Scope::TaggedRoom) group["tag"] = g.tag;
        if (g.kind == PopulationGroup::Kind::Tiles) {
            ordered_json sizes = ordered_json::array();
            for (const auto& [x, y] : g.sizes) sizes.push_back({{"x", x}, {"y", y}});
            group["sizes"] = sizes;
            ordered_json tiles = ordered_json::array();
            for (int index : g.tileIndices) tiles.push_back(index); // seed 002's indices, laid as obstacles
            for (Tile t : g.tiles)
                if (g.tileIndices.empty() || t != Tile::Obstacle) tiles.push_back(kinds[t].id);
            group["tiles"] = tiles;
            if (!g.layer.empty()) group["layer"] = g.layer;
        } else if (g.kind == PopulationGroup::Kind::Prefabs) {
            writePrefabGroup(g, group);
        } else {
            ordered_json entities = ordered_json::array();
            for (const auto& e : g.entities) {
                ordered_json one = {{"template", e.templateName}};
                if (!e.properties.empty()) {
                    ordered_json props = ordered_json::object();
                    for (const Property& p : e.properties) std::visit([&](const auto& v) { props[p.name] = v; }, p.value);
                    one["properties"] = props;
                }
                entities.push_back(one);
            }
            group["entities"] = entities;
        }
        groups.push_back(group);
    }
    doc["groups"] = groups;
    return doc;
}

PopulationRules loadRules(const std::filesystem::path& path, const TileKinds& kinds, const ProjectPrefabs* prefabs, const FileSource& files) {
    const json document = files.readJson(path);
    std::vector<Diagnostic> problems;
    PopulationRules rules = rulesFromJson(document, problems, kinds, prefabs);
    if (!problems.empty()) throw FileError(path.string(), std::move(problems));
    return rules;
}

std::string rulesHash(const PopulationRules& rules, const TileKinds& kinds) {
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(hashText(rulesToJson(rules, kinds).dump())));
    return hex;
}

void saveRules(const PopulationRules& rules, const std::filesystem::path& path, const TileKinds& kinds) {
    writeFileAtomically(path, rulesToJson(rules, kinds).dump(2) + "\n");
}

} // namespace burrow
