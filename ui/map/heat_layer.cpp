#include "map/heat_layer.h"

#include <algorithm>
#include <array>

namespace burrow::ui {

namespace {
// A perceptually even scale (after matplotlib's viridis, reversed): bright near,
// dark far, readable over both rock and floor at this opacity.
constexpr std::array<std::array<int, 3>, 5> kStops = {{{253, 231, 37}, {94, 201, 98}, {33, 145, 140}, {59, 82, 139}, {68, 1, 84}}};
constexpr int kAlpha = 170;
} // namespace

QColor HeatLayer::colourAt(double t) {
    t = std::clamp(t, 0.0, 1.0) * (kStops.size() - 1);
    const auto i = std::min<std::size_t>(static_cast<std::size_t>(t), kStops.size() - 2);
    const double f = t - static_cast<double>(i);
    const auto mix = [&](int k) { return static_cast<int>(kStops[i][k] + (kStops[i + 1][k] - kStops[i][k]) * f + 0.5); };
    return QColor(mix(0), mix(1), mix(2), kAlpha);
}

void HeatLayer::show(std::shared_ptr<const HeatValues> values) {
    if (values && values->kind == Heatmap::None) values.reset();
    if (values == values_) return;
    values_ = std::move(values);
    imageDepth_ = -1;
    image_ = QImage();
}

const QImage& HeatLayer::image(int depth) {
    if (!values_ || depth < 0 || depth >= values_->values.depthCount()) {
        image_ = QImage();
        return image_;
    }
    if (depth == imageDepth_) return image_;
    const Grid<std::int32_t>& d = values_->values.depth(depth);
    const int maximum = values_->maximum;
    image_ = QImage(d.width(), d.height(), QImage::Format_ARGB32_Premultiplied);
    // The scale as a table: one colour lookup a cell.
    std::vector<QRgb> scale(static_cast<std::size_t>(maximum) + 1);
    for (int v = 0; v <= maximum; ++v) scale[static_cast<std::size_t>(v)] = qPremultiply(colourAt(maximum > 0 ? double(v) / maximum : 0).rgba());
    for (int y = 0; y < d.height(); ++y) {
        auto* line = reinterpret_cast<QRgb*>(image_.scanLine(y));
        const std::int32_t* row = d.row(y);
        for (int x = 0; x < d.width(); ++x) line[x] = row[x] >= 0 ? scale[static_cast<std::size_t>(row[x])] : 0u;
    }
    imageDepth_ = depth;
    return image_;
}

std::optional<int> HeatLayer::valueAt(const Cell& c) const {
    if (!values_ || c.z < 0 || c.z >= values_->values.depthCount()) return std::nullopt;
    const Grid<std::int32_t>& d = values_->values.depth(c.z);
    if (!d.contains(c.x, c.y) || d(c.x, c.y) < 0) return std::nullopt;
    return d(c.x, c.y);
}

} // namespace burrow::ui
