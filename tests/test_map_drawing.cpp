// How the map view draws at any zoom: glyph cells and WFC's undecided cells meet
// without a seam between whole pixels, and marks are thinned only once they crowd.
#include <QTest>

#include <QImage>
#include <QPainter>
#include <cmath>
#include <cstdlib>
#include <vector>

#include "map/map_overlays.h"
#include "map/map_view.h"
#include "map/mark_shapes.h"
#include "model/level.h"
#include "test_main.h"

using namespace burrow;
using namespace burrow::ui;

// A namespace of its own, not an anonymous one: test files are compiled in unity
// batches, where anonymous namespaces are one.
namespace map_drawing_test {

// The view as drawn at `zoom` pixels a cell, centred on `centre`.
QImage renderedAt(MapView& view, double zoom, QPointF centre) {
    view.setCellPixels(zoom, {});
    view.centreOn(centre);
    QImage image(view.size(), QImage::Format_RGB32);
    QPainter painter(&image);
    view.render(painter, view.rect());
    painter.end();
    return image;
}

class TestMapDrawing : public QObject {
    Q_OBJECT
private slots:
    // At a zoom between whole pixels the glyph cells meet without a seam: no pixel of
    // an open floor shows the dark outside between its cells.
    void noSeamsAtFractionalZoom() {
        Level level(LevelSize{100, 80, 1}, Tile::Floor);
        MapView view;
        view.resize(600, 400);
        view.setLevel(&level);
        // Whole zooms too, seen from between cells (a game centres on its player's middle).
        // Glyph cells are a whole zoom apart at a whole zoom, from any offset (a game
        // centres on the middle of its player's cell): rounding each cell on its own
        // put a 19-pixel step among the 18s.
        for (const double zoom : {16.0, 18.0, 12.5, 17.3})
            for (int i = 0; i < 1000; ++i) {
                const double from = (i % 100) + 0.5 - (300 + i) / 2.0 / zoom; // centred on a cell, in views of many widths
                for (int v = 8; v < 120; ++v) {
                    const int step = glyphPixel(v + 1, from, zoom) - glyphPixel(v, from, zoom);
                    QVERIFY2(step == static_cast<int>(std::floor(zoom)) || step == static_cast<int>(std::ceil(zoom)),
                             qPrintable(QString("a %1-pixel step at %2 pixels a cell").arg(step).arg(zoom)));
                }
            }
        for (const double zoom : {10.4, 12.5, 13.7, 17.3}) {
            const QImage image = renderedAt(view, zoom, {50, 40});
            const QRectF cells = view.visibleCells();
            QVERIFY(cells.left() > 0 && cells.top() > 0 && cells.right() < 100 && cells.bottom() < 80); // the level fills the view
            int seams = 0;
            for (int y = 0; y < image.height(); ++y)
                for (int x = 0; x < image.width(); ++x) seams += image.pixel(x, y) == qRgb(24, 24, 28);
            QVERIFY2(seams == 0, qPrintable(QString("%1 seam pixels at %2 pixels a cell").arg(seams).arg(zoom)));
        }
    }

    // WFC's undecided cells are shaded a run of a row at a time: at a zoom between
    // whole pixels, the runs of one shade meet without a line between rows (their
    // half-covered edges let the map show through, a stripe a row on the screen).
    void undecidedShadingHasNoSeams() {
        Level level(LevelSize{100, 80, 1}, Tile::Void);
        MapView view;
        view.resize(600, 400);
        view.setLevel(&level);
        std::vector<AgedAnnotation> runs;
        for (int y = 0; y < 80; ++y) {
            Annotation run = Annotation::over(Annotation::Kind::Options, 0, y, 100, 1);
            run.id = Annotation::kOptionShades;
            runs.push_back({run, 0});
        }
        view.setAnnotations(runs, 0);
        for (const double zoom : {9.3, 10.4, 12.5, 13.7}) {
            const QImage image = renderedAt(view, zoom, {50, 40});
            const QRgb shade = image.pixel(300, 200);
            int other = 0;
            // Blending may round a channel a unit apart; a seam was 28 to 55 units darker.
            const auto unlike = [&](QRgb c) { return std::abs(qRed(c) - qRed(shade)) + std::abs(qGreen(c) - qGreen(shade)) + std::abs(qBlue(c) - qBlue(shade)) > 6; };
            for (int y = 0; y < image.height(); ++y) other += unlike(image.pixel(300, y)) ? 1 : 0;
            QVERIFY2(other == 0, qPrintable(QString("%1 pixels of a column unlike the rest at %2 pixels a cell").arg(other).arg(zoom)));
        }
    }

    // Marks are drawn one to a spot only once they are larger than their cells.
    void marksThinOnlyWhenTheyCrowd() {
        MarkThinner far(QSize(100, 100), 1.0);
        QVERIFY(far.claim({10, 10}));
        QVERIFY(!far.claim({11, 11}));
        QVERIFY(far.claim({20, 20}));
        QVERIFY(!far.claim({500, 500})); // off the widget: skipped, not counted
        QCOMPARE(far.hidden(), 1);
        MarkThinner near(QSize(100, 100), 16.0);
        for (int i = 0; i < 6; ++i) QVERIFY(near.claim({10.0 + 16 * i, 10}));
        QCOMPARE(near.hidden(), 0);
    }
};

} // namespace map_drawing_test

BURROW_TEST_MAIN(map_drawing_test::TestMapDrawing)
#include "test_map_drawing.moc"
