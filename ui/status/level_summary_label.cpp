#include "status/level_summary_label.h"

#include <QResizeEvent>

namespace burrow::ui {
namespace {
const QString kSeparator = QStringLiteral(" · ");
const QString kEllipsis = QStringLiteral("…");
} // namespace

LevelSummaryLabel::LevelSummaryLabel(QWidget* parent) : QLabel(parent) {
    // Wide enough for the details, however long the name: the status bar's layout
    // then shrinks this label rather than clip it.
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Preferred);
}

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

QSize LevelSummaryLabel::minimumSizeHint() const {
    const QMargins m = contentsMargins();
    const QString least = name_.isEmpty() ? details_ : kEllipsis + kSeparator + details_;
    return {fontMetrics().horizontalAdvance(least) + m.left() + m.right() + 2 * margin(), QLabel::minimumSizeHint().height()};
}

void LevelSummaryLabel::resizeEvent(QResizeEvent* event) {
    QLabel::resizeEvent(event);
    fit();
}

// The name cut to what the width leaves after the details. setText() does not
// change the size hints (they are the summary's, not the text's), so this never
// asks the layout for another size.
void LevelSummaryLabel::fit() {
    if (name_.isEmpty()) {
        setText(details_);
        return;
    }
    const int width = contentsRect().width() - 2 * margin();
    if (fontMetrics().horizontalAdvance(whole()) <= width) { // measured whole: its parts' widths may round up past it
        setText(whole());
        return;
    }
    const int room = width - fontMetrics().horizontalAdvance(kSeparator + details_);
    QString name = fontMetrics().elidedText(name_, Qt::ElideRight, room);
    if (name.isEmpty()) name = kEllipsis;
    setText(name + kSeparator + details_);
}

} // namespace burrow::ui
