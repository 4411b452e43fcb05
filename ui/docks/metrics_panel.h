#pragma once
// The current level judged where it is designed: its metrics from core's registry,
// each acceptance rule of the project with the value measured and a pass or fail
// mark, rules added and removed as undoable edits, and "Reroll until it passes",
// which tries the same attempts as `burrow generate --accept` (core's
// makeAcceptedLevel) and adopts the passing attempt's level seed. Measuring and
// rerolling run on a worker thread; a newer level or project drops older results.
#include <QPointer>
#include <QWidget>
#include <atomic>
#include <optional>

#include "analysis/acceptance.h"
#include "analysis/measure.h"
#include "content/acceptance_rules.h"
#include "document/background_jobs.h"
#include "document/level_facts.h"

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QTableWidget;

namespace burrow::ui {

class GenerationRunner;
class ProjectDocument;

class MetricsPanel : public QWidget {
    Q_OBJECT
public:
    MetricsPanel(ProjectDocument* document, GenerationRunner* runner, LevelFacts* facts, QWidget* parent = nullptr);
    ~MetricsPanel() override;

    // The level's measurement (the document's facts), or nullptr while there is none.
    const Measurement* measured() const { return facts_ ? facts_->measurement() : nullptr; }
    bool rerolling() const { return rerolling_; }
    // Undoable edits of the project's rules.
    void addRule(const AcceptanceRule& rule);
    void removeRule(int index);
    void rerollUntilItPasses();

signals:
    void measuredChanged();
    void rerollFinished(bool passed);

protected:
    void showEvent(QShowEvent* event) override;
    void hideEvent(QHideEvent* event) override;

private:
    void adoptReroll(const Project& project, const std::string& hash, const AcceptedLevel& kept);
    void showMetrics();
    void showRules();
    void addFromForm();

    ProjectDocument* document_;
    GenerationRunner* runner_;
    QPointer<LevelFacts> facts_;
    QTableWidget* metrics_;
    QTableWidget* rules_;
    QComboBox* metric_;
    QLineEdit* min_;
    QLineEdit* max_;
    QPushButton* remove_;
    QPushButton* reroll_;
    QLabel* status_;
    bool rerolling_ = false;
    // Last, so it goes first: rerolling until the level passes.
    BackgroundJobs rerollJobs_;
};

} // namespace burrow::ui
