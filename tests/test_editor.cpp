// The editor driven as a designer would: the transport, the timeline slider, Play
// and Pause, parameter edits, saving (painting: test_painting.cpp). With BURROW_SCREENSHOTS
// set to a folder, it also saves window grabs of what the issue asks to see.
#include <QSettings>
#include <QTest>

#include <QLabel>
#include <csignal>
#include <sys/resource.h>

#include <QAction>
#include <QComboBox>
#include <QDockWidget>
#include <QLineEdit>
#include <QMessageBox>
#include <QTimer>
#include <QListWidget>
#include <QPushButton>
#include <QSlider>
#include <QMenu>
#include <QSpinBox>
#include <QStatusBar>
#include <QToolButton>
#include <QThread>
#include <QElapsedTimer>
#include <QUndoStack>
#include <unistd.h>

#include "test_main.h"
#include "docks/generation_dock.h"
#include "pipeline/builtin_stages.h"
#include "docks/parameter_form.h"
#include "docks/play_dock.h"
#include "play/play_view.h"
#include "docks/recipe_panel.h"
#include "document/generation_runner.h"
#include "document/project_document.h"
#include "document/project_file_watch.h"
#include "main_window.h"
#include "map/map_view.h"
#include "io/file_io.h"
#include "tools/paint_controller.h"

using namespace burrow;
using namespace burrow::ui;

#include "content/population_rules.h"
#include "docks/rules_dock.h"
#include "model/level_hash.h"
#include "pipeline/make_level.h"
#include "editor_test_helpers.h"
#include "stage_entries.h"


// Limits the size of files this process may write (RLIMIT_FSIZE) while it lives: a
// full disk that needs no mount and no root. Writes past it fail with EFBIG.
class FileSizeLimit {
public:
    explicit FileSizeLimit(rlim_t bytes) {
        std::signal(SIGXFSZ, SIG_IGN); // else exceeding the limit kills the process
        getrlimit(RLIMIT_FSIZE, &saved_);
        rlimit limit = saved_;
        limit.rlim_cur = bytes;
        setrlimit(RLIMIT_FSIZE, &limit);
    }
    ~FileSizeLimit() { setrlimit(RLIMIT_FSIZE, &saved_); }
    FileSizeLimit(const FileSizeLimit&) = delete;
    FileSizeLimit& operator=(const FileSizeLimit&) = delete;

private:
    rlimit saved_{};
};

class TestEditor : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        QCoreApplication::setOrganizationName("BurrowTest");
        QSettings().clear();
    }

    void stepForwardAndBackReturnsToTheStart() {
        MainWindow window;
        window.show();
        QVERIFY(openAndFinish(window, example("drone-caves.burrow.json")));
        ProjectDocument* doc = window.document();
        doc->seek(0);
        const Level start = doc->level();
        auto* step = child<QPushButton>(&window, "step");
        auto* back = child<QPushButton>(&window, "back");
        for (int i = 0; i < 25; ++i) QTest::mouseClick(step, Qt::LeftButton);
        QCOMPARE(doc->generation().stepsDone(), std::size_t(25));
        QVERIFY(!(doc->level().tiles(0) == start.tiles(0)));
        screenshot(&window, "drone-mining-midway");
        for (int i = 0; i < 25; ++i) QTest::mouseClick(back, Qt::LeftButton);
        QCOMPARE(doc->generation().stepsDone(), std::size_t(0));
        QVERIFY(doc->level().tiles(0) == start.tiles(0));
    }

    void scrubbingEqualsStepping() {
        MainWindow window;
        window.show();
        QVERIFY(openAndFinish(window, example("rooms-and-hallways.burrow.json")));
        ProjectDocument* doc = window.document();
        auto* slider = child<QSlider>(&window, "timeline");
        QVERIFY(slider->maximum() > 10);
        const int k = slider->maximum() / 2;
        doc->seek(0);
        for (int i = 0; i < k; ++i) doc->step();
        const Level stepped = doc->level();
        slider->setValue(slider->maximum());
        slider->setValue(k); // as a drag would
        QCOMPARE(doc->generation().stepsDone(), std::size_t(k));
        QVERIFY(doc->level().tiles(0) == stepped.tiles(0));
        QVERIFY(doc->level().areas == stepped.areas);
        slider->setValue(slider->maximum());
        QVERIFY(doc->atEnd());
    }

    void playThenPauseStops() {
        MainWindow window;
        window.show();
        QVERIFY(openAndFinish(window, example("drone-caves.burrow.json")));
        ProjectDocument* doc = window.document();
        doc->seek(0);
        window.runner()->setStepsPerSecond(200);
        auto* play = child<QPushButton>(&window, "play");
        QTest::mouseClick(play, Qt::LeftButton);
        QCOMPARE(window.runner()->mode(), GenerationRunner::Mode::Playing);
        QTRY_VERIFY_WITH_TIMEOUT(doc->generation().stepsDone() > 5, 5000);
        QTest::mouseClick(play, Qt::LeftButton);
        QCOMPARE(window.runner()->mode(), GenerationRunner::Mode::Idle);
        const std::size_t stopped = doc->generation().stepsDone();
        QVERIFY(!window.runner()->ticking()); // nothing left to step it
        QCoreApplication::processEvents();     // what was queued before the pause
        QCOMPARE(doc->generation().stepsDone(), stopped);
        QVERIFY(!doc->atEnd());
    }

    void generateRunsToTheEndInSlices() {
        MainWindow window;
        window.show();
        QVERIFY(openAndFinish(window, example("cellular-depths.burrow.json")));
        ProjectDocument* doc = window.document();
        const Level finished = doc->level();
        doc->seek(0);
        QTest::mouseClick(child<QPushButton>(&window, "generate"), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(doc->atEnd(), 10000);
        QVERIFY(doc->level() == finished);
    }

    void editingAParameterRegeneratesFromThatStage() {
        MainWindow window;
        window.show();
        QVERIFY(openAndFinish(window, example("drone-caves.burrow.json")));
        ProjectDocument* doc = window.document();
        RecipePanel* recipe = window.generationDock()->recipe();
        recipe->list()->setCurrentRow(2); // the water walkers
        auto* most = recipe->form()->findChild<QSpinBox*>("walkers_max");
        QVERIFY(most);
        most->setValue(6);
        QTRY_VERIFY_WITH_TIMEOUT(doc->atEnd(), 5000);
        Recipe expected = loadProject(example("drone-caves.burrow.json").toStdString(), builtinStages()).recipe;
        expected.stages[2].params.set("walkers_max", std::int64_t{6});
        QVERIFY(doc->project().recipe == expected);
        QVERIFY(doc->level().tiles(0) == generateLevel(doc->project().size, doc->project().seed, expected, builtinStages()).tiles(0));
        QVERIFY(doc->isModified());
        QVERIFY(window.isWindowModified());
    }

    // Removing the last stage keeps the level finished: its hand edits laid over it
    // and its hash shown, as after any other edit (it showed neither until a play-test).
    void removingTheLastStageKeepsTheFinishedLevel() {
        MainWindow window;
        window.show();
        QVERIFY(openAndFinish(window, example("room-grid.burrow.json")));
        ProjectDocument* doc = window.document();
        const std::vector<ProjectDocument::EditChange> paint = {{{1, 1, 0}, Tile::Water}};
        doc->applyEdits(paint);
        RecipePanel* recipe = window.generationDock()->recipe();
        while (recipe->list()->count() > 0) {
            recipe->list()->setCurrentRow(recipe->list()->count() - 1);
            child<QPushButton>(&window, "removeStage")->click();
            QTRY_VERIFY_WITH_TIMEOUT(doc->atEnd(), 5000);
            QCOMPARE(doc->level().at(1, 1, 0), Tile::Water);
            QVERIFY(!doc->levelHash().isEmpty());
            QCOMPARE(doc->levelHash(), QString::fromStdString(levelHash(makeLevel(doc->project(), doc->project().seed).level)));
            QVERIFY2(child<QLabel>(&window, "levelLabel")->text().contains(doc->levelHash()), qPrintable(child<QLabel>(&window, "levelLabel")->text()));
            QCOMPARE(window.mapView()->level(), &doc->level());
        }
    }

    // The status bar counts every warning, not only the last, and a level without
    // warnings leaves none standing there.
    void warningsInTheStatusBarFollowTheLevel() {
        MainWindow window;
        window.show();
        QVERIFY(openAndFinish(window, example("lava-caves.burrow.json")));
        const QString shown = window.statusBar()->currentMessage();
        QVERIFY2(shown.startsWith("population: ") && shown.contains(" more like it"), qPrintable(shown)); // four pools short, on four depths
        // Every warning, a line each, stays in the bar's tooltip after the message goes.
        const QStringList listed = window.statusBar()->toolTip().split('\n');
        QCOMPARE(listed.size(), static_cast<qsizetype>(window.document()->warnings().size()));
        for (const StageWarning& w : window.document()->warnings()) QVERIFY2(listed.contains(QString::fromStdString(w.text())), w.text().c_str());
        Recipe quiet = window.document()->project().recipe;
        for (StageEntry& e : quiet.stages)
            if (e.type == "populate") e.enabled = false;
        window.document()->setRecipe(quiet);
        QTRY_VERIFY_WITH_TIMEOUT(window.document()->atEnd(), 10000);
        QVERIFY(window.document()->warnings().empty());
        QTRY_VERIFY_WITH_TIMEOUT(window.statusBar()->currentMessage().isEmpty(), 5000);
        QVERIFY(window.statusBar()->toolTip().isEmpty());
    }

    // Every designer edit of the recipe, its parameters, the seed, the size and the
    // movement is one History entry named for what changed (a parameter stepped
    // three times is one); undoing them all gives back the project and the level
    // byte for byte, redoing them all gives back the edited ones.
    void everySettingEditIsUndoable() {
        MainWindow window;
        window.show();
        QVERIFY(openAndFinish(window, example("cellular-depths.burrow.json")));
        ProjectDocument* doc = window.document();
        QUndoStack* history = doc->undoStack();
        const std::string projectBefore = projectToJson(doc->project()).dump();
        const QString levelBefore = doc->levelHash();

        RecipePanel* recipe = window.generationDock()->recipe();
        recipe->list()->setCurrentRow(0);
        auto* generations = recipe->form()->findChild<QSpinBox*>("generations");
        QVERIFY(generations);
        const int first = generations->value();
        for (int g = first + 1; g <= first + 3; ++g) generations->setValue(g);
        QCOMPARE(history->count(), 1);
        QCOMPARE(history->text(0), QStringLiteral("caves: generations %1 → %2").arg(first).arg(first + 3));
        child<QPushButton>(&window, "reroll")->click();
        recipe->list()->item(1)->setCheckState(Qt::Unchecked);
        auto* seed = child<QLineEdit>(&window, "seed");
        seed->setText("a cave of one's own");
        emit seed->editingFinished();
        child<QSpinBox>(&window, "width")->setValue(doc->project().size.width + 7);
        child<QSpinBox>(&window, "height")->setValue(doc->project().size.height - 5);
        child<QComboBox>(&window, "movement")->setCurrentIndex(1);
        QCOMPARE(history->count(), 6); // generations, reroll, switch off, seed, size (merged), movement
        QVERIFY2(history->text(4).startsWith("Size 100 x 48 x 6 → 107 x 43 x 6"), qPrintable(history->text(4)));
        QTRY_VERIFY_WITH_TIMEOUT(doc->atEnd(), 10000);
        const std::string projectAfter = projectToJson(doc->project()).dump();
        const QString levelAfter = doc->levelHash();
        QVERIFY(projectAfter != projectBefore && levelAfter != levelBefore);

        QVERIFY(doc->isModified());
        while (history->canUndo()) history->undo();
        QTRY_VERIFY_WITH_TIMEOUT(doc->atEnd(), 10000);
        QCOMPARE(projectToJson(doc->project()).dump(), projectBefore);
        QCOMPARE(doc->levelHash(), levelBefore);
        // Undone back to the file as opened: nothing to save (no '*', no question on closing).
        QVERIFY(!doc->isModified());
        QVERIFY(!window.isWindowModified());
        recipe->list()->setCurrentRow(0);
        QCOMPARE(recipe->form()->findChild<QSpinBox*>("generations")->value(), first); // the form shows the project again
        while (history->canRedo()) history->redo();
        QVERIFY(doc->isModified());
        QTRY_VERIFY_WITH_TIMEOUT(doc->atEnd(), 10000);
        QCOMPARE(projectToJson(doc->project()).dump(), projectAfter);
        QCOMPARE(doc->levelHash(), levelAfter);
        QCOMPARE(QString::fromStdString(levelHash(makeLevel(doc->project()).level)), levelAfter); // what every command makes
    }

    // Undoing a rules edit regenerates the population, as the edit itself did.
    void undoingARulesEditRepopulates() {
        MainWindow window;
        window.resize(1400, 900);
        window.show();
        QVERIFY(openAndFinish(window, example("room-grid.burrow.json")));
        ProjectDocument* doc = window.document();
        const std::string before = levelHash(doc->level());
        window.rulesDock()->edit("more enemies", [](PopulationRules& r) { r.groups[2].number = {4, 4}; });
        QTRY_VERIFY_WITH_TIMEOUT(doc->atEnd(), 5000);
        const std::string edited = levelHash(doc->level());
        QVERIFY(edited != before);
        doc->undoStack()->undo();
        QTRY_VERIFY_WITH_TIMEOUT(doc->atEnd(), 5000);
        QCOMPARE(QString::fromStdString(levelHash(doc->level())), QString::fromStdString(before));
        doc->undoStack()->redo();
        QTRY_VERIFY_WITH_TIMEOUT(doc->atEnd(), 5000);
        QCOMPARE(QString::fromStdString(levelHash(doc->level())), QString::fromStdString(edited));
        // Undone back to the file as opened, then the rules saved to a file of their
        // own: the project names it now, outside the history, so an edit made and
        // undone after leaves it to be saved still.
        doc->undoStack()->undo();
        QVERIFY(!doc->isModified());
        doc->rulesSavedAs("more-enemies.rules.json");
        QVERIFY(doc->isModified());
        window.rulesDock()->edit("fewer enemies", [](PopulationRules& r) { r.groups[2].number = {1, 1}; });
        doc->undoStack()->undo();
        QCOMPARE(doc->rulesFile(), std::string("more-enemies.rules.json"));
        QVERIFY(doc->isModified());
    }

    // Opening a big project does not freeze the window: a first slice, then the
    // runner generates the rest in slices, and Cancel stops it where it got to.
    void bigProjectsOpenWithoutFreezing() {
        QTemporaryDir dir;
        Project big = loadProject(example("cellular-depths.burrow.json").toStdString(), builtinStages());
        big.size = {2000, 2000, 8};
        big.recipe.stages.resize(2); // caves and pruning
        const QString file = dir.path() + "/big.burrow.json";
        saveProject(big, file.toStdString());
        MainWindow window;
        QVERIFY(window.openProject(file));
        QVERIFY(!window.document()->atEnd());
        QCOMPARE(window.runner()->mode(), GenerationRunner::Mode::Generating);
        window.runner()->cancel();
        QCOMPARE(window.runner()->mode(), GenerationRunner::Mode::Idle);
        QVERIFY(!window.document()->atEnd());
    }

    // Each slice of Generate ends with the window redrawn; where that is slow (a big
    // level), slices grow so redrawing stays a small share of the time, instead of
    // a 12 ms slice paying for a redraw several times its length.
    void slicesGrowWhenTheWindowIsSlowToRedraw() {
        QTemporaryDir dir;
        Project big = loadProject(example("cellular-depths.burrow.json").toStdString(), builtinStages());
        big.size = {2000, 2000, 8};
        big.recipe.stages.resize(2);
        const QString file = dir.path() + "/big.burrow.json";
        saveProject(big, file.toStdString());
        ProjectDocument doc;
        QString error;
        QVERIFY2(doc.open(file, &error), qPrintable(error));
        // Steps replayed from the timeline go too fast to need a second slice: keep
        // none, so going forward generates them again.
        doc.setTimelineBudget(0);
        doc.seek(0);
        constexpr int kRedrawMs = 40;
        int redraws = 0;
        connect(&doc, &ProjectDocument::levelReset, &doc, [&] {
            ++redraws;
            QThread::msleep(kRedrawMs); // a slow redraw
        });
        GenerationRunner runner(&doc);
        QElapsedTimer clock;
        clock.start();
        runner.generateToEnd();
        QTRY_VERIFY_WITH_TIMEOUT(doc.atEnd(), 120000);
        const double redrawShare = double(redraws) * kRedrawMs / double(clock.elapsed());
        QVERIFY2(redraws > 1 && redrawShare < 0.45, qPrintable(QString("%1 redraws, %2 of the time").arg(redraws).arg(redrawShare)));
    }

    void failedSaveSaysWhyAndKeepsTheOldFile() {
        MainWindow window;
        QVERIFY(openAndFinish(window, example("random-fill.burrow.json")));
        QTemporaryDir dir;
        // A "folder" that is a file: no save can succeed there, even as root.
        const QString notAFolder = dir.path() + "/plain-file";
        QFile(notAFolder).open(QIODevice::WriteOnly);
        QString error;
        QVERIFY(!window.document()->saveAs(notAFolder + "/level.burrow.json", &error));
        QVERIFY2(error.contains("level.burrow.json") && error.contains("unchanged"), qPrintable(error));
        QCOMPARE(window.document()->filePath(), QFileInfo(example("random-fill.burrow.json")).absoluteFilePath());

        // A full disk, made real for this process with a file-size limit (works as
        // root, unlike permissions): the write fails part-way, the old file stays
        // whole, the error says why and the document stays unsaved.
        const QString file = dir.path() + "/keep.burrow.json";
        QVERIFY(window.document()->saveAs(file, &error));
        const std::string old = readTextFile(file.toStdString());
        Recipe r = window.document()->project().recipe;
        r.stages[0].reroll = 9;
        window.document()->setRecipe(r);
        window.document()->applyEdits(std::vector<ProjectDocument::EditChange>{{{1, 1, 0}, Tile::Water}});
        QVERIFY(window.document()->isModified());
        {
            const FileSizeLimit limit(64); // smaller than any project file
            QVERIFY(!window.document()->saveAs(file, &error));
        }
        QVERIFY2(error.contains("keep.burrow.json") && error.contains("unchanged"), qPrintable(error));
        QCOMPARE(readTextFile(file.toStdString()), old);
        QVERIFY(window.document()->isModified());
        QVERIFY(window.document()->saveAs(file, &error)); // with room again, it saves
        QVERIFY(readTextFile(file.toStdString()) != old);
    }


    // Two editors on one file: a change made outside is offered for reload while
    // nothing is unsaved, and never overwritten by Save without asking.
    void changesOnDiskAreNeverOverwrittenSilently() {
        QTemporaryDir dir;
        for (const char* name : {"cellular-depths.burrow.json", "cellular-depths.rules.json"})
            QVERIFY(QFile::copy(example(name), dir.path() + "/" + name));
        const QString projectFile = dir.path() + "/cellular-depths.burrow.json", rulesFile = dir.path() + "/cellular-depths.rules.json";
        MainWindow window;
        QVERIFY(openAndFinish(window, projectFile));
        QVERIFY(window.document()->fileWatch()->changed().isEmpty());

        // The other editor changes the rules file: this one offers to reload.
        std::string rules = readTextFile(rulesFile.toStdString());
        const std::string otherRules = rules.replace(rules.find("\"max\": 2"), 8, "\"max\": 4");
        writeFileAtomically(rulesFile.toStdString(), otherRules);
        QMessageBox* question = nullptr;
        QTRY_VERIFY((question = window.findChild<QMessageBox*>("reloadQuestion")) != nullptr);
        QVERIFY(question->text().contains("cellular-depths.rules.json"));
        question->button(QMessageBox::Yes)->click();
        QTRY_VERIFY(window.document()->fileWatch()->changed().isEmpty());
        QCOMPARE(window.document()->project().recipe.stages.back().rules->groups.back().number.max, 4);

        // Now with an unsaved change here, the other editor saves the project: Save
        // asks, and Cancel keeps the other editor's file.
        Recipe r = window.document()->project().recipe;
        r.stages[0].reroll = 5;
        window.document()->setRecipe(r);
        const std::string otherProject = readTextFile(projectFile.toStdString()) + "\n";
        writeFileAtomically(projectFile.toStdString(), otherProject);
        QTRY_COMPARE(window.document()->fileWatch()->changed(), QStringList{QFileInfo(projectFile).absoluteFilePath()});
        auto answer = [](const QString& button) {
            QTimer::singleShot(0, [button] {
                auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
                QVERIFY(box && box->objectName() == "saveConflict");
                for (QAbstractButton* b : box->buttons())
                    if (b->text().startsWith(button)) b->click();
            });
        };
        answer("Cancel");
        QVERIFY(!window.save());
        QCOMPARE(readTextFile(projectFile.toStdString()), otherProject);
        QVERIFY(window.document()->isModified());
        answer("Overwrite");
        QVERIFY(window.save());
        QVERIFY(readTextFile(projectFile.toStdString()) != otherProject);
        QVERIFY(window.document()->fileWatch()->changed().isEmpty());
        QVERIFY(!window.document()->isModified());
    }

};

BURROW_TEST_MAIN(TestEditor)
#include "test_editor.moc"
