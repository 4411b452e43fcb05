#include "tools/prefab_maker.h"

#include <QInputDialog>
#include <QMessageBox>
#include <QUndoStack>

#include "commands/prefab_command.h"
#include "document/project_document.h"
#include "map/map_view.h"

namespace burrow::ui {

PrefabMaker::PrefabMaker(ProjectDocument* document, MapView* view, QWidget* dialogParent)
    : QObject(view), document_(document), view_(view), dialogParent_(dialogParent) {
    connect(view_, &MapView::prefabRectangleChosen, this, &PrefabMaker::chosen);
}

QString PrefabMaker::freeId() const {
    for (int n = 1;; ++n) {
        const QString id = QStringLiteral("prefab-%1").arg(n);
        if (!document_->project().prefabs.find(id.toStdString())) return id;
    }
}

QString PrefabMaker::make(const Rect& area, const QString& id) {
    const Project& project = document_->project();
    if (area.width > kMaxPrefabSide || area.height > kMaxPrefabSide)
        return tr("%1 x %2 cells: a prefab is at most %3 cells a side").arg(area.width).arg(area.height).arg(kMaxPrefabSide);
    const std::string name = id.trimmed().toStdString();
    if (project.prefabs.find(name)) return tr("the project has a prefab '%1' already").arg(id);
    if (!isPrefabId(name)) return tr("'%1': an id is 1 to 64 letters, digits, '_' or '-'").arg(id);
    const Prefab prefab = prefabFromLevel(document_->level(), view_->depth(), area, name);
    if (const auto problems = prefabProblems(prefab, project.tileKinds); !problems.empty()) return QString::fromStdString(problems.front().second);
    ProjectPrefabs after = project.prefabs;
    after.prefabs.push_back(prefab);
    after.sources.emplace_back(); // drawn in the project
    document_->undoStack()->push(new PrefabCommand(document_, std::move(after), tr("Make prefab '%1'").arg(id)));
    const auto openings = prefab.openings().size();
    emit message(tr("Prefab '%1': %2 x %3 cells, %4 opening(s), %5 thing(s); a prefab group in the Population dock can place it")
                     .arg(id)
                     .arg(prefab.width)
                     .arg(prefab.height)
                     .arg(openings)
                     .arg(prefab.things.size()));
    return {};
}

void PrefabMaker::chosen(Point a, Point b) { askFor({std::min(a.x, b.x), std::min(a.y, b.y), std::abs(a.x - b.x) + 1, std::abs(a.y - b.y) + 1}); }

void PrefabMaker::askFor(const Rect& area) {
    bool ok = false;
    const QString id = QInputDialog::getText(dialogParent_, tr("Make prefab"),
                                             tr("The new prefab's id (letters, digits, '_', '-'), for %1 x %2 cells:").arg(area.width).arg(area.height),
                                             QLineEdit::Normal, freeId(), &ok);
    if (!ok) return;
    if (const QString problem = make(area, id); !problem.isEmpty()) QMessageBox::warning(dialogParent_, tr("Make prefab"), tr("No prefab made: %1").arg(problem));
}

} // namespace burrow::ui
