#include "gallery/seed_gallery.h"

#include <algorithm>
#include <memory>

#include "analysis/acceptance.h"
#include "generation/stop_flag.h"
#include "map/level_preview.h"
#include "pipeline/memory_estimate.h"

namespace burrow::ui {

SeedGallery::SeedGallery(QObject* parent) : QObject(parent) {}

SeedGallery::~SeedGallery() = default; // jobs_ drops the seeds not yet begun and waits for the rest

void SeedGallery::start(const Project& project, int count) {
    jobs_.restart(); // the old project's seeds: those not yet begun are dropped
    project_ = project;
    entries_.clear();
    refusal_.clear();
    // Leave a core for the UI thread and the editor's own generation, and run no
    // more levels at once than the memory budget holds.
    const std::uint64_t perLevel = std::max<std::uint64_t>(1, statsMemory(project).perJob);
    if (perLevel > kMemoryBudget) {
        refusal_ = tr("Each level of this size needs about %1, more than the gallery's %2: judge it with `burrow explore --memory GIB`")
                       .arg(QString::fromStdString(bytesText(perLevel)), QString::fromStdString(bytesText(kMemoryBudget)));
        count = 0;
    }
    jobs_.setThreads(static_cast<int>(std::clamp<std::uint64_t>(kMemoryBudget / perLevel, 1, static_cast<std::uint64_t>(std::max(1, QThread::idealThreadCount() - 1)))));
    std::vector<std::uint64_t> seeds;
    for (int i = 0; i < count; ++i) seeds.push_back(static_cast<std::uint64_t>(i + 1));
    if (count > 0)
        for (std::uint64_t pinned : project.pinnedSeeds)
            if (pinned < 1 || pinned > static_cast<std::uint64_t>(count)) seeds.push_back(pinned);
    requested_ = static_cast<int>(seeds.size());
    emit started();
    auto shared = std::make_shared<const Project>(project);
    for (const std::uint64_t seed : seeds)
        jobs_.run(
            [shared, seed](const std::atomic<bool>& stop) {
                Level level;
                Entry entry;
                StopWhenFlagged stale(stop); // a seed of a project since changed stops where it is
                entry.result = judgeSeed(*shared, seed, true, {}, &level, &stale);
                if (entry.result.error.empty()) entry.thumbnail = levelPreview(level.tiles(0), level.kinds, kThumbnail);
                return entry;
            },
            [this](Entry entry) { add(std::move(entry)); });
    if (seeds.empty()) emit finished();
}

void SeedGallery::add(Entry entry) {
    entries_.push_back(std::move(entry));
    emit entryAdded(static_cast<int>(entries_.size()) - 1);
    if (done()) emit finished();
}

} // namespace burrow::ui
