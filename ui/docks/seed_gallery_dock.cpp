#include "docks/seed_gallery_dock.h"
#include "docks/metric_text.h"
#include "docks/metrics_panel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QUndoStack>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

#include "commands/pin_command.h"
#include "commands/setting_commands.h"
#include "content/metric_catalog.h"
#include "document/generation_runner.h"
#include "document/project_document.h"
#include "gallery/expressive_range_view.h"
#include "gallery/seed_gallery.h"

namespace burrow::ui {

namespace {

constexpr int kDefaultSeeds = 24;
constexpr int kGalleryPauseMs = 300; // edits come in bursts (a spin box held down): start once they stop
constexpr int kSeedRole = Qt::UserRole;
constexpr int kEntryRole = Qt::UserRole + 1;


} // namespace

SeedGalleryDock::SeedGalleryDock(ProjectDocument* document, GenerationRunner* runner, LevelFacts* facts, QWidget* parent)
    : QDockWidget(tr("Seeds"), parent), document_(document), runner_(runner), gallery_(new SeedGallery(this)), count_(new QSpinBox),
      sortBy_(new QComboBox), alsoShow_(new QComboBox), passingOnly_(new QCheckBox(tr("Passing only"))), pin_(new QPushButton(tr("Pin"))), status_(new QLabel),
      list_(new QListWidget), rangeX_(new QComboBox), rangeY_(new QComboBox), range_(new ExpressiveRangeView) {
    setObjectName("seedGalleryDock");
    count_->setObjectName("galleryCount");
    count_->setRange(1, 200);
    count_->setValue(kDefaultSeeds);
    count_->setToolTip(tr("How many seeds to show: seeds 1 to N"));
    sortBy_->setObjectName("gallerySort");
    fillMetricChoices(sortBy_, true, "seed");
    sortBy_->setToolTip(tr("Order of the thumbnails: by seed, or by a metric (largest first); its value is the first badge"));
    alsoShow_->setObjectName("galleryBadge");
    fillMetricChoices(alsoShow_, false, "floor_share");
    alsoShow_->setToolTip(tr("A second metric shown under each thumbnail"));
    passingOnly_->setObjectName("galleryPassingOnly");
    passingOnly_->setToolTip(tr("Show only the seeds whose level meets the project's acceptance rules"));
    pin_->setObjectName("galleryPin");
    pin_->setEnabled(false);
    pin_->setToolTip(tr("Keep the chosen seed as a favourite in the project: pinned seeds come first, marked ★"));
    list_->setObjectName("seedGallery");
    list_->setViewMode(QListView::IconMode);
    list_->setIconSize(SeedGallery::kThumbnail);
    list_->setResizeMode(QListView::Adjust);
    list_->setMovement(QListView::Static);
    list_->setUniformItemSizes(true);
    list_->setWordWrap(true);
    list_->setSpacing(4);
    list_->setToolTip(tr("Click a seed to make it the project's seed"));

    auto* options = new QHBoxLayout;
    options->addWidget(new QLabel(tr("Seeds")));
    options->addWidget(count_);
    options->addWidget(new QLabel(tr("Sort")));
    options->addWidget(sortBy_, 1);
    auto* more = new QHBoxLayout;
    more->addWidget(new QLabel(tr("Show")));
    more->addWidget(alsoShow_, 1);
    more->addWidget(passingOnly_);
    more->addWidget(pin_);
    rangeX_->setObjectName("rangeX");
    fillMetricChoices(rangeX_, false, "floor_share");
    rangeX_->setToolTip(tr("The range's horizontal metric"));
    rangeY_->setObjectName("rangeY");
    fillMetricChoices(rangeY_, false, "longest_path");
    rangeY_->setToolTip(tr("The range's vertical metric"));
    auto* axes = new QHBoxLayout;
    axes->addWidget(new QLabel(tr("Range")));
    axes->addWidget(rangeX_, 1);
    axes->addWidget(new QLabel(QStringLiteral("×")));
    axes->addWidget(rangeY_, 1);
    auto* rangeBox = new QWidget;
    auto* rangeColumn = new QVBoxLayout(rangeBox);
    rangeColumn->setContentsMargins(0, 0, 0, 0);
    rangeColumn->addLayout(axes);
    rangeColumn->addWidget(range_, 1);
    auto* split = new QSplitter(Qt::Vertical);
    split->addWidget(list_);
    split->addWidget(rangeBox);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    split->setChildrenCollapsible(false);
    auto* page = new QWidget;
    auto* column = new QVBoxLayout(page);
    column->setContentsMargins(4, 4, 4, 4);
    column->addLayout(options);
    column->addLayout(more);
    status_->setWordWrap(true);
    column->addWidget(status_);
    column->addWidget(split, 1);
    // The seeds' range beside the current level's own metrics and the rules they all
    // are judged by.
    auto* tabs = new QTabWidget(this);
    tabs->setObjectName("judge-tabs");
    tabs->addTab(page, tr("Seeds"));
    metrics_ = new MetricsPanel(document_, runner_, facts, tabs);
    tabs->addTab(metrics_, tr("This level"));
    setWidget(tabs);

    timer_.setSingleShot(true);
    timer_.setInterval(kGalleryPauseMs);
    connect(&timer_, &QTimer::timeout, this, &SeedGalleryDock::refresh);
    connect(document_, &ProjectDocument::levelReset, this, &SeedGalleryDock::schedule);
    connect(document_, &ProjectDocument::recipeChanged, this, &SeedGalleryDock::schedule);
    connect(count_, &QSpinBox::valueChanged, this, [this] {
        galleryHash_.clear();
        schedule();
    });
    connect(this, &QDockWidget::visibilityChanged, this, [this](bool visible) {
        if (visible) schedule();
    });
    connect(gallery_, &SeedGallery::started, this, &SeedGalleryDock::rebuild);
    connect(gallery_, &SeedGallery::entryAdded, this, &SeedGalleryDock::rebuild);
    connect(sortBy_, &QComboBox::currentIndexChanged, this, &SeedGalleryDock::rebuild);
    connect(alsoShow_, &QComboBox::currentIndexChanged, this, &SeedGalleryDock::rebuild);
    connect(passingOnly_, &QCheckBox::toggled, this, &SeedGalleryDock::rebuild);
    connect(list_, &QListWidget::itemClicked, this, &SeedGalleryDock::adopt);
    connect(pin_, &QPushButton::clicked, this, &SeedGalleryDock::togglePin);
    connect(list_, &QListWidget::currentItemChanged, this, [this](QListWidgetItem* item) {
        pin_->setEnabled(item != nullptr);
        pin_->setText(item && pinned(item->data(kSeedRole).toULongLong()) ? tr("Unpin") : tr("Pin"));
    });
    connect(document_, &ProjectDocument::pinnedSeedsChanged, this, [this] {
        // A seed pinned beyond the ones made is made too; otherwise only the order changes.
        for (std::uint64_t seed : document_->project().pinnedSeeds)
            if (std::none_of(gallery_->entries().begin(), gallery_->entries().end(), [&](const SeedGallery::Entry& e) { return e.result.seed == seed; })) {
                schedule();
                return;
            }
        rebuild();
    });
    connect(gallery_, &SeedGallery::started, this, [this] { chosenSeeds_.reset(); });
    connect(gallery_, &SeedGallery::started, this, &SeedGalleryDock::updateRange);
    connect(gallery_, &SeedGallery::entryAdded, this, &SeedGalleryDock::updateRange);
    for (QComboBox* axis : {rangeX_, rangeY_})
        connect(axis, &QComboBox::currentIndexChanged, this, [this] {
            // New axes, new bins: the bin chosen on the old ones means nothing now.
            chosenSeeds_.reset();
            updateRange();
            rebuild();
        });
    connect(document_, &ProjectDocument::levelReset, this, &SeedGalleryDock::updateRange); // the current seed's ring
    connect(range_, &ExpressiveRangeView::seedsChosen, this, [this](const std::vector<std::uint64_t>& seeds) {
        if (range_->chosenBin()) chosenSeeds_ = seeds;
        else chosenSeeds_.reset();
        rebuild();
    });
}

void SeedGalleryDock::schedule() {
    if (!timer_.isActive()) timer_.start();
}

void SeedGalleryDock::refresh() {
    timer_.stop();
    if (!isVisible()) return; // it starts when shown
    // The seed itself plays no part (the gallery shows seeds 1..N), and adopting one
    // must not start the gallery over.
    std::string hash = projectHash(document_->project());
    for (std::uint64_t seed : document_->project().pinnedSeeds) hash += "," + std::to_string(seed);
    if (hash == galleryHash_) return;
    galleryHash_ = hash;
    gallery_->start(document_->project(), count_->value());
}

QString SeedGalleryDock::itemText(int index) const {
    const SeedGallery::Entry& e = gallery_->entries()[static_cast<std::size_t>(index)];
    QString text = (pinned(e.result.seed) ? QStringLiteral("★ ") : QString()) + tr("seed %1").arg(e.result.seed);
    if (gallery_->hasRules() && e.result.accepted) text += *e.result.accepted ? QStringLiteral(" ✓") : QStringLiteral(" ✗");
    if (!e.result.error.empty()) return text + "\n" + tr("failed");
    for (QComboBox* box : {sortBy_, alsoShow_}) {
        const int metric = box->currentData().toInt();
        if (metric < 0) continue;
        text += "\n" + box->currentText() + " " + metricValueText(static_cast<std::size_t>(metric), e.result.values[static_cast<std::size_t>(metric)]);
    }
    return text;
}

void SeedGalleryDock::rebuild() {
    const auto& entries = gallery_->entries();
    std::vector<int> order;
    for (int i = 0; i < static_cast<int>(entries.size()); ++i) {
        const SeedResult& r = entries[static_cast<std::size_t>(i)].result;
        if (passingOnly_->isChecked() && gallery_->hasRules() && r.accepted != true) continue;
        if (chosenSeeds_ && std::find(chosenSeeds_->begin(), chosenSeeds_->end(), r.seed) == chosenSeeds_->end()) continue;
        order.push_back(i);
    }
    const int metric = sortBy_->currentData().toInt();
    // Pinned seeds first; then by seed, or largest value first; levels without a value
    // last; ties by seed.
    std::sort(order.begin(), order.end(), [&](int a, int b) {
        const SeedResult& x = entries[static_cast<std::size_t>(a)].result;
        const SeedResult& y = entries[static_cast<std::size_t>(b)].result;
        if (pinned(x.seed) != pinned(y.seed)) return pinned(x.seed);
        if (metric >= 0 && x.error.empty() && y.error.empty()) {
            const double vx = x.values[static_cast<std::size_t>(metric)], vy = y.values[static_cast<std::size_t>(metric)];
            if (std::isnan(vx) != std::isnan(vy)) return std::isnan(vy);
            if (!std::isnan(vx) && vx != vy) return vx > vy;
        }
        return x.seed < y.seed;
    });
    const QListWidgetItem* current = list_->currentItem();
    // (A flag and a value, not an optional: GCC 12 at -O3 warns of the optional's value.)
    const bool wasChosen = current != nullptr;
    const qulonglong chosen = current ? current->data(kSeedRole).toULongLong() : 0;
    list_->setUpdatesEnabled(false);
    list_->clear();
    for (int i : order) {
        const SeedGallery::Entry& e = entries[static_cast<std::size_t>(i)];
        auto* item = new QListWidgetItem(QIcon(QPixmap::fromImage(e.thumbnail)), itemText(i), list_);
        item->setData(kSeedRole, QVariant::fromValue<qulonglong>(e.result.seed));
        item->setData(kEntryRole, i);
        QString tip = tr("seed %1").arg(e.result.seed);
        if (e.result.attempt > 1) tip += tr(", attempt %1 (level seed %2)").arg(e.result.attempt).arg(e.result.levelSeed);
        if (!e.result.brokenRule.empty()) tip += "\n" + tr("breaks %1").arg(QString::fromStdString(e.result.brokenRule));
        if (!e.result.error.empty()) tip += "\n" + QString::fromStdString(e.result.error);
        item->setToolTip(tip);
        if (wasChosen && chosen == e.result.seed) list_->setCurrentItem(item); // the chosen thumbnail stays chosen
    }
    list_->setUpdatesEnabled(true);
    const int total = gallery_->requested(), done = static_cast<int>(entries.size());
    if (!gallery_->refusal().isEmpty()) {
        status_->setText(gallery_->refusal());
        passingOnly_->setEnabled(false);
        return;
    }
    QString status = done < total ? tr("%1 of %2 seeds made…").arg(done).arg(total) : tr("%1 seeds").arg(total);
    if (gallery_->hasRules()) {
        const auto passing = std::count_if(entries.begin(), entries.end(), [](const SeedGallery::Entry& e) { return e.result.accepted == true; });
        status += tr(", %1 pass the rules").arg(passing);
    }
    if (chosenSeeds_) status += tr("; showing the %n in the chosen bin", nullptr, static_cast<int>(chosenSeeds_->size()));
    status_->setText(status);
    passingOnly_->setEnabled(gallery_->hasRules());
}

void SeedGalleryDock::updateRange() {
    std::vector<SeedResult> results;
    for (const SeedGallery::Entry& e : gallery_->entries()) results.push_back(e.result);
    const auto bin = range_->chosenBin();
    range_->setSeeds(std::move(results), static_cast<std::size_t>(rangeX_->currentData().toInt()), static_cast<std::size_t>(rangeY_->currentData().toInt()),
                     document_->project().seed);
    // A seed arriving (or the current seed's ring moving) keeps the designer's bin.
    if (chosenSeeds_ && bin) {
        range_->setChosenBin(bin);
        chosenSeeds_ = range_->seedsIn(bin->first, bin->second);
        rebuild();
    }
}

std::vector<std::uint64_t> SeedGalleryDock::shownSeeds() const {
    std::vector<std::uint64_t> seeds;
    for (int i = 0; i < list_->count(); ++i) seeds.push_back(list_->item(i)->data(kSeedRole).toULongLong());
    return seeds;
}

bool SeedGalleryDock::pinned(std::uint64_t seed) const {
    const auto& seeds = document_->project().pinnedSeeds;
    return std::find(seeds.begin(), seeds.end(), seed) != seeds.end();
}

void SeedGalleryDock::togglePin() {
    const QListWidgetItem* item = list_->currentItem();
    if (!item) return;
    document_->undoStack()->push(new PinCommand(document_, item->data(kSeedRole).toULongLong()));
}

void SeedGalleryDock::adopt(QListWidgetItem* item) {
    const int index = item->data(kEntryRole).toInt();
    if (index < 0 || index >= static_cast<int>(gallery_->entries().size())) return;
    const SeedResult& r = gallery_->entries()[static_cast<std::size_t>(index)].result;
    if (!r.error.empty()) return;
    // The attempt the rules kept is made by its level seed alone.
    if (r.levelSeed == document_->project().seed && document_->project().seedText.empty()) return;
    document_->undoStack()->push(new SeedCommand(document_, r.levelSeed, {}));
    runner_->generateToEnd();
}

} // namespace burrow::ui
