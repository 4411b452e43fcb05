// Watching the bot in the Play dock: the game shown at any turn of the replay bar
// is the bot's game at that turn, scrubbing back and forth ends where playing it
// through ends, and playing runs it to its end at the chosen speed.
#include <QSettings>
#include <QTest>

#include <QComboBox>
#include <QSlider>

#include "test_main.h"
#include "analysis/bot_trails.h"
#include "docks/play_dock.h"
#include "docks/replay_bar.h"
#include "document/project_document.h"
#include "main_window.h"
#include "play/bot.h"
#include "play/game.h"
#include "play/play_view.h"

#include "editor_test_helpers.h"

using namespace burrow;
using namespace burrow::ui;

namespace {

// What can be seen of a game's state from outside.
struct Seen {
    Cell at;
    int hp, turn;
    Outcome outcome;
    std::size_t messages;
    bool operator==(const Seen&) const = default;
};
Seen seen(const Game& g) { return {g.player().at, g.player().hp, g.turn(), g.outcome(), g.messages().size()}; }

} // namespace

class TestWatch : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        QCoreApplication::setOrganizationName("BurrowTest");
        QSettings().clear();
    }

    void scrubbingEndsWherePlayingThroughEnds() {
        MainWindow window;
        window.resize(1366, 768);
        window.show();
        // The bot wins this one in about 160 turns (on the caves it wanders for 5000).
        QVERIFY(openAndFinish(window, example("rooms-and-hallways.burrow.json")));
        PlayDock* play = window.playDock();
        play->watchTheBot();
        QVERIFY(play->watching());
        const auto inputs = play->watchedInputs();
        QVERIFY(inputs.size() > 10);
        ReplayBar* bar = play->replay();
        QCOMPARE(bar->position(), 0);
        QCOMPARE(play->game()->turn(), 0);

        // Played through, as the core plays it (the dock took simulation seed 1).
        Game through(window.document()->finishedLevel(), 1, GameOptions::forMovement(window.document()->project().movement));
        const GameSummary summary = playWithBot(through, 5000);
        QCOMPARE(summary.inputs.size(), inputs.size());
        const Seen end = seen(through);
        QCOMPARE(end.outcome, Outcome::Won);

        // Scrubbed: forward, back, to the middle, to the end.
        const int last = static_cast<int>(inputs.size());
        for (int to : {last / 2, 3, last - 1, 1, last}) bar->setPosition(to);
        QCOMPARE(seen(*play->game()), end);
        // One turn back and forward again: the same game.
        bar->setPosition(last - 1);
        const Seen before = seen(*play->game());
        QVERIFY(!(before == end));
        bar->setPosition(last);
        QCOMPARE(seen(*play->game()), end);
        screenshot(&window, "watch-the-bot");

        // Played at a speed from near the end, it stops at the end.
        bar->setPosition(std::max(0, last - 5));
        bar->setPlaying(true);
        QTRY_VERIFY_WITH_TIMEOUT(!bar->playing(), 10000);
        QCOMPARE(bar->position(), last);
        QCOMPARE(seen(*play->game()), end);

        // Keys do not move the bot's player; playing a game of one's own ends the watching.
        const Seen watched = seen(*play->game());
        QTest::keyClick(play->view(), Qt::Key_Right);
        QCOMPARE(seen(*play->game()), watched);
        play->playFromHere();
        QVERIFY(!play->watching());
        QVERIFY(!bar->isVisible());
    }

    // The games the bot lost, found on a worker, replay to the bot's death: the same
    // games as the bot heatmaps play (analysis/bot_trails).
    void lostGamesReplayToTheBotsDeath() {
        MainWindow window;
        window.resize(1366, 768);
        window.show();
        QVERIFY(openAndFinish(window, example("room-grid.burrow.json")));
        PlayDock* play = window.playDock();
        play->show();
        play->findLostGames();
        auto* lost = play->findChild<QComboBox*>("lostGames");
        QTRY_VERIFY_WITH_TIMEOUT(lost->isEnabled(), 60000);
        const BotTrails trails = playBotGames(window.document()->finishedLevel(), window.document()->project().movement);
        std::vector<std::uint64_t> expected;
        for (const BotGameRecord& g : trails.games)
            if (g.summary.outcome == Outcome::Lost) expected.push_back(g.seed);
        QVERIFY(!expected.empty());
        QCOMPARE(play->lostGameSeeds(), expected);
        QCOMPARE(lost->count(), static_cast<int>(expected.size()));
        QVERIFY2(lost->itemText(0).startsWith(QString("Game %1: killed by the").arg(expected[0])), qPrintable(lost->itemText(0)));
        play->watchLostGame(0);
        QVERIFY(play->watching());
        play->replay()->setPosition(static_cast<int>(play->watchedInputs().size()));
        QCOMPARE(play->game()->outcome(), Outcome::Lost);
        QCOMPARE(play->game()->player().at, trails.games[expected[0] - kFirstBotGameSeed].end);
        screenshot(&window, "watch-a-lost-game");
    }
};

BURROW_TEST_MAIN(TestWatch)
#include "test_watch.moc"
