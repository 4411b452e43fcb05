#include "document/project_document.h"

#include "generation/generation.h"
#include "project/diagnostic.h"

namespace burrow::ui {

ProjectDocument::ProjectDocument(QObject* parent) : QObject(parent) {}

bool ProjectDocument::open(const QString& path, QString* error) {
    try {
        Project project = loadProject(path.toStdString(), StageCatalog::builtin());
        project_ = std::move(project);
        filePath_ = path;
        regenerate();
        return true;
    } catch (const std::exception& e) {
        if (error) *error = QString::fromStdString(e.what());
        return false;
    }
}

void ProjectDocument::regenerate() {
    level_ = generateLevel(project_.size, project_.seed, project_.recipe, StageCatalog::builtin(), &warnings_);
    emit levelReplaced();
}

} // namespace burrow::ui
