#include "project/stage_entry_reader.h"

#include <memory>
#include <optional>
#include <set>

#include "content/rules_json.h"
#include "io/file_io.h"

namespace burrow {
namespace {

using nlohmann::json;

class StageEntryReader {
public:
    StageEntryReader(const StageEntryContext& context, JsonChecker& check)
        : catalog_(context.catalog), check_(check), folder_(context.folder), files_(context.files), notices_(context.notices),
          movement_(context.movement), kinds_(&context.kinds), prefabs_(context.prefabs), prefabsRead_(context.prefabsRead),
          roomGraphs_(context.roomGraphs) {}

    StageEntry readStage(const json& object, const std::string& path, const LevelSize& size) {
        StageEntry entry;
        if (!object.is_object()) {
            fail(path, "expected a stage object {\"stage\": ..., \"params\": {...}}, found " + JsonChecker::typeName(object));
            return entry;
        }
        const StageType* type = nullptr;
        if (const json* id = field(object, path, "stage", true)) {
            if (id->is_string()) entry.type = id->get<std::string>();
            type = catalog_.find(entry.type);
            if (!type) {
                std::string known;
                for (const auto& t : catalog_.types()) known += (known.empty() ? "" : ", ") + t.id;
                if (id->is_string()) fail(path + "/stage", "unknown stage " + excerpt(*id) + "; known stages: " + known);
                else fail(path + "/stage", "expected a stage's name (" + known + "), found " + JsonChecker::typeName(*id));
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
            else fail(path + "/extra", "expected an object (anything other tools keep with the stage), found " + JsonChecker::typeName(*extra));
        }
        return entry;
    }

private:
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
            fail(path + "/params", "expected an object of parameter values, found " + JsonChecker::typeName(*params));
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
        if (prefabs_ && prefabs_->isUnreadable(id)) return false; // refused where it is named
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

    void fail(std::string path, std::string message) { check_.fail(std::move(path), std::move(message)); }
    const json* field(const json& object, const std::string& path, const char* key, bool required) {
        return check_.field(object, path, key, required);
    }
    std::optional<int> readInt(const json& value, const std::string& path, std::int64_t lo, std::int64_t hi) {
        return check_.integer(value, path, lo, hi);
    }

    const StageCatalog& catalog_;
    JsonChecker& check_;
    const std::filesystem::path& folder_;
    const FileSource& files_;
    std::vector<Diagnostic>* notices_;
    Connectivity movement_;
    const TileKinds* kinds_;
    const ProjectPrefabs* prefabs_;
    bool prefabsRead_;
    const RoomGraphs* roomGraphs_;
};

} // namespace

StageEntry readStageEntry(const json& object, const std::string& path, const LevelSize& size, const StageEntryContext& context, JsonChecker& check) {
    return StageEntryReader(context, check).readStage(object, path, size);
}

} // namespace burrow
