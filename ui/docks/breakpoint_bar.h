#pragma once
// Run until: a breakpoint the core offers (the same expressions as `burrow generate
// --until`: stage-start[:NAME], stage-end[:NAME], drone-dies, regions-change,
// disconnect[:X,Y,Z:X,Y,Z], cell:X,Y,Z, metric:ID>VALUE), run to from the current
// step. The search runs on a worker thread in a fresh generation of the same project
// and seed — which makes the same steps, so it stops where the command line stops —
// and the editor then moves its timeline there. Each hit is ticked on a strip as
// long as the timeline; a click on a tick goes back to it. "Pick cell" takes the
// next cell clicked on the map for cell:X,Y,Z.
#include <QWidget>
#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "document/background_jobs.h"
#include "model/level.h"

class QComboBox;
class QLabel;
class QPushButton;

namespace burrow::ui {

class GenerationRunner;
class ProjectDocument;

class BreakpointBar : public QWidget {
    Q_OBJECT
public:
    BreakpointBar(ProjectDocument* document, GenerationRunner* runner, QWidget* parent = nullptr);
    ~BreakpointBar() override;

    // Runs to the next hit of `expression` (the text box's, when empty).
    void runUntil(const QString& expression = {});
    bool searching() const { return searching_; }
    const std::vector<std::size_t>& hits() const { return hits_; }
    QString result() const;
    // The next map click picks the cell for cell:X,Y,Z (the main window forwards clicks).
    bool picking() const { return picking_; }
    void cellPicked(const Cell& cell);

signals:
    void pickingChanged(bool picking);

private:
    class Ticks;
    void finished(std::optional<std::size_t> step, QString what);

    ProjectDocument* document_;
    GenerationRunner* runner_;
    QComboBox* expression_;
    QPushButton* run_;
    QPushButton* pick_;
    QLabel* result_;
    Ticks* ticks_;
    std::vector<std::size_t> hits_;
    std::string hitsHash_; // the project and seed the hits belong to
    bool searching_ = false;
    bool picking_ = false;
    BackgroundJobs search_; // one search at a time; a new one drops the last
};

} // namespace burrow::ui
