#pragma once
// What the editor shows about the current level besides its tiles, worked out once
// per change of the level, off the UI thread, for every widget that shows it:
// - the regions of each depth someone looks at (the map colours them, the legend
//   counts them, the status bar names the one under the cursor);
// - the heatmap the map shows (core's heatmapValues; those that play the bot's
//   games take seconds);
// - the measurement of the finished level (the Metrics panel and its acceptance
//   rules), while someone looks at it.
// No widget labels regions, works out a heatmap or measures the level itself: they
// read these, and redraw when told they changed.
//
// While the level changes (generated, scrubbed, painted), the regions of a depth
// keep the last labelling until the next one arrives (one labelling at a time, of
// the depth as it is when it starts), so stepping never waits on it; a level of
// another size drops them at once.
#include <QObject>
#include <QTimer>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "analysis/measure.h"
#include "document/background_jobs.h"
#include "document/heat_values.h"
#include "generation/cell_change.h"
#include "model/level.h"
#include "regions/region_map.h"

namespace burrow::ui {

class ProjectDocument;

class LevelFacts : public QObject {
    Q_OBJECT
public:
    explicit LevelFacts(ProjectDocument* document, QObject* parent = nullptr);
    ~LevelFacts() override;

    // The regions of depth z under the project's movement rule as last labelled, or
    // nothing before the first time. Asking is what labels them again when the depth
    // has changed since (only what someone shows is labelled), and regionsChanged(z)
    // says when they come (-1: every depth's may have changed, a new level).
    std::shared_ptr<const RegionRuns> regions(int z);

    // The heatmap `kind` of the level, or nothing until it is worked out: asking is
    // what starts it (at once for a kind not asked before; after a pause while the
    // level keeps changing, meanwhile the last one stays). heatmapChanged() says when
    // it comes; a kind asked for since is never shown stale.
    std::shared_ptr<const HeatValues> heatmap(Heatmap kind);
    bool heatWorking() const { return heatWorking_; }
    // Whether the last heatmap asked for was refused: the level has more cells than
    // are worked out live (its distances alone are four bytes a cell, besides the
    // copy of the level they are worked out on).
    bool heatTooLarge() const { return heatTooLarge_; }

    // Levels above this many cells get no live heatmap nor measurement (`burrow
    // stats` measures them); a test may lower it.
    static constexpr std::int64_t kLiveCells = 32'000'000;
    void setLiveCellLimit(std::int64_t cells) { liveCells_ = cells; }
    // Whether someone shows the measurement; while nobody does, nothing is measured.
    void setMeasuring(bool wanted);
    // The finished level's measurement (its warnings counted), or nullptr: while the
    // level is being made or measured, when nobody asked, or when it is too large.
    const Measurement* measurement() const { return measurement_ ? &*measurement_ : nullptr; }
    bool tooLargeToMeasure() const { return tooLarge_; }

    // Waits for the labelling and measuring under way and delivers their results
    // (tests, and anything that must show the facts of this very level).
    void settle();

signals:
    void regionsChanged(int depth);
    void heatmapChanged();
    void measurementChanged();

private:
    void levelReset();
    void cellsChanged(std::span<const CellChange> changes);
    void scheduleLabelling();
    void labelNext();
    void regionsLabelled(int depth, std::uint64_t change, std::shared_ptr<const RegionRuns> runs);
    void workOutHeatmap();
    void scheduleMeasuring();
    void measureNow();

    ProjectDocument* document_;
    // Per depth: its regions as last labelled, whether someone asked for them since,
    // and a count of its changes (a labelling is current when none came after its copy).
    struct Depth {
        std::shared_ptr<const RegionRuns> runs;
        bool wanted = false;
        std::uint64_t change = 1, labelled = 0;
    };
    std::vector<Depth> depths_;
    int width_ = -1, height_ = -1; // the level's size they are for
    bool labelling_ = false;
    QTimer labelTimer_;

    Heatmap heatKind_ = Heatmap::None;          // the kind asked for last
    std::shared_ptr<const HeatValues> heat_;     // of that kind, maybe of an older level
    std::uint64_t levelChange_ = 1, heatOf_ = 0; // changes of the level; the one heat_ is of
    bool heatWorking_ = false;
    bool heatTooLarge_ = false;
    QTimer heatTimer_;
    std::int64_t liveCells_ = kLiveCells;

    bool measuring_ = false;
    bool tooLarge_ = false;
    std::optional<Measurement> measurement_;
    QTimer measureTimer_;

    // Last, so they go first: a result never arrives in a half-destroyed object.
    BackgroundJobs labelJobs_;
    BackgroundJobs heatJobs_;
    BackgroundJobs measureJobs_;
};

} // namespace burrow::ui
