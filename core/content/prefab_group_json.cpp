#include "content/prefab_group_json.h"
#include "io/json_checker.h"

#include <algorithm>

namespace burrow {

using nlohmann::json;
using nlohmann::ordered_json;

void readPrefabGroup(const json& body, const std::string& path, JsonChecker& check, const ProjectPrefabs* prefabs, PopulationGroup& group) {
    if (const json* list = check.field(body, path, "prefabs", true); list && check.isArray(*list, jsonPath(path, "prefabs"), "a list of prefab ids")) {
        if (list->empty()) check.fail(jsonPath(path, "prefabs"), "expected at least one prefab");
        for (std::size_t i = 0; i < list->size(); ++i) {
            const std::string at = jsonPath(path, "prefabs") + "/" + std::to_string(i);
            const auto id = check.text((*list)[i], at);
            if (!id) continue;
            if (const Prefab* p = prefabs ? prefabs->find(*id) : nullptr) group.prefabs.push_back(*p);
            else if (prefabs && prefabs->isUnreadable(*id)) continue; // refused where it is named
            else if (!prefabs || prefabs->empty()) check.fail(at, "\"" + *id + "\" is not a prefab: prefabs are defined in the project's \"prefabs\"");
            else {
                std::vector<std::string> ids;
                for (const Prefab& p2 : prefabs->prefabs) ids.push_back(p2.id);
                const auto near = closestWord(*id, ids);
                check.fail(at, "\"" + *id + "\" is not one of the project's prefabs" + (near ? "; did you mean \"" + *near + "\"?" : ""));
            }
        }
    }
    if (const json* rotations = check.field(body, path, "rotations", false);
        rotations && check.isArray(*rotations, jsonPath(path, "rotations"), "a list of turns in degrees: 0, 90, 180, 270")) {
        group.quarterTurns.clear();
        for (std::size_t i = 0; i < rotations->size(); ++i) {
            const std::string at = jsonPath(path, "rotations") + "/" + std::to_string(i);
            const auto degrees = check.integer((*rotations)[i], at, 0, 270);
            if (!degrees) continue;
            if (*degrees % 90 != 0) check.fail(at, "expected 0, 90, 180 or 270, found " + std::to_string(*degrees));
            else if (std::find(group.quarterTurns.begin(), group.quarterTurns.end(), *degrees / 90) != group.quarterTurns.end())
                check.fail(at, std::to_string(*degrees) + " is listed twice");
            else group.quarterTurns.push_back(*degrees / 90);
        }
        if (rotations->empty()) check.fail(jsonPath(path, "rotations"), "expected at least one turn (0 keeps the prefab as drawn)");
    }
    if (const json* mirror = check.field(body, path, "mirror", false)) group.mirror = check.flag(*mirror, jsonPath(path, "mirror")).value_or(false);
    if (const json* placement = check.field(body, path, "placement", false)) {
        if (*placement == "floor") group.placement = PrefabPlacement::Floor;
        else if (*placement == "rock") group.placement = PrefabPlacement::Rock;
        else check.fail(jsonPath(path, "placement"), "expected \"floor\" (on free walkable cells) or \"rock\" (carved into the rock beside the area), found " + excerpt(*placement));
    }
    if (const json* tunnel = check.field(body, path, "tunnel", false))
        group.tunnel = check.integer(*tunnel, jsonPath(path, "tunnel"), 0, kMaxPrefabTunnel).value_or(group.tunnel);
    if (const json* spacing = check.field(body, path, "spacing", false))
        group.spacing = check.integer(*spacing, jsonPath(path, "spacing"), 0, kMaxPrefabSpacing).value_or(group.spacing);
}

void writePrefabGroup(const PopulationGroup& group, ordered_json& out) {
    ordered_json ids = ordered_json::array();
    for (const Prefab& p : group.prefabs) ids.push_back(p.id);
    out["prefabs"] = ids;
    ordered_json turns = ordered_json::array();
    for (int q : group.quarterTurns) turns.push_back(q * 90);
    out["rotations"] = turns;
    out["mirror"] = group.mirror;
    out["placement"] = group.placement == PrefabPlacement::Rock ? "rock" : "floor";
    out["tunnel"] = group.tunnel;
    // Only when set: files written before it existed stay as they were.
    if (group.spacing != 0) out["spacing"] = group.spacing;
}

} // namespace burrow
