// Wave function collapse, the overlapping model (Maxim Gumin's WaveFunctionCollapse;
// DeBroglie and fast-wfc are its better-known ports).
//
// Every N x N window of the level is to be one of the sample's windows (with the
// rotations and reflections allowed). At first each window position may be any
// pattern. A step observes the undecided position of least entropy (Shannon's, over
// the remaining patterns' weights; ties broken by the stage's stream), collapses it to
// one pattern drawn by weight, and propagates: each position that lost a pattern
// narrows its four neighbours, and only those, until nothing changes. Positions left
// with one pattern are decided and their tiles are written, so the level fills in as
// the designer watches.
//
// A position left with no pattern is a contradiction: the attempt starts again, on
// the same stream, up to `attempts` times. When none finishes, a warning says so and
// the level keeps the last attempt's decided tiles, with the sample's commonest tile
// where nothing was decided: defined, never silently wrong.
//
// Cost: each position loses each pattern at most once an attempt, and a narrowed
// position costs a few ORs of bitsets a distinct side key (WfcPatterns), so an
// attempt grows with the area times the patterns, not with the area squared.
#include "generators/wave_function_collapse.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <optional>
#include <queue>
#include <string>
#include <vector>

#include "generators/wfc_patterns.h"

namespace burrow {
namespace {

// The most a level's wave may take, and what one position-word costs on the
// reference machine: a level estimated above either is refused before it runs.
constexpr double kWaveBytesLimit = 2.0 * 1024 * 1024 * 1024;
constexpr double kNanosecondsPerPositionWord = 60;

WfcSettings settingsOf(const ParamValues& p) {
    return {p.integer("pattern_size"), p.integer("symmetry"), p.flag("periodic_sample")};
}

struct Candidate {
    double entropy;
    std::uint32_t tieBreak;
    std::uint32_t position;
    std::uint32_t version;
    // The heap's top is the least entropy, then the least draw.
    friend bool operator<(const Candidate& a, const Candidate& b) {
        return a.entropy != b.entropy ? a.entropy > b.entropy : a.tieBreak > b.tieBreak;
    }
};

class WaveFunctionCollapse final : public Stage {
public:
    WaveFunctionCollapse(const ParamValues& params, StageSetup setup)
        : rng_(setup.rng), width_(setup.size.width), height_(setup.size.height), periodic_(params.flag("periodic_output")),
          attempts_(params.integer("attempts")) {
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
        patterns_ = std::make_unique<WfcPatterns>(*sample, settingsOf(params));
        const int n = patterns_->size();
        positionsX_ = periodic_ ? width_ : width_ - n + 1;
        positionsY_ = periodic_ ? height_ : height_ - n + 1;
        // Keys no pattern has on its side facing d: what needs them never has a neighbour that way.
        for (int d = 0; d < 4; ++d) {
            std::vector<char> had(patterns_->keyCount(d), 0);
            for (int p = 0; p < patterns_->count(); ++p) had[patterns_->sideKey(d, p)] = 1;
            for (std::uint32_t k = 0; k < patterns_->keyCount(d); ++k)
                if (!had[k]) unsupportedKeys_[d].push_back(k);
        }
        logWeights_.resize(static_cast<std::size_t>(patterns_->count()));
        for (int p = 0; p < patterns_->count(); ++p) {
            const double w = patterns_->weight(p);
            logWeights_[static_cast<std::size_t>(p)] = w * std::log(w);
        }
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
                     std::to_string(positionCount()) + " decided");
        else if (outcome == Outcome::Done) describe("every cell is decided");
        else describe(contradictionText());
    }

    void run(LevelCanvas& canvas) override {
        while (!finished()) {
            if (!started_) begin(canvas);
            else observeAndPropagate(canvas);
        }
    }

    void annotate(std::vector<Annotation>& out) const override {
        if (mark_.x >= 0) out.push_back(Annotation::at(Annotation::Kind::Cell, mark_.x, mark_.y));
    }

private:
    enum class Outcome { Collapsed, Done, Contradiction };

    std::size_t positionCount() const { return static_cast<std::size_t>(positionsX_) * static_cast<std::size_t>(positionsY_); }
    std::uint64_t* waveOf(std::size_t position) { return wave_.data() + position * static_cast<std::size_t>(patterns_->words()); }

    double entropyOf(std::size_t position) const {
        const double sum = sumWeights_[position];
        return std::log(sum) - sumLogWeights_[position] / sum;
    }

    // A fresh attempt: every position may be every pattern; the level shows void
    // where nothing is decided yet.
    void begin(LevelCanvas& canvas) {
        ++attempt_;
        started_ = true;
        const std::size_t positions = positionCount();
        const int words = patterns_->words();
        const int count = patterns_->count();
        wave_.assign(positions * static_cast<std::size_t>(words), ~std::uint64_t{0});
        if (count % 64 != 0)
            for (std::size_t p = 0; p < positions; ++p) wave_[p * static_cast<std::size_t>(words) + static_cast<std::size_t>(words - 1)] = (std::uint64_t{1} << (count % 64)) - 1;
        std::uint64_t totalWeight = 0;
        double totalLog = 0;
        for (int p = 0; p < count; ++p) {
            totalWeight += patterns_->weight(p);
            totalLog += logWeights_[static_cast<std::size_t>(p)];
        }
        remaining_.assign(positions, static_cast<std::uint32_t>(count));
        sumWeights_.assign(positions, static_cast<double>(totalWeight));
        sumLogWeights_.assign(positions, totalLog);
        version_.assign(positions, 0);
        written_.assign(positions, 0);
        changed_.assign(positions, 0);
        changedList_.clear();
        // An attempt bans each pattern of each position at most once: room for all of
        // them up front, kept across attempts, so the trail never moves as it grows.
        trail_.clear();
        trail_.reserve(positions * static_cast<std::size_t>(count));
        propagated_ = 0;
        decisions_.clear();
        undone_ = 0;
        newlyDecided_.clear();
        contradiction_.reset();
        decidedCount_ = 0;
        heap_ = {};
        canvas.fill(Tile::Void);
        if (count == 1) { // one pattern: everything is decided at once
            for (std::size_t p = 0; p < positions; ++p) decide(canvas, p);
            return;
        }
        for (std::size_t p = 0; p < positions; ++p) heap_.push({entropyOf(p), rng_.next32(), static_cast<std::uint32_t>(p), 0});
        banUnsupported();
        if (!propagate()) {
            failAttempt(canvas);
            return;
        }
        for (std::size_t p : newlyDecided_) decide(canvas, p);
        newlyDecided_.clear();
    }

    // A pattern whose side matches no pattern's other side can have no neighbour that
    // way: it is banned wherever there is one, before the first observation, or it
    // would be chosen and doom the attempt later.
    void banUnsupported() {
        for (std::size_t position = 0; position < positionCount(); ++position)
            for (int d = 0; d < 4; ++d)
                for (std::uint32_t key : unsupportedKeys_[d]) {
                    const auto neighbour = besides(position, d);
                    if (!neighbour) break;
                    banNeeding(*neighbour, d, key);
                }
    }

    Outcome observeAndPropagate(LevelCanvas& canvas) {
        // The undecided position of least entropy; entries made stale by a narrowing are skipped.
        while (!heap_.empty()) {
            const Candidate top = heap_.top();
            if (remaining_[top.position] > 1 && version_[top.position] == top.version) break;
            heap_.pop();
        }
        if (heap_.empty()) {
            mark_ = {-1, -1};
            finish();
            return Outcome::Done;
        }
        const std::size_t position = heap_.top().position;
        heap_.pop();
        const std::size_t mark = trail_.size();
        const int chosen = collapse(position);
        decisions_.push_back({mark, position, chosen});
        if (!propagate() && !backtrack(canvas)) return failAttempt(canvas);
        for (std::size_t p : newlyDecided_) decide(canvas, p);
        newlyDecided_.clear();
        if (decidedCount_ == positionCount()) {
            finish();
            return Outcome::Done;
        }
        return Outcome::Collapsed;
    }

    // One pattern of the position, drawn by weight; the others are banned.
    int collapse(std::size_t position) {
        const std::uint64_t* bits = waveOf(position);
        std::uint64_t pick = rng_.below(static_cast<std::uint32_t>(sumWeights_[position]));
        int chosen = -1;
        for (int w = 0; w < patterns_->words() && chosen < 0; ++w)
            for (std::uint64_t word = bits[w]; word != 0; word &= word - 1) {
                const int p = w * 64 + std::countr_zero(word);
                if (pick < patterns_->weight(p)) {
                    chosen = p;
                    break;
                }
                pick -= patterns_->weight(p);
            }
        for (int w = 0; w < patterns_->words(); ++w) {
            std::uint64_t others = bits[w];
            if (w == chosen / 64) others &= ~(std::uint64_t{1} << (chosen % 64));
            for (; others != 0; others &= others - 1) ban(position, w * 64 + std::countr_zero(others));
        }
        mark_ = cellOf(position);
        return chosen;
    }

    // After a contradiction: undoes the latest observation and forbids the pattern it
    // chose there, going further back while that contradicts too. It mends the local
    // contradictions most failures are; a deeper one is cheaper to start again from.
    // So undoing is bounded by 16 bans a position an attempt: past that, or with
    // nothing left to undo, the attempt fails, and an attempt stays linear in its area.
    bool backtrack(LevelCanvas& canvas) {
        const std::size_t budget = 16 * positionCount();
        while (!decisions_.empty() && undone_ <= budget) {
            const Decision d = decisions_.back();
            decisions_.pop_back();
            undoTo(d.trailMark, canvas);
            ban(d.position, d.pattern);
            mark_ = cellOf(d.position);
            ++backtracks_;
            if (propagate()) return true;
        }
        return false;
    }

    void undoTo(std::size_t mark, LevelCanvas& canvas) {
        for (std::size_t i = trail_.size(); i-- > mark;) {
            const std::size_t position = trail_[i].position;
            const int pattern = static_cast<int>(trail_[i].pattern);
            waveOf(position)[pattern / 64] |= std::uint64_t{1} << (pattern % 64);
            sumWeights_[position] += patterns_->weight(pattern);
            sumLogWeights_[position] += logWeights_[static_cast<std::size_t>(pattern)];
            if (++remaining_[position] == 2 && written_[position]) {
                written_[position] = 0;
                --decidedCount_;
                clearWindow(canvas, position);
            }
            if (!changed_[position]) {
                changed_[position] = 1;
                changedList_.push_back(position);
            }
        }
        undone_ += trail_.size() - mark;
        trail_.resize(mark);
        propagated_ = std::min(propagated_, mark);
        contradiction_.reset();
    }

    Point cellOf(std::size_t position) const {
        return {static_cast<int>(position % static_cast<std::size_t>(positionsX_)), static_cast<int>(position / static_cast<std::size_t>(positionsX_))};
    }

    // The position beside `position` in direction d, or none off a level that does not wrap.
    std::optional<std::size_t> besides(std::size_t position, int d) const {
        static constexpr int dx[4] = {1, 0, -1, 0}, dy[4] = {0, 1, 0, -1};
        const Point at = cellOf(position);
        int nx = at.x + dx[d], ny = at.y + dy[d];
        if (periodic_) {
            nx = (nx + positionsX_) % positionsX_;
            ny = (ny + positionsY_) % positionsY_;
        } else if (nx < 0 || ny < 0 || nx >= positionsX_ || ny >= positionsY_) {
            return std::nullopt;
        }
        return static_cast<std::size_t>(ny) * static_cast<std::size_t>(positionsX_) + static_cast<std::size_t>(nx);
    }

    // Takes `pattern` from the position's options, and queues what that takes away
    // from its neighbours.
    void ban(std::size_t position, int pattern) {
        waveOf(position)[pattern / 64] &= ~(std::uint64_t{1} << (pattern % 64));
        sumWeights_[position] -= patterns_->weight(pattern);
        sumLogWeights_[position] -= logWeights_[static_cast<std::size_t>(pattern)];
        const std::uint32_t left = --remaining_[position];
        if (left == 0 && !contradiction_) contradiction_ = cellOf(position);
        if (left == 1) newlyDecided_.push_back(position);
        if (!changed_[position]) {
            changed_[position] = 1;
            changedList_.push_back(position);
        }
        trail_.push_back({static_cast<std::uint32_t>(position), static_cast<std::uint32_t>(pattern)});
    }

    // Bans at `position` every pattern that needs, on its side facing back against d,
    // the key `key` its neighbour that way no longer has.
    void banNeeding(std::size_t position, int d, std::uint32_t key) {
        const std::uint64_t* bits = waveOf(position);
        const std::uint64_t* needing = patterns_->neighboursOfKey(d, key);
        for (int w = 0; w < patterns_->words(); ++w)
            for (std::uint64_t lost = bits[w] & needing[w]; lost != 0; lost &= lost - 1) ban(position, w * 64 + std::countr_zero(lost));
    }

    // Whether the position still has a pattern whose side facing d has `key`: those
    // are the patterns that may lie, seen from the neighbour, in the opposite direction.
    bool stillHas(std::size_t position, int d, std::uint32_t key) {
        const std::uint64_t* bits = waveOf(position);
        const std::uint64_t* having = patterns_->neighboursOfKey((d + 2) % 4, key);
        for (int w = 0; w < patterns_->words(); ++w)
            if (bits[w] & having[w]) return true;
        return false;
    }

    // Works through the banned patterns. A ban may take the last pattern of its
    // position with its side's key facing d; then every pattern that needed that key
    // in the neighbour that way is banned too. Whether one is left is an AND of two
    // bitsets, so nothing is counted and nothing but the wave is kept: each pattern of
    // each position is banned at most once, and an attempt costs the area times the
    // patterns at most. False on a contradiction (a position with no pattern left).
    bool propagate() {
        for (; propagated_ < trail_.size() && !contradiction_; ++propagated_) {
            const std::size_t position = trail_[propagated_].position;
            const int pattern = static_cast<int>(trail_[propagated_].pattern);
            for (int d = 0; d < 4; ++d) {
                const std::uint32_t key = patterns_->sideKey(d, pattern);
                if (stillHas(position, d, key)) continue;
                if (const auto neighbour = besides(position, d)) banNeeding(*neighbour, d, key);
            }
        }
        // Each narrowed position goes back in the heap once, with its new entropy.
        for (std::size_t p : changedList_) {
            changed_[p] = 0;
            ++version_[p];
            if (remaining_[p] > 1 && !contradiction_) heap_.push({entropyOf(p), rng_.next32(), static_cast<std::uint32_t>(p), version_[p]});
        }
        changedList_.clear();
        return !contradiction_;
    }

    int patternOf(std::size_t position) {
        const std::uint64_t* bits = waveOf(position);
        for (int w = 0; w < patterns_->words(); ++w)
            if (bits[w] != 0) return w * 64 + std::countr_zero(bits[w]);
        return -1;
    }

    // Writes a decided position's tiles: its window's corner, and at the level's last
    // positions (not wrapping) the rest of the window up to the edge.
    void decide(LevelCanvas& canvas, std::size_t position) {
        if (written_[position] || remaining_[position] != 1) return;
        written_[position] = 1;
        ++decidedCount_;
        writeWindow(canvas, position, patternOf(position));
    }

    void clearWindow(LevelCanvas& canvas, std::size_t position) { paintWindow(canvas, position, [](int, int) { return Tile::Void; }); }

    void writeWindow(LevelCanvas& canvas, std::size_t position, int pattern) {
        paintWindow(canvas, position, [&](int x, int y) { return pattern < 0 ? patterns_->commonestTile() : patterns_->tile(pattern, x, y); });
    }

    template <typename TileAt>
    void paintWindow(LevelCanvas& canvas, std::size_t position, TileAt tileAt) {
        const Point at = cellOf(position);
        const int n = patterns_->size();
        const int spanX = !periodic_ && at.x == positionsX_ - 1 ? n : 1;
        const int spanY = !periodic_ && at.y == positionsY_ - 1 ? n : 1;
        for (int y = 0; y < spanY; ++y)
            for (int x = 0; x < spanX; ++x) canvas.set(at.x + x, at.y + y, tileAt(x, y));
    }

    Outcome failAttempt(LevelCanvas& canvas) {
        newlyDecided_.clear();
        failedAt_ = contradiction_.value_or(Point{-1, -1});
        if (attempt_ < attempts_) {
            started_ = false; // the next step begins again
            return Outcome::Contradiction;
        }
        // Out of attempts: the decided stays, the rest is the sample's commonest tile.
        for (std::size_t p = 0; p < positionCount(); ++p)
            if (!written_[p]) writeWindow(canvas, p, remaining_[p] == 1 ? patternOf(p) : -1);
        warn("wfc_contradiction", "all " + std::to_string(attempts_) + " attempts met a contradiction (a cell no pattern of the sample fits), the last at (" +
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
    int width_, height_;
    bool periodic_;
    int attempts_;
    std::unique_ptr<WfcPatterns> patterns_;
    std::vector<double> logWeights_;
    int positionsX_ = 0, positionsY_ = 0;

    int attempt_ = 0;
    bool started_ = false;
    std::vector<std::uint64_t> wave_;
    std::vector<std::uint32_t> remaining_;
    std::vector<double> sumWeights_, sumLogWeights_;
    std::vector<std::uint32_t> version_;
    std::vector<std::uint8_t> written_, changed_;
    std::size_t decidedCount_ = 0;
    std::priority_queue<Candidate> heap_;
    std::vector<std::size_t> newlyDecided_, changedList_;
    std::vector<std::uint32_t> unsupportedKeys_[4];
    // Every ban of the attempt in order, the first propagated_ of them propagated;
    // each observation marks where it began, so a contradiction undoes to there.
    struct Ban {
        std::uint32_t position, pattern;
    };
    std::vector<Ban> trail_;
    std::size_t propagated_ = 0;
    struct Decision {
        std::size_t trailMark;
        std::size_t position;
        int pattern;
    };
    std::vector<Decision> decisions_;
    std::size_t undone_ = 0;
    std::size_t backtracks_ = 0; // bans undone this attempt, bounded so backtracking stays linear
    std::optional<Point> contradiction_;
    Point mark_{-1, -1}, failedAt_{-1, -1};
};

} // namespace

std::optional<std::string> wfcSampleProblem(const ParamValues& params, const Prefab& sample, const LevelSize& size) {
    const int n = params.integer("pattern_size");
    if (sample.width < n || sample.height < n)
        return "the sample \"" + sample.id + "\" (" + std::to_string(sample.width) + " x " + std::to_string(sample.height) + ") is smaller than its pattern (" +
               std::to_string(n) + " x " + std::to_string(n) + "): draw a bigger sample or lower pattern_size";
    for (const PrefabCell& c : sample.cells)
        if (c.keep) return "the sample \"" + sample.id + "\" has cells that keep the level's tile (a space); a sample's every cell is a tile kind";
    const WfcPatterns patterns(sample, settingsOf(params));
    const bool periodic = params.flag("periodic_output");
    const double positions = static_cast<double>(periodic ? size.width : size.width - n + 1) * (periodic ? size.height : size.height - n + 1);
    // A position's wave, its bans on the trail (eight bytes each, at most one a
    // pattern), and its entropy and heap entries.
    const double bytes = positions * (patterns.words() * 8.0 + patterns.count() * 8.0 + 64.0);
    const double seconds = positions * patterns.words() * params.integer("attempts") * kNanosecondsPerPositionWord * 1e-9;
    if (bytes > kWaveBytesLimit)
        return "growing a " + std::to_string(size.width) + " x " + std::to_string(size.height) + " level from " + std::to_string(patterns.count()) +
               " patterns would take about " + std::to_string(static_cast<long long>(bytes / (1024 * 1024))) +
               " MiB of memory a depth; at most 2048 MiB may: a smaller level, pattern_size or symmetry, or a plainer sample";
    if (seconds > kStageSecondsLimit)
        return "growing a " + std::to_string(size.width) + " x " + std::to_string(size.height) + " level from " + std::to_string(patterns.count()) +
               " patterns over " + std::to_string(params.integer("attempts")) + " attempts could take about " +
               std::to_string(static_cast<long long>(std::ceil(seconds))) + " s a depth; a stage may take at most " +
               std::to_string(static_cast<int>(kStageSecondsLimit)) + " s: fewer attempts, a smaller level, pattern_size or symmetry";
    return std::nullopt;
}

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
