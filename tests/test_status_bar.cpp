// The status bar on a laptop's screen: a message (where an export went, a warning)
// is read whole. The level's summary steps aside for it when the window is too
// narrow for both, and comes back when the message goes.
#include <QTest>

#include <QLabel>
#include <QStatusBar>

#include "test_main.h"
#include "document/project_document.h"
#include "main_window.h"

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
};

BURROW_TEST_MAIN(TestStatusBar)
#include "test_status_bar.moc"
