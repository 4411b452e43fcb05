// The seed gallery's speed: 48 seeds of cellular-depths made and judged on the
// worker threads (every thumbnail, and the first), and the UI thread's work when
// one more seed arrives (the dock shows its thumbnails again), which must fit in a
// frame so the editor never stutters while the gallery fills.
#include <QCoreApplication>
#include <QListWidget>
#include <cstdlib>
#include <memory>

#include "bench_case.h"
#include "docks/seed_gallery_dock.h"
#include "document/level_facts.h"
#include "document/generation_runner.h"
#include "document/project_document.h"
#include "gallery/seed_gallery.h"
#include "pipeline/builtin_stages.h"

namespace burrow::bench {
namespace {

constexpr int kSeeds = 48;

Project cellularDepths() { return loadProject(BURROW_EXAMPLES_DIR "/cellular-depths.burrow.json", builtinStages()); }

// The gallery started on the project; the measured work waits (turning the event
// loop, as the editor does) until `arrived` seeds are in.
std::function<std::function<void()>()> fill(int arrived) {
    return [arrived] {
        auto project = std::make_shared<const Project>(cellularDepths());
        auto gallery = std::make_shared<ui::SeedGallery>();
        return [project, gallery, arrived] {
            gallery->start(*project, kSeeds);
            while (static_cast<int>(gallery->entries().size()) < arrived) QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
        };
    };
}

// A document and the Seeds dock with every seed judged; the measured work is what
// the UI thread does for one arrival.
struct GalleryEditor {
    ui::ProjectDocument document;
    ui::GenerationRunner runner{&document};
    ui::LevelFacts facts{&document};
    ui::SeedGalleryDock dock{&document, &runner, &facts};
};

std::function<std::function<void()>()> oneArrival() {
    return [] {
        auto editor = std::make_shared<GalleryEditor>();
        editor->document.reset(cellularDepths());
        editor->dock.resize(420, 700);
        editor->dock.show();
        editor->dock.gallery()->start(editor->document.project(), kSeeds);
        while (!editor->dock.gallery()->done()) QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
        QCoreApplication::processEvents();
        return [editor] {
            // entryAdded is what each arriving seed sends: the dock sorts and shows them again.
            emit editor->dock.gallery()->entryAdded(kSeeds - 1);
            if (editor->dock.list()->count() != kSeeds) std::abort();
        };
    };
}

} // namespace

std::vector<Case> galleryCases() {
    return {
        {"seed gallery: 48 seeds of cellular-depths, every thumbnail", "100x48x6", "≤ 1 s on 2 cores", fill(kSeeds)},
        {"seed gallery: the first of 48 thumbnails", "100x48x6", "≤ 100 ms", fill(1)},
        {"seed gallery: the UI thread's work for one arriving seed", "100x48x6", "≤ 16 ms (one frame)", oneArrival()},
    };
}

} // namespace burrow::bench
