#pragma once
// The templates tab: every template the rules know (theirs and the defaults), each
// field editable: glyph, colour (#rrggbb), kind, HP, attack, defense, speed and the
// behaviours as text ("chase 6, wander", "stationary, spread 0.02 5"). A default
// that is changed is saved with the rules. A value that does not parse turns red
// and is not applied.
#include <QTableWidget>
#include <functional>
#include <optional>

#include "content/population_rules.h"

namespace burrow::ui {

// "chase 6, wander, spread 0.02 5, stationary" <-> behaviours; nothing when it does not parse.
std::optional<std::vector<Behaviour>> behavioursFromText(const QString& text);
QString behavioursText(const std::vector<Behaviour>& behaviours);

class TemplatesTable : public QTableWidget {
    Q_OBJECT
public:
    explicit TemplatesTable(QWidget* parent = nullptr);
    void show(const PopulationRules& rules);
    // The name of the row chosen ("" for none), and choosing a row by name.
    QString chosenName() const;
    void choose(const QString& name);

signals:
    // Change template `name` (copying the default into the rules when needed).
    void templateEdited(const QString& what, const std::string& name, const std::function<void(EntityTemplate&)>& change);

private:
    void cellEdited(int row, int column);
    bool loading_ = false;
    bool sized_ = false; // the columns fitted to their contents (once)
};

} // namespace burrow::ui
