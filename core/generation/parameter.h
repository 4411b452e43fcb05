#pragma once
// Stage parameters described as data, so the editor builds its forms and the
// project loader validates files from one description, with no per-stage code.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "model/tile_kinds.h"

namespace burrow {

// Prefab: the id of one of the project's prefabs (a wave function collapse sample);
// RoomGraph: the id of one of the project's room graphs. Whether it names one is the
// project's to check, as the level's kinds are.
enum class ParamType { Int, Real, Bool, Choice, IntSet, Prefab, RoomGraph };

// A Choice that names a tile kind ("hall_tile") lists the built-ins it makes sense
// for; the project's own kinds may be chosen too, when they fit: any of them, or only
// those a player can walk (a hallway of lava would join nothing).
enum class ProjectKinds { None, Walkable, Any };

// Int and Real: a number. Bool: a flag. Choice: one of a few words. IntSet: a set of
// small integers such as the neighbour counts at which a cave cell is born.
using ParamValue = std::variant<std::int64_t, double, bool, std::string, std::vector<int>>;

struct ParamSpec {
    std::string key;   // as written in the project file: "wall_chance"
    std::string label; // as shown in the editor: "Wall chance"
    ParamType type = ParamType::Int;
    ParamValue defaultValue;
    double min = 0;    // Int / Real: the allowed range; IntSet: the allowed members
    double max = 0;
    std::vector<std::string> choices; // Choice only
    std::string help;  // one line, shown as a tooltip
    ProjectKinds projectKinds = ProjectKinds::None; // Choice of a tile kind only
};

// A Choice's allowed words with `kinds`: its own choices, then the project's kinds
// that fit it (in the order the project defines them).
std::vector<std::string> allowedChoices(const ParamSpec& spec, const TileKinds& kinds = builtInTileKinds());
// "a whole number between 1 and 100", "one of \"plus\", \"square\"", ...
std::string expectedValue(const ParamSpec& spec, const TileKinds& kinds = builtInTileKinds());
// Describes a value that does not fit its spec, or nothing when it fits. Tile kind
// choices are checked against `kinds`, the project's.
std::optional<std::string> paramValueError(const ParamSpec& spec, const ParamValue& value, const TileKinds& kinds = builtInTileKinds());
std::string describeParamValue(const ParamValue& value);

class ParamValues {
public:
    ParamValues() = default;
    // Every parameter at its default.
    static ParamValues defaults(const std::vector<ParamSpec>& specs);

    bool has(const std::string& key) const { return values_.count(key) != 0; }
    const ParamValue& get(const std::string& key) const; // throws std::out_of_range naming the key
    void set(const std::string& key, ParamValue value) { values_[key] = std::move(value); }

    int integer(const std::string& key) const;
    double real(const std::string& key) const;
    bool flag(const std::string& key) const;
    const std::string& choice(const std::string& key) const;
    const std::vector<int>& intSet(const std::string& key) const;
    // A tile kind choice as a tile of `kinds` (values passed paramValueError with them).
    Tile tile(const std::string& key, const TileKinds& kinds) const;

    const std::map<std::string, ParamValue>& all() const { return values_; }
    friend bool operator==(const ParamValues&, const ParamValues&) = default;

private:
    std::map<std::string, ParamValue> values_;
};

// Helpers so a stage's parameter list reads like a table.
ParamSpec intParam(std::string key, std::string label, int value, int min, int max, std::string help);
ParamSpec realParam(std::string key, std::string label, double value, double min, double max, std::string help);
ParamSpec boolParam(std::string key, std::string label, bool value, std::string help);
ParamSpec choiceParam(std::string key, std::string label, std::string value, std::vector<std::string> choices, std::string help);
// A choice of tile kind: `choices` are built-in ids; `project` says which of the
// project's own kinds are allowed besides.
ParamSpec tileParam(std::string key, std::string label, std::string value, std::vector<std::string> choices, ProjectKinds project, std::string help);
// The id of a prefab of the project's; "" until the designer picks one.
ParamSpec prefabParam(std::string key, std::string label, std::string help);
ParamSpec roomGraphParam(std::string key, std::string label, std::string help);
ParamSpec setParam(std::string key, std::string label, std::vector<int> value, int min, int max, std::string help);

} // namespace burrow
