#pragma once
// LDtk's JSON vocabulary, as an LDtk 1.5.3 project needs it (export/ldtk_export.h
// writes the project): iids, identifiers and colours in its forms, the field types a
// designer's property takes, the uids it hands out, and the definitions' many
// members LDtk itself fills when it saves.
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "export/tiled_export.h"
#include "model/property.h"

namespace burrow::ldtk {

// An iid: a UUID (version 5's layout) from the project, the seed and what it names,
// so the same export writes the same iids.
std::string uuidOf(const ExportInfo& info, const std::string& what);
// "#RRGGBB".
std::string colourText(std::uint32_t rgb);
// An LDtk identifier: letters, digits and '_', not starting with a digit.
std::string identifierOf(const std::string& text);

// LDtk's field types for a property's value.
struct FieldType {
    const char* name;   // "Int": the instances' __type
    const char* editor; // "V_Int": their realEditorValues id
};
FieldType fieldTypeOf(const PropertyValue& v);
nlohmann::ordered_json jsonValue(const PropertyValue& v);

struct FieldDef {
    std::string name;
    std::string type; // "Int", "Float", "Bool", "String", "EntityRef"
    int uid = 0;
};

struct EntityDef {
    std::string identifier;
    std::string tag; // player, creature, item, exit, start, stairs_down, stairs_up
    std::uint32_t colour = 0xffffff;
    int uid = 0;
    std::vector<FieldDef> fields;
};

// The uids of everything defined: each unique in the project, as LDtk wants.
class Uids {
public:
    int next() { return next_++; }
    int peek() const { return next_; }

private:
    int next_ = 1;
};

// A layer's definition.
nlohmann::ordered_json layerDef(int uid, const char* type, const std::string& identifier, int gridSize, nlohmann::ordered_json tilesetUid);
// A field's definition; `reference`: an entity reference drawn as a link.
nlohmann::ordered_json fieldDefJson(const FieldDef& f, bool reference);
// A field's value on an instance (null: none), with the editor's record of it.
nlohmann::ordered_json fieldInstance(const FieldDef& f, nlohmann::ordered_json value, const char* editor);

} // namespace burrow::ldtk
