#pragma once
// The Play dock: play the level as it is in the editor (hand edits included, no
// save needed). Its own map centred on the player, HP, depth, turn, items, the
// message log, a help line of keys, and Victory / Game over with "play again" and
// "back to editing". Floatable, so it can go full-window. "Watch the bot" plays a bot
// game and shows it turn by turn with its own transport; "Lost games" plays the 20
// games of the bot heatmaps on a worker and replays any the bot lost the same way.
#include <QDockWidget>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "analysis/bot_trails.h"
#include "document/background_jobs.h"
#include "play/game.h"

class QCheckBox;
class QComboBox;
class QGridLayout;
class QVBoxLayout;
class QLabel;
class QListWidget;
class QProgressBar;
class QPushButton;
class QWidget;

namespace burrow::ui {

class GameCover;
class PlayView;
class ReplayBar;
class ProjectDocument;

class PlayDock : public QDockWidget {
    Q_OBJECT
public:
    explicit PlayDock(ProjectDocument* document, QWidget* parent = nullptr);
    ~PlayDock() override;

    // Starts a game on the document's level as it is now; each new game takes the
    // next simulation seed, so "play again" is a different game on the same level.
    void playFromHere();
    // Plays a bot game on the level as it is now and shows it with a replay
    // transport: step, play at a speed, scrub back, with its log.
    void watchTheBot();
    // Plays the bot heatmaps' games (analysis/bot_trails) on a worker and lists the
    // ones the bot lost; choosing one watches it.
    void findLostGames();
    // The lost games listed: their simulation seeds (empty until found).
    std::vector<std::uint64_t> lostGameSeeds() const;
    void watchLostGame(int index);
    bool watching() const { return watched_.has_value(); }
    ReplayBar* replay() const { return replay_; }
    // The bot's inputs being watched (empty when none).
    std::span<const Input> watchedInputs() const { return watched_ ? std::span<const Input>(watched_->inputs) : std::span<const Input>(); }
    // Where "on the depth shown" starts: the main window answers with a walkable
    // cell near the middle of the map view.
    void setHereProvider(std::function<std::optional<Cell>()> here) { here_ = std::move(here); }
    const Game* game() const { return game_.get(); }
    PlayView* view() const { return view_; }
    // Whether games are played on the editor's map (the default) or in this dock.
    bool playsOnMap() const;
    // What the map shows while a game is played on it; nullptr when none is.
    GameCover* mapCover() const;

signals:
    // A game is shown (started, watched, or moved between the map and the dock):
    // the window places it (mapCover(), or a wide dock).
    void gameStarted();
    // A turn played, a replay moved, the view toggled: the map repaints.
    void gameUpdated();
    // Every way a game is left (Back to editing, Esc, the level changing under it):
    // the window gives the map its room back.
    void backToEditing();

private:
    QGridLayout* makeButtons(QWidget* body);
    QVBoxLayout* makeGameParts(QWidget* body);
    QWidget* makeEnding(QWidget* body);
    void connectTheGame();
    void connectTheDocument();
    void forgetLostGames();
    void placeTheGame();
    void showGame(const Game* game);
    // Back to editing: a replay stops and its bar goes (it would keep the dock wide).
    void leave();
    void act(const Input& input);
    void watch(const Level& level, std::uint64_t simulationSeed, GameOptions options, std::vector<Input> inputs);
    void refresh();
    void endGame();
    void showMessage(const Message& message);
    static QString noGameLostText(const std::vector<BotGameRecord>& games);

    ProjectDocument* document_;
    GameCover* cover_;
    QCheckBox* onMap_ = nullptr;
    std::unique_ptr<Game> game_;
    bool startingGame_ = false;
    std::uint64_t simulationSeed_ = kFirstBotGameSeed; // the next game's: `burrow play --bot`'s first game first
    PlayView* view_ = nullptr;
    QLabel* status_ = nullptr;
    QProgressBar* health_ = nullptr;
    QListWidget* log_ = nullptr;
    QWidget* ending_ = nullptr;
    QLabel* endingText_ = nullptr;
    std::size_t shownMessages_ = 0;
    QString lastMessage_; // the log's last line, without its count
    int repeats_ = 0;
    std::function<std::optional<Cell>()> here_;
    QComboBox* from_ = nullptr;
    // The game watched: its level, seeds and inputs; the game shown is replayed to the
    // replay bar's position (a game cannot be copied, so going back plays it again).
    struct Watched {
        Level level;
        std::uint64_t simulationSeed = 0;
        GameOptions options;
        std::vector<Input> inputs;
        std::size_t shown = 0; // inputs played in the game shown
    };
    std::optional<Watched> watched_;
    ReplayBar* replay_;
    QComboBox* lost_ = nullptr;
    struct LostGame {
        std::uint64_t simulationSeed = 0;
        std::vector<Input> inputs; // the bot's, to replay it
    };
    std::vector<LostGame> lostGames_; // as listed
    std::shared_ptr<const Level> lostLevel_; // the level the lost games were played on
    void showWatchedTurn(int inputsPlayed);
    void listLostGames(std::shared_ptr<const Level> level, std::vector<BotGameRecord> games);
    BackgroundJobs lostJobs_; // the bot's games for Lost games: last, so it goes first
};

} // namespace burrow::ui
