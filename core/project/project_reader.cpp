// Reading *.burrow.json: strict about what Burrow needs, tolerant of what it does
// not know (kept for the next save), and precise about where a problem is.
#include <algorithm>
#include <set>

#include "structure/room_graph_json.h"
#include "content/acceptance_json.h"
#include "content/game_tiles_json.h"
#include "content/metric_catalog.h"
#include "content/rules_json.h"
#include "io/file_io.h"
#include "io/file_source.h"
#include "io/json_checker.h"
#include "project/project.h"
#include "project/tile_kinds_json.h"

namespace burrow {
namespace {

using nlohmann::json;

std::string typeName(const json& value) { return JsonChecker::typeName(value); }

class Reader {
public:
    Reader(const StageCatalog& catalog, std::vector<Diagnostic>& problems, std::filesystem::path folder, std::vector<Diagnostic>* notices,
           const FileSource& files)
        : catalog_(catalog), problems_(problems), check_(problems), folder_(std::move(folder)), files_(files), notices_(notices) {}

    Project read(const json& doc) {
        Project project;
        if (!doc.is_object()) {
            fail("", "expected a JSON object (a Burrow project), found " + typeName(doc));
            return project;
        }
        readHeader(doc);
        if (auto* name = field(doc, "", "name", false)) {
            if (name->is_string()) project.name = name->get<std::string>();
            else fail("/name", "expected a text, found " + typeName(*name));
        }
        readSeed(doc, project);
        readSize(doc, project.size);
        if (const json* movement = field(doc, "", "movement", false)) {
            if (movement->is_number_integer() && (movement->get<std::int64_t>() == 4 || movement->get<std::int64_t>() == 8))
                project.movement = movement->get<std::int64_t>() == 4 ? Connectivity::Four : Connectivity::Eight;
            else fail("/movement", "expected 4 or 8 (directions an actor can step in), found " + excerpt(*movement));
        }
        movement_ = project.movement;
        if (const json* kinds = field(doc, "", "tile_kinds", false)) project.tileKinds = tileKindsFromJson(*kinds, "/tile_kinds", check_);
        kinds_ = &project.tileKinds; // population tile groups name them
        if (const json* art = field(doc, "", "game_tiles", false)) project.gameTiles = gameTilesFromJson(*art, "/game_tiles", check_, project.tileKinds, folder_, files_);
        const std::size_t problemsBeforePrefabs = problems_.size();
        if (const json* prefabs = field(doc, "", "prefabs", false)) project.prefabs = prefabsFromJson(*prefabs, "/prefabs", check_, project.tileKinds, folder_, files_);
        prefabsRead_ = problems_.size() == problemsBeforePrefabs;
        prefabs_ = &project.prefabs; // population prefab groups name them
        if (const json* graphs = field(doc, "", "room_graphs", false)) project.roomGraphs = roomGraphsFromJson(*graphs, "/room_graphs", check_, project.prefabs, project.size);
        roomGraphs_ = &project.roomGraphs; // the room_graph stage names one
        readRecipe(doc, project);
        checkTemplates(project);
        checkPrefabThings(project);
        readEdits(doc, project);
        readAcceptance(doc, project);
        readPinnedSeeds(doc, project);
        // Strict: a typo is an error, with a suggestion. What other tools want to keep
        // in a project goes in "extra", which Burrow keeps as it is.
        check_.onlyKnownFields(doc, "", {"format", "version", "name", "seed", "size", "movement", "tile_kinds", "game_tiles", "prefabs", "room_graphs", "recipe", "edits", "acceptance", "pinned_seeds", "extra"});
        if (const json* extra = field(doc, "", "extra", false)) {
            if (extra->is_object()) project.extra = *extra;
            else fail("/extra", "expected an object (anything other tools keep in the project), found " + typeName(*extra));
        }
        return project;
    }

private:
    void fail(std::string path, std::string message) { check_.fail(std::move(path), std::move(message)); }
    const json* field(const json& object, const std::string& path, const char* key, bool required) {
        return check_.field(object, path, key, required);
    }

    void readHeader(const json& doc) {
        const json* format = field(doc, "", "format", true);
        if (format && (!format->is_string() || format->get<std::string>() != kProjectFormat))
            fail("/format", std::string("expected \"") + kProjectFormat + "\", found " + excerpt(*format));
        const json* version = field(doc, "", "version", true);
        if (!version) return;
        if (!version->is_number_integer()) fail("/version", "expected a whole number, found " + typeName(*version));
        else if (version->get<std::int64_t>() > kProjectVersion)
            fail("/version", "this file is version " + excerpt(*version) + ", written by a newer Burrow; this one reads up to version " +
                                 std::to_string(kProjectVersion));
        else if (version->get<std::int64_t>() < 1) fail("/version", "expected 1 or more, found " + excerpt(*version));
    }

    void readSeed(const json& doc, Project& project) {
        const json* seed = field(doc, "", "seed", true);
        if (!seed) return;
        if (seed->is_number_unsigned()) project.seed = seed->get<std::uint64_t>();
        else if (seed->is_string() && !seed->get<std::string>().empty()) {
            project.seedText = seed->get<std::string>();
            project.seed = seedFromText(project.seedText);
        } else
            fail("/seed", "expected a whole number from 0 to 18446744073709551615 or a non-empty text, found " + excerpt(*seed));
    }

    std::optional<int> readInt(const json& value, const std::string& path, std::int64_t lo, std::int64_t hi) {
        return check_.integer(value, path, lo, hi);
    }

    void readSize(const json& doc, LevelSize& size) {
        const json* object = field(doc, "", "size", true);
        if (!object) return;
        if (!object->is_object()) {
            fail("/size", "expected an object {\"width\", \"height\", \"depth\"}, found " + typeName(*object));
            return;
        }
        check_.onlyKnownFields(*object, "/size", {"width", "height", "depth"});
        auto dimension = [&](const char* key, int maximum, int& out, bool required) {
            if (const json* v = field(*object, "/size", key, required))
                if (auto value = readInt(*v, std::string("/size/") + key, 1, maximum)) out = *value;
        };
        dimension("width", kMaxLevelWidth, size.width, true);
        dimension("height", kMaxLevelHeight, size.height, true);
        size.depth = 1;
        dimension("depth", kMaxLevelDepth, size.depth, false);
    }

    void readRecipe(const json& doc, Project& project) {
        const json* recipe = field(doc, "", "recipe", true);
        if (!recipe) return;
        if (!recipe->is_array()) {
            fail("/recipe", "expected a list of stages, found " + typeName(*recipe));
            return;
        }
        std::set<std::string> names;
        for (std::size_t i = 0; i < recipe->size(); ++i) {
            const std::string path = "/recipe/" + std::to_string(i);
            StageEntry entry = readStage((*recipe)[i], path, project.size);
            if (!entry.name.empty() && !names.insert(entry.name).second)
                fail(path + "/name", "\"" + entry.name + "\" is already the name of an earlier stage; names must be unique");
            project.recipe.stages.push_back(std::move(entry));
        }
    }

    // A template means one thing in a level: two populate stages may both define
    // "boss" only alike. Named with both stages and where their rules live.
    void checkTemplates(const Project& project) {
        auto place = [&](std::size_t i) {
            const StageEntry& e = project.recipe.stages[i];
            return "stage '" + e.name + "' (" + (e.rulesFile.empty() ? std::string("rules written in the project") : e.rulesFile) + ")";
        };
        for (const TemplateConflict& c : templateConflicts(project.recipe))
            fail("/recipe/" + std::to_string(c.second) + "/rules",
                 "template \"" + c.name + "\" is defined differently by " + place(c.first) + " and by " + place(c.second) +
                     "; a template means one thing in the whole level: define it once, or alike in both");
    }

    // "acceptance": {"attempts": 20, "rules": [{"metric": "reachable_share", "min": 0.99}, ...]}
    // A prefab's things name templates as placed things do: a default, or one of any
    // population rules of the recipe (a LevelBuild resolves them the same way).
    void checkPrefabThings(const Project& project) {
        std::vector<std::string> known;
        for (const EntityTemplate& t : defaultTemplates()) known.push_back(t.name);
        for (const StageEntry& entry : project.recipe.stages)
            if (entry.rules)
                for (const EntityTemplate& t : entry.rules->templates) known.push_back(t.name);
        for (std::size_t i = 0; i < project.prefabs.prefabs.size(); ++i) {
            const Prefab& p = project.prefabs.prefabs[i];
            for (std::size_t k = 0; k < p.things.size(); ++k)
                if (std::find(known.begin(), known.end(), p.things[k].templateName) == known.end())
                    fail("/prefabs/" + std::to_string(i) + "/things/" + std::to_string(k),
                         "prefab '" + p.id + "' places \"" + p.things[k].templateName + "\", which no population rules of the recipe define, nor the defaults");
        }
    }

    void readAcceptance(const json& doc, Project& project) {
        if (const json* acceptance = field(doc, "", "acceptance", false))
            project.acceptance = acceptanceFromJson(*acceptance, "/acceptance", check_, project.size.depth);
    }

    // "pinned_seeds": [3, 17, ...]: whole numbers, each once.
    void readPinnedSeeds(const json& doc, Project& project) {
        const json* pinned = field(doc, "", "pinned_seeds", false);
        if (!pinned) return;
        if (!pinned->is_array()) {
            fail("/pinned_seeds", "expected a list of seeds (whole numbers), found " + excerpt(*pinned));
            return;
        }
        if (pinned->size() > kMaxPinnedSeeds) {
            fail("/pinned_seeds", "at most " + std::to_string(kMaxPinnedSeeds) + " seeds can be pinned, found " + std::to_string(pinned->size()));
            return;
        }
        for (std::size_t i = 0; i < pinned->size(); ++i) {
            const json& seed = (*pinned)[i];
            const std::string at = "/pinned_seeds/" + std::to_string(i);
            if (!seed.is_number_unsigned() && !(seed.is_number_integer() && seed.get<std::int64_t>() >= 0)) {
                fail(at, "expected a seed: a whole number 0 to 2^64-1, found " + excerpt(seed));
                continue;
            }
            const auto value = seed.get<std::uint64_t>();
            if (std::find(project.pinnedSeeds.begin(), project.pinnedSeeds.end(), value) != project.pinnedSeeds.end())
                fail(at, "seed " + std::to_string(value) + " is pinned twice");
            else project.pinnedSeeds.push_back(value);
        }
    }

    // "edits": [[x, y, z, "tile"], ...]
    void readEdits(const json& doc, Project& project) {
        const json* edits = field(doc, "", "edits", false);
        if (!edits) return;
        if (!edits->is_array()) {
            fail("/edits", "expected a list of [x, y, z, \"tile\"], found " + typeName(*edits));
            return;
        }
        for (std::size_t i = 0; i < edits->size(); ++i) {
            const std::string path = "/edits/" + std::to_string(i);
            const json& e = (*edits)[i];
            if (!e.is_array() || e.size() != 4) {
                fail(path, "expected [x, y, z, \"tile\"], found " + excerpt(e));
                continue;
            }
            const auto x = readInt(e[0], path + "/0", 0, project.size.width - 1);
            const auto y = readInt(e[1], path + "/1", 0, project.size.height - 1);
            const auto z = readInt(e[2], path + "/2", 0, project.size.depth - 1);
            const auto tile = e[3].is_string() ? project.tileKinds.find(e[3].get<std::string>()) : std::nullopt;
            if (!tile || e[3].get<std::string>().size() == 1) {
                fail(path + "/3", "expected a tile kind (" + project.tileKinds.idList() + "), found " + excerpt(e[3]));
                continue;
            }
            if (x && y && z) project.edits.set({*x, *y, *z}, *tile);
        }
    }

    StageEntry readStage(const json& object, const std::string& path, const LevelSize& size) {
        StageEntry entry;
        if (!object.is_object()) {
            fail(path, "expected a stage object {\"stage\": ..., \"params\": {...}}, found " + typeName(object));
            return entry;
        }
        const StageType* type = nullptr;
        if (const json* id = field(object, path, "stage", true)) {
            if (id->is_string()) entry.type = id->get<std::string>();
            type = catalog_.find(entry.type);
            if (!type) {
                std::string known;
                for (const auto& t : catalog_.types()) known += (known.empty() ? "" : ", ") + t.id;
                fail(path + "/stage", "unknown stage " + excerpt(*id) + "; known stages: " + known);
            }
        }
        entry.name = entry.type;
        if (const json* name = field(object, path, "name", false)) {
            if (name->is_string() && !name->get<std::string>().empty()) entry.name = name->get<std::string>();
            else fail(path + "/name", "expected a non-empty text, found " + excerpt(*name));
        }
        if (const json* enabled = field(object, path, "enabled", false)) {
            if (enabled->is_boolean()) entry.enabled = enabled->get<bool>();
            else fail(path + "/enabled", "expected true or false, found " + excerpt(*enabled));
        }
        if (const json* reroll = field(object, path, "reroll", false))
            if (auto value = readInt(*reroll, path + "/reroll", 0, 1'000'000'000)) entry.reroll = static_cast<std::uint32_t>(*value);
        readDepths(object, path, size, entry);
        if (type) readParams(object, path, *type, size, entry);
        readRules(object, path, size, entry);
        check_.onlyKnownFields(object, path, {"stage", "name", "enabled", "reroll", "depths", "params", "rules", "rules_hash", "extra"});
        if (const json* extra = field(object, path, "extra", false)) {
            if (extra->is_object()) entry.extra = *extra;
            else fail(path + "/extra", "expected an object (anything other tools keep with the stage), found " + typeName(*extra));
        }
        return entry;
    }

    // A project saved by Burrow records what its rules files held ("rules_hash"). A
    // file that holds other rules now was changed outside Burrow, or a save was cut
    // short between replacing it and replacing the project: say so, since the level
    // made now is not the one the project was saved with.
    void noticeChangedRules(const json& object, const std::string& path, const std::filesystem::path& file, const PopulationRules& rules) {
        const json* recorded = field(object, path, "rules_hash", false);
        if (!recorded) return;
        if (!recorded->is_string()) {
            fail(path + "/rules_hash", "expected the 16 hex digits Burrow writes, found " + excerpt(*recorded));
            return;
        }
        if (notices_ && recorded->get<std::string>() != rulesHash(rules, *kinds_))
            notices_->push_back({path + "/rules", file.string() + " holds other rules than this project was saved with (changed outside Burrow, or a save was "
                                                  "interrupted); the rules as the file holds them now are used"});
    }

    // "rules": a rules file (relative to the project) or the rules written inline.
    void readRules(const json& object, const std::string& path, const LevelSize& size, StageEntry& entry) {
        const json* rules = field(object, path, "rules", false);
        if (!rules) return;
        std::vector<Diagnostic> problems;
        std::string prefix = path + "/rules";
        if (const StageType* type = catalog_.find(entry.type); type && !type->takesRules) {
            fail(prefix, "the stage \"" + entry.type + "\" places nothing by rules, so it would ignore them; rules belong on a populate stage");
            return;
        }
        if (rules->is_string()) {
            entry.rulesFile = rules->get<std::string>();
            const std::filesystem::path file = folder_ / entry.rulesFile;
            try {
                entry.rules = std::make_shared<PopulationRules>(loadRules(file, *kinds_, prefabs_, files_));
            } catch (const FileError& e) {
                for (const auto& p : e.problems()) fail(prefix, formatDiagnostic(e.file(), p));
                return;
            }
            noticeChangedRules(object, path, file, *entry.rules);
            checkRulesFit(*entry.rules, size, problems);
            for (const auto& p : problems) fail(prefix, formatDiagnostic(file.string(), p));
            return;
        }
        if (!rules->is_object()) {
            fail(prefix, "expected a rules file name or the rules themselves, found " + excerpt(*rules));
            return;
        }
        PopulationRules inlineRules = rulesFromJson(*rules, problems, *kinds_, prefabs_);
        checkRulesFit(inlineRules, size, problems);
        for (const auto& p : problems) fail(prefix + p.path, p.message);
        entry.rules = std::make_shared<PopulationRules>(std::move(inlineRules));
    }

    void readDepths(const json& object, const std::string& path, const LevelSize& size, StageEntry& entry) {
        const json* depths = field(object, path, "depths", false);
        if (!depths || (depths->is_string() && depths->get<std::string>() == "all")) return;
        if (!depths->is_array()) {
            fail(path + "/depths", "expected \"all\" or a list of depth numbers, found " + excerpt(*depths));
            return;
        }
        for (std::size_t i = 0; i < depths->size(); ++i)
            if (auto z = readInt((*depths)[i], path + "/depths/" + std::to_string(i), 0, size.depth - 1)) entry.depths.push_back(*z);
    }

    void readParams(const json& object, const std::string& path, const StageType& type, const LevelSize& size, StageEntry& entry) {
        entry.params = ParamValues::defaults(type.params);
        const json* params = field(object, path, "params", false);
        if (!params) return;
        if (!params->is_object()) {
            fail(path + "/params", "expected an object of parameter values, found " + typeName(*params));
            return;
        }
        bool allValid = true;
        for (const auto& [key, value] : params->items()) {
            const std::string where = path + "/params/" + key;
            const ParamSpec* spec = type.param(key);
            if (!spec && key == "connectivity") {
                // Earlier Burrow gave the region and population stages each their own
                // neighbourhood, kept in step with "movement" by hand. One rule now.
                if (notices_)
                    notices_->push_back({where, "ignored: stages now follow the project's \"movement\" (" + std::to_string(static_cast<int>(movement_)) +
                                                    "); this parameter is dropped on the next save"});
                continue;
            }
            if (!spec) {
                std::string known;
                std::vector<std::string> keys;
                for (const auto& p : type.params) {
                    known += (known.empty() ? "" : ", ") + p.key;
                    keys.push_back(p.key);
                }
                if (auto near = closestWord(key, keys)) fail(where, "unknown parameter of " + type.id + "; did you mean \"" + *near + "\"?");
                else fail(where, "unknown parameter of " + type.id + "; its parameters are: " + known);
                allValid = false;
                continue;
            }
            auto parsed = toValue(*spec, value);
            if (!parsed) {
                fail(where, "expected " + expectedValue(*spec, *kinds_) + ", found " + excerpt(value));
                allValid = false;
                continue;
            }
            if (auto error = paramValueError(*spec, *parsed, *kinds_)) {
                fail(where, *error);
                allValid = false;
                continue;
            }
            entry.params.set(key, std::move(*parsed));
        }
        for (const ParamSpec& spec : type.params)
            if (spec.type == ParamType::RoomGraph && !namesARoomGraph(entry.params.choice(spec.key), path + "/params/" + spec.key)) allValid = false;
        for (const ParamSpec& spec : type.params)
            if (spec.type == ParamType::Prefab) {
                const std::string where = path + "/params/" + spec.key;
                if (!namesAPrefab(entry.params.choice(spec.key), where)) allValid = false;
                // A prefab that could not be read is reported where it is drawn; judged
                // as a sample too, half read, it would only add a confusing second error.
                else if (type.prefabProblem && allValid && prefabsRead_)
                    if (auto problem = type.prefabProblem(entry.params, *prefabs_->find(entry.params.choice(spec.key)), size)) {
                        fail(where, *problem);
                        allValid = false;
                    }
            }
        if (allValid && type.crossCheck)
            for (const auto& [key, message] : type.crossCheck(entry.params)) {
                fail(path + "/params/" + key, message);
                allValid = false;
            }
        if (allValid)
            if (auto problem = workProblem(type, entry.params, size)) fail(path + "/params", *problem);
    }

    // A sample names one of the project's prefabs: a missing one is refused with the
    // nearest id, or the ids there are.
    bool namesAPrefab(const std::string& id, const std::string& where) {
        if (prefabs_ && prefabs_->find(id)) return true;
        std::vector<std::string> ids;
        if (prefabs_)
            for (const Prefab& p : prefabs_->prefabs) ids.push_back(p.id);
        std::string known;
        for (std::size_t i = 0; i < ids.size() && i < 20; ++i) known += (known.empty() ? "\"" : ", \"") + ids[i] + "\"";
        if (ids.size() > 20) known += " and " + std::to_string(ids.size() - 20) + " more";
        if (ids.empty()) fail(where, "expected the id of one of the project's prefabs, but the project has none (add one under \"prefabs\")");
        else if (id.empty()) fail(where, "expected the id of one of the project's prefabs: " + known);
        else if (auto near = closestWord(id, ids)) fail(where, "no prefab \"" + shortText(id, 40) + "\" in the project; did you mean \"" + *near + "\"?");
        else fail(where, "no prefab \"" + shortText(id, 40) + "\" in the project; its prefabs are " + known);
        return false;
    }

    // A room_graph stage names one of the project's graphs, as a sample names a prefab.
    bool namesARoomGraph(const std::string& id, const std::string& where) {
        std::vector<std::string> ids;
        if (roomGraphs_)
            for (const RoomGraph& g : *roomGraphs_) {
                if (g.id == id) return true;
                ids.push_back(g.id);
            }
        std::string known;
        for (std::size_t i = 0; i < ids.size() && i < 20; ++i) known += (known.empty() ? "\"" : ", \"") + ids[i] + "\"";
        if (ids.empty()) fail(where, "expected the id of one of the project's room graphs, but the project has none (add one under \"room_graphs\")");
        else if (auto near = closestWord(id, ids)) fail(where, "no room graph \"" + shortText(id, 40) + "\" in the project; did you mean \"" + *near + "\"?");
        else fail(where, "no room graph \"" + shortText(id, 40) + "\" in the project; its room graphs are " + known);
        return false;
    }

    static std::optional<ParamValue> toValue(const ParamSpec& spec, const json& value) {
        switch (spec.type) {
        case ParamType::Int:
            if (value.is_number_integer()) return ParamValue{value.get<std::int64_t>()};
            return std::nullopt;
        case ParamType::Real:
            if (value.is_number()) return ParamValue{value.get<double>()};
            return std::nullopt;
        case ParamType::Bool:
            if (value.is_boolean()) return ParamValue{value.get<bool>()};
            return std::nullopt;
        case ParamType::Choice:
        case ParamType::Prefab:
        case ParamType::RoomGraph:
            if (value.is_string()) return ParamValue{value.get<std::string>()};
            return std::nullopt;
        case ParamType::IntSet: {
            if (!value.is_array()) return std::nullopt;
            std::set<int> members;
            for (const auto& m : value) {
                if (!m.is_number_integer() || m.get<std::int64_t>() < -1'000'000 || m.get<std::int64_t>() > 1'000'000) return std::nullopt;
                members.insert(static_cast<int>(m.get<std::int64_t>()));
            }
            return ParamValue{std::vector<int>(members.begin(), members.end())};
        }
        }
        return std::nullopt;
    }

    const StageCatalog& catalog_;
    const std::vector<Diagnostic>& problems_;
    JsonChecker check_;
    std::filesystem::path folder_;
    const FileSource& files_;
    std::vector<Diagnostic>* notices_;
    Connectivity movement_ = Connectivity::Eight;
    const TileKinds* kinds_ = &builtInTileKinds();
    const ProjectPrefabs* prefabs_ = nullptr;
    bool prefabsRead_ = true; // every prefab read without a problem
    const RoomGraphs* roomGraphs_ = nullptr;
};

} // namespace

Project projectFromJson(const nlohmann::json& document, const StageCatalog& catalog, std::vector<Diagnostic>& problems,
                        const std::filesystem::path& folder, std::vector<Diagnostic>* notices, const FileSource& files) {
    return Reader(catalog, problems, folder, notices, files).read(document);
}

namespace {
Project projectFromDocument(const nlohmann::json& document, const std::string& name, const std::filesystem::path& folder, const StageCatalog& catalog,
                            std::vector<std::string>* notices, const FileSource& files = diskFiles()) {
    std::vector<Diagnostic> problems, found;
    Project project = projectFromJson(document, catalog, problems, folder, &found, files);
    if (notices)
        for (const Diagnostic& d : found) notices->push_back(formatDiagnostic(name, d));
    if (!problems.empty()) throw FileError(name, std::move(problems));
    return project;
}
} // namespace

Project loadProject(const std::filesystem::path& path, const StageCatalog& catalog, std::vector<std::string>* notices) {
    return projectFromDocument(parseJsonFile(path), path.string(), path.parent_path(), catalog, notices);
}

Project readProject(const std::string& text, const std::string& name, const std::filesystem::path& folder, const StageCatalog& catalog,
                    const ProjectOverrides& overrides, std::vector<std::string>* notices, const FileSource& files) {
    nlohmann::json document = parseJsonText(text, name);
    // A document that is no object is the reader's to refuse, naming the file.
    if (document.is_object()) applyOverrides(document, overrides, catalog);
    return projectFromDocument(document, name, folder, catalog, notices, files);
}

} // namespace burrow
