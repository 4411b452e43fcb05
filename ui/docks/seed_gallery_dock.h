#pragma once
// Seeds: thumbnails of seeds 1..N of the open project, made on worker threads, each
// with a pass or fail mark against the project's acceptance rules and badges for
// two chosen metrics; sorted by any metric, or only the passing ones shown. Clicking
// a thumbnail adopts its seed (the level seed of the attempt the rules kept, so the
// map shows exactly that level). The gallery follows the recipe, rules and size,
// and works only while the dock is visible. Below the thumbnails, the expressive
// range of the same seeds over two chosen metrics; a bin clicked there narrows the
// thumbnails to its seeds. *Pin* keeps a seed as a favourite in the project (undoable):
// pinned seeds come first, marked ★, and are made even beyond N.
#include <QDockWidget>
#include <QTimer>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

class QCheckBox;
class QComboBox;
class QLabel;
class QListWidget;
class QListWidgetItem;
class QPushButton;
class QSpinBox;

namespace burrow::ui {

class GenerationRunner;
class LevelFacts;
class ProjectDocument;
class ExpressiveRangeView;
class MetricsPanel;
class SeedGallery;

class SeedGalleryDock : public QDockWidget {
    Q_OBJECT
public:
    SeedGalleryDock(ProjectDocument* document, GenerationRunner* runner, LevelFacts* facts, QWidget* parent = nullptr);
    SeedGallery* gallery() const { return gallery_; }
    QListWidget* list() const { return list_; }
    ExpressiveRangeView* range() const { return range_; }
    // Starts over now if the project changed (tests; otherwise after a short pause).
    void refresh();
    QPushButton* pinButton() const { return pin_; }
    // Seeds in the order shown.
    std::vector<std::uint64_t> shownSeeds() const;

    MetricsPanel* metricsPanel() const { return metrics_; }

private:
    void schedule();
    void rebuild();
    void updateRange();
    void adopt(QListWidgetItem* item);
    // Pins the chosen thumbnail's seed, or unpins it.
    void togglePin();
    bool pinned(std::uint64_t seed) const;
    QString itemText(int entry) const;

    ProjectDocument* document_;
    GenerationRunner* runner_;
    SeedGallery* gallery_;
    QSpinBox* count_;
    QComboBox* sortBy_;
    QComboBox* alsoShow_;
    QCheckBox* passingOnly_;
    QPushButton* pin_;
    QLabel* status_;
    QListWidget* list_;
    QComboBox* rangeX_;
    QComboBox* rangeY_;
    ExpressiveRangeView* range_;
    std::optional<std::vector<std::uint64_t>> chosenSeeds_; // a bin of the range clicked: only these are shown
    QTimer timer_;
    std::string galleryHash_; // projectHash() and pinned seeds of the project the gallery shows
    MetricsPanel* metrics_ = nullptr; // "This level": its metrics and the rules
};

} // namespace burrow::ui
