#pragma once
// Edit > Tile Kinds: the project's own kinds in a table — id, name, glyph, colours,
// walkable, transparent, diggable — beside the ten built-ins (shown, not editable).
// Add a kind, remove one nothing uses, or change one: core's withTileKinds checks
// the table and makes everything that names a kind follow; its reason shows here
// when it cannot. Tags, export looks and Tiled properties stay as the project file
// has them.
#include <QDialog>
#include <optional>

#include "project/project.h"

class QLabel;
class QTableWidget;

namespace burrow::ui {

class TileKindsDialog : public QDialog {
    Q_OBJECT
public:
    TileKindsDialog(const Project& project, QWidget* parent = nullptr);

    QTableWidget* table() const { return table_; }
    // A new kind at the end, with a free id and glyph to change.
    void addKind();
    // Removes the row of one of the project's kinds (built-ins stay).
    void removeKind(int row);
    // Checks the table; true and result() set when it makes a project, else the
    // reason shows under the table.
    bool apply();
    const std::optional<Project>& result() const { return result_; }
    QString problem() const;

    void accept() override;

private:
    void addRow(const TileKind& kind, int was, bool builtIn);

    const Project& project_;
    QTableWidget* table_;
    QLabel* problem_;
    std::optional<Project> result_;
};

} // namespace burrow::ui
