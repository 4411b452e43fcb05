#pragma once
// The Make prefab tool: a rectangle dragged on the map becomes one of the project's
// prefabs (core's prefabFromLevel: the cells as they are now, hand edits included,
// the things on them, openings where the ground goes on), named by the designer,
// as one undoable edit. Population groups of kind "prefabs" can then stamp it.
#include <QObject>
#include <QString>

#include "model/grid.h"

class QWidget;

namespace burrow::ui {

class MapView;
class ProjectDocument;

class PrefabMaker : public QObject {
    Q_OBJECT
public:
    PrefabMaker(ProjectDocument* document, MapView* view, QWidget* dialogParent);

    // Makes the prefab of `area` on the view's depth with this id. Returns what is
    // wrong instead (too large, a taken or malformed id, nothing to keep).
    QString make(const Rect& area, const QString& id);
    // Asks for an id, then makes the prefab of `area` (the Make prefab tool's
    // rectangle, or the selection); a problem is shown, nothing made.
    void askFor(const Rect& area);
    // An id no prefab of the project has yet: "prefab-1", "prefab-2", ...
    QString freeId() const;

signals:
    // Said in the status bar: what was made, or why not.
    void message(const QString& text);

private:
    void chosen(Point a, Point b);

    ProjectDocument* document_;
    MapView* view_;
    QWidget* dialogParent_;
};

} // namespace burrow::ui
