#include "docks/play_dock.h"

#include <QCheckBox>
#include <QComboBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QProgressBar>
#include <QPushButton>
#include <QVBoxLayout>

#include "analysis/bot_trails.h"
#include "document/project_document.h"
#include "docks/replay_bar.h"
#include "play/bot.h"
#include "play/game_cover.h"
#include "play/play_view.h"
#include "play/replay.h"

namespace burrow::ui {

PlayDock::PlayDock(ProjectDocument* document, QWidget* parent)
    : QDockWidget(tr("Play"), parent), document_(document), cover_(new GameCover(this)), replay_(new ReplayBar) {
    setObjectName("playDock");
    auto* body = new QWidget(this);
    replay_->setParent(body);
    replay_->hide();
    auto* layout = new QVBoxLayout(body);
    layout->addLayout(makeButtons(body));
    layout->addLayout(makeGameParts(body), 1);
    setWidget(body);
    connectTheGame();
    connectTheDocument();
    refresh();
}

// Two rows of buttons, so the dock is usable at about 280 px wide.
QGridLayout* PlayDock::makeButtons(QWidget* body) {
    auto* start = new QPushButton(tr("Play from here"), body);
    start->setObjectName("playFromHere");
    start->setToolTip(tr("Play the level as it is in the editor now, from its start"));
    auto* restart = new QPushButton(tr("Restart"), body);
    restart->setToolTip(tr("A new game on the same level (F5)"));
    from_ = new QComboBox(body);
    from_->setObjectName("playFrom");
    from_->addItem(tr("at the start"));
    from_->addItem(tr("on the depth shown"));
    from_->setToolTip(tr("Start at the level's start, or near the middle of the map on the depth the editor shows"));
    auto* watch = new QPushButton(tr("Watch the bot"), body);
    watch->setObjectName("watchTheBot");
    watch->setToolTip(tr("The bot plays the level as it is now; watch its game turn by turn, back and forth"));
    auto* findLost = new QPushButton(tr("Lost games"), body);
    findLost->setObjectName("findLostGames");
    findLost->setToolTip(tr("The bot plays the level 20 times (the games of `burrow play --bot --runs 20` and of the bot heatmaps); list the games it lost, to watch them"));
    lost_ = new QComboBox(body);
    lost_->setObjectName("lostGames");
    lost_->setToolTip(tr("A game the bot lost: choose it to watch it"));
    forgetLostGames();
    onMap_ = new QCheckBox(tr("On the map"), body);
    onMap_->setObjectName("playOnMap");
    onMap_->setChecked(true);
    onMap_->setToolTip(tr("Play on the editor's map, which follows the player; unchecked, in this dock"));
    auto* reveal = new QCheckBox(tr("Reveal all"), body);
    reveal->setToolTip(tr("Show the whole level, not just what the player has seen"));
    auto* grid = new QGridLayout;
    grid->addWidget(start, 0, 0);
    grid->addWidget(restart, 0, 1);
    grid->addWidget(from_, 1, 0);
    grid->addWidget(onMap_, 1, 1);
    grid->addWidget(watch, 2, 0);
    grid->addWidget(findLost, 2, 1);
    grid->addWidget(lost_, 3, 0, 1, 2);
    grid->addWidget(reveal, 4, 0);
    connect(start, &QPushButton::clicked, this, &PlayDock::playFromHere);
    connect(restart, &QPushButton::clicked, this, &PlayDock::playFromHere);
    connect(watch, &QPushButton::clicked, this, &PlayDock::watchTheBot);
    connect(findLost, &QPushButton::clicked, this, &PlayDock::findLostGames);
    connect(lost_, &QComboBox::activated, this, [this](int index) { watchLostGame(index); });
    connect(reveal, &QCheckBox::toggled, this, [this](bool on) {
        view_->setRevealAll(on);
        cover_->setRevealAll(on);
        emit gameUpdated();
    });
    connect(onMap_, &QCheckBox::toggled, this, [this] { placeTheGame(); });
    return grid;
}

// HP, the status line, the replay transport, the ending, the dock's own view of the
// game (when not on the map), the keys, and the message log.
QVBoxLayout* PlayDock::makeGameParts(QWidget* body) {
    health_ = new QProgressBar(body);
    health_->setFormat(tr("HP %v / %m"));
    status_ = new QLabel(body);
    status_->setObjectName("playStatus");
    status_->setWordWrap(true);
    view_ = new PlayView(body);
    view_->hide(); // on the map unless asked
    auto* help = new QLabel(tr("Move: arrows, numpad, h j k l y u b n · wait: . · stairs: < > · new game: F5 · back to the editor: Esc"), body);
    help->setWordWrap(true);
    help->setForegroundRole(QPalette::PlaceholderText); // quieter than the game, in any theme
    log_ = new QListWidget(body);
    log_->setObjectName("playLog");
    log_->setFocusPolicy(Qt::NoFocus);
    auto* parts = new QVBoxLayout;
    parts->addWidget(health_);
    parts->addWidget(status_);
    parts->addWidget(replay_);
    parts->addWidget(makeEnding(body));
    parts->addWidget(view_, 1);
    parts->addWidget(help);
    parts->addWidget(log_, 1);
    return parts;
}

QWidget* PlayDock::makeEnding(QWidget* body) {
    ending_ = new QWidget(body);
    endingText_ = new QLabel(ending_);
    endingText_->setStyleSheet("font-size: 18px; font-weight: bold;");
    endingText_->setWordWrap(true);
    auto* again = new QPushButton(tr("Play again"), ending_);
    auto* back = new QPushButton(tr("Back to editing"), ending_);
    back->setObjectName("backToEditing");
    auto* endRow = new QGridLayout(ending_);
    endRow->addWidget(endingText_, 0, 0, 1, 2);
    endRow->addWidget(again, 1, 0);
    endRow->addWidget(back, 1, 1);
    ending_->hide();
    connect(again, &QPushButton::clicked, this, &PlayDock::playFromHere);
    connect(back, &QPushButton::clicked, this, &PlayDock::leave);
    return ending_;
}

// Keys from wherever the game is shown, and the watched game's transport.
void PlayDock::connectTheGame() {
    connect(view_, &PlayView::input, this, &PlayDock::act);
    connect(view_, &PlayView::leaveRequested, this, &PlayDock::leave);
    connect(cover_, &GameCover::input, this, &PlayDock::act);
    connect(cover_, &GameCover::leaveRequested, this, &PlayDock::leave);
    connect(replay_, &ReplayBar::positionChanged, this, &PlayDock::showWatchedTurn);
}

void PlayDock::connectTheDocument() {
    // A game plays one level: when the document's level is replaced or regenerated,
    // the game on the old one ends (it owns its copy, so nothing dangles meanwhile).
    connect(document_, &ProjectDocument::levelReset, this, &PlayDock::endGame);
    connect(document_, &ProjectDocument::fileChanged, this, &PlayDock::endGame);
    // Lost games belong to the level they were played on.
    connect(document_, &ProjectDocument::levelReset, this, &PlayDock::forgetLostGames);
    connect(document_, &ProjectDocument::fileChanged, this, &PlayDock::forgetLostGames);
}

void PlayDock::forgetLostGames() {
    lostJobs_.restart();
    lostGames_.clear();
    lost_->clear();
    lost_->addItem(tr("(no games played)"));
    lost_->setEnabled(false);
}

bool PlayDock::playsOnMap() const { return onMap_->isChecked(); }

GameCover* PlayDock::mapCover() const { return game_ && playsOnMap() ? cover_ : nullptr; }

// The game goes to the map or to the dock's own view, and the window hears of it.
void PlayDock::placeTheGame() {
    view_->setVisible(game_ && !playsOnMap());
    if (game_) emit gameStarted();
}

void PlayDock::showGame(const Game* game) {
    view_->setGame(game);
    cover_->setGame(game);
}

void PlayDock::playFromHere() {
    // Finishing the level may regenerate it (and announce that): not an end of this game.
    startingGame_ = true;
    const Level& level = document_->finishedLevel();
    startingGame_ = false;
    const Project& project = document_->project();
    GameOptions options = GameOptions::forMovement(project.movement);
    if (from_->currentIndex() == 1 && here_) options.start = here_();
    game_ = std::make_unique<Game>(level, simulationSeed_++, options);
    watched_.reset();
    replay_->setPlaying(false);
    replay_->hide();
    shownMessages_ = 0;
    log_->clear();
    showGame(game_.get());
    placeTheGame();
    if (!playsOnMap()) view_->setFocus();
    refresh();
}

PlayDock::~PlayDock() = default; // lostJobs_ waits for the bot's games

void PlayDock::watchTheBot() {
    startingGame_ = true;
    const Level& level = document_->finishedLevel();
    startingGame_ = false;
    GameOptions options = GameOptions::forMovement(document_->project().movement);
    if (from_->currentIndex() == 1 && here_) options.start = here_();
    const std::uint64_t seed = simulationSeed_++;
    Game game(level, seed, options);
    watch(level, seed, options, playWithBot(game, kBotTurnLimit).inputs);
}

void PlayDock::watch(const Level& level, std::uint64_t simulationSeed, GameOptions options, std::vector<Input> inputs) {
    watched_ = Watched{level, simulationSeed, options, std::move(inputs)};
    game_.reset(); // the watched game starts from its first turn
    replay_->show();
    replay_->setLength(static_cast<int>(watched_->inputs.size())); // shows turn 0, and places the game
}

void PlayDock::findLostGames() {
    startingGame_ = true;
    auto level = std::make_shared<const Level>(document_->finishedLevel());
    startingGame_ = false;
    const Connectivity movement = document_->project().movement;
    lostJobs_.restart();
    lost_->clear();
    lost_->addItem(tr("The bot is playing…"));
    lost_->setEnabled(false);
    lostJobs_.run(
        [level, movement](const std::atomic<bool>& stop) {
            BotGameOptions options;
            options.cancel = &stop; // no further game starts once the list is stale
            return playBotGames(*level, movement, options).games;
        },
                  [this, level](std::vector<BotGameRecord> games) { listLostGames(level, std::move(games)); });
}

void PlayDock::listLostGames(std::shared_ptr<const Level> level, std::vector<BotGameRecord> games) {
    lostLevel_ = std::move(level);
    lostGames_.clear();
    lost_->clear();
    for (BotGameRecord& g : games) {
        if (g.summary.outcome != Outcome::Lost) continue;
        lost_->addItem(tr("Game %1: killed by the %2 on turn %3, depth %4")
                           .arg(g.seed)
                           .arg(QString::fromStdString(g.summary.causeOfDeath))
                           .arg(g.summary.turns)
                           .arg(g.end.z));
        lostGames_.push_back({g.seed, std::move(g.summary.inputs)});
    }
    if (lostGames_.empty()) lost_->addItem(noGameLostText(games));
    lost_->setEnabled(!lostGames_.empty());
}

std::vector<std::uint64_t> PlayDock::lostGameSeeds() const {
    std::vector<std::uint64_t> seeds;
    for (const LostGame& game : lostGames_) seeds.push_back(game.simulationSeed);
    return seeds;
}

void PlayDock::watchLostGame(int index) {
    if (!lostLevel_ || index < 0 || static_cast<std::size_t>(index) >= lostGames_.size()) return;
    const LostGame& game = lostGames_[static_cast<std::size_t>(index)];
    watch(*lostLevel_, game.simulationSeed, GameOptions::forMovement(document_->project().movement), game.inputs);
}

void PlayDock::showWatchedTurn(int inputsPlayed) {
    if (!watched_) return;
    const auto target = std::min(static_cast<std::size_t>(std::max(0, inputsPlayed)), watched_->inputs.size());
    if (game_ && target >= watched_->shown) {
        // Forward (playing, stepping): only the inputs in between.
        for (; watched_->shown < target; ++watched_->shown) game_->act(watched_->inputs[watched_->shown]);
    } else {
        // Back: the game again from its start (a game cannot be copied).
        const bool first = !game_;
        game_ = std::make_unique<Game>(replayedGame(watched_->level, watched_->simulationSeed, watched_->options, watched_->inputs, target));
        watched_->shown = target;
        shownMessages_ = 0;
        log_->clear();
        showGame(game_.get());
        if (first) placeTheGame();
    }
    refresh();
}

void PlayDock::leave() {
    replay_->setPlaying(false);
    replay_->hide();
    emit backToEditing();
}

void PlayDock::endGame() {
    if (!game_ || startingGame_) return;
    emit backToEditing();
    watched_.reset();
    replay_->setPlaying(false);
    replay_->hide();
    game_.reset();
    showGame(nullptr);
    view_->hide();
    log_->clear();
    shownMessages_ = 0;
    refresh();
    status_->setText(tr("The level changed: Play from here (F5) plays it as it is now."));
}

void PlayDock::act(const Input& input) {
    if (!game_ || watched_) return; // a game being watched is the bot's
    game_->act(input);
    refresh();
}

void PlayDock::refresh() {
    ending_->setVisible(game_ && game_->outcome() != Outcome::Playing);
    if (!game_) {
        status_->setText(tr("No game yet."));
        health_->setRange(0, 1);
        health_->setValue(0);
        health_->setFormat(tr("no game"));
        return;
    }
    health_->setFormat(tr("HP %v / %m"));
    const Actor& me = game_->player();
    health_->setRange(0, me.kind ? me.kind->maxHp : 1);
    health_->setValue(std::max(0, me.hp));
    status_->setText(tr("Depth %1 · turn %2 · items %3 collected, %4 left · %5 killed")
                         .arg(me.at.z)
                         .arg(game_->turn())
                         .arg(game_->itemsCollected())
                         .arg(game_->itemsRemaining())
                         .arg(game_->enemiesKilled()));
    const auto& messages = game_->messages();
    for (; shownMessages_ < messages.size(); ++shownMessages_) showMessage(messages[shownMessages_]);
    log_->scrollToBottom();
    if (game_->outcome() == Outcome::Won)
        endingText_->setText(game_->turn() == 1 ? tr("Victory in 1 turn!") : tr("Victory in %1 turns!").arg(game_->turn()));
    if (game_->outcome() == Outcome::Lost)
        endingText_->setText(tr("Game over: killed by the %1 on turn %2.").arg(QString::fromStdString(game_->causeOfDeath())).arg(game_->turn()));
    view_->update();
    emit gameUpdated();
}

// A message the same as the one before it (bumping a wall again) is counted on that
// line, "That way is blocked. ×7", not written again.
void PlayDock::showMessage(const Message& message) {
    const QString text = QString::fromStdString(message.text);
    if (log_->count() > 0 && text == lastMessage_) {
        ++repeats_;
        log_->item(log_->count() - 1)->setText(tr("%1: %2 ×%3").arg(message.turn).arg(text).arg(repeats_));
        return;
    }
    lastMessage_ = text;
    repeats_ = 1;
    log_->addItem(tr("%1: %2").arg(message.turn).arg(text));
}

// When the bot lost nothing it either won or ran out of turns: say which, by count.
QString PlayDock::noGameLostText(const std::vector<BotGameRecord>& games) {
    int won = 0;
    for (const BotGameRecord& g : games) won += g.summary.outcome == Outcome::Won;
    const int outOfTurns = static_cast<int>(games.size()) - won;
    if (outOfTurns == 0) return tr("The bot won all of its %1 games").arg(games.size());
    return tr("The bot lost no game of %1: won %2, %3 ran out of turns").arg(games.size()).arg(won).arg(outOfTurns);
}

} // namespace burrow::ui
