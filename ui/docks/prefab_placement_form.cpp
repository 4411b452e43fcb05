#include "docks/prefab_placement_form.h"

#include <QCheckBox>
#include <QComboBox>
#include <QGridLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSpinBox>
#include <algorithm>

#include "content/prefab_group_json.h"

namespace burrow::ui {

PrefabPlacementForm::PrefabPlacementForm(QWidget* parent)
    : QWidget(parent), mirror_(new QCheckBox(tr("mirrored too"), this)), placement_(new QComboBox(this)), tunnel_(new QSpinBox(this)),
      spacing_(new QSpinBox(this)) {
    setObjectName("prefabPlacement");
    auto* grid = new QGridLayout(this);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->addWidget(new QLabel(tr("Turns"), this), 0, 0);
    for (int quarter = 0; quarter < 4; ++quarter) {
        turns_[static_cast<std::size_t>(quarter)] = new QCheckBox(QStringLiteral("%1°").arg(quarter * 90), this);
        turns_[static_cast<std::size_t>(quarter)]->setObjectName(QStringLiteral("turn%1").arg(quarter * 90));
        grid->addWidget(turns_[static_cast<std::size_t>(quarter)], 0, quarter + 1);
        connect(turns_[static_cast<std::size_t>(quarter)], &QCheckBox::toggled, this, &PrefabPlacementForm::turnsToggled);
    }
    turns_[0]->setToolTip(tr("The turns a placed prefab may take, chosen at random among those ticked (at least one)"));
    mirror_->setObjectName("prefabMirror");
    mirror_->setToolTip(tr("Also place the prefab mirrored left to right (then turned)"));
    placement_->setObjectName("prefabWhere");
    placement_->addItem(tr("on the floor"), static_cast<int>(PrefabPlacement::Floor));
    placement_->addItem(tr("carved into the rock"), static_cast<int>(PrefabPlacement::Rock));
    placement_->setToolTip(tr("On free walkable cells, or carved into the rock beside the area and joined to it by its openings"));
    tunnel_->setObjectName("prefabTunnel");
    tunnel_->setRange(0, kMaxPrefabTunnel);
    tunnel_->setSuffix(tr(" cells"));
    tunnel_->setKeyboardTracking(false);
    tunnel_->setToolTip(tr("The longest tunnel dug to join an opening of a prefab carved into the rock to its area"));
    spacing_->setObjectName("prefabSpacing");
    spacing_->setRange(0, kMaxPrefabSpacing);
    spacing_->setSuffix(tr(" cells"));
    spacing_->setSpecialValueText(tr("may touch"));
    spacing_->setKeyboardTracking(false);
    spacing_->setToolTip(tr("The fewest cells between two of the group's prefabs; where there is no such place, fewer are placed and a warning says so"));
    grid->addWidget(mirror_, 1, 0, 1, 2);
    grid->addWidget(placement_, 1, 2, 1, 3);
    grid->addWidget(new QLabel(tr("Tunnel up to"), this), 2, 0, 1, 2);
    grid->addWidget(tunnel_, 2, 2, 1, 3);
    grid->addWidget(new QLabel(tr("Apart by"), this), 3, 0, 1, 2);
    grid->addWidget(spacing_, 3, 2, 1, 3);
    connect(mirror_, &QCheckBox::toggled, this, [this](bool on) {
        if (!showing_) emit placementEdited(tr("Change mirroring"), [on](PopulationGroup& g) { g.mirror = on; });
    });
    connect(placement_, &QComboBox::currentIndexChanged, this, [this] {
        const auto where = static_cast<PrefabPlacement>(placement_->currentData().toInt());
        if (!showing_) emit placementEdited(tr("Change placement"), [where](PopulationGroup& g) { g.placement = where; });
    });
    connect(tunnel_, &QSpinBox::valueChanged, this, [this](int cells) {
        if (!showing_) emit placementEdited(tr("Change tunnel"), [cells](PopulationGroup& g) { g.tunnel = cells; });
    });
    connect(spacing_, &QSpinBox::valueChanged, this, [this](int cells) {
        if (!showing_) emit placementEdited(tr("Change spacing"), [cells](PopulationGroup& g) { g.spacing = cells; });
    });
}

void PrefabPlacementForm::show(const PopulationGroup& group) {
    showing_ = true;
    for (int quarter = 0; quarter < 4; ++quarter) {
        QCheckBox* box = turns_[static_cast<std::size_t>(quarter)];
        const QSignalBlocker block(box);
        box->setChecked(std::find(group.quarterTurns.begin(), group.quarterTurns.end(), quarter) != group.quarterTurns.end());
    }
    mirror_->setChecked(group.mirror);
    placement_->setCurrentIndex(placement_->findData(static_cast<int>(group.placement)));
    tunnel_->setValue(group.tunnel);
    tunnel_->setEnabled(group.placement == PrefabPlacement::Rock);
    spacing_->setValue(group.spacing);
    showing_ = false;
}

// The ticked turns become the group's; none ticked is not a rule (the reader refuses
// it), so the last tick stays.
void PrefabPlacementForm::turnsToggled() {
    if (showing_) return;
    std::vector<int> quarters;
    for (int quarter = 0; quarter < 4; ++quarter)
        if (turns_[static_cast<std::size_t>(quarter)]->isChecked()) quarters.push_back(quarter);
    if (quarters.empty()) {
        for (QCheckBox* box : turns_)
            if (box == sender()) {
                const QSignalBlocker block(box);
                box->setChecked(true);
            }
        return;
    }
    emit placementEdited(tr("Change turns"), [quarters](PopulationGroup& g) { g.quarterTurns = quarters; });
}

} // namespace burrow::ui
