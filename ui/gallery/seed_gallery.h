#pragma once
// The seed gallery's work: seeds 1..N of the project made and judged on worker
// threads — each as `burrow explore` judges it (core's judgeSeed: the kept attempt
// under the acceptance rules, its level hash and cheap and search metrics) — with a
// thumbnail of its first depth. Results arrive on the UI thread one by one; the UI
// thread never waits. Starting again (a recipe or rules edit) cancels the stale work:
// seeds not yet begun are skipped and results of the old project are dropped.
#include <QImage>
#include <QObject>
#include <atomic>
#include <cstdint>
#include <vector>

#include "analysis/seed_summary.h"
#include "document/background_jobs.h"
#include "project/project.h"

namespace burrow::ui {

class SeedGallery : public QObject {
    Q_OBJECT
public:
    struct Entry {
        SeedResult result;
        QImage thumbnail;
    };
    static constexpr QSize kThumbnail{120, 80};
    // What the gallery's levels in flight may take together: it runs no more at once
    // than fit, and none of a project whose one level does not fit (`burrow explore`
    // takes --memory for those).
    static constexpr std::uint64_t kMemoryBudget = std::uint64_t{2} << 30;

    explicit SeedGallery(QObject* parent = nullptr);
    ~SeedGallery() override;

    // Judges seeds 1..count of `project` and its pinned seeds beyond them (its own
    // seed plays no part), dropping what an earlier start was doing.
    void start(const Project& project, int count);
    // What has arrived so far, in the order it arrived.
    const std::vector<Entry>& entries() const { return entries_; }
    int requested() const { return requested_; }
    bool done() const { return static_cast<int>(entries_.size()) == requested_; }
    // Blocks until every worker has finished, those of an earlier start included;
    // what they found (stale or not) then waits in the event queue.
    void waitForWorkers() { jobs_.waitForDone(); }
    // The project the entries belong to.
    const Project& project() const { return project_; }
    bool hasRules() const { return !project_.acceptance.rules.empty(); }
    // Why the last start made nothing, or empty.
    const QString& refusal() const { return refusal_; }

signals:
    void started();
    void entryAdded(int index);
    void finished();

private:
    void add(Entry entry);

    Project project_;
    std::vector<Entry> entries_;
    int requested_ = 0;
    QString refusal_;
    BackgroundJobs jobs_; // a seed each; last, so it goes first
};

} // namespace burrow::ui
