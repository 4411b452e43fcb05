#include "map/entity_looks.h"

#include "content/population_rules.h"

namespace burrow::ui {

namespace {
QString describe(const EntityTemplate& t) {
    QString text = QStringLiteral("%1 '%2' — %3, %4 HP, attack %5, defense %6")
                       .arg(QString::fromStdString(t.name))
                       .arg(QChar::fromLatin1(t.glyph))
                       .arg(entityKindId(t.kind))
                       .arg(t.maxHp)
                       .arg(t.attack)
                       .arg(t.defense);
    for (const Behaviour& b : t.behaviours) {
        switch (b.type) {
        case Behaviour::Type::Chase: text += QStringLiteral(", chases within %1%2").arg(b.radius).arg(b.sight ? QStringLiteral(" or in sight") : QString()); break;
        case Behaviour::Type::Wander: text += QStringLiteral(", wanders"); break;
        case Behaviour::Type::Spread: text += QStringLiteral(", spreads (%1 a turn, %2 times)").arg(b.chance).arg(b.limit); break;
        case Behaviour::Type::Stationary: text += QStringLiteral(", stays put"); break;
        }
    }
    return text;
}
} // namespace

EntityLooks entityLooks(const PopulationRules* rules) {
    EntityLooks looks;
    auto add = [&](const EntityTemplate& t) {
        if (!looks.count(t.name)) looks[t.name] = {QChar::fromLatin1(t.glyph), QColor::fromRgb(t.colour), describe(t)};
    };
    if (rules)
        for (const auto& t : rules->templates) add(t);
    for (const auto& t : defaultTemplates()) add(t);
    return looks;
}

} // namespace burrow::ui
