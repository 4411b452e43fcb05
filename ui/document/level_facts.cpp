#include "document/level_facts.h"

#include <QCoreApplication>
#include <algorithm>

#include "document/project_document.h"

namespace burrow::ui {

namespace {
constexpr int kMeasurePauseMs = 250; // levels change in bursts while stepping: measure once they settle
constexpr int kHeatPauseMs = 300;    // a heatmap searches the whole level: after a burst of steps, not per step
} // namespace

LevelFacts::LevelFacts(ProjectDocument* document, QObject* parent) : QObject(parent), document_(document) {
    labelTimer_.setSingleShot(true);
    labelTimer_.setInterval(0); // the changes of one turn of the event loop, labelled together
    connect(&labelTimer_, &QTimer::timeout, this, &LevelFacts::labelNext);
    measureTimer_.setSingleShot(true);
    measureTimer_.setInterval(kMeasurePauseMs);
    connect(&measureTimer_, &QTimer::timeout, this, &LevelFacts::measureNow);
    heatTimer_.setSingleShot(true);
    heatTimer_.setInterval(kHeatPauseMs);
    connect(&heatTimer_, &QTimer::timeout, this, &LevelFacts::workOutHeatmap);
    connect(document_, &ProjectDocument::levelReset, this, &LevelFacts::levelReset);
    connect(document_, &ProjectDocument::cellsChanged, this, &LevelFacts::cellsChanged);
    connect(document_, &ProjectDocument::progressChanged, this, &LevelFacts::scheduleMeasuring);
    levelReset();
}

LevelFacts::~LevelFacts() = default; // the jobs stop and wait; their results go nowhere

std::shared_ptr<const RegionRuns> LevelFacts::regions(int z) {
    if (z < 0 || z >= static_cast<int>(depths_.size())) return nullptr;
    Depth& depth = depths_[static_cast<std::size_t>(z)];
    depth.wanted = true;
    if (depth.labelled != depth.change) scheduleLabelling();
    return depth.runs;
}

// The whole level may have changed (a scrub, a regeneration, another project). Of
// the same size, each depth's regions stay shown until labelled again, as after a
// few cells changed (scrubbing would make them blink otherwise); of another size
// they are dropped at once, since they would not fit.
void LevelFacts::levelReset() {
    labelJobs_.restart();
    labelling_ = false;
    ++levelChange_;
    const Level& level = document_->level();
    if (level.width() == width_ && level.height() == height_ && level.depthCount() == static_cast<int>(depths_.size())) {
        for (Depth& depth : depths_) ++depth.change;
    } else {
        width_ = level.width();
        height_ = level.height();
        depths_.assign(static_cast<std::size_t>(level.depthCount()), Depth{});
        heatJobs_.restart();
        heatWorking_ = false;
        heat_.reset();
    }
    // A heatmap under way is of a level no longer shown (regenerated, scrubbed to):
    // it stops, rather than hold the worker for seconds, and this level's is worked
    // out after the pause; the last one stays shown meanwhile.
    if (heatWorking_) {
        heatJobs_.restart();
        heatWorking_ = false;
    }
    if (heatKind_ != Heatmap::None && !heatTimer_.isActive()) heatTimer_.start();
    emit regionsChanged(-1); // those who show them ask again
    measureJobs_.restart();
    if (measurement_) {
        measurement_.reset();
        emit measurementChanged();
    }
    scheduleMeasuring();
}

void LevelFacts::cellsChanged(std::span<const CellChange> changes) {
    ++levelChange_;
    int last = -1; // changes come depth by depth: count each run of them once
    for (const CellChange& c : changes)
        if (c.z != last && c.z < depths_.size()) {
            ++depths_[static_cast<std::size_t>(c.z)].change;
            last = c.z;
        }
    scheduleMeasuring(); // a hand edit changes a finished level
}

void LevelFacts::scheduleLabelling() {
    if (!labelling_ && !labelTimer_.isActive()) labelTimer_.start();
}

// One depth at a time, on a copy of its tiles: the first wanted one whose labelling
// is behind its changes.
void LevelFacts::labelNext() {
    if (labelling_) return;
    for (std::size_t z = 0; z < depths_.size(); ++z) {
        const Depth& depth = depths_[z];
        if (!depth.wanted || depth.labelled == depth.change) continue;
        depths_[z].wanted = false;
        const Level& level = document_->level();
        auto tiles = std::make_shared<const TileGrid>(level.tiles(static_cast<int>(z)));
        auto kinds = std::make_shared<const TileKinds>(level.kinds);
        const Connectivity movement = document_->project().movement;
        labelling_ = true;
        labelJobs_.run([tiles, kinds, movement](const std::atomic<bool>&) { return std::make_shared<const RegionRuns>(labelRuns(*tiles, movement, *kinds)); },
                       [this, z = static_cast<int>(z), change = depth.change](std::shared_ptr<const RegionRuns> runs) { regionsLabelled(z, change, std::move(runs)); });
        return;
    }
}

void LevelFacts::regionsLabelled(int z, std::uint64_t change, std::shared_ptr<const RegionRuns> runs) {
    labelling_ = false;
    if (z < static_cast<int>(depths_.size())) {
        Depth& depth = depths_[static_cast<std::size_t>(z)];
        depth.runs = std::move(runs);
        depth.labelled = change;
        emit regionsChanged(z);
    }
    scheduleLabelling(); // what was asked for meanwhile
}

std::shared_ptr<const HeatValues> LevelFacts::heatmap(Heatmap kind) {
    if (kind != heatKind_) { // another kind: the one under way, and the one shown, are not it
        heatKind_ = kind;
        heatJobs_.restart();
        heatTimer_.stop();
        heatWorking_ = false;
        heatTooLarge_ = false;
        heat_.reset();
        if (kind != Heatmap::None) workOutHeatmap();
        return heat_;
    }
    if (kind != Heatmap::None && heatOf_ != levelChange_ && !heatWorking_ && !heatTimer_.isActive()) heatTimer_.start();
    return heat_;
}

// On a copy of the level: the bot's games take seconds on a big one.
void LevelFacts::workOutHeatmap() {
    heatTimer_.stop();
    if (heatKind_ == Heatmap::None) return;
    heatJobs_.restart();
    const Level& level = document_->level();
    heatTooLarge_ = std::int64_t{level.width()} * level.height() * level.depthCount() > liveCells_;
    if (heatTooLarge_) { // refused up front: nothing to show, and the legend says why
        heatWorking_ = false;
        heat_.reset();
        heatOf_ = levelChange_;
        emit heatmapChanged();
        return;
    }
    heatWorking_ = true;
    auto copy = std::make_shared<const Level>(document_->level());
    const Connectivity movement = document_->project().movement;
    heatJobs_.run(
        [copy, kind = heatKind_, movement](const std::atomic<bool>& stop) {
            BotGameOptions bot;
            bot.cancel = &stop;
            auto heat = std::make_shared<HeatValues>();
            heat->kind = kind;
            heat->values = heatmapValues(*copy, kind, movement, bot);
            for (int z = 0; z < heat->values.depthCount(); ++z)
                for (std::int32_t d : heat->values.depth(z)) heat->maximum = std::max(heat->maximum, static_cast<int>(d));
            return std::shared_ptr<const HeatValues>(std::move(heat));
        },
        [this, change = levelChange_](std::shared_ptr<const HeatValues> heat) {
            heatWorking_ = false;
            heat_ = std::move(heat);
            heatOf_ = change;
            emit heatmapChanged();
        });
}

void LevelFacts::setMeasuring(bool wanted) {
    measuring_ = wanted;
    if (wanted) scheduleMeasuring();
}

// Only a finished level is measured (a level half made would fail every rule): one
// being made has no measurement.
void LevelFacts::scheduleMeasuring() {
    if (document_->atEnd()) {
        if (measuring_) measureTimer_.start();
        return;
    }
    measureTimer_.stop();
    measureJobs_.restart();
    if (measurement_) {
        measurement_.reset();
        emit measurementChanged();
    }
}

void LevelFacts::measureNow() {
    if (!measuring_ || !document_->atEnd()) return;
    const Level& level = document_->level();
    tooLarge_ = std::int64_t{level.width()} * level.height() * level.depthCount() > liveCells_;
    measureJobs_.restart(); // a measurement of an older level is stale
    if (tooLarge_) {
        measurement_.reset();
        emit measurementChanged();
        return;
    }
    auto copy = std::make_shared<const Level>(level);
    const Connectivity movement = document_->project().movement;
    const std::size_t warnings = document_->warnings().size();
    measureJobs_.run(
        [copy, movement, warnings](const std::atomic<bool>&) {
            Measurement m = measure(*copy, movement);
            recordWarnings(m, warnings);
            return m;
        },
        [this](Measurement m) {
            measurement_ = std::move(m);
            emit measurementChanged();
        });
}

void LevelFacts::settle() {
    // Bounded: each round delivers what was under way, which may start one more.
    for (int round = 0; round < 64; ++round) {
        if (labelTimer_.isActive()) labelNext();
        if (heatTimer_.isActive()) workOutHeatmap();
        if (measureTimer_.isActive()) {
            measureTimer_.stop();
            measureNow();
        }
        labelJobs_.waitForDone();
        heatJobs_.waitForDone();
        measureJobs_.waitForDone();
        // Results come back as calls posted to the jobs' objects.
        QCoreApplication::sendPostedEvents(&labelJobs_, QEvent::MetaCall);
        QCoreApplication::sendPostedEvents(&heatJobs_, QEvent::MetaCall);
        QCoreApplication::sendPostedEvents(&measureJobs_, QEvent::MetaCall);
        if (!labelling_ && !labelTimer_.isActive() && !heatWorking_ && !heatTimer_.isActive() && !measureTimer_.isActive()) return;
    }
}

} // namespace burrow::ui
