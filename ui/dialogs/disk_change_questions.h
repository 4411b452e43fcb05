#pragma once
// What the editor asks when a file of the open project changed on disk (another
// program, or a second editor on the same file): the two questions, worded once.
#include <QStringList>
#include <functional>

class QWidget;

namespace burrow::ui {

// "cave.rules.json, cave.burrow.json": the files' names, for a sentence.
QString fileNames(const QStringList& files);

enum class OverwriteChoice { Overwrite, Reload, SaveElsewhere, Cancel };
// Asked before a Save would overwrite `changed`: modal, as Save waits for it.
OverwriteChoice askBeforeOverwriting(QWidget* parent, const QStringList& changed);

// With nothing unsaved: offers to reload, without blocking (the map stays usable);
// `reload` runs when the designer says yes.
void offerReload(QWidget* parent, const QStringList& changed, std::function<void()> reload);

} // namespace burrow::ui
