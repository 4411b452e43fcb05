// The status bar on a laptop's screen: a message (where an export went, a warning)
// is read whole. The level's summary steps aside for it when the window is too
// narrow for both, and comes back when the message goes.
#include <QTest>

#include <QDir>
#include <QFileInfo>
#include <QLabel>
#include <QLayout>
#include <QStatusBar>
#include <QUndoStack>

#include "test_main.h"
#include "commands/paint_command.h"
#include "document/level_facts.h"
#include "document/project_document.h"
#include "main_window.h"
#include "pipeline/builtin_stages.h"
#include "project/project.h"
#include "random/rng.h"
#include "status/level_summary_label.h"
#include "map/map_view.h"

#include "editor_test_helpers.h"

using namespace burrow;

class TestStatusBar : public QObject {
    Q_OBJECT
private slots:
    void init() { QCoreApplication::setOrganizationName("BurrowTest"); }

    void aMessageIsReadWholeOnALaptop() {
        ui::MainWindow window;
        window.resize(1024, 700);
        window.show();
        QVERIFY(openAndFinish(window, QStringLiteral(BURROW_EXAMPLES "/wfc-ruins.burrow.json")));
        QStatusBar* bar = window.statusBar();
        auto* summary = child<QLabel>(&window, "levelLabel");
        QVERIFY(summary->isVisible());
        const QString message = "Exported to /home/designer/games/the-long-dark/levels/ruins-by-the-water/export";
        // The two do not fit side by side at 1024 pixels: the message wins.
        QVERIFY(bar->fontMetrics().horizontalAdvance(message) + summary->sizeHint().width() > bar->width() - 120);
        bar->showMessage(message);
        QVERIFY(!summary->isVisible());
        bar->clearMessage();
        QVERIFY(summary->isVisible());
        // A short one leaves the summary where it is.
        bar->showMessage("Saved");
        QVERIFY(summary->isVisible());
        bar->clearMessage();
    }

    // Given the width it asks for, the summary is shown whole: measured in parts (the
    // name, then the rest) its width may round past the whole's, and the name was cut
    // short with room to spare.
    void theSummaryIsWholeAtTheWidthItAsksFor() {
        ui::LevelSummaryLabel label;
        label.show();
        const QString details = "80 x 50 x 3 · seed 5 · level 1699c9dfbf2f21ca";
        int checked = 0;
        for (const QFileInfo& file : QDir(QStringLiteral(BURROW_EXAMPLES)).entryInfoList({"*.burrow.json"})) {
            const Project project = loadProject(file.absoluteFilePath().toStdString(), builtinStages());
            for (const QString& name : {QString::fromStdString(project.name), QString::fromStdString(project.name).left(23)}) {
                label.setSummary(name, details);
                label.resize(label.sizeHint());
                QCOMPARE(label.text(), name + " · " + details);
                label.resize(label.minimumSizeHint());
                QVERIFY2(label.text().endsWith("… · " + details) || label.text() == name + " · " + details, qPrintable(label.text()));
                ++checked;
            }
        }
        QVERIFY(checked >= 20);
    }

    // What the status bar says of the cell under the cursor follows the level, not
    // only the mouse: after Ctrl+Z the cell painted a moment ago is told as it is now.
    void theCellUnderTheCursorIsToldAgainAfterAnUndo() {
        ui::MainWindow window;
        window.resize(1024, 700);
        window.show();
        QVERIFY(openAndFinish(window, QStringLiteral(BURROW_EXAMPLES "/mazes.burrow.json")));
        ui::ProjectDocument* doc = window.document();
        const Level& level = doc->level();
        Cell wall{0, 0, 0};
        while (level.at(wall.x, wall.y, 0) != Tile::Wall) ++wall.x;
        emit window.mapView()->cellHovered(wall);
        auto* cell = child<QLabel>(&window, "cellLabel");
        QVERIFY2(cell->text().contains("Wall") && !cell->text().contains("painted"), qPrintable(cell->text()));
        // Told at once, not when the regions are next labelled (nothing may ask).
        doc->undoStack()->push(new ui::PaintCommand(doc, {{wall, Tile::Floor}}, "Pencil", 0));
        QVERIFY2(cell->text().contains("Floor") && cell->text().contains("painted"), qPrintable(cell->text()));
        doc->undoStack()->undo();
        QVERIFY2(cell->text().contains("Wall") && !cell->text().contains("painted"), qPrintable(cell->text()));
        // Painted with the tile it had: no tile changes, and yet it is painted now.
        doc->undoStack()->push(new ui::PaintCommand(doc, {{wall, Tile::Wall}}, "Pencil", 0));
        QVERIFY2(cell->text().contains("Wall") && cell->text().contains("painted"), qPrintable(cell->text()));
    }

    // On a laptop's window the level's summary gives up the project's name before its
    // hash, which a designer compares with `burrow stats`: the hash is always whole,
    // whatever the cell under the cursor says.
    void theLevelHashStaysWholeBesideALongCellText() {
        ui::MainWindow window;
        window.resize(1024, 700);
        window.show();
        QVERIFY(openAndFinish(window, QStringLiteral(BURROW_EXAMPLES "/mazes.burrow.json")));
        auto* summary = child<QLabel>(&window, "levelLabel");
        auto* cell = child<QLabel>(&window, "cellLabel");
        const QString hash = window.document()->levelHash();
        QVERIFY(!hash.isEmpty());
        cell->setText("x 136, y 116, depth 10 — Stairs down '>' (painted) — region 12, 3401 cells — stairs down to depth 11, region 4");
        QTRY_VERIFY(window.statusBar()->layout()->geometry().width() > 0);
        QCoreApplication::processEvents();
        window.statusBar()->layout()->activate();
        QVERIFY2(summary->text().endsWith(hash), qPrintable(summary->text()));
        QVERIFY2(summary->fontMetrics().horizontalAdvance(summary->text()) <= summary->contentsRect().width(),
                 qPrintable(QStringLiteral("%1 px of text in %2 px").arg(summary->fontMetrics().horizontalAdvance(summary->text())).arg(summary->contentsRect().width())));
        QVERIFY(summary->geometry().right() <= window.statusBar()->width());
        QVERIFY2(window.width() <= 1024, qPrintable(QString::number(window.width())));
        // A seed typed as a long text: the details are cut in their middle, so the
        // size and the hash stay, and the window does not widen past the screen.
        const std::string longSeed(300, 's');
        window.document()->setSeed(seedFromText(longSeed), longSeed);
        while (!window.document()->generateFor(50)) {
        }
        QTRY_VERIFY2(!window.document()->levelHash().isEmpty() && summary->text().endsWith(window.document()->levelHash()),
                     qPrintable(summary->text() + " / " + window.document()->levelHash()));
        QVERIFY2(summary->text().startsWith("81 x 51 x 1 · seed sss") && summary->text().contains("…"), qPrintable(summary->text()));
        QVERIFY(summary->fontMetrics().horizontalAdvance(summary->text()) <= summary->contentsRect().width());
        QVERIFY2(window.minimumSizeHint().width() <= 1024, qPrintable(QString::number(window.minimumSizeHint().width())));
        QVERIFY2(window.width() <= 1024, qPrintable(QString::number(window.width())));
        window.document()->setSeed(11, "");
        while (!window.document()->generateFor(50)) {
        }
        // The cursor off the map: the name is whole again, where it fits.
        emit window.mapView()->cellHovered(std::nullopt);
        QTRY_VERIFY2(summary->text().startsWith(QString::fromStdString(window.document()->project().name)), qPrintable(summary->text()));
    }
};

BURROW_TEST_MAIN(TestStatusBar)
#include "test_status_bar.moc"
