#include "docks/metrics_panel.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTableWidget>
#include <QUndoStack>
#include <QVBoxLayout>
#include <cmath>

#include "analysis/acceptance.h"
#include "commands/acceptance_command.h"
#include "commands/setting_commands.h"
#include "docks/metric_text.h"
#include "document/generation_runner.h"
#include "document/project_document.h"
#include "generation/stop_flag.h"
#include "project/project.h"

namespace burrow::ui {
namespace {

// A bound as typed: empty is none; anything else must be a number.
std::optional<std::optional<double>> bound(const QString& text) {
    if (text.trimmed().isEmpty()) return std::optional<double>();
    bool ok = false;
    const double v = text.trimmed().toDouble(&ok);
    if (!ok || !std::isfinite(v)) return std::nullopt;
    return std::optional<double>(v);
}

QTableWidgetItem* cell(const QString& text, const QString& tip = {}) {
    auto* item = new QTableWidgetItem(text);
    item->setFlags(item->flags() & ~Qt::ItemIsEditable);
    if (!tip.isEmpty()) item->setToolTip(tip);
    return item;
}

} // namespace

MetricsPanel::MetricsPanel(ProjectDocument* document, GenerationRunner* runner, LevelFacts* facts, QWidget* parent)
    : QWidget(parent), document_(document), runner_(runner), facts_(facts), metrics_(new QTableWidget(this)), rules_(new QTableWidget(this)),
      metric_(new QComboBox(this)), min_(new QLineEdit(this)), max_(new QLineEdit(this)), remove_(new QPushButton(tr("Remove"), this)),
      reroll_(new QPushButton(tr("Reroll until it passes"), this)), status_(new QLabel(this)) {
    metrics_->setObjectName("level-metrics");
    metrics_->setColumnCount(2);
    metrics_->setHorizontalHeaderLabels({tr("Metric"), tr("Value")});
    metrics_->verticalHeader()->hide();
    metrics_->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6); // a list to read, not a form
    metrics_->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    for (std::size_t i = 0; i < metricCatalog().size(); ++i) {
        const MetricInfo& m = metricCatalog()[i];
        if (m.cost > MetricCost::Search) continue;
        const int row = metrics_->rowCount();
        metrics_->insertRow(row);
        const QString tip = QString::fromStdString(m.id + " (" + m.unit + "): " + m.definition);
        metrics_->setItem(row, 0, cell(QString::fromStdString(m.name), tip));
        metrics_->setItem(row, 1, cell(QStringLiteral("—"), tip));
        metrics_->item(row, 0)->setData(Qt::UserRole, static_cast<int>(i));
    }
    rules_->setObjectName("level-rules");
    rules_->setColumnCount(2);
    rules_->setHorizontalHeaderLabels({tr("Rule"), tr("This level")});
    rules_->verticalHeader()->hide();
    rules_->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    rules_->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    rules_->setSelectionBehavior(QAbstractItemView::SelectRows);
    rules_->setMaximumHeight(150);
    fillMetricChoices(metric_, false, "reachable_share");
    metric_->setToolTip(tr("The metric a new rule bounds"));
    min_->setPlaceholderText(tr("min"));
    max_->setPlaceholderText(tr("max"));
    min_->setToolTip(tr("The least value a level may have (empty: no least)"));
    max_->setToolTip(tr("The most a level may have (empty: no most)"));
    auto* add = new QPushButton(tr("Add rule"), this);
    add->setObjectName("add-rule");
    add->setToolTip(tr("Every level must meet it: the gallery marks seeds by it, generate --accept and Reroll keep only levels that pass"));
    remove_->setToolTip(tr("Remove the chosen rule"));
    reroll_->setObjectName("reroll-until-passes");
    reroll_->setToolTip(tr("Try this seed's attempts as burrow generate --accept does, and keep the first level that passes every rule"));
    status_->setWordWrap(true);
    status_->setObjectName("rules-status");

    auto* form = new QHBoxLayout;
    form->addWidget(metric_, 2);
    form->addWidget(min_, 1);
    form->addWidget(max_, 1);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(add);
    buttons->addWidget(remove_);
    buttons->addWidget(reroll_, 1);
    auto* column = new QVBoxLayout(this);
    column->setContentsMargins(4, 4, 4, 4);
    column->addWidget(new QLabel(tr("Acceptance rules")));
    column->addWidget(rules_);
    column->addLayout(form);
    column->addLayout(buttons);
    column->addWidget(status_);
    column->addWidget(metrics_, 1);

    connect(add, &QPushButton::clicked, this, &MetricsPanel::addFromForm);
    connect(remove_, &QPushButton::clicked, this, [this] { removeRule(rules_->currentRow()); });
    connect(reroll_, &QPushButton::clicked, this, &MetricsPanel::rerollUntilItPasses);
    connect(facts_, &LevelFacts::measurementChanged, this, [this] {
        showMetrics();
        showRules();
        emit measuredChanged();
    });
    connect(document_, &ProjectDocument::recipeChanged, this, &MetricsPanel::showRules);
    showRules();
}

// The level is measured while someone looks at its metrics, and only then.
MetricsPanel::~MetricsPanel() {
    if (facts_) facts_->setMeasuring(false);
}

void MetricsPanel::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    facts_->setMeasuring(true);
}

void MetricsPanel::hideEvent(QHideEvent* event) {
    QWidget::hideEvent(event);
    facts_->setMeasuring(false);
}

void MetricsPanel::showMetrics() {
    for (int row = 0; row < metrics_->rowCount(); ++row) {
        const auto metric = static_cast<std::size_t>(metrics_->item(row, 0)->data(Qt::UserRole).toInt());
        metrics_->item(row, 1)->setText(measured() ? metricValueText(metric, (*measured())[metric]) : QStringLiteral("—"));
    }
}

void MetricsPanel::showRules() {
    const Acceptance& acceptance = document_->project().acceptance;
    rules_->setRowCount(static_cast<int>(acceptance.rules.size()));
    int broken = 0;
    for (std::size_t i = 0; i < acceptance.rules.size(); ++i) {
        const AcceptanceRule& rule = acceptance.rules[i];
        QString verdict = QStringLiteral("—");
        if (const Measurement* level = measured()) {
            // Each rule alone, so every rule shows its own value, not only the first broken.
            const RuleVerdict v = judge(Acceptance{{rule}, 1}, *level);
            const auto index = metricIndex(rule.metric);
            const QString value = index && !rule.depth && !rule.eachDepth ? metricValueText(*index, (*level)[*index]) : QString();
            verdict = v.passed() ? QStringLiteral("✓ %1").arg(value) : QStringLiteral("✗ %1").arg(QString::fromStdString(v.broken));
            broken += !v.passed();
        }
        const int row = static_cast<int>(i);
        rules_->setItem(row, 0, cell(QString::fromStdString(describeRule(rule))));
        rules_->setItem(row, 1, cell(verdict.trimmed()));
        rules_->item(row, 1)->setForeground(verdict.startsWith(QChar(0x2717)) ? QColor(220, 60, 60) : palette().color(QPalette::Text));
    }
    remove_->setEnabled(!acceptance.rules.empty());
    reroll_->setEnabled(!acceptance.rules.empty() && !rerolling_);
    if (rerolling_) return;
    if (facts_->tooLargeToMeasure()) status_->setText(tr("This level is too large to measure live: `burrow stats` measures it."));
    else if (acceptance.rules.empty()) status_->setText(tr("No rules: add one, and every level is judged by it."));
    else if (measured())
        status_->setText(broken == 0 ? tr("This level passes every rule.")
                                     : tr("This level breaks %n rule(s); Reroll tries up to %1 attempts of this seed.", nullptr, broken).arg(acceptance.attempts));
}

void MetricsPanel::addFromForm() {
    const auto lo = bound(min_->text()), hi = bound(max_->text());
    if (!lo || !hi || (!*lo && !*hi) || (*lo && *hi && **lo > **hi)) {
        status_->setText(tr("A rule needs a least or a most value (numbers), the least not above the most."));
        return;
    }
    addRule({metricCatalog()[static_cast<std::size_t>(metric_->currentData().toInt())].id, *lo, *hi, std::nullopt, false});
    min_->clear();
    max_->clear();
}

void MetricsPanel::addRule(const AcceptanceRule& rule) {
    Acceptance after = document_->project().acceptance;
    after.rules.push_back(rule);
    document_->undoStack()->push(new AcceptanceCommand(document_, after, tr("Add rule %1").arg(QString::fromStdString(describeRule(rule)))));
}

void MetricsPanel::removeRule(int index) {
    Acceptance after = document_->project().acceptance;
    if (index < 0 || index >= static_cast<int>(after.rules.size())) return;
    const AcceptanceRule gone = after.rules[static_cast<std::size_t>(index)];
    after.rules.erase(after.rules.begin() + index);
    document_->undoStack()->push(new AcceptanceCommand(document_, after, tr("Remove rule %1").arg(QString::fromStdString(describeRule(gone)))));
}

void MetricsPanel::rerollUntilItPasses() {
    if (rerolling_ || document_->project().acceptance.rules.empty()) return;
    rerolling_ = true;
    reroll_->setEnabled(false);
    const int attempts = document_->project().acceptance.attempts;
    status_->setText(tr("Trying up to %1 attempts of this seed...").arg(attempts));
    auto project = std::make_shared<Project>(document_->project());
    rerollJobs_.run(
        [project](const std::atomic<bool>& stop) {
            StopWhenFlagged closing(stop); // the editor closing stops a long reroll where it is
            return makeAcceptedLevel(*project, project->seed, {}, &closing); // as generate --accept
        },
        [this, project, hash = projectHash(*project)](AcceptedLevel kept) { adoptReroll(*project, hash, kept); });
}

// The level a reroll found, adopted only for the project it was worked out for.
void MetricsPanel::adoptReroll(const Project& project, const std::string& hash, const AcceptedLevel& kept) {
    rerolling_ = false;
    const int attempts = project.acceptance.attempts;
    if (hash != projectHash(document_->project()) || project.seed != document_->project().seed) {
        status_->setText(tr("The project changed while rerolling: nothing adopted."));
    } else if (kept.accepted) {
        status_->setText(kept.attempt == 1 ? tr("This seed's own level passes.")
                                           : tr("Attempt %1 passes: its level seed %2 is now the project's seed.").arg(kept.attempt).arg(kept.levelSeed));
        if (kept.levelSeed != document_->project().seed) {
            document_->undoStack()->push(new SeedCommand(document_, kept.levelSeed, {}));
            runner_->generateToEnd();
        }
    } else {
        status_->setText(tr("None of %1 attempts passes; the closest, attempt %2, breaks %3").arg(attempts).arg(kept.attempt).arg(QString::fromStdString(kept.broken)));
    }
    showRules();
    emit rerollFinished(kept.accepted);
}

} // namespace burrow::ui
