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
inline void fillMetricChoices(QComboBox* box, bool withSeed, const char* chosen) {
    if (withSeed) box->addItem(QObject::tr("seed"), -1);
    for (std::size_t i = 0; i < metricCatalog().size(); ++i)
        if (metricCatalog()[i].cost <= MetricCost::Search) {
            box->addItem(QString::fromStdString(metricCatalog()[i].id), static_cast<int>(i));
            box->setItemData(box->count() - 1, QString::fromStdString(metricCatalog()[i].name + ": " + metricCatalog()[i].definition), Qt::ToolTipRole);
        }
    box->setCurrentIndex(std::max(0, box->findText(chosen)));
}

} // namespace burrow::ui
