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

void HeatLayer::compute(const Level& level, Heatmap kind, Connectivity movement) {
    show(kind, kind == Heatmap::None ? DistanceMap() : heatmapValues(level, kind, movement));
}

void HeatLayer::show(Heatmap kind, DistanceMap values) {
    kind_ = kind;
    imageDepth_ = -1;
    image_ = QImage();
    maximum_ = 0;
    distances_ = std::move(values);
    for (int z = 0; z < distances_.depthCount(); ++z)
        for (std::int32_t d : distances_.depth(z)) maximum_ = std::max(maximum_, static_cast<int>(d));
}

void HeatLayer::clear() { show(Heatmap::None, DistanceMap()); }

const QImage& HeatLayer::image(int depth) {
    if (kind_ == Heatmap::None || depth < 0 || depth >= distances_.depthCount()) {
        image_ = QImage();
        return image_;
    }
    if (depth == imageDepth_) return image_;
    const Grid<std::int32_t>& d = distances_.depth(depth);
    image_ = QImage(d.width(), d.height(), QImage::Format_ARGB32_Premultiplied);
    // The scale as a table: one colour lookup a cell.
    std::vector<QRgb> scale(static_cast<std::size_t>(maximum_) + 1);
    for (int v = 0; v <= maximum_; ++v) scale[static_cast<std::size_t>(v)] = qPremultiply(colourAt(maximum_ > 0 ? double(v) / maximum_ : 0).rgba());
    for (int y = 0; y < d.height(); ++y) {
        auto* line = reinterpret_cast<QRgb*>(image_.scanLine(y));
        const std::int32_t* row = d.row(y);
        for (int x = 0; x < d.width(); ++x) line[x] = row[x] >= 0 ? scale[static_cast<std::size_t>(row[x])] : 0u;
    }
    imageDepth_ = depth;
    return image_;
}

std::optional<int> HeatLayer::valueAt(const Cell& c) const {
    if (kind_ == Heatmap::None || c.z < 0 || c.z >= distances_.depthCount()) return std::nullopt;
    const Grid<std::int32_t>& d = distances_.depth(c.z);
    if (!d.contains(c.x, c.y) || d(c.x, c.y) < 0) return std::nullopt;
    return d(c.x, c.y);
}

} // namespace burrow::ui
