#include "dialogs/prefabs_dialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QShortcut>
#include <QSpinBox>
#include <QVBoxLayout>
#include <algorithm>

#include "content/population_rules.h"
#include "dialogs/prefab_canvas.h"
#include "model/entity_template.h"
#include "pipeline/builtin_stages.h"
#include "project/prefab_uses.h"
#include "tools/tile_palette.h"

namespace burrow::ui {

PrefabsDialog::PrefabsDialog(const Project& project, QWidget* parent)
    : QDialog(parent), project_(project), prefabs_(project.prefabs), list_(new QListWidget(this)), canvas_(new PrefabCanvas(this)),
      id_(new QLineEdit(this)), name_(new QLineEdit(this)), width_(new QSpinBox(this)), height_(new QSpinBox(this)),
      brush_(new QComboBox(this)), palette_(new TilePalette(this)), things_(new QComboBox(this)), remove_(new QPushButton(tr("Remove"), this)), undo_(new QPushButton(tr("Undo"), this)), source_(new QLabel(this)),
      problem_(new QLabel(this)) {
    setWindowTitle(tr("Prefabs"));
    setObjectName("prefabsDialog");
    nameParts();
    setUpBrushes(project);
    auto* add = new QPushButton(tr("New"), this);
    add->setObjectName("addPrefab");
    add->setToolTip(tr("A new prefab, floor walled round, to draw on"));
    auto* columns = new QHBoxLayout;
    columns->addLayout(makeListColumn(add), 1);
    columns->addLayout(makeEditColumn(), 3);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(columns, 1);
    layout->addWidget(buttons);
    resize(720, 480);
    for (int row = 0; row < static_cast<int>(prefabs_.prefabs.size()); ++row) list_->addItem(itemText(row));
    connect(add, &QPushButton::clicked, this, &PrefabsDialog::addPrefab);
    connect(buttons, &QDialogButtonBox::accepted, this, &PrefabsDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connectEdits();
    select(prefabs_.prefabs.empty() ? -1 : 0);
    showCurrent();
}

// Object names (the tests find the parts by them), and what each part is for.
void PrefabsDialog::nameParts() {
    list_->setObjectName("prefabList");
    id_->setObjectName("prefabId");
    name_->setObjectName("prefabName");
    width_->setObjectName("prefabWidth");
    height_->setObjectName("prefabHeight");
    brush_->setObjectName("prefabBrush");
    palette_->setObjectName("prefabTile");
    things_->setObjectName("prefabThing");
    remove_->setObjectName("removePrefab");
    problem_->setObjectName("prefabProblem");
    undo_->setObjectName("undoPrefabEdit");
    for (QSpinBox* side : {width_, height_}) side->setRange(1, kMaxPrefabSide);
    id_->setToolTip(tr("How population groups name the prefab: letters, digits, '_' or '-'. Set when the prefab is made"));
    undo_->setToolTip(tr("Take back the last stroke or resize (Ctrl+Z). OK makes the whole edit one step of the editor's undo"));
    undo_->setEnabled(false);
    remove_->setToolTip(tr("Remove the chosen prefab; population groups that stamp it stop doing so"));
}

// The brushes, the project's tiles, and the things its rules know (their own
// templates and the defaults, by name).
void PrefabsDialog::setUpBrushes(const Project& project) {
    brush_->addItem(tr("Paint the tile"), static_cast<int>(Brush::Tile));
    brush_->addItem(tr("Keep the level's cell"), static_cast<int>(Brush::Keep));
    brush_->addItem(tr("Opening"), static_cast<int>(Brush::Opening));
    brush_->addItem(tr("Place a thing"), static_cast<int>(Brush::Thing));
    brush_->setToolTip(tr("What a left click does. Kept cells stay as the level has them, for pieces that are not rectangles; "
                          "an opening, on the edge, must join the level's walkable ground"));
    palette_->setKinds(project.tileKinds);
    QStringList templates;
    for (const EntityTemplate& t : defaultTemplates()) templates << QString::fromStdString(t.name);
    for (const StageEntry& stage : project.recipe.stages)
        if (stage.rules)
            for (const EntityTemplate& t : stage.rules->templates) templates << QString::fromStdString(t.name);
    templates.removeDuplicates();
    templates.sort();
    things_->addItems(templates);
    things_->setToolTip(tr("The thing a click puts on a cell, or takes away where one stands"));
    things_->hide();
}

QVBoxLayout* PrefabsDialog::makeListColumn(QPushButton* add) {
    auto* listButtons = new QHBoxLayout;
    listButtons->addWidget(add);
    listButtons->addWidget(remove_);
    listButtons->addWidget(undo_);
    auto* left = new QVBoxLayout;
    left->addWidget(list_, 1);
    left->addLayout(listButtons);
    return left;
}

// The chosen prefab: id, name, size, brush, the canvas, and what is wrong with it.
QVBoxLayout* PrefabsDialog::makeEditColumn() {
    auto* size = new QHBoxLayout;
    size->addWidget(width_);
    size->addWidget(new QLabel(QStringLiteral("x"), this));
    size->addWidget(height_);
    size->addStretch();
    auto* brushRow = new QHBoxLayout;
    brushRow->addWidget(brush_);
    brushRow->addWidget(palette_, 1);
    brushRow->addWidget(things_, 1);
    auto* form = new QFormLayout;
    form->addRow(tr("Id"), id_);
    form->addRow(tr("Name"), name_);
    form->addRow(tr("Size"), size);
    form->addRow(tr("Brush"), brushRow);
    auto* hint = new QLabel(tr("Left: the brush, dragged across cells. Right: an opening on the edge, or none."), this);
    hint->setWordWrap(true);
    hint->setForegroundRole(QPalette::PlaceholderText);
    source_->setWordWrap(true);
    source_->setForegroundRole(QPalette::PlaceholderText);
    problem_->setWordWrap(true);
    problem_->setStyleSheet("color: #e04040;");
    auto* right = new QVBoxLayout;
    right->addLayout(form);
    right->addWidget(canvas_, 1);
    right->addWidget(hint);
    right->addWidget(source_);
    right->addWidget(problem_);
    return right;
}

void PrefabsDialog::connectEdits() {
    connect(list_, &QListWidget::currentRowChanged, this, [this] { showCurrent(); });
    connect(remove_, &QPushButton::clicked, this, [this] { removePrefab(current()); });
    connect(name_, &QLineEdit::textEdited, this, &PrefabsDialog::renamePrefab);
    connect(id_, &QLineEdit::editingFinished, this, [this] {
        if (!showing_ && !setPrefabId(id_->text())) id_->setText(current() >= 0 ? QString::fromStdString(prefabs_.prefabs[static_cast<std::size_t>(current())].id) : QString());
    });
    for (QSpinBox* side : {width_, height_})
        connect(side, &QSpinBox::valueChanged, this, [this] {
            if (!showing_) resizePrefab(width_->value(), height_->value());
        });
    connect(brush_, &QComboBox::currentIndexChanged, this, [this] {
        palette_->setEnabled(brush() == Brush::Tile);
        palette_->setVisible(brush() != Brush::Thing);
        things_->setVisible(brush() == Brush::Thing);
    });
    connect(canvas_, &PrefabCanvas::cellPressed, this, [this](int x, int y, Qt::MouseButton button, bool dragged) {
        const bool alternate = button == Qt::RightButton;
        // Openings and things toggle on a press only: a drag would flip them back and forth.
        if (dragged && (alternate || brush() == Brush::Opening || brush() == Brush::Thing)) return;
        if (!dragged) {
            stroke_ = true;
            strokeKept_ = false;
        }
        paint({x, y}, alternate);
    });
    connect(canvas_, &PrefabCanvas::strokeEnded, this, [this] { stroke_ = false; });
    connect(undo_, &QPushButton::clicked, this, &PrefabsDialog::undoLast);
    auto* undoKey = new QShortcut(QKeySequence::Undo, this);
    connect(undoKey, &QShortcut::activated, this, &PrefabsDialog::undoLast);
}

int PrefabsDialog::current() const {
    const int row = list_->currentRow();
    return row >= 0 && row < static_cast<int>(prefabs_.prefabs.size()) ? row : -1;
}

void PrefabsDialog::select(int row) { list_->setCurrentRow(row); }

PrefabsDialog::Brush PrefabsDialog::brush() const { return static_cast<Brush>(brush_->currentData().toInt()); }

void PrefabsDialog::setBrush(Brush brush) { brush_->setCurrentIndex(brush_->findData(static_cast<int>(brush))); }

void PrefabsDialog::setThing(const QString& templateName) { things_->setCurrentText(templateName); }

void PrefabsDialog::setTile(Tile tile) { palette_->setCurrentIndex(palette_->findData(static_cast<int>(tile))); }

bool PrefabsDialog::editable(int row) const {
    if (row < 0) return false;
    const nlohmann::json& source = prefabs_.sources[static_cast<std::size_t>(row)];
    return source.is_null() || source.empty();
}

QString PrefabsDialog::itemText(int row) const {
    const Prefab& p = prefabs_.prefabs[static_cast<std::size_t>(row)];
    QString text = tr("%1 — %2 x %3").arg(QString::fromStdString(p.id)).arg(p.width).arg(p.height);
    if (!editable(row)) text += tr(" (from a file)");
    return text;
}

void PrefabsDialog::showCurrent() {
    showing_ = true;
    refused_.clear();
    const int row = current();
    const bool mine = editable(row);
    const Prefab* prefab = row >= 0 ? &prefabs_.prefabs[static_cast<std::size_t>(row)] : nullptr;
    canvas_->setPrefab(prefab, project_.tileKinds);
    canvas_->setEnabled(mine);
    id_->setText(prefab ? QString::fromStdString(prefab->id) : QString());
    // Population groups name a prefab by its id: only one made here may change it.
    id_->setReadOnly(!prefab || project_.prefabs.find(prefab->id));
    name_->setText(prefab ? QString::fromStdString(prefab->name) : QString());
    width_->setValue(prefab ? prefab->width : 1);
    height_->setValue(prefab ? prefab->height : 1);
    for (QWidget* w : std::initializer_list<QWidget*>{name_, width_, height_, brush_, things_, remove_}) w->setEnabled(prefab && (mine || w == remove_));
    palette_->setEnabled(mine && brush() == Brush::Tile);
    if (!prefab) {
        source_->setText(tr("No prefabs yet: New draws one, or Make prefab takes one from the map."));
    } else if (!mine) {
        const nlohmann::json& source = prefabs_.sources[static_cast<std::size_t>(row)];
        std::string file = "its file";
        if (source.is_string()) file = source.get<std::string>();
        else if (source.is_object()) file = source.value("tiled", source.value("text", file));
        source_->setText(tr("Read from %1: change it there (it is left as it is), or remove it here.").arg(QString::fromStdString(file)));
    } else if (const auto uses = prefabUses(project_, prefab->id, builtinStages()); uses.empty()) {
        source_->setText(tr("Nothing uses it yet: a prefab group in the Population dock can place it, a wave function collapse stage grow from it, or a room in the Room Graph dock take its shape."));
    } else {
        QStringList where;
        for (const std::string& use : uses) where << QString::fromStdString(use);
        source_->setText(tr("Used as %1.").arg(where.join(", ")));
    }
    showing_ = false;
    showProblem();
}

void PrefabsDialog::showProblem() {
    QString text = refused_;
    if (text.isEmpty() && current() >= 0) {
        const auto problems = prefabProblems(prefabs_.prefabs[static_cast<std::size_t>(current())], project_.tileKinds);
        QStringList lines;
        for (std::size_t i = 0; i < problems.size() && i < 3; ++i) lines << QString::fromStdString(problems[i].second);
        if (problems.size() > 3) lines << tr("and %1 more").arg(problems.size() - 3);
        text = lines.join('\n');
    }
    problem_->setText(text);
    problem_->setVisible(!text.isEmpty());
}

QString PrefabsDialog::problem() const { return problem_->isHidden() ? QString() : problem_->text(); }

bool PrefabsDialog::paint(Point at, bool alternate) {
    const int row = current();
    refused_.clear();
    if (!editable(row)) return false;
    Prefab& prefab = prefabs_.prefabs[static_cast<std::size_t>(row)];
    const Prefab before = prefab; // small: at most 64 x 64 cells
    const PrefabBrush with{alternate ? Brush::Opening : brush(), palette_->tile(), things_->currentText().toStdString()};
    if (const auto why = paintPrefabCell(prefab, at, with, project_.tileKinds)) {
        refused_ = QString::fromStdString(*why);
        showProblem();
        return false;
    }
    if (!(prefab == before)) remember(row, before);
    canvas_->setPrefab(&prefab, project_.tileKinds);
    showProblem();
    return true;
}

void PrefabsDialog::remember(int row, const Prefab& before) {
    if (stroke_ && strokeKept_) return; // the stroke's first change kept the prefab as it was
    strokeKept_ = stroke_;
    constexpr std::size_t kMostKept = 500;
    if (earlier_.size() == kMostKept) earlier_.erase(earlier_.begin());
    earlier_.push_back({row, before});
    undo_->setEnabled(true);
}

bool PrefabsDialog::undoLast() {
    if (earlier_.empty()) return false;
    Earlier last = std::move(earlier_.back());
    earlier_.pop_back();
    // Strokes and sizes go back; the id and name stay as they are now.
    const Prefab& now = prefabs_.prefabs[static_cast<std::size_t>(last.row)];
    last.prefab.id = now.id;
    last.prefab.name = now.name;
    undo_->setEnabled(!earlier_.empty());
    prefabs_.prefabs[static_cast<std::size_t>(last.row)] = std::move(last.prefab);
    list_->item(last.row)->setText(itemText(last.row));
    if (current() == last.row) showCurrent();
    else select(last.row);
    return true;
}

void PrefabsDialog::addPrefab() {
    QString id;
    for (int n = 1;; ++n) {
        id = QStringLiteral("prefab-%1").arg(n);
        const std::string name = id.toStdString();
        if (!prefabs_.find(name) && !project_.prefabs.find(name)) break;
    }
    prefabs_.prefabs.push_back(blankPrefab(id.toStdString(), 9, 7));
    prefabs_.sources.emplace_back(); // drawn in the project
    list_->addItem(itemText(static_cast<int>(prefabs_.prefabs.size()) - 1));
    select(list_->count() - 1);
}

bool PrefabsDialog::removePrefab(int row) {
    if (row < 0 || row >= static_cast<int>(prefabs_.prefabs.size())) return false;
    // A group placing it would be left with nothing to place: the group changes first.
    const Prefab& prefab = prefabs_.prefabs[static_cast<std::size_t>(row)];
    // A library file's prefabs come back with the file when the project is read again.
    if (const nlohmann::json& source = prefabs_.sources[static_cast<std::size_t>(row)]; source.is_string()) {
        select(row);
        refused_ = tr("'%1' comes from the library %2, with its other prefabs: remove it from that file")
                       .arg(QString::fromStdString(prefab.id), QString::fromStdString(source.get<std::string>()));
        showProblem();
        return false;
    }
    if (const auto uses = prefabUses(project_, prefab.id, builtinStages()); !uses.empty()) {
        select(row);
        QStringList where;
        for (const std::string& use : uses) where << QString::fromStdString(use);
        refused_ = tr("'%1' is used as %2: take it out there first (the Population dock, the stage's parameters or the Room Graph dock)")
                       .arg(QString::fromStdString(prefab.id), where.join(", "));
        showProblem();
        return false;
    }
    // What undoLast keeps follows the rows; the removed prefab's own goes with it.
    std::erase_if(earlier_, [&](const Earlier& e) { return e.row == row; });
    for (Earlier& e : earlier_) e.row -= e.row > row ? 1 : 0;
    undo_->setEnabled(!earlier_.empty());
    prefabs_.prefabs.erase(prefabs_.prefabs.begin() + row);
    prefabs_.sources.erase(prefabs_.sources.begin() + row);
    delete list_->takeItem(row);
    select(std::min(row, list_->count() - 1));
    showCurrent();
    return true;
}

void PrefabsDialog::resizePrefab(int width, int height) {
    const int row = current();
    if (!editable(row)) return;
    Prefab& prefab = prefabs_.prefabs[static_cast<std::size_t>(row)];
    const Prefab resized = resizedPrefab(prefab, width, height);
    if (resized == prefab) return;
    remember(row, prefab);
    prefab = resized;
    list_->item(row)->setText(itemText(row));
    showCurrent();
}

void PrefabsDialog::renamePrefab(const QString& name) {
    const int row = current();
    if (!editable(row)) return;
    prefabs_.prefabs[static_cast<std::size_t>(row)].name = name.toStdString();
}

bool PrefabsDialog::setPrefabId(const QString& text) {
    const int row = current();
    if (row < 0 || id_->isReadOnly()) return false;
    const std::string id = text.trimmed().toStdString();
    Prefab& prefab = prefabs_.prefabs[static_cast<std::size_t>(row)];
    if (id == prefab.id) return true;
    refused_.clear();
    if (!isPrefabId(id)) refused_ = tr("'%1': an id is 1 to 64 letters, digits, '_' or '-'").arg(text);
    else if (prefabs_.find(id) || project_.prefabs.find(id)) refused_ = tr("The project has a prefab '%1' already").arg(text);
    if (!refused_.isEmpty()) {
        showProblem();
        return false;
    }
    if (prefab.name == prefab.id) prefab.name = id; // a name never chosen follows the id
    prefab.id = id;
    list_->item(row)->setText(itemText(row));
    showCurrent();
    return true;
}

bool PrefabsDialog::check() {
    for (int row = 0; row < static_cast<int>(prefabs_.prefabs.size()); ++row) {
        const Prefab& prefab = prefabs_.prefabs[static_cast<std::size_t>(row)];
        const auto problems = prefabProblems(prefab, project_.tileKinds);
        if (problems.empty()) continue;
        select(row);
        refused_ = tr("Prefab '%1': %2").arg(QString::fromStdString(prefab.id), QString::fromStdString(problems.front().second));
        showProblem();
        return false;
    }
    return true;
}

void PrefabsDialog::accept() {
    if (check()) QDialog::accept();
}

} // namespace burrow::ui
