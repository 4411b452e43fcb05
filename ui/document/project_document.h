#pragma once
// The project open in the editor and the level generated from it. Widgets read it
// and ask it to change; it never draws anything.
#include <QObject>
#include <QString>
#include <memory>

#include "model/level.h"
#include "project/project.h"

namespace burrow::ui {

class ProjectDocument : public QObject {
    Q_OBJECT
public:
    explicit ProjectDocument(QObject* parent = nullptr);

    // Loads and generates. On failure returns false, leaves the document as it was
    // and puts the reason (file, JSON path, message) in `error`.
    bool open(const QString& path, QString* error);

    const Project& project() const { return project_; }
    const Level& level() const { return level_; }
    const QString& filePath() const { return filePath_; }
    const std::vector<std::string>& warnings() const { return warnings_; }

    void regenerate();

signals:
    void levelReplaced();

private:
    Project project_;
    Level level_{LevelSize{1, 1, 1}};
    QString filePath_;
    std::vector<std::string> warnings_;
};

} // namespace burrow::ui
