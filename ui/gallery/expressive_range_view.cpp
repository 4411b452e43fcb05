#include "gallery/expressive_range_view.h"

#include <QMouseEvent>
#include <QPainter>
#include <algorithm>
#include <cmath>

#include "content/metric_catalog.h"

namespace burrow::ui {

namespace {
constexpr int kMargin = 4;
constexpr int kMarginal = 28; // the 1D histograms' depth
constexpr int kLabel = 16;    // a line of axis text

QString number(double v) { return QString::number(v, 'g', 4); }
} // namespace

ExpressiveRangeView::ExpressiveRangeView(QWidget* parent) : QWidget(parent) {
    setObjectName("expressiveRange");
    setToolTip(tr("How the seeds spread over two metrics: darker bins hold more seeds. Click a bin to show only its seeds."));
}

void ExpressiveRangeView::setSeeds(std::vector<SeedResult> results, std::size_t xMetric, std::size_t yMetric, std::optional<std::uint64_t> current) {
    results_ = std::move(results);
    current_ = current;
    chosen_.reset();
    const SeedsSummary summary = summariseSeeds(results_, {{xMetric, yMetric}});
    pair_ = summary.pairs.empty() ? PairSummary{xMetric, yMetric, {}, {}, {}} : summary.pairs.front();
    const auto& catalog = metricCatalog();
    setToolTip(tr("How the seeds spread over two metrics: darker bins hold more seeds. Click a bin to show only its seeds.\n\n"
                  "Across: %1 (%2): %3\nUp: %4 (%5): %6")
                   .arg(QString::fromStdString(catalog[xMetric].name), QString::fromStdString(catalog[xMetric].id), QString::fromStdString(catalog[xMetric].definition),
                        QString::fromStdString(catalog[yMetric].name), QString::fromStdString(catalog[yMetric].id),
                        QString::fromStdString(catalog[yMetric].definition)));
    const std::size_t columns = pair_.xBins.counts.size(), rows = pair_.yBins.counts.size();
    xCounts_.assign(columns, 0);
    yCounts_.assign(rows, 0);
    for (std::size_t r = 0; r < rows; ++r)
        for (std::size_t c = 0; c < columns; ++c) {
            xCounts_[c] += pair_.counts[r * columns + c];
            yCounts_[r] += pair_.counts[r * columns + c];
        }
    update();
}

std::vector<std::uint64_t> ExpressiveRangeView::seedsIn(int xBin, int yBin) const {
    std::vector<std::uint64_t> seeds;
    for (const SeedResult& r : results_) {
        if (!r.error.empty() || pair_.counts.empty()) continue;
        const double x = r.values[pair_.x], y = r.values[pair_.y];
        if (!std::isnan(x) && !std::isnan(y) && pair_.xBins.binOf(x) == xBin && pair_.yBins.binOf(y) == yBin) seeds.push_back(r.seed);
    }
    return seeds;
}

void ExpressiveRangeView::setChosenBin(std::optional<std::pair<int, int>> bin) {
    chosen_ = bin;
    update();
}

QRectF ExpressiveRangeView::plotRect() const {
    // Two lines of text left of the plot (the y range, then its metric) as below it.
    return QRectF(kMargin + 2 * kLabel, kMargin + kMarginal, width() - 2 * kMargin - 2 * kLabel - kMarginal, height() - 2 * kMargin - kMarginal - 2 * kLabel);
}

QRectF ExpressiveRangeView::binRect(int xBin, int yBin) const {
    const QRectF plot = plotRect();
    const auto columns = static_cast<double>(std::max<std::size_t>(1, pair_.xBins.counts.size()));
    const auto rows = static_cast<double>(std::max<std::size_t>(1, pair_.yBins.counts.size()));
    const double w = plot.width() / columns, h = plot.height() / rows;
    // The lowest y bin at the bottom, as on any chart.
    return QRectF(plot.left() + xBin * w, plot.bottom() - (yBin + 1) * h, w, h);
}

void ExpressiveRangeView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), palette().base());
    const QRectF plot = plotRect();
    const QColor ink = palette().text().color();
    if (pair_.counts.empty()) {
        p.setPen(ink);
        p.drawText(rect(), Qt::AlignCenter | Qt::TextWordWrap, tr("No seed has both metrics yet"));
        return;
    }
    const int columns = static_cast<int>(pair_.xBins.counts.size()), rows = static_cast<int>(pair_.yBins.counts.size());
    const int most = std::max(1, *std::max_element(pair_.counts.begin(), pair_.counts.end()));
    const QColor full = palette().highlight().color();
    // Bins: the more seeds, the stronger the colour (an empty bin is the background).
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < columns; ++c) {
            const int n = pair_.counts[static_cast<std::size_t>(r * columns + c)];
            if (n == 0) continue;
            QColor colour = full;
            colour.setAlphaF(0.2f + 0.8f * static_cast<float>(n) / static_cast<float>(most));
            p.fillRect(binRect(c, r), colour);
        }
    p.setPen(QPen(ink, 1));
    p.drawRect(plot);
    // Each metric's own histogram: along the top for x, down the right for y.
    const int mostX = std::max(1, *std::max_element(xCounts_.begin(), xCounts_.end()));
    const int mostY = std::max(1, *std::max_element(yCounts_.begin(), yCounts_.end()));
    for (int c = 0; c < columns; ++c) {
        const QRectF bin = binRect(c, 0);
        const double h = (kMarginal - 2) * static_cast<double>(xCounts_[static_cast<std::size_t>(c)]) / mostX;
        p.fillRect(QRectF(bin.left(), plot.top() - 1 - h, bin.width() - 0.5, h), full);
    }
    for (int r = 0; r < rows; ++r) {
        const QRectF bin = binRect(0, r);
        const double w = (kMarginal - 2) * static_cast<double>(yCounts_[static_cast<std::size_t>(r)]) / mostY;
        p.fillRect(QRectF(plot.right() + 1, bin.top(), w, bin.height() - 0.5), full);
    }
    if (chosen_) {
        p.setPen(QPen(ink, 2));
        p.drawRect(binRect(chosen_->first, chosen_->second));
    }
    // The current seed, ringed where it falls.
    if (current_)
        for (const SeedResult& r : results_)
            if (r.error.empty() && (r.seed == *current_ || r.levelSeed == *current_) && !std::isnan(r.values[pair_.x]) && !std::isnan(r.values[pair_.y])) {
                const QRectF bin = binRect(pair_.xBins.binOf(r.values[pair_.x]), pair_.yBins.binOf(r.values[pair_.y]));
                p.setPen(QPen(QColor(220, 40, 40), 2));
                p.drawEllipse(bin.center(), std::max(4.0, bin.width() * 0.6), std::max(4.0, bin.height() * 0.6));
                break;
            }
    drawAxes(p, plot, ink);
}

// Each metric's range beside the plot and its name one line further out (a short
// plot has no room for both on one line: at 1024 x 700 they overlapped).
void ExpressiveRangeView::drawAxes(QPainter& p, const QRectF& plot, const QColor& ink) {
    p.setPen(ink);
    const auto& catalog = metricCatalog();
    const double xHi = pair_.xBins.whole ? pair_.xBins.hi - 1 : pair_.xBins.hi, yHi = pair_.yBins.whole ? pair_.yBins.hi - 1 : pair_.yBins.hi;
    const QRectF below(plot.left(), plot.bottom() + 2, plot.width(), kLabel);
    p.drawText(below, Qt::AlignLeft | Qt::AlignVCenter, number(pair_.xBins.lo));
    p.drawText(below, Qt::AlignRight | Qt::AlignVCenter, number(xHi));
    const QString xName = QString::fromStdString(catalog[pair_.x].name), yName = QString::fromStdString(catalog[pair_.y].name);
    p.drawText(below.translated(0, kLabel), Qt::AlignHCenter | Qt::AlignVCenter, p.fontMetrics().elidedText(xName, Qt::ElideRight, static_cast<int>(plot.width())));
    p.save();
    p.translate(plot.left() - 2, plot.bottom());
    p.rotate(-90);
    const QRectF range(0, -kLabel, plot.height(), kLabel);
    p.drawText(range, Qt::AlignLeft | Qt::AlignVCenter, number(pair_.yBins.lo));
    p.drawText(range, Qt::AlignRight | Qt::AlignVCenter, number(yHi));
    p.drawText(range.translated(0, -kLabel), Qt::AlignHCenter | Qt::AlignVCenter, p.fontMetrics().elidedText(yName, Qt::ElideRight, static_cast<int>(plot.height())));
    p.restore();
}

void ExpressiveRangeView::mousePressEvent(QMouseEvent* event) {
    std::optional<std::pair<int, int>> hit;
    for (int r = 0; r < static_cast<int>(pair_.yBins.counts.size()) && !hit; ++r)
        for (int c = 0; c < static_cast<int>(pair_.xBins.counts.size()); ++c)
            if (binRect(c, r).contains(event->position())) {
                hit = std::pair{c, r};
                break;
            }
    chosen_ = hit == chosen_ ? std::nullopt : hit;
    update();
    emit seedsChosen(chosen_ ? seedsIn(chosen_->first, chosen_->second) : std::vector<std::uint64_t>{});
}

} // namespace burrow::ui
