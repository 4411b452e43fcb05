#include "dialogs/shortcuts_dialog.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QMenu>
#include <QMenuBar>
#include <QSet>
#include <QTableWidget>
#include <QToolBar>
#include <QVBoxLayout>

namespace burrow::ui {
namespace {

QString plain(QString text) { return text.remove('&').remove(QStringLiteral("…")); }

void add(const QAction* action, const QString& where, QList<ShortcutRow>& rows, QSet<const QAction*>& seen) {
    if (action->shortcuts().isEmpty() || seen.contains(action)) return;
    seen.insert(action);
    QStringList keys;
    for (const QKeySequence& k : action->shortcuts()) keys << k.toString(QKeySequence::NativeText);
    rows.push_back({where, plain(action->text()), keys.join(", ")});
}

void collect(const QMenu* menu, const QString& path, QList<ShortcutRow>& rows, QSet<const QAction*>& seen) {
    for (QAction* action : menu->actions()) {
        if (action->menu()) collect(action->menu(), path + " > " + plain(action->menu()->title()), rows, seen);
        else add(action, path, rows, seen);
    }
}

} // namespace

QList<ShortcutRow> shortcutRows(const QWidget* window) {
    QList<ShortcutRow> rows;
    QSet<const QAction*> seen;
    for (const QMenuBar* bar : window->findChildren<QMenuBar*>())
        for (QAction* top : bar->actions())
            if (top->menu()) collect(top->menu(), plain(top->menu()->title()), rows, seen);
    for (const QToolBar* toolbar : window->findChildren<QToolBar*>())
        for (QAction* action : toolbar->actions()) add(action, plain(toolbar->windowTitle()), rows, seen);
    for (const QAction* action : window->findChildren<QAction*>()) add(action, QObject::tr("Window"), rows, seen);
    return rows;
}

ShortcutsDialog::ShortcutsDialog(QWidget* window) : QDialog(window) {
    setWindowTitle(tr("Keyboard Shortcuts"));
    QList<ShortcutRow> rows = shortcutRows(window);
    // The game's keys are the Play view's, not menu commands.
    for (const auto& [what, keys] : {std::pair{tr("Move"), tr("Arrows, numpad 1–9, h j k l y u b n")}, std::pair{tr("Wait a turn"), tr(". or numpad 5")},
                                     std::pair{tr("Take the stairs"), tr("< >")}, std::pair{tr("Back to the editor"), tr("Esc")}})
        rows.push_back({tr("Play view"), what, keys});
    // The map's gestures, Tiled's: not commands, so no menu lists them.
    for (const auto& [what, keys] : {std::pair{tr("Drag the map, whatever the tool"), tr("Space held, or the middle button")},
                                     std::pair{tr("Pick the tile under the cursor"), tr("Right click")},
                                     std::pair{tr("Take the cells as the Stamp tool's stamp"), tr("Right-button drag")}})
        rows.push_back({tr("Map"), what, keys});
    auto* table = new QTableWidget(static_cast<int>(rows.size()), 3, this);
    table->setObjectName("shortcuts");
    table->setHorizontalHeaderLabels({tr("Menu"), tr("Command"), tr("Keys")});
    table->verticalHeader()->hide();
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    for (int r = 0; r < rows.size(); ++r) {
        table->setItem(r, 0, new QTableWidgetItem(rows[r].menu));
        table->setItem(r, 1, new QTableWidgetItem(rows[r].command));
        table->setItem(r, 2, new QTableWidgetItem(rows[r].keys));
    }
    table->resizeColumnsToContents();
    table->horizontalHeader()->setStretchLastSection(true);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(table);
    layout->addWidget(buttons);
    resize(660, 480); // every column whole on a 1024 x 700 screen
}

} // namespace burrow::ui
