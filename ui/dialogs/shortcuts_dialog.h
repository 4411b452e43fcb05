#pragma once
// Help > Keyboard Shortcuts: every menu command with its keys, read from the menus
// themselves (so the list cannot drift from what the keys do), and the game's keys.
#include <QDialog>
#include <QList>
#include <QString>


namespace burrow::ui {

struct ShortcutRow {
    QString menu;    // "Generation"
    QString command; // "Play from Here"
    QString keys;    // "F5", several joined by ", "
};

// Every action of the window that has keys: the menus' (with their menu), then the
// toolbars' and any other (the paint tools' 1 to 5...).
QList<ShortcutRow> shortcutRows(const QWidget* window);

class ShortcutsDialog : public QDialog {
    Q_OBJECT
public:
    explicit ShortcutsDialog(QWidget* window);
};

} // namespace burrow::ui
