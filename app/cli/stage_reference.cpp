#include "cli/stage_reference.h"

namespace burrow::cli {
namespace {

std::string typeWord(const ParamSpec& spec) {
    switch (spec.type) {
    case ParamType::Int: return "whole number";
    case ParamType::Real: return "number";
    case ParamType::Bool: return "true/false";
    case ParamType::Choice: return "choice";
    case ParamType::IntSet: return "list of whole numbers";
    case ParamType::Prefab: return "prefab id";
    case ParamType::RoomGraph: return "room graph id";
    }
    return "";
}

std::string rangeText(const ParamSpec& spec) {
    const auto number = [](double v) {
        std::string text = describeParamValue(ParamValue{v});
        return text;
    };
    switch (spec.type) {
    case ParamType::Int:
    case ParamType::Real:
    case ParamType::IntSet: return number(spec.min) + " … " + number(spec.max);
    case ParamType::Choice: {
        std::string text;
        for (const auto& c : spec.choices) text += (text.empty() ? "" : ", ") + c;
        if (spec.projectKinds == ProjectKinds::Walkable) text += ", or a walkable kind of the project's own";
        if (spec.projectKinds == ProjectKinds::Any) text += ", or a kind of the project's own";
        return text;
    }
    case ParamType::Bool: return "";
    case ParamType::Prefab: return "the id of one of the project's prefabs";
    case ParamType::RoomGraph: return "the id of one of the project's room graphs";
    }
    return "";
}

} // namespace

std::string stageReferenceText(const StageCatalog& catalog) {
    std::string text;
    for (const StageType& type : catalog.types()) {
        text += type.id + " — " + type.technique + "\n";
        for (const ParamSpec& spec : type.params)
            text += "    " + spec.key + " = " + describeParamValue(spec.defaultValue) + "  (" + typeWord(spec) +
                    (rangeText(spec).empty() ? "" : ", " + rangeText(spec)) + ")  " + spec.help + "\n";
        text += "\n";
    }
    return text;
}

std::string stageReferenceMarkdown(const StageCatalog& catalog) {
    std::string text;
    for (const StageType& type : catalog.types()) {
        text += "### `" + type.id + "` — " + type.label + "\n\n" + type.technique + ".\n\n";
        text += "| parameter | type | default | range | meaning |\n|---|---|---|---|---|\n";
        for (const ParamSpec& spec : type.params)
            text += "| `" + spec.key + "` | " + typeWord(spec) + " | `" + describeParamValue(spec.defaultValue) + "` | " +
                    rangeText(spec) + " | " + spec.help + " |\n";
        text += "\n";
    }
    return text;
}

} // namespace burrow::cli
