#include "docks/room_graph_canvas.h"

#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <algorithm>
#include <cmath>

namespace burrow::ui {

namespace {
constexpr double kRadius = 13.0;
constexpr int kRowHeight = 52;    // between rows, when there is room
constexpr int kTightRowHeight = 36; // the least: a disc and its label
constexpr int kMargin = 22;
const QColor kBackground(24, 24, 28);

double distanceToSegment(QPointF p, QPointF a, QPointF b) {
    const QPointF ab = b - a;
    const double length = QPointF::dotProduct(ab, ab);
    const double t = length > 0 ? std::clamp(QPointF::dotProduct(p - a, ab) / length, 0.0, 1.0) : 0.0;
    const QPointF nearest = a + t * ab;
    return std::hypot(p.x() - nearest.x(), p.y() - nearest.y());
}

// The room's colour says what it is for: the start green, the exit gold, a boss red,
// treasure amber; others grey.
QColor roomColour(const RoomNode& node) {
    if (node.hasTag("start")) return QColor(70, 160, 90);
    if (node.hasTag("exit")) return QColor(200, 170, 60);
    if (node.hasTag("boss")) return QColor(180, 60, 60);
    if (node.hasTag("treasure")) return QColor(200, 120, 40);
    return QColor(95, 100, 110);
}

// A label on a patch of the canvas's own colour, so a join drawn under it does not
// cross its letters (in a narrow dock, joins run under the names of the rooms).
void drawLabel(QPainter& painter, const QRectF& box, int flags, const QString& text) {
    const QRectF used = painter.boundingRect(box, flags, text).adjusted(-2, 0, 2, 0);
    painter.save();
    painter.setPen(Qt::NoPen);
    painter.setBrush(kBackground);
    painter.drawRoundedRect(used, 3, 3);
    painter.restore();
    painter.drawText(box, flags, text);
}
} // namespace

RoomGraphCanvas::RoomGraphCanvas(QWidget* parent) : QWidget(parent) {
    setObjectName("roomGraphCanvas");
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
}

void RoomGraphCanvas::setGraph(const RoomGraph& graph) {
    graph_ = graph;
    if (graph_.nodeIndex(room_) < 0) room_.clear();
    if (join_ >= static_cast<int>(graph_.edges.size())) join_ = -1;
    layOut();
    updateGeometry();
    update();
}

void RoomGraphCanvas::pickRoom(const std::string& id) {
    room_ = id;
    join_ = -1;
    update();
}

void RoomGraphCanvas::pickJoin(int index) {
    join_ = index;
    room_.clear();
    update();
}

QPointF RoomGraphCanvas::roomCentre(const std::string& id) const {
    const int i = graph_.nodeIndex(id);
    return i >= 0 && static_cast<std::size_t>(i) < centres_.size() ? centres_[static_cast<std::size_t>(i)] : QPointF();
}

int RoomGraphCanvas::rowCount() const { return rows_.empty() ? 1 : *std::max_element(rows_.begin(), rows_.end()) + 1; }

QSize RoomGraphCanvas::sizeHint() const { return {240, 2 * kMargin + (rowCount() - 1) * kRowHeight + 10}; }

QSize RoomGraphCanvas::minimumSizeHint() const { return {160, 2 * kMargin + (rowCount() - 1) * kTightRowHeight + 10}; }

// Rows by joins from the start room (breadth first), rooms spread along their row in
// the order the graph lists them; a room no join reaches goes on a row of its own.
void RoomGraphCanvas::layOut() {
    const std::size_t n = graph_.nodes.size();
    rows_.assign(n, -1);
    centres_.assign(n, QPointF());
    if (n == 0) return;
    std::vector<int> queue{graph_.startNode()};
    rows_[static_cast<std::size_t>(queue[0])] = 0;
    for (std::size_t head = 0; head < queue.size(); ++head)
        for (const RoomEdge& e : graph_.edges) {
            const int a = graph_.nodeIndex(e.from), b = graph_.nodeIndex(e.to), at = queue[head];
            const int other = a == at ? b : b == at ? a : -1;
            if (other < 0 || rows_[static_cast<std::size_t>(other)] >= 0) continue;
            rows_[static_cast<std::size_t>(other)] = rows_[static_cast<std::size_t>(at)] + 1;
            queue.push_back(other);
        }
    const int apart = *std::max_element(rows_.begin(), rows_.end()) + 1;
    for (int& r : rows_)
        if (r < 0) r = apart;
    const double usable = std::max(40, width() - 2 * kMargin);
    // Rows as far apart as the height allows, up to kRowHeight.
    const double rowHeight = rowCount() > 1 ? std::clamp((height() - 2.0 * kMargin - 10) / (rowCount() - 1), double(kTightRowHeight), double(kRowHeight)) : 0.0;
    for (int row = 0; row < rowCount(); ++row) {
        std::vector<std::size_t> here;
        for (std::size_t i = 0; i < n; ++i)
            if (rows_[i] == row) here.push_back(i);
        for (std::size_t k = 0; k < here.size(); ++k) {
            // Alternate rows shift a little, so a join between rooms two rows apart
            // does not run through the room between them.
            const double shift = (row % 2 ? 0.12 : 0.0) * usable / static_cast<double>(here.size() + 1);
            const double x = kMargin + usable * static_cast<double>(k + 1) / static_cast<double>(here.size() + 1) + shift;
            centres_[here[k]] = QPointF(x, kMargin + row * rowHeight);
        }
    }
}

void RoomGraphCanvas::resizeEvent(QResizeEvent*) { layOut(); }

void RoomGraphCanvas::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing, true);
    painter.fillRect(rect(), kBackground);
    QFont small = font();
    small.setPointSizeF(std::max(7.0, small.pointSizeF() - 1));
    painter.setFont(small);
    for (std::size_t i = 0; i < graph_.edges.size(); ++i) {
        const RoomEdge& e = graph_.edges[i];
        const QPointF a = roomCentre(e.from), b = roomCentre(e.to);
        const bool locked = e.kind == RoomEdge::Kind::Locked;
        QPen pen(locked ? QColor(255, 208, 64) : QColor(170, 170, 180), static_cast<int>(i) == join_ ? 4 : 2);
        if (e.kind == RoomEdge::Kind::Corridor) pen.setStyle(Qt::DashLine);
        painter.setPen(pen);
        painter.drawLine(a, b);
    }
    // The locks' names after every join, so no later join crosses one.
    painter.setPen(QColor(255, 208, 64));
    for (const RoomEdge& e : graph_.edges)
        if (e.kind == RoomEdge::Kind::Locked) {
            const QPointF middle = (roomCentre(e.from) + roomCentre(e.to)) / 2;
            drawLabel(painter, QRectF(middle - QPointF(40, 14), QSizeF(80, 12)), Qt::AlignCenter, QString::fromStdString(e.lock));
        }
    for (std::size_t i = 0; i < graph_.nodes.size(); ++i) {
        const RoomNode& node = graph_.nodes[i];
        const bool picked = node.id == room_;
        painter.setPen(QPen(picked ? Qt::white : QColor(40, 40, 46), picked ? 3 : 1));
        painter.setBrush(roomColour(node));
        painter.drawEllipse(centres_[i], kRadius, kRadius);
        painter.setPen(QColor(230, 230, 230));
        const QString label = painter.fontMetrics().elidedText(QString::fromStdString(node.id), Qt::ElideRight, 80);
        drawLabel(painter, QRectF(centres_[i] + QPointF(-45, kRadius + 1), QSizeF(90, 14)), Qt::AlignHCenter | Qt::AlignTop, label);
    }
}

void RoomGraphCanvas::mousePressEvent(QMouseEvent* event) {
    const QPointF p = event->position();
    for (std::size_t i = 0; i < graph_.nodes.size(); ++i)
        if (std::hypot(p.x() - centres_[i].x(), p.y() - centres_[i].y()) <= kRadius + 2) {
            pickRoom(graph_.nodes[i].id);
            emit roomPicked(QString::fromStdString(room_));
            return;
        }
    for (std::size_t i = 0; i < graph_.edges.size(); ++i)
        if (distanceToSegment(p, roomCentre(graph_.edges[i].from), roomCentre(graph_.edges[i].to)) <= 5) {
            pickJoin(static_cast<int>(i));
            emit joinPicked(join_);
            return;
        }
}

} // namespace burrow::ui
