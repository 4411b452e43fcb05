#include "status/status_line.h"

#include <QEvent>
#include <QLabel>
#include <QStatusBar>
#include <QStringList>
#include <algorithm>

#include "map/zoom_button.h"
#include "status/level_summary_label.h"

namespace burrow::ui {
namespace {
constexpr int kSpacing = 40;                    // the status bar's margins and gaps, generously
constexpr int kWarningShownMs = 8000;           // how long the first warning stays as the message
constexpr std::size_t kMostWarningsListed = 30; // in the tooltip; then "and N more"
} // namespace

StatusLine::StatusLine(QStatusBar* bar, MapView* view)
    : QObject(bar), bar_(bar), cell_(new QLabel(bar)), zoom_(new ZoomButton(view, bar)), summary_(new LevelSummaryLabel(bar)) {
    cell_->setObjectName("cellLabel");
    cell_->setMinimumWidth(1); // cut at its end where room is short; it never widens the window
    summary_->setObjectName("levelLabel");
    bar_->addWidget(cell_, 1);
    // The zoom at the end, where it stays put while the summary gives way.
    bar_->addPermanentWidget(summary_);
    bar_->addPermanentWidget(zoom_);
    connect(bar_, &QStatusBar::messageChanged, this, &StatusLine::messageChanged);
    bar_->installEventFilter(this);
}

void StatusLine::showCell(const QString& text) {
    cell_->setText(text);
    fit();
}

void StatusLine::showSummary(const QString& name, const QString& details, const QString& tip) {
    summary_->setSummary(name, details);
    summary_->setToolTip(tip);
    fit();
}

void StatusLine::showWarnings(const std::vector<StageWarning>& warnings) {
    const QString line = QString::fromStdString(warningsSummary(warnings));
    if (!line.isEmpty()) bar_->showMessage(line, kWarningShownMs);
    else if (!shownWarning_.isEmpty() && bar_->currentMessage() == shownWarning_) bar_->clearMessage();
    shownWarning_ = line;
    QStringList all;
    for (std::size_t i = 0; i < warnings.size() && i < kMostWarningsListed; ++i) all << QString::fromStdString(warnings[i].text());
    if (warnings.size() > kMostWarningsListed) all << tr("and %1 more").arg(warnings.size() - kMostWarningsListed);
    bar_->setToolTip(all.join('\n'));
}

bool StatusLine::eventFilter(QObject* watched, QEvent* event) {
    if (watched == bar_ && event->type() == QEvent::Resize) fit();
    return QObject::eventFilter(watched, event);
}

void StatusLine::messageChanged(const QString& message) {
    const int room = bar_->width() - zoom_->sizeHint().width() - summary_->sizeHint().width() - kSpacing;
    summary_->setVisible(message.isEmpty() || bar_->fontMetrics().horizontalAdvance(message) <= room);
}

// The summary as wide as the cell's text leaves it, between its least (the details
// after an ellipsis) and its whole.
void StatusLine::fit() {
    const int cell = cell_->text().isEmpty() ? 0 : cell_->fontMetrics().horizontalAdvance(cell_->text());
    const int room = bar_->width() - zoom_->sizeHint().width() - cell - kSpacing;
    summary_->setMaximumWidth(std::clamp(room, summary_->minimumSizeHint().width(), summary_->sizeHint().width()));
}

} // namespace burrow::ui
