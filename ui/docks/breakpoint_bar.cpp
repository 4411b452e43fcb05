#include "docks/breakpoint_bar.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMouseEvent>
#include <QPainter>
#include <QPushButton>
#include <QVBoxLayout>
#include <memory>
#include <utility>

#include "analysis/breakpoints.h"
#include "document/generation_runner.h"
#include "document/project_document.h"
#include "pipeline/make_level.h"

namespace burrow::ui {

// The hits as ticks along the timeline's length; a click goes to the nearest.
class BreakpointBar::Ticks : public QWidget {
public:
    Ticks(BreakpointBar* bar, ProjectDocument* document) : QWidget(bar), bar_(bar), document_(document) {
        setObjectName("breakpointTicks");
        setFixedHeight(10);
        setToolTip(tr("Where breakpoints were hit on the timeline; click one to go back to it"));
    }
    double xOf(std::size_t step) const {
        const auto total = std::max<std::size_t>(1, document_->generation().timeline() ? document_->generation().timeline()->stepCount() : 1);
        return 4 + (width() - 8) * std::min(1.0, double(step) / double(total));
    }

protected:
    void paintEvent(QPaintEvent*) override {
        QPainter p(this);
        p.fillRect(rect(), palette().window());
        p.setPen(QPen(QColor(220, 60, 60), 2));
        for (std::size_t step : bar_->hits()) p.drawLine(QPointF(xOf(step), 0), QPointF(xOf(step), height()));
    }
    void mousePressEvent(QMouseEvent* event) override {
        std::optional<std::size_t> nearest;
        for (std::size_t step : bar_->hits())
            if (!nearest || std::abs(xOf(step) - event->position().x()) < std::abs(xOf(*nearest) - event->position().x())) nearest = step;
        if (nearest) document_->seek(*nearest);
    }

private:
    BreakpointBar* bar_;
    ProjectDocument* document_;
};

BreakpointBar::BreakpointBar(ProjectDocument* document, GenerationRunner* runner, QWidget* parent)
    : QWidget(parent), document_(document), runner_(runner), expression_(new QComboBox), run_(new QPushButton(tr("Run until"))),
      pick_(new QPushButton(tr("Pick cell"))), result_(new QLabel), ticks_(new Ticks(this, document)) {
    expression_->setObjectName("breakpoint");
    expression_->setEditable(true);
    // The expressions are `burrow generate --until`'s, so a breakpoint found here can be
    // typed there; each says in words what it waits for.
    const std::pair<const char*, QString> presets[] = {
        {"stage-end", tr("When a stage ends (stage-end:NAME: when that stage does)")},
        {"stage-start", tr("When a stage starts (stage-start:NAME: when that stage does)")},
        {"drone-dies", tr("When a drone stops digging")},
        {"regions-change", tr("When the number of separate walkable regions changes")},
        {"disconnect", tr("When the start and the exit stop being joined (disconnect:X,Y,Z:X,Y,Z: two cells of your own)")},
        {"metric:floor_share>0.4", tr("When a measure crosses a value: here, when more than 40% of the level is floor")},
        {"cell:0,0,0", tr("When the cell at x, y and depth changes (Pick cell chooses one on the map)")},
    };
    for (const auto& [expression, meaning] : presets) {
        expression_->addItem(QString::fromLatin1(expression));
        expression_->setItemData(expression_->count() - 1, meaning, Qt::ToolTipRole);
    }
    expression_->setToolTip(tr("Where to stop: stage-start[:NAME], stage-end[:NAME], drone-dies, regions-change, disconnect (the start and "
                               "exit) or disconnect:X,Y,Z:X,Y,Z, cell:X,Y,Z, metric:ID>VALUE or metric:ID<VALUE — as `burrow generate --until`"));
    run_->setObjectName("runUntil");
    run_->setToolTip(tr("Generate from this step until the breakpoint is hit"));
    pick_->setObjectName("pickCell");
    pick_->setCheckable(true);
    pick_->setToolTip(tr("Click a cell on the map to stop when it changes"));
    result_->setObjectName("breakpointResult");
    result_->setWordWrap(true);
    auto* row = new QHBoxLayout;
    row->addWidget(expression_, 1);
    row->addWidget(pick_);
    row->addWidget(run_);
    auto* column = new QVBoxLayout(this);
    column->setContentsMargins(0, 0, 0, 0);
    column->addLayout(row);
    column->addWidget(ticks_);
    column->addWidget(result_);
    connect(run_, &QPushButton::clicked, this, [this] { runUntil(); });
    connect(expression_->lineEdit(), &QLineEdit::returnPressed, this, [this] { runUntil(); });
    connect(pick_, &QPushButton::toggled, this, [this](bool on) {
        picking_ = on;
        emit pickingChanged(on);
    });
    connect(document_, &ProjectDocument::levelReset, ticks_, qOverload<>(&QWidget::update));
    connect(document_, &ProjectDocument::progressChanged, ticks_, qOverload<>(&QWidget::update));
}

BreakpointBar::~BreakpointBar() = default; // a search still running stops at its next step (search_)

QString BreakpointBar::result() const { return result_->text(); }

void BreakpointBar::cellPicked(const Cell& cell) {
    expression_->setEditText(QStringLiteral("cell:%1,%2,%3").arg(cell.x).arg(cell.y).arg(cell.z));
    pick_->setChecked(false);
}

void BreakpointBar::runUntil(const QString& text) {
    const std::string expression = (text.isEmpty() ? expression_->currentText() : text).trimmed().toStdString();
    std::string why;
    const auto breakpoint = parseBreakpoint(expression, why);
    if (!breakpoint) {
        result_->setText(tr("Not a breakpoint: %1").arg(QString::fromStdString(why)));
        return;
    }
    const Project project = document_->project();
    if (const auto problem = breakpointProblem(*breakpoint, project.recipe, project.size)) {
        result_->setText(tr("Never hits: %1").arg(QString::fromStdString(*problem)));
        return;
    }
    runner_->pause();
    // Hits belong to one project and seed: a new one starts a new list.
    const std::string hash = projectHash(project) + "/" + std::to_string(project.seed);
    if (hash != hitsHash_) {
        hits_.clear();
        hitsHash_ = hash;
    }
    const std::size_t from = document_->generation().stepsDone();
    search_.restart(); // an earlier search is dropped
    searching_ = true;
    run_->setEnabled(false);
    result_->setText(tr("Running until %1…").arg(QString::fromStdString(describeBreakpoint(*breakpoint))));
    struct Outcome {
        std::optional<std::size_t> step;
        QString what;
    };
    search_.run(
        [project, from, bp = *breakpoint](const std::atomic<bool>& stop) {
            Outcome out;
            try {
                LevelBuild build(project, project.seed);
                while (!stop && build.generation().stepsDone() < from && build.step()) {}
                if (stop) return out;
                if (const auto hit = burrow::runUntil(build, {bp}, &stop)) {
                    out.step = hit->step;
                    out.what = QString::fromStdString(hit->stage + ": " + hit->what);
                }
            } catch (const std::exception& e) {
                out.what = QString::fromStdString(e.what());
            }
            return out;
        },
        [this](Outcome out) { finished(out.step, out.what); });
}

void BreakpointBar::finished(std::optional<std::size_t> step, QString what) {
    searching_ = false;
    run_->setEnabled(true);
    if (!step) {
        result_->setText(what.isEmpty() ? tr("Not hit: generation ran to the end") : what);
        return;
    }
    document_->seek(*step);
    if (std::find(hits_.begin(), hits_.end(), *step) == hits_.end()) hits_.push_back(*step);
    result_->setText(tr("Stopped at step %1, in %2").arg(*step).arg(what));
    ticks_->update();
}

} // namespace burrow::ui
