#include "dialogs/disk_change_questions.h"

#include <QFileInfo>
#include <QMessageBox>
#include <QPushButton>

namespace burrow::ui {

QString fileNames(const QStringList& files) {
    QStringList names;
    for (const QString& f : files) names << QFileInfo(f).fileName();
    return names.join(QStringLiteral(", "));
}

OverwriteChoice askBeforeOverwriting(QWidget* parent, const QStringList& changed) {
    QMessageBox box(QMessageBox::Warning, QMessageBox::tr("Changed on disk"),
                    QMessageBox::tr("%1 changed on disk since this editor read it. Saving now would overwrite that change.").arg(fileNames(changed)),
                    QMessageBox::NoButton, parent);
    box.setObjectName("saveConflict");
    box.setDetailedText(changed.join('\n'));
    QPushButton* overwrite = box.addButton(QMessageBox::tr("Overwrite"), QMessageBox::DestructiveRole);
    QPushButton* reload = box.addButton(QMessageBox::tr("Reload (discard my changes)"), QMessageBox::ResetRole);
    QPushButton* elsewhere = box.addButton(QMessageBox::tr("Save As..."), QMessageBox::AcceptRole);
    box.addButton(QMessageBox::Cancel);
    box.exec();
    if (box.clickedButton() == overwrite) return OverwriteChoice::Overwrite;
    if (box.clickedButton() == reload) return OverwriteChoice::Reload;
    if (box.clickedButton() == elsewhere) return OverwriteChoice::SaveElsewhere;
    return OverwriteChoice::Cancel;
}

void offerReload(QWidget* parent, const QStringList& changed, std::function<void()> reload) {
    auto* box = new QMessageBox(QMessageBox::Question, QMessageBox::tr("Changed on disk"),
                                QMessageBox::tr("%1 changed on disk since this editor read it. Reload the project?").arg(fileNames(changed)),
                                QMessageBox::Yes | QMessageBox::No, parent);
    box->setObjectName("reloadQuestion");
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setDetailedText(changed.join('\n'));
    QObject::connect(box, &QMessageBox::finished, box, [reload = std::move(reload)](int answer) {
        if (answer == QMessageBox::Yes) reload();
    });
    box->open();
}

} // namespace burrow::ui
