#pragma once
// How a prefab group places its prefabs, set without JSON: the quarter turns it may
// use, whether mirrored copies may be used too, on the floor or carved into the
// rock, the longest tunnel that joins an opening to the area, and how far apart its
// prefabs stay. Shown in the Population dock for a prefab group; each change is one
// undoable edit there.
#include <QWidget>
#include <array>
#include <functional>

#include "content/population_rules.h"

class QCheckBox;
class QComboBox;
class QSpinBox;

namespace burrow::ui {

class PrefabPlacementForm : public QWidget {
    Q_OBJECT
public:
    explicit PrefabPlacementForm(QWidget* parent = nullptr);
    void show(const PopulationGroup& group);

signals:
    void placementEdited(const QString& what, const std::function<void(burrow::PopulationGroup&)>& change);

private:
    void turnsToggled();

    std::array<QCheckBox*, 4> turns_{}; // 0, 90, 180, 270 degrees
    QCheckBox* mirror_;
    QComboBox* placement_;
    QSpinBox* tunnel_;
    QSpinBox* spacing_;
    bool showing_ = false;
};

} // namespace burrow::ui
