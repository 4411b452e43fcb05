#pragma once
// The room graph drawn in the graph dock: rooms as discs in rows by how many joins
// they are from the start room, joins as lines (a door drawn solid, a corridor
// dashed, a locked join in gold with its lock's name). A click picks a room or a
// join; the dock edits what is picked. It draws the graph it is given and nothing
// else.
#include <QWidget>
#include <optional>
#include <vector>

#include "structure/room_graph.h"

namespace burrow::ui {

class RoomGraphCanvas : public QWidget {
    Q_OBJECT
public:
    explicit RoomGraphCanvas(QWidget* parent = nullptr);

    void setGraph(const RoomGraph& graph);
    // What is picked: a room by id, or a join by index (one at a time).
    void pickRoom(const std::string& id);
    void pickJoin(int index);
    const std::string& pickedRoom() const { return room_; }
    int pickedJoin() const { return join_; }
    // Where a room is drawn (for tests and hit tests).
    QPointF roomCentre(const std::string& id) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    void roomPicked(const QString& id);
    void joinPicked(int index);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void layOut();
    int rowCount() const;

    RoomGraph graph_;
    std::vector<QPointF> centres_; // by node index
    std::vector<int> rows_;        // by node index: joins from the start
    std::string room_;
    int join_ = -1;
};

} // namespace burrow::ui
