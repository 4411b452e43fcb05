#pragma once
// How the docks that judge levels (the seed gallery, the current level's metrics
// and rules) write a metric's value and list the metrics they measure.
#include <QComboBox>
#include <QString>
#include <cmath>

#include "content/metric_catalog.h"

namespace burrow::ui {

inline QString metricValueText(std::size_t metric, double value) {
    if (std::isnan(value)) return QStringLiteral("—");
    const MetricInfo& info = metricCatalog()[metric];
    if (info.unit == "share") return QString::number(value, 'f', 2);
    return QString::number(value, 'g', 4);
}

// The metrics measured live (cheap and search; bot games take seconds a level), by id,
// the metric's index as the item's data; optionally "seed" first (data -1).
// The metrics a level is measured by, by their names (their ids and definitions as
// tooltips), each item's data its index in the catalog (-1: the seed); `chosen` is an id.
inline void fillMetricChoices(QComboBox* box, bool withSeed, const char* chosen) {
    // As narrow as ten letters (the list opens wide): the longest name would widen the
    // dock column, and the map would lose its share of the window.
    box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    box->setMinimumContentsLength(10);
    if (withSeed) box->addItem(QObject::tr("Seed"), -1);
    int chosenIndex = -1;
    for (std::size_t i = 0; i < metricCatalog().size(); ++i) {
        const MetricInfo& m = metricCatalog()[i];
        if (m.cost > MetricCost::Search) continue;
        box->addItem(QString::fromStdString(m.name), static_cast<int>(i));
        box->setItemData(box->count() - 1, QString::fromStdString(m.id + " (" + m.unit + "): " + m.definition), Qt::ToolTipRole);
        if (m.id == chosen) chosenIndex = static_cast<int>(i);
    }
    box->setCurrentIndex(std::max(0, box->findData(chosenIndex)));
}

} // namespace burrow::ui
