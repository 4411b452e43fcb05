#include "analysis/breakpoints.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>

#include "analysis/measure.h"
#include "regions/growing_regions.h"
#include "regions/reachability.h"
#include "regions/region_map.h"
#include "io/diagnostic.h"

namespace burrow {
namespace {

bool parseNumber(std::string_view text, double& out) {
    // std::from_chars for doubles is in GCC 12 and clang 14's libstdc++ alike.
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
    return ec == std::errc() && end == text.data() + text.size() && std::isfinite(out);
}

bool parseCell(std::string_view text, Cell& out) {
    int values[3];
    std::size_t at = 0;
    for (int i = 0; i < 3; ++i) {
        const std::size_t comma = i < 2 ? text.find(',', at) : text.size();
        if (comma == std::string_view::npos) return false;
        const auto part = text.substr(at, comma - at);
        const auto [end, ec] = std::from_chars(part.data(), part.data() + part.size(), values[i]);
        if (ec != std::errc() || end != part.data() + part.size() || values[i] < 0) return false;
        at = comma + 1;
    }
    out = {values[0], values[1], values[2]};
    return true;
}

std::string cellText(const Cell& c) { return "(" + std::to_string(c.x) + ", " + std::to_string(c.y) + ", depth " + std::to_string(c.z) + ")"; }


} // namespace

std::optional<Breakpoint> parseBreakpoint(std::string_view text, std::string& why) {
    Breakpoint b;
    const auto colon = text.find(':');
    const std::string_view head = text.substr(0, colon), rest = colon == std::string_view::npos ? std::string_view() : text.substr(colon + 1);
    if (head == "stage-start" || head == "stage-end") {
        b.kind = head == "stage-start" ? Breakpoint::Kind::StageStarts : Breakpoint::Kind::StageEnds;
        b.stage = std::string(rest);
        return b;
    }
    if ((head == "drone-dies" || head == "regions-change") && rest.empty()) {
        b.kind = head == "drone-dies" ? Breakpoint::Kind::DroneDies : Breakpoint::Kind::RegionsChange;
        return b;
    }
    if (head == "disconnect") {
        b.kind = Breakpoint::Kind::Disconnects;
        if (rest.empty()) return b;
        const auto second = rest.find(':');
        Cell from, to;
        if (second != std::string_view::npos && parseCell(rest.substr(0, second), from) && parseCell(rest.substr(second + 1), to)) {
            b.from = from;
            b.to = to;
            return b;
        }
        why = "disconnect takes two cells, disconnect:X,Y,Z:X,Y,Z (or none: the start and the exit)";
        return std::nullopt;
    }
    if (head == "cell") {
        b.kind = Breakpoint::Kind::CellChanges;
        if (parseCell(rest, b.cell)) return b;
        why = "cell takes a cell, cell:X,Y,Z";
        return std::nullopt;
    }
    if (head == "metric") {
        b.kind = Breakpoint::Kind::MetricCrosses;
        const auto op = rest.find_first_of("<>");
        const auto index = op == std::string_view::npos ? std::nullopt : metricIndex(rest.substr(0, op));
        if (index && metricCatalog()[*index].cost == MetricCost::Cheap && parseNumber(rest.substr(op + 1), b.value)) {
            b.metric = *index;
            b.above = rest[op] == '>';
            return b;
        }
        why = "metric takes a cheap metric, a direction and a value, such as metric:floor_share>0.4 or metric:regions<10";
        return std::nullopt;
    }
    why = "expected stage-start[:NAME], stage-end[:NAME], drone-dies, regions-change, disconnect[:X,Y,Z:X,Y,Z], cell:X,Y,Z or metric:ID>VALUE";
    return std::nullopt;
}

std::string describeBreakpoint(const Breakpoint& b) {
    switch (b.kind) {
    case Breakpoint::Kind::StageStarts: return b.stage.empty() ? "a stage starts" : "stage " + b.stage + " starts";
    case Breakpoint::Kind::StageEnds: return b.stage.empty() ? "a stage ends" : "stage " + b.stage + " ends";
    case Breakpoint::Kind::DroneDies: return "a drone dies";
    case Breakpoint::Kind::RegionsChange: return "the number of regions changes";
    case Breakpoint::Kind::Disconnects:
        return b.from ? cellText(*b.from) + " and " + cellText(*b.to) + " stop being connected" : "the start and the exit stop being connected";
    case Breakpoint::Kind::CellChanges: return "cell " + cellText(b.cell) + " changes";
    case Breakpoint::Kind::MetricCrosses: return metricCatalog()[b.metric].id + (b.above ? " rises above " : " falls below ") + numberText(b.value);
    }
    return "";
}

BreakpointWatch::BreakpointWatch(const Generation& generation, std::vector<Breakpoint> breakpoints, Connectivity movement)
    : generation_(generation), breakpoints_(std::move(breakpoints)), movement_(movement), growing_(movement) {
    metricValues_.assign(breakpoints_.size(), 0);
    for (std::size_t i = 0; i < breakpoints_.size(); ++i) {
        const Breakpoint& b = breakpoints_[i];
        switch (b.kind) {
        case Breakpoint::Kind::RegionsChange:
            counts_ = true;
            if (regions_.empty())
                for (int z = 0; z < generation_.level().depthCount(); ++z) regions_.push_back(regionsOf(z));
            wantsCells_ = grows_ = true;
            break;
        case Breakpoint::Kind::Disconnects:
            connected_ = connected();
            wantsCells_ = grows_ = true;
            break;
        case Breakpoint::Kind::MetricCrosses:
            metricValues_[i] = measure(generation_.level(), movement_, {MetricCost::Cheap}).level[b.metric];
            wantsCells_ = true;
            break;
        case Breakpoint::Kind::CellChanges: wantsCells_ = needsEveryCell_ = true; break;
        case Breakpoint::Kind::DroneDies: wantsMarks_ = true; break;
        default: break;
        }
    }
}

std::size_t BreakpointWatch::regionsOf(int depth) {
    return growingDepth_ == depth ? growing_.count() : counter_.count(generation_.level().tiles(depth), movement_, generation_.level().kinds);
}

std::optional<bool> BreakpointWatch::connected() {
    const Level& level = generation_.level();
    std::optional<Cell> a, b;
    for (const Breakpoint& bp : breakpoints_)
        if (bp.kind == Breakpoint::Kind::Disconnects && bp.from) {
            a = bp.from;
            b = bp.to;
        }
    if (!a)
        for (const Marker& m : level.markers) {
            if (m.name == "start") a = m.at;
            if (m.name == "exit") b = m.at;
        }
    if (!a || !b || !level.contains(a->x, a->y, a->z) || !level.contains(b->x, b->y, b->z)) return std::nullopt;
    if (!level.kinds.walkable(level.at(a->x, a->y, a->z)) || !level.kinds.walkable(level.at(b->x, b->y, b->z))) return false;
    if (a->z == b->z && growingDepth_ == a->z) return growing_.connected(a->x, a->y, b->x, b->y);
    if (a->z == b->z) {
        const RegionRuns runs = labelRuns(level.tiles(a->z), movement_, level.kinds);
        return runs.labelAt(a->x, a->y) == runs.labelAt(b->x, b->y);
    }
    const Cell sources[] = {*a};
    return distanceMap(level, sources, movement_).at(b->x, b->y, b->z) >= 0;
}

void BreakpointWatch::report(std::size_t index, const StageRun& run, std::string what) {
    if (hit_) return; // the first hit of a step stands
    hit_ = BreakpointHit{index, generation_.stepsDone(), run.label, std::move(what)};
}

void BreakpointWatch::stageStarted(const StageRun& run, std::size_t) {
    for (std::size_t i = 0; i < breakpoints_.size(); ++i)
        if (breakpoints_[i].kind == Breakpoint::Kind::StageStarts &&
            (breakpoints_[i].stage.empty() || breakpoints_[i].stage == generation_.recipe().stages[run.entry].name))
            report(i, run, run.label + " starts");
}

void BreakpointWatch::stageFinished(const StageRun& run, std::size_t) {
    for (std::size_t i = 0; i < breakpoints_.size(); ++i)
        if (breakpoints_[i].kind == Breakpoint::Kind::StageEnds &&
            (breakpoints_[i].stage.empty() || breakpoints_[i].stage == generation_.recipe().stages[run.entry].name))
            report(i, run, run.label + " ends");
}

bool BreakpointWatch::withholds(const StageRun& run, std::size_t runIndex) const {
    // Only where the cells are missed by no one and the run's changes stay on its
    // depth; a recorded timeline lists them anyway.
    if (!grows_ || needsEveryCell_ || generation_.options().recordTimeline ||
        generation_.catalog().find(generation_.recipe().stages[run.entry].type)->scope != StageScope::PerDepth)
        return false;
    // With a regions breakpoint the probing step is withheld too: its count tells
    // how many cells it flipped (RegionCounter::cellsFlipped) without a list.
    return runIndex != phaseRun_ || phase_ == Phase::FirstStep || phase_ == Phase::Dense || (phase_ == Phase::Probing && counts_);
}

bool BreakpointWatch::wantsCellsOfStep(const StageRun& run, std::size_t runIndex) const { return !withholds(run, runIndex); }

void BreakpointWatch::stepDone(const StageRun& run, std::size_t runIndex, std::span<const CellChange> changes) {
    const bool withheld = withholds(run, runIndex);
    const bool probedByCount = withheld && runIndex == phaseRun_ && phase_ == Phase::Probing;
    if (runIndex != phaseRun_) {
        phaseRun_ = runIndex;
        phase_ = Phase::FirstStep;
    }
    const std::size_t area = generation_.level().tiles(run.depth).size();
    if (withheld) phase_ = phase_ == Phase::FirstStep ? Phase::Probing : Phase::Dense;
    else if (changes.size() * 32 > area) phase_ = Phase::Dense;
    else if (phase_ == Phase::Probing) phase_ = Phase::Sparse;
    if (changes.empty() && !withheld) return;
    // Which depths had a cell turn walkable or unwalkable: only those can change
    // their regions or connections.
    struct Flip {
        int z;
        bool closed;
        std::size_t opened;
    };
    std::vector<Flip> flips;
    // A step told without its cells may have opened and closed anything on its depth.
    if (withheld) flips.push_back({run.depth, true, 0});
    std::size_t at = 0; // the flip of the last change's depth: changes come depth by depth
    const TileKinds& kinds = generation_.level().kinds;
    for (const CellChange& c : changes) {
        const bool was = kinds.walkable(c.before), is = kinds.walkable(c.after);
        if (was == is) continue;
        if (at >= flips.size() || flips[at].z != c.z) {
            at = static_cast<std::size_t>(std::find_if(flips.begin(), flips.end(), [&](const Flip& f) { return f.z == c.z; }) - flips.begin());
            if (at == flips.size()) flips.push_back({c.z, false, 0});
        }
        flips[at].closed |= was;
        flips[at].opened += is;
    }
    // Keep the growing regions of a depth that only opens cells; a closed cell ends
    // them. A step that opens a large share of a depth (noise) is counted afresh
    // instead: starting the union-find costs more than a count, and pays only when
    // small steps follow.
    bool onlyOpened = true;
    for (const Flip& f : flips) {
        onlyOpened &= !f.closed;
        const TileGrid& tiles = generation_.level().tiles(f.z);
        if (f.closed || (growingDepth_ != f.z && f.opened * 32 > tiles.size())) {
            if (growingDepth_ == f.z) growingDepth_ = -1;
        } else if (grows_) {
            if (growingDepth_ != f.z) {
                growing_.reset(tiles, kinds); // already holds this step's cells
                growingDepth_ = f.z;
            } else {
                for (const CellChange& c : changes)
                    if (c.z == f.z && !kinds.walkable(c.before) && kinds.walkable(c.after)) growing_.open(tiles, c.x, c.y);
            }
        }
    }
    for (std::size_t i = 0; i < breakpoints_.size(); ++i) {
        const Breakpoint& b = breakpoints_[i];
        switch (b.kind) {
        case Breakpoint::Kind::CellChanges:
            for (const CellChange& c : changes)
                if (c.x == b.cell.x && c.y == b.cell.y && c.z == b.cell.z) {
                    report(i, run, "cell " + cellText(b.cell) + ": " + kinds[c.before].id + " → " + kinds[c.after].id);
                    break;
                }
            break;
        case Breakpoint::Kind::RegionsChange:
            for (const Flip& f : flips) {
                const int z = f.z;
                const std::size_t now = regionsOf(z);
                if (now != regions_[static_cast<std::size_t>(z)])
                    report(i, run, "regions " + std::to_string(regions_[static_cast<std::size_t>(z)]) + " → " + std::to_string(now) + " on depth " + std::to_string(z));
                regions_[static_cast<std::size_t>(z)] = now;
            }
            break;
        case Breakpoint::Kind::Disconnects:
            // Opening cells never disconnects two cells already connected.
            if (!flips.empty() && !(onlyOpened && connected_ == true)) {
                const std::optional<bool> now = connected();
                if (connected_ == true && now == false) report(i, run, describeBreakpoint(b));
                if (now) connected_ = now;
            }
            break;
        case Breakpoint::Kind::MetricCrosses: {
            const double now = measure(generation_.level(), movement_, {MetricCost::Cheap}).level[b.metric];
            const double was = metricValues_[i];
            if (b.above ? (was <= b.value && now > b.value) : (was >= b.value && now < b.value))
                report(i, run, metricCatalog()[b.metric].id + " " + numberText(was) + " → " + numberText(now));
            metricValues_[i] = now;
            break;
        }
        default: break;
        }
    }
    if (probedByCount) {
        // The regions breakpoint counted the depth after the first step and now.
        const std::optional<std::size_t> flipped = counter_.cellsFlipped();
        phase_ = flipped && *flipped * 32 <= area ? Phase::Sparse : Phase::Dense;
    }
}

void BreakpointWatch::stepMarked(const StageRun& run, std::size_t runIndex, std::span<const Annotation> marks) {
    dronesNow_.clear();
    for (const Annotation& a : marks)
        if (a.kind == Annotation::Kind::Drone) dronesNow_.push_back(a.id);
    std::sort(dronesNow_.begin(), dronesNow_.end());
    if (runIndex == dronesRun_)
        for (std::size_t i = 0; i < breakpoints_.size(); ++i)
            if (breakpoints_[i].kind == Breakpoint::Kind::DroneDies)
                for (std::uint32_t id : drones_)
                    if (!std::binary_search(dronesNow_.begin(), dronesNow_.end(), id)) {
                        report(i, run, "drone " + std::to_string(id) + " dies");
                        break;
                    }
    drones_.swap(dronesNow_);
    dronesRun_ = runIndex;
}

std::optional<BreakpointHit> runUntil(LevelBuild& build, const std::vector<Breakpoint>& breakpoints, const std::atomic<bool>* stop) {
    Generation& generation = build.generation();
    BreakpointWatch watch(generation, breakpoints, build.project().movement);
    generation.setObserver(&watch);
    std::optional<BreakpointHit> hit;
    while (!(stop && *stop) && build.step())
        if (watch.hit()) {
            hit = watch.hit();
            hit->step = generation.stepsDone();
            break;
        }
    generation.setObserver(nullptr);
    return hit;
}

std::optional<std::string> breakpointProblem(const Breakpoint& b, const Recipe& recipe, const LevelSize& size) {
    const bool namesStage = b.kind == Breakpoint::Kind::StageStarts || b.kind == Breakpoint::Kind::StageEnds;
    if (namesStage && !b.stage.empty() &&
        std::none_of(recipe.stages.begin(), recipe.stages.end(), [&](const StageEntry& e) { return e.name == b.stage; })) {
        std::string names;
        for (const StageEntry& e : recipe.stages) names += (names.empty() ? "" : ", ") + e.name;
        return "the recipe has no stage \"" + b.stage + "\"; its stages are " + (names.empty() ? std::string("none") : names);
    }
    auto outside = [&](const Cell& c) { return c.x < 0 || c.y < 0 || c.z < 0 || c.x >= size.width || c.y >= size.height || c.z >= size.depth; };
    auto sizeText = [&] { return std::to_string(size.width) + " x " + std::to_string(size.height) + " x " + std::to_string(size.depth); };
    if (b.kind == Breakpoint::Kind::CellChanges && outside(b.cell)) return "cell " + cellText(b.cell) + " is outside the level (" + sizeText() + ")";
    for (const std::optional<Cell>& c : {b.from, b.to})
        if (b.kind == Breakpoint::Kind::Disconnects && c && outside(*c)) return "cell " + cellText(*c) + " is outside the level (" + sizeText() + ")";
    return std::nullopt;
}

} // namespace burrow
