// Editor speed cases, painted offscreen: repainting a big level, a frame of playing
// a generation, a parameter edit through to the repainted map.
#include <QElapsedTimer>
#include <QImage>
#include <QPainter>
#include <cstdlib>
#include <memory>

#include "bench_case.h"
#include "bench_recipes.h"
#include "document/generation_runner.h"
#include "document/level_facts.h"
#include "document/project_document.h"
#include "generation/generation.h"
#include "generation/timeline.h"
#include "map/map_view.h"
#include "pipeline/builtin_stages.h"

namespace burrow::bench {
namespace {

constexpr int kViewWidth = 1280, kViewHeight = 800;

// A document, its facts, a view that follows them (as the main window wires them),
// and a canvas.
struct Editor {
    ui::ProjectDocument document;
    ui::LevelFacts facts{&document};
    ui::MapView view;
    QImage canvas{kViewWidth, kViewHeight, QImage::Format_RGB32};

    explicit Editor(Project project) {
        view.resize(kViewWidth, kViewHeight);
        view.setFacts(&facts);
        document.reset(std::move(project));
        view.setLevel(&document.level());
        QObject::connect(&document, &ui::ProjectDocument::levelReset, &view, [this] {
            if (view.level() != &document.level()) view.setLevel(&document.level());
            else view.levelChanged();
        });
        QObject::connect(&document, &ui::ProjectDocument::cellsChanged, &view,
                         [this](std::span<const CellChange> changes) { view.cellsChanged(changes); });
    }
    void paint() {
        QPainter painter(&canvas);
        view.render(painter, QRect(0, 0, kViewWidth, kViewHeight));
    }
};

Recipe caveRecipe() {
    Recipe r;
    r.stages.push_back(stage("cellular_caves", {}));
    r.stages.push_back(stage("prune_regions", {}, r));
    return r;
}

std::function<std::function<void()>()> repaint(double cellPixels) {
    return [cellPixels] {
        auto editor = std::make_shared<Editor>(projectOf({2000, 2000, 1}, caveRecipe()));
        editor->view.fitToWindow();
        if (cellPixels > 0) editor->view.setCellPixels(cellPixels, QPointF(kViewWidth / 2.0, kViewHeight / 2.0));
        return [editor] { editor->paint(); };
    };
}

// The heatmap of distances from the start over 8 linked cave depths, worked out
// again as after a rule edit, and the shown depth coloured and painted.
std::function<std::function<void()>()> heatmapAgain() {
    return [] {
        Recipe r = caveRecipe();
        r.stages.push_back(stage("depth_links", {}, r));
        auto editor = std::make_shared<Editor>(projectOf({1000, 1000, 8}, r));
        editor->document.generateFor(1e9);
        editor->view.levelChanged();
        ui::OverlayOptions heat = editor->view.overlays();
        heat.heatmap = Heatmap::FromStart;
        editor->view.setOverlays(heat);
        return [editor] {
            emit editor->document.levelReset(); // what a regenerate after a rule edit says
            editor->facts.settle();             // the facts work it out (off the UI thread) and hand it over
            if (editor->view.heat().kind() != Heatmap::FromStart) std::abort();
            editor->paint();
        };
    };
}

// Wave function collapse played a step at a time with every undecided cell shaded
// by its options (the "stepping stays smooth with the overlay on"): a step,
// the last steps' marks handed to the view as the main window hands them, a paint.
std::function<std::function<void()>()> steppingWfc() {
    return [] {
        Project p = projectOf({64, 64, 1}, Recipe{{stage("wave_function_collapse", {{"sample", std::string("ruins")}})}});
        p.prefabs.prefabs.push_back(ruinsSample());
        auto editor = std::make_shared<Editor>(std::move(p));
        editor->view.fitToWindow();
        editor->document.seek(0);
        return [editor] {
            if (!editor->document.step()) editor->document.seek(1); // the end: the collapse again
            constexpr std::size_t kTrailSteps = 12;
            std::vector<ui::AgedAnnotation> marks;
            const Timeline* timeline = editor->document.generation().timeline();
            const std::size_t now = timeline ? timeline->position() : 0;
            for (std::size_t age = 0; age < kTrailSteps && age < now; ++age)
                for (const Annotation& a : timeline->annotations(now - 1 - age)) marks.push_back({a, static_cast<int>(age)});
            bool shaded = false;
            for (const ui::AgedAnnotation& m : marks) shaded = shaded || m.mark.kind == Annotation::Kind::Options;
            if (!shaded && !editor->document.atEnd()) std::abort(); // the overlay is what is measured
            editor->view.setAnnotations(std::move(marks), static_cast<int>(kTrailSteps));
            editor->paint();
        };
    };
}

} // namespace

std::vector<Case> uiCases() {
    return {
        {"map view repaint, zoomed to fit", "2000x2000", "≤ 8 ms", repaint(0)},
        {"map view repaint at glyph scale (16 px a cell)", "2000x2000", "≤ 8 ms", repaint(16)},
        {"playing drone mining at full speed: one frame", "500x500", "≤ 16.7 ms (60 repaints a second)",
         [] {
             Recipe r;
             r.stages.push_back(stage("drone_mining", {{"drones_min", std::int64_t{40}}, {"drones_max", std::int64_t{40}},
                                                       {"life_min", std::int64_t{100000}}, {"life_max", std::int64_t{100000}}}));
             auto editor = std::make_shared<Editor>(projectOf({500, 500, 1}, r));
             editor->document.seek(0);
             return [editor] {
                 // What GenerationRunner does each refresh at "max": steps for a slice, then paint.
                 QElapsedTimer slice;
                 slice.start();
                 while (static_cast<double>(slice.elapsed()) < ui::GenerationRunner::kSliceMs && editor->document.step()) {}
                 editor->paint();
             };
         }},
        {"heatmap: distance from the start worked out again + repaint", "1000x1000x8", "≤ 150 ms", heatmapAgain()},
        {"stepping wave function collapse, its options shaded: one step + repaint", "64x64", "≤ 16.7 ms (60 steps a second): met", steppingWfc()},
        {"editing the last stage's parameter: regenerate + repaint", "200x200", "≤ 50 ms",
         [] {
             auto editor = std::make_shared<Editor>(projectOf({200, 200, 1}, caveRecipe()));
             return [editor] {
                 Recipe r = editor->document.project().recipe;
                 const auto size = r.stages[1].params.integer("max_size");
                 r.stages[1].params.set("max_size", std::int64_t{size == 20 ? 30 : 20});
                 editor->document.setRecipe(r);
                 editor->document.generateFor(1e9);
                 editor->paint();
             };
         }},
    };
}

} // namespace burrow::bench
