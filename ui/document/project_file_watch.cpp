#include "document/project_file_watch.h"

#include <QFileInfo>

namespace burrow::ui {
namespace {

QStringList names(const std::vector<std::filesystem::path>& files) {
    QStringList out;
    for (const auto& f : files) out << QString::fromStdString(f.string());
    return out;
}

} // namespace

ProjectFileWatch::ProjectFileWatch(QObject* parent) : QObject(parent) {
    // Editors and Burrow itself save by writing a new file and renaming it over the
    // old one: the watcher then loses the path, so every change re-adds it, and a
    // change is judged once the writes have settled.
    settle_.setSingleShot(true);
    settle_.setInterval(300);
    connect(&settle_, &QTimer::timeout, this, &ProjectFileWatch::check);
    connect(&watcher_, &QFileSystemWatcher::fileChanged, this, [this](const QString&) { settle_.start(); });
    connect(&watcher_, &QFileSystemWatcher::directoryChanged, this, [this](const QString&) { settle_.start(); });
}

void ProjectFileWatch::watch(const Project& project, const QString& projectFile) {
    clear();
    snapshot_ = FileSnapshot(projectFiles(project, projectFile.toStdString()));
    for (const QString& file : names(snapshot_.files())) {
        if (QFileInfo::exists(file)) watcher_.addPath(file);
        // The folder too: a file replaced by a rename, or made anew, is seen there.
        const QString folder = QFileInfo(file).absolutePath();
        if (!watcher_.directories().contains(folder)) watcher_.addPath(folder);
    }
}

void ProjectFileWatch::saved(const Project& project, const QString& projectFile) {
    snapshot_.retake(filesSaved(project, projectFile.toStdString()));
    told_.clear();
}

void ProjectFileWatch::clear() {
    if (!watcher_.files().isEmpty()) watcher_.removePaths(watcher_.files());
    if (!watcher_.directories().isEmpty()) watcher_.removePaths(watcher_.directories());
    snapshot_ = FileSnapshot();
    told_.clear();
    settle_.stop();
}

QStringList ProjectFileWatch::changed() const { return names(snapshot_.changed()); }

QStringList ProjectFileWatch::conflicts(const Project& project, const QString& projectFile) const {
    const QStringList written = names(filesSaved(project, projectFile.toStdString()));
    QStringList out;
    for (const QString& file : changed())
        if (written.contains(file)) out << file;
    return out;
}

void ProjectFileWatch::check() {
    for (const QString& file : names(snapshot_.files()))
        if (QFileInfo::exists(file) && !watcher_.files().contains(file)) watcher_.addPath(file);
    const QStringList now = changed();
    if (now.isEmpty() || now == told_) return;
    told_ = now;
    emit changedOnDisk(now);
}

} // namespace burrow::ui
