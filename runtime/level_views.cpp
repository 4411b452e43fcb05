#include "level_views.h"

#include <type_traits>
#include <variant>

#include "handles.h"

namespace burrow::runtime {
namespace {

burrow_kind kindView(const TileKind& k) {
    return {k.id.c_str(), k.name.c_str(),  static_cast<unsigned char>(k.glyph), k.colour, k.background,
            k.walkable ? 1 : 0, k.transparent ? 0 : 1, k.diggable ? 1 : 0};
}

burrow_property propertyView(const Property& p, const std::string& text) {
    burrow_property view{p.name.c_str(), BURROW_PROPERTY_STRING, 0, 0.0, text.c_str()};
    std::visit(
        [&](const auto& v) {
            using T = std::decay_t<decltype(v)>;
            if constexpr (std::is_same_v<T, bool>) {
                view.type = BURROW_PROPERTY_BOOL;
                view.int_value = v ? 1 : 0;
                view.float_value = v ? 1.0 : 0.0;
            } else if constexpr (std::is_same_v<T, std::int64_t>) {
                view.type = BURROW_PROPERTY_INT;
                view.int_value = v;
                view.float_value = static_cast<double>(v);
            } else if constexpr (std::is_same_v<T, double>) {
                view.type = BURROW_PROPERTY_FLOAT;
                // Truncated toward zero, clamped so a huge float stays defined behaviour.
                view.int_value = v >= 9.2e18 ? INT64_MAX : v <= -9.2e18 ? INT64_MIN : v == v ? static_cast<std::int64_t>(v) : 0;
                view.float_value = v;
            }
        },
        p.value);
    return view;
}

burrow_thing thingView(const Level& level, const Entity& e) {
    burrow_thing view{};
    view.template_name = e.templateName.c_str();
    view.x = e.at.x;
    view.y = e.at.y;
    view.z = e.at.z;
    if (const EntityTemplate* t = level.findTemplate(e.templateName)) {
        view.kind = entityKindId(t->kind);
        view.glyph = static_cast<unsigned char>(t->glyph);
        view.colour = t->colour;
        view.hp = t->maxHp;
        view.attack = t->attack;
        view.defense = t->defense;
        view.speed = t->speed;
    } else {
        view.kind = "creature"; // a finished level resolves every template; kept defined regardless
        view.glyph = '?';
    }
    return view;
}

} // namespace

void buildLevelViews(burrow_level& l) {
    const Level& level = l.level;
    for (const TileKind& k : level.kinds.all()) l.kinds.push_back(kindView(k));

    l.things.reserve(level.entities.size());
    l.thingProperties.resize(level.entities.size());
    for (std::size_t i = 0; i < level.entities.size(); ++i) {
        const Entity& e = level.entities[i];
        auto& properties = l.thingProperties[i];
        for (const Property& p : e.properties) properties.push_back(propertyView(p, l.propertyTexts.emplace_back(propertyText(p.value))));
        burrow_thing view = thingView(level, e);
        view.property_count = static_cast<int>(properties.size());
        view.properties = properties.empty() ? nullptr : properties.data();
        l.things.push_back(view);
    }

    for (const StairsPair& s : level.stairs) l.stairs.push_back({s.x, s.y, s.upperDepth, s.upperDepth + 1});
    for (const StageWarning& w : l.warnings) l.warningTexts.push_back(w.text());
}

} // namespace burrow::runtime
