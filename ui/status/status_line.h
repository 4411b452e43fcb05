#pragma once
// The editor's status bar: the cell under the cursor, the zoom and the level's
// summary, and which of them gives way on a narrow window.
// - A message (where an export went, a warning) is worth more than the summary: when
//   the two do not fit side by side, the summary steps aside while the message shows,
//   rather than cut it to "Exported to /work/m".
// - The cell under the cursor is worth more than the project's name: the summary gives
//   its name's room to the cell's text, never its size, seed or hash.
#include <QObject>
#include <QString>

class QLabel;
class QStatusBar;

namespace burrow::ui {

class LevelSummaryLabel;
class MapView;
class ZoomButton;

class StatusLine : public QObject {
    Q_OBJECT
public:
    StatusLine(QStatusBar* bar, MapView* view);

    void showCell(const QString& text); // empty: the cursor is off the level
    // "name · details"; `tip` says more on hover.
    void showSummary(const QString& name, const QString& details, const QString& tip);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void messageChanged(const QString& message);
    void fit();

    QStatusBar* bar_;
    QLabel* cell_;
    ZoomButton* zoom_;
    LevelSummaryLabel* summary_;
};

} // namespace burrow::ui
