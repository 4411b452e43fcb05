#include "export/map_objects.h"

namespace burrow {
namespace {

using Properties = std::vector<Property>;

// Sets a property, replacing one of the same name: a name appears once per object.
void setProperty(Properties& properties, std::string name, PropertyValue value) {
    for (Property& p : properties)
        if (p.name == name) {
            p.value = std::move(value);
            return;
        }
    properties.push_back({std::move(name), std::move(value)});
}

// A marker a placed thing already stands for: the player on the start, the exit
// thing on the exit. Exported once, as the thing.
bool markerShownByEntity(const Level& level, const Marker& m) {
    for (const Entity& e : level.entities) {
        if (!(e.at == m.at)) continue;
        const EntityTemplate* t = level.findTemplate(e.templateName);
        if (t && ((m.name == "start" && t->kind == EntityKind::Player) || (m.name == "exit" && t->kind == EntityKind::Exit))) return true;
    }
    return false;
}

}  // namespace

std::vector<MapObject> objectsOf(const Level& level, int depth) {
    std::vector<MapObject> objects;
    for (const Entity& e : level.entities) {
        if (e.at.z != depth) continue;
        MapObject o{e.templateName, "creature", e.at, {{"template", e.templateName}}};
        if (const EntityTemplate* t = level.findTemplate(e.templateName)) {
            o.type = entityKindId(t->kind);
            o.properties.push_back({"max_hp", std::int64_t{t->maxHp}});
            o.properties.push_back({"attack", std::int64_t{t->attack}});
            o.properties.push_back({"defense", std::int64_t{t->defense}});
        }
        // The designer's own values win over the template's: one name, once.
        for (const Property& p : e.properties) setProperty(o.properties, p.name, p.value);
        objects.push_back(std::move(o));
    }
    for (const Marker& m : level.markers)
        if (m.at.z == depth && !markerShownByEntity(level, m)) objects.push_back({m.name, m.name, m.at, {}});
    for (const StairsPair& s : level.stairs) {
        if (s.upperDepth == depth)
            objects.push_back({"stairs down", "stairs_down", {s.x, s.y, depth},
                               {{"partner_depth", std::int64_t{depth + 1}}, {"region", std::int64_t{s.upperRegion}}, {"partner_region", std::int64_t{s.lowerRegion}}}});
        if (s.upperDepth + 1 == depth)
            objects.push_back({"stairs up", "stairs_up", {s.x, s.y, depth},
                               {{"partner_depth", std::int64_t{depth - 1}}, {"region", std::int64_t{s.lowerRegion}}, {"partner_region", std::int64_t{s.upperRegion}}}});
    }
    // A locked door's tile says it is locked; the object says which key opens it.
    for (const Door& d : level.doors)
        if (d.at.z == depth && !d.lock.empty() && level.contains(d.at.x, d.at.y, depth) && level.at(d.at.x, d.at.y, depth) == Tile::LockedDoor)
            objects.push_back({"locked door", "locked_door", d.at, {{"lock", d.lock}}});
    return objects;
}

} // namespace burrow
