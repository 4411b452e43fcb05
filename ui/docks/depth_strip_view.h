#pragma once
// The Depths dock's picture: every depth as a thumbnail, as large as the dock lets
// them be (they grow with it, and wrap into rows when it is tall rather than wide;
// past a readable minimum the strip scrolls), the depth shown framed. The stairs
// are drawn on them with the map's marks, and each pair is linked by a line from
// its end on one depth to its end on the next, so how the depths join reads at a
// glance (faint where the depths lie side by side and every link would cross both
// pictures; the depth under the pointer brings its links out). A click, or an arrow
// key, picks the depth the map shows.
#include <QImage>
#include <QWidget>
#include <vector>

namespace burrow {
class Level;
}

namespace burrow::ui {

class DepthStripView : public QWidget {
    Q_OBJECT
public:
    explicit DepthStripView(QWidget* parent = nullptr);

    // The level shown (not owned: it must outlive the view or be replaced). Pictures
    // of depths it had before stay until redraw(); new ones are drawn at once.
    void setLevel(const Level* level);
    // Draws the thumbnails of the depths marked again (their cells changed).
    void redraw(const std::vector<bool>& depths);
    // Lays the thumbnails out for the room the strip has (its parent's, in a scroll
    // area; call when that changes).
    void layOut();
    void setCurrent(int depth);
    int current() const { return current_; }
    int count() const;

    // Where depth z's thumbnail is, in the view's pixels, and the picture drawn there.
    QRect thumbnailRect(int depth) const;
    const QImage& thumbnail(int depth) const;
    // Where the middle of cell (x, y) is drawn on depth z's thumbnail.
    QPointF onThumbnail(int depth, double x, double y) const;

    // The smallest a thumbnail gets before the strip scrolls instead, and the
    // largest (past it, a bigger dock gives room, not detail).
    static constexpr int kMinThumb = 48;
    static constexpr int kMaxThumb = 360;

signals:
    void depthChosen(int depth);

protected:
    bool event(QEvent* event) override;
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void leaveEvent(QEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;

private:
    // Rows and columns of thumbnails and their size, for the room the view has.
    struct Layout {
        int columns = 1;
        QSize thumb;
    };
    Layout fit(QSize room) const;
    int depthAt(QPoint pixel) const;
    void drawStairs(QPainter& painter) const;
    void drawLabels(QPainter& painter) const;
    void choose(int depth);

    const Level* level_ = nullptr;
    int current_ = 0;
    int hovered_ = -1; // the depth under the pointer: its links stand out
    Layout layout_;
    std::vector<QImage> thumbnails_;
};

} // namespace burrow::ui
