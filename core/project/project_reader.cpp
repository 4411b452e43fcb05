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
#include "project/stage_entry_reader.h"
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
            StageEntry entry = readStageEntry((*recipe)[i], path, project.size,
                                              {catalog_, folder_, files_, notices_, movement_, *kinds_, prefabs_, prefabsRead_, roomGraphs_}, check_);
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
