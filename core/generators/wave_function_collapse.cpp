// Wave function collapse, the overlapping model (Maxim Gumin's WaveFunctionCollapse;
// DeBroglie and fast-wfc are its better-known ports).
//
// Every N x N window of the level is to be one of the sample's windows (with the
// rotations and reflections allowed). At first each window position may be any
// pattern. A step observes the undecided position of least entropy (Shannon's, over
// the remaining patterns' weights, counted a little lower toward the top-left corner so
// the decided area sweeps across the level instead of closing around pockets; ties
// broken by the stage's stream), collapses it to one pattern drawn by weight, and
// propagates: each position that lost a pattern narrows its four neighbours, and only
// those, until nothing changes. Positions left with one pattern are decided and their
// tiles are written, so the level fills in as the designer watches.
//
// A position left with no pattern is a contradiction: the attempt starts again, on
// the same stream, up to `attempts` times. When none finishes, a warning says so and
// the level keeps the last attempt's decided tiles, with the sample's commonest tile
// where nothing was decided: defined, never silently wrong.
//
// The wave and its propagation are WfcWave's: each position loses each pattern at
// most once an attempt, at a few instructions a ban, so an attempt grows with the area
// times the patterns, never with the area squared. While the editor records the steps,
// each one also marks every undecided cell with how many patterns it may still be.
#include "generators/wave_function_collapse.h"

#include <algorithm>
#include <bit>
#include <cstdlib>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "generators/wfc_candidates.h"
#include "generators/wfc_limits.h"
#include "generators/wfc_patterns.h"
#include "generators/wfc_wave.h"

namespace burrow {
namespace {

// How many observations back a contradiction may jump to the latest one near it;
// past that the latest is undone, so one backtrack never undoes most of a level.
constexpr std::size_t kBackjumpReach = 512;
// Observations further back than twice that are final: their bans leave the trail, so
// it holds the last thousand observations' bans, not the whole attempt's (a 256² level
// banned 15 million times, 124 MB).
constexpr std::size_t kUndoableDecisions = 2 * kBackjumpReach;
// The pull of the level's top-left corner on which cell is observed next, in entropy
// a cell (x + y). Least entropy alone decides cells all along the decided area's ragged
// edge, which closes around pockets of undecided cells; a pocket's sides, decided from
// different directions, often leave its middle no pattern (eight seeds at 256 x 256 met
// 14,000 contradictions, nearly all in such pockets, and 14 of their 22 attempts
// failed; wrapping, half of 16 seeds failed all ten). With the pull the decided area
// sweeps across the level and the undecided one stays open: the same eight seeds met
// one contradiction, and no attempt failed, wrapping or not. It is too slight to
// reorder cells near each other (an entropy spans up to the log of the pattern count,
// 5.5 for 241) and only chooses which part of a long edge grows first.
constexpr double kSweepPerCell = 0.01;

class WaveFunctionCollapse final : public Stage {
public:
    WaveFunctionCollapse(const ParamValues& params, StageSetup setup) : rng_(setup.rng), attempts_(params.integer("attempts")) {
        const std::string& id = params.choice("sample");
        const Prefab* sample = nullptr;
        if (setup.prefabs)
            for (const Prefab& p : *setup.prefabs)
                if (p.id == id) sample = &p;
        if (!sample) {
            warn("no_sample", "the sample \"" + id + "\" is not a prefab of the project; nothing was grown");
            finish();
            return;
        }
        if (auto problem = wfcSampleProblem(params, *sample, setup.size)) {
            warn("bad_sample", *problem + "; nothing was grown");
            finish();
            return;
        }
        patterns_ = std::make_unique<WfcPatterns>(*sample, wfcSettings(params));
        const int n = patterns_->size();
        const bool periodic = params.flag("periodic_output");
        const int width = setup.size.width, height = setup.size.height;
        wave_ = std::make_unique<WfcWave>(*patterns_, periodic ? width : width - n + 1, periodic ? height : height - n + 1, periodic);
        logPatternCount_ = std::log(static_cast<double>(patterns_->count()));
    }

    void step(LevelCanvas& canvas) override {
        if (finished()) return;
        if (!started_) {
            begin(canvas);
            describe("attempt " + std::to_string(attempt_) + " of " + std::to_string(attempts_) + ": every cell may be any of " +
                     std::to_string(patterns_->count()) + " patterns");
            return;
        }
        const Outcome outcome = observeAndPropagate(canvas);
        if (outcome == Outcome::Collapsed)
            describe("collapsed (" + std::to_string(mark_.x) + ", " + std::to_string(mark_.y) + "): " + std::to_string(decidedCount_) + " of " +
                     std::to_string(wave_->positionCount()) + " decided");
        else if (outcome == Outcome::Done) describe("every cell is decided");
        else describe(contradictionText());
    }

    void run(LevelCanvas& canvas) override {
        // Polled inside propagation too: one observation may settle the whole level.
        struct PollWhileRunning {
            WfcWave* wave;
            ~PollWhileRunning() {
                if (wave) wave->setPoll({});
            }
        } polling{wave_.get()};
        if (wave_) wave_->setPoll([this] { poll(); });
        for (unsigned steps = 1; !finished(); ++steps) {
            if (!started_) begin(canvas);
            else observeAndPropagate(canvas);
            if (steps % kStepsBetweenPolls == 0) poll();
        }
    }

    // The cell just collapsed, and every undecided cell's share of the patterns it
    // may still be, as runs along the rows (Annotation::Kind::Options).
    void annotate(std::vector<Annotation>& out) const override {
        if (mark_.x >= 0) out.push_back(Annotation::at(Annotation::Kind::Cell, mark_.x, mark_.y));
        if (!wave_ || !started_ || finished()) return;
        for (int y = 0; y < wave_->positionsY(); ++y) {
            int runStart = 0;
            std::uint32_t runShade = 0;
            for (int x = 0; x <= wave_->positionsX(); ++x) {
                const std::uint32_t shade = x < wave_->positionsX() ? optionsShade(static_cast<std::size_t>(y) * static_cast<std::size_t>(wave_->positionsX()) + static_cast<std::size_t>(x)) : 0;
                if (shade == runShade) continue;
                if (runShade != 0) addOptionsRun(out, runStart, x, y, runShade);
                runStart = x;
                runShade = shade;
            }
        }
    }

private:
    enum class Outcome { Collapsed, Done, Contradiction };

    // Positions [from, to) of row y, one shade. On a level that does not wrap the last
    // positions' windows reach the edge: their cells beyond share the position's mark.
    void addOptionsRun(std::vector<Annotation>& out, int from, int to, int y, std::uint32_t shade) const {
        const int beyond = wave_->periodic() ? 0 : patterns_->size() - 1;
        const int width = to - from + (to == wave_->positionsX() ? beyond : 0);
        const int rows = y == wave_->positionsY() - 1 ? 1 + beyond : 1;
        for (int r = 0; r < rows; ++r) {
            Annotation a = Annotation::over(Annotation::Kind::Options, from, y + r, width, 1);
            a.id = shade;
            out.push_back(a);
        }
    }

    // 0 for a decided position, else 1 (two patterns left) to Annotation::kOptionShades (all of
    // them), on a log scale: the first bans are the ones a designer sees.
    std::uint32_t optionsShade(std::size_t position) const {
        const std::uint32_t left = wave_->remaining(position);
        if (left <= 1) return 0;
        const double share = logPatternCount_ > 0 ? std::log(static_cast<double>(left)) / logPatternCount_ : 1.0;
        return std::clamp<std::uint32_t>(static_cast<std::uint32_t>(std::lround(share * (Annotation::kOptionShades - 1))) + 1, 1, Annotation::kOptionShades);
    }

    // A fresh attempt: every position may be every pattern; the level shows void
    // where nothing is decided yet.
    void begin(LevelCanvas& canvas) {
        ++attempt_;
        started_ = true;
        const std::size_t positions = wave_->positionCount();
        written_.assign(positions, 0);
        decisions_.clear();
        undone_ = 0;
        decidedCount_ = 0;
        candidates_.reset(positions);
        canvas.fill(Tile::Void);
        const bool consistent = wave_->reset();
        wave_->trailDropped(); // before any observation: nothing to forget
        wave_->clearNarrowed();
        if (!consistent) {
            failAttempt(canvas);
            return;
        }
        wave_->clearNewlyDecided();
        for (std::size_t p = 0; p < positions; ++p) {
            if (wave_->remaining(p) > 1) candidates_.set(static_cast<std::uint32_t>(p), priority(p), rng_.next32());
            else decide(canvas, p); // one pattern fits there (or anywhere, with a one-pattern sample)
        }
        if (decidedCount_ == positions) finish();
    }

    Outcome observeAndPropagate(LevelCanvas& canvas) {
        // The undecided position observed first (priority()).
        if (candidates_.empty()) {
            mark_ = {-1, -1};
            finish();
            return Outcome::Done;
        }
        const std::size_t position = candidates_.top();
        candidates_.remove(static_cast<std::uint32_t>(position));
        const std::size_t trailMark = wave_->mark();
        const int chosen = wave_->patternAtWeight(position, rng_.below(static_cast<std::uint32_t>(wave_->weightLeft(position))));
        wave_->banAllBut(position, chosen);
        mark_ = wave_->cellOf(position);
        decisions_.push_back({trailMark, position, chosen});
        if (!wave_->propagate() && !backtrack(canvas)) return failAttempt(canvas);
        forgetDecisionsIfTrailDropped();
        if (decisions_.size() > kUndoableDecisions) forgetOldestDecisions();
        requeueNarrowed();
        writeDecided(canvas);
        if (decidedCount_ == wave_->positionCount()) {
            finish();
            return Outcome::Done;
        }
        return Outcome::Collapsed;
    }

    // A propagation too large for the trail (WfcWave::kMostBansKept) made every
    // observation so far final.
    void forgetDecisionsIfTrailDropped() {
        if (wave_->trailDropped()) decisions_.clear();
    }

    // The oldest half of the undoable observations become final.
    void forgetOldestDecisions() {
        const std::size_t keepFrom = decisions_.size() - kBackjumpReach;
        const std::size_t mark = decisions_[keepFrom].trailMark;
        wave_->forgetBefore(mark);
        decisions_.erase(decisions_.begin(), decisions_.begin() + static_cast<std::ptrdiff_t>(keepFrom));
        for (Decision& d : decisions_) d.trailMark -= mark;
    }

    // Which undecided position is observed first: the least entropy, pulled toward the
    // top-left corner (kSweepPerCell).
    double priority(std::size_t position) const {
        const Point at = wave_->cellOf(position);
        return wave_->entropy(position) + kSweepPerCell * (at.x + at.y);
    }

    // Each narrowed position moves in the heap to its new priority, with a new draw to
    // break ties; one decided (or emptied) leaves it.
    void requeueNarrowed() {
        for (std::size_t p : wave_->narrowed()) {
            const auto position = static_cast<std::uint32_t>(p);
            if (wave_->remaining(p) > 1) candidates_.set(position, priority(p), rng_.next32());
            else candidates_.remove(position);
        }
        wave_->clearNarrowed();
    }

    // After a contradiction: jumps back to the latest observation near it (within two
    // patterns' widths), undoing it and every later one, and forbids the pattern it
    // chose there; again while that contradicts too. The later observations elsewhere
    // are undone without blame (they are made again as the heap finds them): blaming
    // the latest observation, wherever it was, undid innocent cells along the whole
    // frontier of a large level and never reached the culprit. It mends the local
    // contradictions most failures are; a deeper one is cheaper to start again from,
    // so undoing is bounded by 16 bans a position an attempt: past that, or with
    // nothing left to undo, the attempt fails, and an attempt stays linear in its area.
    bool backtrack(LevelCanvas& canvas) {
        const std::size_t budget = 16 * wave_->positionCount();
        for (;;) {
            forgetDecisionsIfTrailDropped(); // their marks are void
            if (decisions_.empty() || undone_ > budget) return false;
            const Point conflict = wave_->contradiction().value_or(mark_);
            std::size_t culprit = decisions_.size() - 1;
            const int reach = 2 * patterns_->size();
            const std::size_t oldest = decisions_.size() > kBackjumpReach ? decisions_.size() - kBackjumpReach : 0;
            for (std::size_t i = decisions_.size(); i-- > oldest;) {
                const Point at = wave_->cellOf(decisions_[i].position);
                if (std::abs(at.x - conflict.x) <= reach && std::abs(at.y - conflict.y) <= reach) {
                    culprit = i;
                    break;
                }
            }
            const Decision d = decisions_[culprit];
            decisions_.resize(culprit);
            reopened_.clear();
            undone_ += wave_->undoTo(d.trailMark, reopened_);
            for (std::size_t p : reopened_)
                if (written_[p]) {
                    written_[p] = 0;
                    --decidedCount_;
                    paintWindow(canvas, p, [](int, int) { return Tile::Void; });
                }
            wave_->ban(d.position, d.pattern);
            mark_ = wave_->cellOf(d.position);
            if (wave_->propagate()) return true;
        }
    }

    // Writes each newly decided position's tiles: its window's corner, and at the
    // level's last positions (not wrapping) the rest of the window up to the edge.
    void writeDecided(LevelCanvas& canvas) {
        for (std::size_t p : wave_->newlyDecided()) decide(canvas, p);
        wave_->clearNewlyDecided();
    }

    void decide(LevelCanvas& canvas, std::size_t position) {
        if (written_[position] || wave_->remaining(position) != 1) return;
        written_[position] = 1;
        ++decidedCount_;
        writeWindow(canvas, position, wave_->firstPattern(position));
    }

    void writeWindow(LevelCanvas& canvas, std::size_t position, int pattern) {
        paintWindow(canvas, position, [&](int x, int y) { return pattern < 0 ? patterns_->commonestTile() : patterns_->tile(pattern, x, y); });
    }

    template <typename TileAt>
    void paintWindow(LevelCanvas& canvas, std::size_t position, TileAt tileAt) {
        const Point at = wave_->cellOf(position);
        const int n = patterns_->size();
        const int spanX = !wave_->periodic() && at.x == wave_->positionsX() - 1 ? n : 1;
        const int spanY = !wave_->periodic() && at.y == wave_->positionsY() - 1 ? n : 1;
        for (int y = 0; y < spanY; ++y)
            for (int x = 0; x < spanX; ++x) canvas.set(at.x + x, at.y + y, tileAt(x, y));
    }

    Outcome failAttempt(LevelCanvas& canvas) {
        wave_->clearNewlyDecided();
        failedAt_ = wave_->contradiction().value_or(Point{-1, -1});
        if (attempt_ < attempts_) {
            started_ = false; // the next step begins again
            return Outcome::Contradiction;
        }
        // Out of attempts: the decided stays, the rest is the sample's commonest tile.
        for (std::size_t p = 0; p < wave_->positionCount(); ++p)
            if (!written_[p]) writeWindow(canvas, p, wave_->remaining(p) == 1 ? wave_->firstPattern(p) : -1);
        const std::string tried = attempts_ == 1 ? "its one attempt" : "all " + std::to_string(attempts_) + " attempts";
        warn("wfc_contradiction", tried + " met a contradiction (a cell no pattern of the sample fits), the last at (" +
                                      std::to_string(failedAt_.x) + ", " + std::to_string(failedAt_.y) +
                                      "); undecided cells are the sample's commonest tile. Try more attempts, a smaller pattern_size, more symmetry "
                                      "or a sample with more ways to go on");
        mark_ = {-1, -1};
        finish();
        return Outcome::Contradiction;
    }

    std::string contradictionText() const {
        const std::string where = "contradiction at (" + std::to_string(failedAt_.x) + ", " + std::to_string(failedAt_.y) + ")";
        return finished() ? where + ": out of attempts" : where + ": attempt " + std::to_string(attempt_) + " failed, starting again";
    }

    Rng rng_;
    int attempts_;
    std::unique_ptr<WfcPatterns> patterns_;
    std::unique_ptr<WfcWave> wave_;
    double logPatternCount_ = 0;

    int attempt_ = 0;
    bool started_ = false;
    std::vector<std::uint8_t> written_;
    std::size_t decidedCount_ = 0;
    WfcCandidates candidates_;
    // Each observation: where the trail was, so a contradiction undoes to there.
    struct Decision {
        std::size_t trailMark;
        std::size_t position;
        int pattern;
    };
    std::vector<Decision> decisions_;
    std::vector<std::size_t> reopened_;
    std::size_t undone_ = 0; // bans undone this attempt, bounded so backtracking stays linear
    Point mark_{-1, -1}, failedAt_{-1, -1};
};

} // namespace

StageType waveFunctionCollapseStage() {
    StageType type;
    type.id = "wave_function_collapse";
    type.label = "Wave function collapse";
    type.technique = "Grows the level from a sample: every window is one of the sample's";
    type.params = {
        prefabParam("sample", "Sample", "The prefab the level grows from: drawn in the prefab editor, a text file or Tiled; it needs no openings"),
        intParam("pattern_size", "Pattern size", 3, 2, 4, "N: every N x N window of the level is one of the sample's; bigger keeps more of its shapes"),
        intParam("symmetry", "Symmetry", 8, 1, 8,
                 "Which turns of the sample's windows count too: 1 as drawn, 2 and mirrored, 4 the four rotations, 8 rotations and mirrors"),
        boolParam("periodic_sample", "Sample wraps", false, "The sample's windows wrap around its edges (for a sample drawn to tile)"),
        boolParam("periodic_output", "Level wraps", false, "The level's windows wrap around its edges, so it tiles with itself"),
        intParam("attempts", "Attempts", 10, 1, 1000, "How often to start again after a contradiction before giving up with a warning"),
    };
    type.crossCheck = [](const ParamValues& v) {
        std::vector<std::pair<std::string, std::string>> problems;
        const int s = v.integer("symmetry");
        if (std::find(std::begin(kWfcSymmetries), std::end(kWfcSymmetries), s) == std::end(kWfcSymmetries))
            problems.emplace_back("symmetry", "must be 1, 2, 4 or 8, not " + std::to_string(s));
        return problems;
    };
    type.sizeProblem = [](const ParamValues& v, const LevelSize& size) -> std::optional<std::string> {
        const int n = v.integer("pattern_size");
        if (size.width >= n && size.height >= n) return std::nullopt;
        return "the level (" + std::to_string(size.width) + " x " + std::to_string(size.height) + ") is smaller than the pattern (" + std::to_string(n) + " x " +
               std::to_string(n) + ")";
    };
    type.prefabProblem = wfcSampleProblem;
    type.create = stageFactory<WaveFunctionCollapse>();
    return type;
}

} // namespace burrow
