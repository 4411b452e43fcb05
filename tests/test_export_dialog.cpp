// The export dialog driven as a designer would: what it writes is what it says, the
// game's tiles offered where the project has them, and a refusal that says what to do.
#include <QSettings>
#include <QTest>

#include <QCheckBox>
#include <QComboBox>
#include <QMessageBox>
#include <QTemporaryDir>
#include <QTimer>

#include <filesystem>

#include <nlohmann/json.hpp>

#include "test_main.h"
#include "dialogs/export_dialog.h"
#include "document/project_document.h"
#include "io/file_io.h"
#include "main_window.h"

#include "editor_test_helpers.h"

using namespace burrow;
using namespace burrow::ui;

class TestExportDialog : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        QCoreApplication::setOrganizationName("BurrowTest");
        QSettings().clear();
    }

    void exportWritesWhatTheDialogSays() {
        MainWindow window;
        QVERIFY(openAndFinish(window, example("cellular-depths.burrow.json")));
        ExportDialog dialog(window.document());
        for (const char* off : {"format-tmj", "format-png", "format-tmx", "format-txt", "format-csv"}) child<QCheckBox>(&dialog, off)->setChecked(false);
        child<QCheckBox>(&dialog, "format-tmj")->setChecked(true);
        child<QCheckBox>(&dialog, "format-csv")->setChecked(true);
        ExportRequest request = dialog.request();
        QCOMPARE(request.formats.size(), std::size_t(2));
        QCOMPARE(request.stem, std::string("cellular-depths"));
        QTemporaryDir dir;
        QString error;
        const QStringList files = ExportDialog::exportLevel(*window.document(), request, dir.path(), nullptr, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(files.size(), 1 + 6 + 1 + 6 + 1); // tileset, 6 maps, the world, 6 CSVs, the CSVs' provenance
        const auto map = nlohmann::json::parse(readTextFile(dir.path().toStdString() + "/cellular-depths-depth-2.tmj"));
        QCOMPARE(map["width"].get<int>(), 100);
        QVERIFY(!dialog.findChild<QCheckBox*>("game-tiles")); // only for a project with the game's tiles
        QVERIFY(map["tilesets"][0].contains("tiles")); // embedded, unless asked
    }

    // Tilesets beside the maps, as `--tilesets external` writes them: each map names
    // the shared file, and the choice is offered only with a Tiled format.
    void exportWritesTilesetsBesideTheMaps() {
        MainWindow window;
        QVERIFY(openAndFinish(window, example("cellular-depths.burrow.json")));
        ExportDialog dialog(window.document());
        auto* tilesets = child<QComboBox>(&dialog, "tilesets");
        for (const char* off : {"format-tmj", "format-png", "format-tmx", "format-txt", "format-csv", "format-ldtk"}) child<QCheckBox>(&dialog, off)->setChecked(false);
        child<QCheckBox>(&dialog, "format-png")->setChecked(true);
        QVERIFY(!tilesets->isEnabled());
        child<QCheckBox>(&dialog, "format-tmx")->setChecked(true);
        QVERIFY(tilesets->isEnabled());
        tilesets->setCurrentIndex(1);
        child<QCheckBox>(&dialog, "format-png")->setChecked(false);
        ExportRequest request = dialog.request();
        QVERIFY(request.externalTilesets);
        request.depth = 0;
        QTemporaryDir dir;
        QString error;
        const QStringList files = ExportDialog::exportLevel(*window.document(), request, dir.path(), nullptr, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        const QString map = QString::fromStdString(readTextFile(dir.path().toStdString() + "/cellular-depths-depth-0.tmx"));
        QVERIFY2(map.contains("<tileset firstgid=\"1\" source=\"cellular-depths-burrow-tiles.tsx\"/>"), qPrintable(map.left(600)));
        QVERIFY(std::filesystem::exists(dir.path().toStdString() + "/cellular-depths-burrow-tiles.tsx"));
    }

    // A project with the game's tiles: the dialog offers them (checked), the cell size
    // follows their 16 px, and the maps reference the game's tileset; unchecked, the
    // glyph sheet at the chosen cell size as before.
    void exportOffersTheGamesTiles() {
        MainWindow window;
        QVERIFY(openAndFinish(window, example("lava-caves.burrow.json")));
        ExportDialog dialog(window.document());
        auto* game = child<QCheckBox>(&dialog, "game-tiles");
        game->setChecked(true);
        ExportRequest request = dialog.request();
        QVERIFY(request.gameTiles.has_value());
        QCOMPARE(request.tileSize, 16);
        request.formats = {ExportFormat::Tmj};
        request.depth = 0;
        QTemporaryDir dir;
        QString error;
        ExportDialog::exportLevel(*window.document(), request, dir.path(), nullptr, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        const auto map = nlohmann::json::parse(readTextFile(dir.path().toStdString() + "/lava-caves-depth-0.tmj"));
        QCOMPARE(map["tilesets"][0]["image"].get<std::string>(), std::string("art/cave-tiles.png")); // embedded, the art copied beside
        QVERIFY(std::filesystem::exists(dir.path().toStdString() + "/art/cave-tiles.png"));
        game->setChecked(false);
        QVERIFY(!dialog.request().gameTiles.has_value());

        // Too large a PNG of the game's tiles, whose size is not the designer's to
        // lower: the refusal says what to do instead, and nothing is written.
        window.document()->setSize({400, 400, 1});
        game->setChecked(true);
        for (const char* off : {"format-tmj", "format-tmx", "format-txt", "format-csv", "format-ldtk"})
            if (auto* box = dialog.findChild<QCheckBox*>(off)) box->setChecked(false);
        child<QCheckBox>(&dialog, "format-png")->setChecked(true);
        QString shown;
        QTimer::singleShot(0, [&shown] {
            auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
            QVERIFY(box);
            shown = box->text();
            box->accept();
        });
        dialog.accept();
        QVERIFY2(shown.contains("makes a 6400 x 6400 image"), qPrintable(shown));
        QVERIFY2(shown.contains("untick \"Draw with the game's tiles\"") && shown.contains("leave PNG out"), qPrintable(shown));
    }
};

BURROW_TEST_MAIN(TestExportDialog)
#include "test_export_dialog.moc"
