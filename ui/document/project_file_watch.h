#pragma once
// Watches the files the open project is made of (the project, its rules files,
// prefab files, the game's tilesets and art) for changes made outside this editor:
// another program, or a second editor on the same file. What counts as a change is
// core's: the contents differ from what was read or last saved (FileSnapshot), so a
// touch or our own save is none.
#include <QFileSystemWatcher>
#include <QObject>
#include <QStringList>
#include <QTimer>

#include "project/project.h"
#include "project/project_files.h"

namespace burrow::ui {

class ProjectFileWatch : public QObject {
    Q_OBJECT
public:
    explicit ProjectFileWatch(QObject* parent = nullptr);

    // After opening, or saving under a new name: these files, as they are now.
    void watch(const Project& project, const QString& projectFile);
    // After a save: the files written hold what was written.
    void saved(const Project& project, const QString& projectFile);
    // Stops watching (an untitled project has no files).
    void clear();

    // The files a save of `project` to `projectFile` would overwrite that changed on
    // disk since they were read or saved: the ones a save must ask about.
    QStringList conflicts(const Project& project, const QString& projectFile) const;
    // Every watched file that changed on disk since it was read or saved.
    QStringList changed() const;

signals:
    // Files changed on disk, told once for each new set (not again for each write
    // of the same change), a moment after the writes settle.
    void changedOnDisk(const QStringList& files);

private:
    void check();

    QFileSystemWatcher watcher_;
    QTimer settle_;
    FileSnapshot snapshot_;
    QStringList told_;
};

} // namespace burrow::ui
