#pragma once
// The Edit menu's selection and stamp commands, as in Tiled: Select All / None, Copy,
// Cut, Paste (the Stamp tool takes what was copied), Delete, the stamp's turns and
// mirrors (Z, Shift+Z, X, Y) and Selection to Prefab. Their keys work while the map
// has the keyboard, so Ctrl+C in a text field still copies text.
#include <QObject>
#include <QString>

class QAction;
class QMenu;

namespace burrow::ui {

class MapView;
class PaintController;
class PrefabMaker;

class SelectionActions : public QObject {
    Q_OBJECT
public:
    // `stampTool` is the tool bar's Stamp action, which Paste chooses; the commands go
    // into `menu` before `before`.
    SelectionActions(PaintController* paint, PrefabMaker* prefabs, MapView* view, QAction* stampTool, QMenu* menu, QAction* before);

signals:
    // Said in the status bar: what was copied, why nothing was.
    void message(const QString& text);

private:
    QAction* add(const QString& text, const QKeySequence& key, const char* name, const QString& tip);
    void addClipboard();
    void addStampTurns();

    PaintController* paint_;
    PrefabMaker* prefabs_;
    MapView* view_;
    QAction* stampTool_;
    QMenu* menu_;
    QAction* before_;
};

} // namespace burrow::ui
