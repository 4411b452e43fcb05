#pragma once
// The status bar's summary of the level: the project's name, then its size, seed and
// level hash. On a narrow window the name gives way first, cut short with an
// ellipsis: the hash, which a designer compares with `burrow stats`, stays whole.
#include <QLabel>

namespace burrow::ui {

class LevelSummaryLabel : public QLabel {
    Q_OBJECT
public:
    explicit LevelSummaryLabel(QWidget* parent = nullptr);

    // Shown as "name · details", the name cut first where the label is narrow.
    void setSummary(const QString& name, const QString& details);

    QSize sizeHint() const override;        // the whole summary
    QSize minimumSizeHint() const override; // the details, after an ellipsis

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    QString whole() const;
    void fit();

    QString name_, details_;
};

} // namespace burrow::ui
