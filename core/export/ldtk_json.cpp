#include "export/ldtk_json.h"

#include <cctype>
#include <cstdio>
#include <variant>

#include "random/rng.h"

namespace burrow::ldtk {

using nlohmann::ordered_json;

std::string uuidOf(const ExportInfo& info, const std::string& what) {
    const std::string key = info.projectHash + "/" + std::to_string(info.seed) + "/" + what;
    const std::uint64_t high = hashText(key), low = hashText(key + "#");
    char text[40];
    std::snprintf(text, sizeof text, "%08llx-%04llx-5%03llx-%04llx-%012llx", static_cast<unsigned long long>(high >> 32),
                  static_cast<unsigned long long>((high >> 16) & 0xffff), static_cast<unsigned long long>(high & 0xfff),
                  static_cast<unsigned long long>(0x8000 | ((low >> 48) & 0x3fff)), static_cast<unsigned long long>(low & 0xffffffffffffull));
    return text;
}

std::string colourText(std::uint32_t rgb) {
    char text[8];
    std::snprintf(text, sizeof text, "#%06X", rgb & 0xffffffu);
    return text;
}

std::string identifierOf(const std::string& text) {
    std::string id;
    for (unsigned char c : text) id += std::isalnum(c) ? static_cast<char>(c) : '_';
    if (id.empty() || std::isdigit(static_cast<unsigned char>(id[0]))) id = "_" + id;
    return id;
}

FieldType fieldTypeOf(const PropertyValue& v) {
    switch (v.index()) {
    case 0: return {"Bool", "V_Bool"};
    case 1: return {"Int", "V_Int"};
    case 2: return {"Float", "V_Float"};
    default: return {"String", "V_String"};
    }
}

ordered_json jsonValue(const PropertyValue& v) {
    ordered_json out;
    std::visit([&](const auto& x) { out = x; }, v);
    return out;
}

ordered_json layerDef(int uid, const char* type, const std::string& identifier, int gridSize, ordered_json tilesetUid) {
    return {{"__type", type}, {"identifier", identifier}, {"type", type}, {"uid", uid}, {"doc", nullptr}, {"uiColor", nullptr},
            {"gridSize", gridSize}, {"guideGridWid", 0}, {"guideGridHei", 0}, {"displayOpacity", 1}, {"inactiveOpacity", 1},
            {"hideInList", false}, {"hideFieldsWhenInactive", false}, {"canSelectWhenInactive", true}, {"renderInWorldView", true},
            {"pxOffsetX", 0}, {"pxOffsetY", 0}, {"parallaxFactorX", 0}, {"parallaxFactorY", 0}, {"parallaxScaling", true},
            {"requiredTags", ordered_json::array()}, {"excludedTags", ordered_json::array()}, {"autoTilesetDefUid", nullptr},
            {"tilesetDefUid", tilesetUid}, {"tilePivotX", 0}, {"tilePivotY", 0}, {"biomeFieldUid", nullptr},
            {"intGridValues", ordered_json::array()}, {"intGridValuesGroups", ordered_json::array()}, {"autoRuleGroups", ordered_json::array()},
            {"autoSourceLayerDefUid", nullptr}, {"uiFilterTags", ordered_json::array()}, {"useAsyncRender", false}};
}

ordered_json fieldDefJson(const FieldDef& f, bool reference) {
    const std::string ldtkType = f.type == "EntityRef" ? "F_EntityRef" : "F_" + f.type;
    return {{"identifier", f.name}, {"doc", nullptr}, {"__type", f.type}, {"uid", f.uid}, {"type", ldtkType}, {"isArray", false},
            {"canBeNull", true}, {"arrayMinLength", nullptr}, {"arrayMaxLength", nullptr},
            {"editorDisplayMode", reference ? "RefLinkBetweenCenters" : "Hidden"}, {"editorDisplayScale", 1}, {"editorDisplayPos", "Above"},
            {"editorLinkStyle", "StraightArrow"}, {"editorDisplayColor", nullptr}, {"editorAlwaysShow", false}, {"editorShowInWorld", true},
            {"editorCutLongValues", true}, {"editorTextSuffix", nullptr}, {"editorTextPrefix", nullptr}, {"useForSmartColor", false},
            {"exportToToc", false}, {"searchable", false}, {"min", nullptr}, {"max", nullptr}, {"regex", nullptr},
            {"acceptFileTypes", nullptr}, {"defaultOverride", nullptr}, {"textLanguageMode", nullptr}, {"symmetricalRef", reference},
            {"autoChainRef", false}, {"allowOutOfLevelRef", true}, {"allowedRefs", "Any"}, {"allowedRefsEntityUid", nullptr},
            {"allowedRefTags", ordered_json::array()}, {"tilesetUid", nullptr}};
}

ordered_json fieldInstance(const FieldDef& f, ordered_json value, const char* editor) {
    ordered_json editorValues = ordered_json::array();
    if (!value.is_null()) editorValues.push_back({{"id", editor}, {"params", {f.type == "EntityRef" ? value["entityIid"] : value}}});
    return {{"__identifier", f.name}, {"__type", f.type}, {"__value", value}, {"__tile", nullptr}, {"defUid", f.uid}, {"realEditorValues", editorValues}};
}

} // namespace burrow::ldtk
