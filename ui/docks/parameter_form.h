#pragma once
// A form for one stage's parameters, built from its parameter descriptions: spin
// boxes with the allowed range, check boxes, choice lists, and a row of toggles for
// sets such as born/survive. The one-line help is each field's tooltip. Values out
// of range cannot be entered; cross-field problems (min above max) show in red.
#include <QStringList>
#include <QWidget>

#include "generation/stage.h"

class QFormLayout;
class QLabel;

namespace burrow::ui {

class ParameterForm : public QWidget {
    Q_OBJECT
public:
    explicit ParameterForm(QWidget* parent = nullptr);

    // Shows `type`'s parameters with `values` for a level of `size` (which bounds the
    // work a stage may ask for) in a project of `kinds` (tile choices list its own
    // kinds that fit), `prefabs` (a sample lists them) and `roomGraphs` (the ids a
    // room_graph stage picks from); nullptr clears the form.
    void show(const StageType* type, const ParamValues& values, LevelSize size = {}, const TileKinds& kinds = builtInTileKinds(),
              const std::vector<Prefab>& prefabs = {}, const std::vector<std::string>& roomGraphs = {});
    const ParamValues& values() const { return values_; }

signals:
    // A field changed and the values pass every check.
    void valuesEdited(const burrow::ParamValues& values);
    // "Draw the Graph..." beside a room graph choice: the designer wants to edit it.
    void roomGraphRequested(const QString& graph);

private:
    QWidget* makeField(const ParamSpec& spec);
    QWidget* makeNumberField(const ParamSpec& spec, const ParamValue& value);
    QWidget* makeListField(const std::string& key, const QStringList& items, const QStringList& notes, const std::string& current, const QString& none);
    QWidget* makeSetField(const ParamSpec& spec, const std::vector<int>& members);
    void showValue(const ParamSpec& spec);
    void changed(const std::string& key, ParamValue value);

    QFormLayout* layout_;
    QLabel* problems_;
    const StageType* type_ = nullptr;
    ParamValues values_;
    LevelSize size_;
    TileKinds kinds_;
    std::vector<Prefab> prefabs_;
    std::vector<std::string> roomGraphs_;
};

} // namespace burrow::ui
