#pragma once
// The editor's status bar: the cell under the cursor, the zoom and the level's
// summary, and which of them gives way on a narrow window.
// - A message (where an export went, a warning) is worth more than the summary: when
//   the two do not fit side by side, the summary steps aside while the message shows,
//   rather than cut it to "Exported to /work/m".
// - The cell under the cursor is worth more than the project's name: the summary gives
//   its name's room to the cell's text, never its size, seed or hash.
// - The level's warnings: the first, with how many more, as a message for a while; all
//   of them, a line each, in the bar's tooltip for as long as the level has them.
#include <QObject>
#include <QString>
#include <vector>

#include "generation/stage_warning.h"

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
    // The level shown now has these: gone once an edit or an undo leaves none (not left
    // standing until the message times out).
    void showWarnings(const std::vector<StageWarning>& warnings);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void messageChanged(const QString& message);
    void fit();

    QStatusBar* bar_;
    QLabel* cell_;
    ZoomButton* zoom_;
    LevelSummaryLabel* summary_;
    QString shownWarning_; // the warnings line last put in the bar
};

} // namespace burrow::ui
