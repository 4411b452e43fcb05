#include "status/level_summary_label.h"

#include <QResizeEvent>
#include <algorithm>

namespace burrow::ui {
namespace {
const QString kSeparator = QStringLiteral(" · ");
const QString kEllipsis = QStringLiteral("…");
constexpr int kMostCharactersLeast = 80; // the least width, in average characters, however long the details
} // namespace

LevelSummaryLabel::LevelSummaryLabel(QWidget* parent) : QLabel(parent) {}

void LevelSummaryLabel::setSummary(const QString& name, const QString& details) {
    if (name == name_ && details == details_) return;
    name_ = name;
    details_ = details;
    updateGeometry();
    fit();
}

QString LevelSummaryLabel::whole() const { return name_.isEmpty() ? details_ : name_ + kSeparator + details_; }

QSize LevelSummaryLabel::sizeHint() const {
    const QMargins m = contentsMargins();
    return {fontMetrics().horizontalAdvance(whole()) + m.left() + m.right() + 2 * margin(), QLabel::sizeHint().height()};
}

// The details after an ellipsis, but never wider than a few dozen characters: a seed
// typed as a long text is cut in its middle rather than widen the window past the screen.
QSize LevelSummaryLabel::minimumSizeHint() const {
    const QMargins m = contentsMargins();
    const QString least = name_.isEmpty() ? details_ : kEllipsis + kSeparator + details_;
    const int width = std::min(fontMetrics().horizontalAdvance(least), kMostCharactersLeast * fontMetrics().averageCharWidth());
    return {width + m.left() + m.right() + 2 * margin(), QLabel::minimumSizeHint().height()};
}

void LevelSummaryLabel::resizeEvent(QResizeEvent* event) {
    QLabel::resizeEvent(event);
    fit();
}

// The name cut to what the width leaves after the details, or, where even they do
// not fit, the details cut in the middle. setText() does not change the size hints
// (they are the summary's, not the text's), so this never asks for another size.
void LevelSummaryLabel::fit() {
    const int width = contentsRect().width() - 2 * margin();
    if (fontMetrics().horizontalAdvance(whole()) <= width) { // measured whole: its parts' widths may round up past it
        setText(whole());
        return;
    }
    if (name_.isEmpty() || fontMetrics().horizontalAdvance(kEllipsis + kSeparator + details_) > width) {
        // Not even the details fit (a long seed): cut them in the middle, which keeps
        // the size first and the hash last.
        setText(fontMetrics().elidedText(details_, Qt::ElideMiddle, width));
        return;
    }
    QString name = fontMetrics().elidedText(name_, Qt::ElideRight, width - fontMetrics().horizontalAdvance(kSeparator + details_));
    if (name.isEmpty()) name = kEllipsis;
    setText(name + kSeparator + details_);
}

} // namespace burrow::ui
