// The editor opens on an example and its map view shows the level.
#include <QTest>

#include <QLabel>
#include <QSpinBox>
#include <algorithm>

#include "test_main.h"
#include "document/project_document.h"
#include "main_window.h"
#include "map/map_view.h"
#include "map/tile_atlas.h"

#include "editor_test_helpers.h"

using namespace burrow;

namespace {
// True when the pixel is close to `colour` (glyph antialiasing aside).
bool near(QColor a, QColor b) {
    return std::abs(a.red() - b.red()) + std::abs(a.green() - b.green()) + std::abs(a.blue() - b.blue()) < 30;
}
} // namespace

class TestUiSmoke : public QObject {
    Q_OBJECT
private slots:
    void init() { QCoreApplication::setOrganizationName("BurrowTest"); }

    void opensAnExampleAndDrawsIt_data() {
        QTest::addColumn<double>("cellPixels");
        QTest::newRow("colour blocks") << 6.0;
        QTest::newRow("glyphs") << 24.0;
    }
    void opensAnExampleAndDrawsIt() {
        QFETCH(double, cellPixels);
        ui::MainWindow window;
        window.resize(1400, 900);
        window.show();
        QVERIFY(openAndFinish(window, QStringLiteral(BURROW_EXAMPLES "/random-fill.burrow.json")));
        ui::MapView* view = window.mapView();
        view->fitToWindow();
        view->setCellPixels(cellPixels, view->rect().center());
        QCOMPARE(view->cellPixels(), cellPixels);
        const QImage shot = view->grab().toImage();
        const Level& level = window.document()->level();
        int walls = 0, floors = 0;
        for (int y = 0; y < level.height(); ++y)
            for (int x = 0; x < level.width(); ++x) {
                const QPointF centre = view->cellCentre(x, y);
                // Sample a corner of the cell: the glyph sits in the middle.
                const QPoint probe = (centre - QPointF(cellPixels * 0.4, cellPixels * 0.4)).toPoint();
                if (!shot.rect().contains(probe)) continue;
                // A thing or a marker is drawn over its cell: only bare tiles are compared.
                const Cell here{x, y, 0};
                if (std::any_of(level.entities.begin(), level.entities.end(), [&](const Entity& e) { return e.at == here; }) ||
                    std::any_of(level.markers.begin(), level.markers.end(), [&](const Marker& m) { return m.at == here; }))
                    continue;
                const Tile tile = level.at(x, y, 0);
                QVERIFY2(near(shot.pixelColor(probe), ui::tileBackground(level.kinds[tile])),
                         qPrintable(QString("cell %1,%2 (%3) drawn as %4").arg(x).arg(y).arg(glyphOf(tile)).arg(shot.pixelColor(probe).name())));
                walls += tile == Tile::Wall;
                floors += tile == Tile::Floor;
            }
        QVERIFY(walls > 0 && floors > 0);
    }

    void hoverNamesTheCell() {
        ui::MainWindow window;
        window.resize(1400, 900);
        window.show();
        QVERIFY(openAndFinish(window, QStringLiteral(BURROW_EXAMPLES "/random-fill.burrow.json")));
        ui::MapView* view = window.mapView();
        const auto cell = view->cellAt(view->cellCentre(3, 4));
        QVERIFY(cell.has_value());
        QCOMPARE(cell->x, 3);
        QCOMPARE(cell->y, 4);
        QVERIFY(!view->cellAt(QPointF(-5, -5)).has_value());
        // The mouse over the cell: the status bar names it, its kind and its region.
        QTest::mouseMove(view, view->cellCentre(3, 4).toPoint());
        const Level& level = window.document()->level();
        const QString kind = QString::fromStdString(level.kinds[level.at(3, 4, 0)].name);
        auto said = [&] {
            for (const QLabel* label : window.findChildren<QLabel*>())
                if (label->text().startsWith("x 3, y 4, depth 0")) return label->text();
            return QString();
        };
        QTRY_VERIFY2(said().contains(kind), qPrintable(said()));
        if (level.kinds.walkable(level.at(3, 4, 0))) QVERIFY2(said().contains("region"), qPrintable(said()));
    }

    void badFileKeepsWhatWasOpen() {
        ui::MainWindow window;
        QVERIFY(openAndFinish(window, QStringLiteral(BURROW_EXAMPLES "/random-fill.burrow.json")));
        QString error;
        QVERIFY(!window.document()->open(QStringLiteral(BURROW_TEST_DATA "/does-not-exist.burrow.json"), &error));
        QVERIFY(error.contains("does-not-exist.burrow.json"));
        QCOMPARE(window.document()->level().width(), 32);
    }
};

BURROW_TEST_MAIN(TestUiSmoke)
#include "test_ui_smoke.moc"
