#include "dialogs/tile_kinds_dialog.h"

#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

#include "pipeline/builtin_stages.h"
#include "project/tile_kind_edits.h"

namespace burrow::ui {
namespace {

enum Column { Id, Name, Glyph, Colour, Background, Walkable, Transparent, Diggable, Columns };
constexpr int kWasRole = Qt::UserRole; // on the id cell: the tile the kind had, -1 for a new kind

QString colourText(std::uint32_t rgb) { return QStringLiteral("#%1").arg(rgb, 6, 16, QLatin1Char('0')); }

std::optional<std::uint32_t> colourOf(const QString& text) {
    const QString t = text.trimmed();
    if (t.size() != 7 || !t.startsWith('#')) return std::nullopt;
    bool ok = false;
    const uint value = t.mid(1).toUInt(&ok, 16);
    return ok ? std::optional<std::uint32_t>(value) : std::nullopt;
}

} // namespace

TileKindsDialog::TileKindsDialog(const Project& project, QWidget* parent)
    : QDialog(parent), project_(project), table_(new QTableWidget(0, Columns, this)), problem_(new QLabel(this)) {
    setWindowTitle(tr("Tile Kinds"));
    setObjectName("tileKindsDialog");
    table_->setObjectName("tileKinds");
    table_->setHorizontalHeaderLabels({tr("Id"), tr("Name"), tr("Glyph"), tr("Colour"), tr("Background"), tr("Walkable"), tr("See-through"), tr("Diggable")});
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table_->horizontalHeader()->setSectionResizeMode(Name, QHeaderView::Stretch);
    table_->verticalHeader()->hide();
    const TileKinds& kinds = project.tileKinds;
    for (int i = 0; i < kinds.count(); ++i) addRow(kinds[kinds.tileAt(i)], i, i < kTileKindCount);

    auto* add = new QPushButton(tr("Add kind"), this);
    add->setObjectName("addKind");
    auto* remove = new QPushButton(tr("Remove kind"), this);
    remove->setObjectName("removeKind");
    remove->setToolTip(tr("Remove the chosen kind; one still in use (painted, in a prefab, a rule or a parameter) is kept and says where"));
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    problem_->setObjectName("tileKindsProblem");
    problem_->setWordWrap(true);
    problem_->setStyleSheet("color: #e04040;");
    problem_->hide();
    auto* hint = new QLabel(tr("Colours as #rrggbb. Tags, export looks and Tiled properties are kept as the project file has them."), this);
    hint->setWordWrap(true);
    hint->setForegroundRole(QPalette::PlaceholderText);
    auto* row = new QHBoxLayout;
    row->addWidget(add);
    row->addWidget(remove);
    row->addStretch();
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(table_, 1);
    layout->addLayout(row);
    layout->addWidget(hint);
    layout->addWidget(problem_);
    layout->addWidget(buttons);
    resize(760, 460);

    // A colour typed shows as its swatch.
    connect(table_, &QTableWidget::itemChanged, this, [](QTableWidgetItem* item) {
        if (item->column() != Colour && item->column() != Background) return;
        if (const auto rgb = colourOf(item->text()); rgb && item->data(Qt::DecorationRole).value<QColor>() != QColor::fromRgb(*rgb))
            item->setData(Qt::DecorationRole, QColor::fromRgb(*rgb));
    });
    connect(add, &QPushButton::clicked, this, &TileKindsDialog::addKind);
    connect(remove, &QPushButton::clicked, this, [this] { removeKind(table_->currentRow()); });
    connect(buttons, &QDialogButtonBox::accepted, this, &TileKindsDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
}

void TileKindsDialog::addRow(const TileKind& kind, int was, bool builtIn) {
    const int r = table_->rowCount();
    table_->insertRow(r);
    const QColor quiet = table_->palette().color(QPalette::PlaceholderText);
    const auto text = [&](int column, const QString& value) {
        auto* item = new QTableWidgetItem(value);
        if (builtIn) {
            item->setFlags(Qt::ItemIsEnabled);
            item->setForeground(quiet);
            item->setToolTip(tr("A built-in kind: the same in every project"));
        }
        table_->setItem(r, column, item);
        return item;
    };
    text(Id, QString::fromStdString(kind.id))->setData(kWasRole, was);
    text(Name, QString::fromStdString(kind.name));
    text(Glyph, QString(QChar(kind.glyph)));
    text(Colour, colourText(kind.colour))->setData(Qt::DecorationRole, QColor::fromRgb(kind.colour));
    text(Background, colourText(kind.background))->setData(Qt::DecorationRole, QColor::fromRgb(kind.background));
    for (const auto& [column, on] : {std::pair{Walkable, kind.walkable}, std::pair{Transparent, kind.transparent}, std::pair{Diggable, kind.diggable}}) {
        auto* item = new QTableWidgetItem;
        item->setFlags(builtIn ? Qt::ItemIsEnabled : Qt::ItemIsEnabled | Qt::ItemIsUserCheckable | Qt::ItemIsSelectable);
        item->setCheckState(on ? Qt::Checked : Qt::Unchecked);
        table_->setItem(r, column, item);
    }
}

void TileKindsDialog::addKind() {
    // A free id and glyph, for the designer to change.
    TileKind kind;
    for (int n = 1;; ++n) {
        kind.id = "kind_" + std::to_string(n);
        bool taken = false;
        for (int r = 0; r < table_->rowCount(); ++r) taken |= table_->item(r, Id)->text().toStdString() == kind.id;
        if (!taken) break;
    }
    kind.name = kind.id;
    for (char g : std::string("=%&*^;:!?$ABCDEFGHIJKLMNOPQRSTUVWYZabcdefghijklmnopqrstuvwxyz0123456789")) {
        bool taken = false;
        for (int r = 0; r < table_->rowCount(); ++r) taken |= table_->item(r, Glyph)->text() == QString(QChar(g));
        if (!taken) {
            kind.glyph = g;
            break;
        }
    }
    kind.colour = 0xffffff;
    kind.walkable = kind.transparent = true;
    addRow(kind, -1, false);
    table_->setCurrentCell(table_->rowCount() - 1, Id);
}

void TileKindsDialog::removeKind(int row) {
    if (row < kTileKindCount || row >= table_->rowCount()) return;
    table_->removeRow(row);
}

QString TileKindsDialog::problem() const { return problem_->isHidden() ? QString() : problem_->text(); }

bool TileKindsDialog::apply() {
    std::vector<EditedKind> custom;
    const TileKinds& kinds = project_.tileKinds;
    auto fail = [this](const QString& why) {
        problem_->setText(why);
        problem_->show();
        result_.reset();
        return false;
    };
    for (int r = kTileKindCount; r < table_->rowCount(); ++r) {
        const int was = table_->item(r, Id)->data(kWasRole).toInt();
        EditedKind e;
        if (was >= 0) {
            e.was = kinds.tileAt(was);
            e.kind = kinds[*e.was]; // tags, export look and properties as they were
        }
        e.kind.id = table_->item(r, Id)->text().trimmed().toStdString();
        e.kind.name = table_->item(r, Name)->text().trimmed().toStdString();
        if (e.kind.name.empty()) e.kind.name = e.kind.id;
        const QString glyph = table_->item(r, Glyph)->text();
        if (glyph.size() != 1 || glyph[0].unicode() > 126) return fail(tr("Row %1: the glyph must be one printable ASCII character").arg(r + 1));
        e.kind.glyph = static_cast<char>(glyph[0].unicode());
        const auto colour = colourOf(table_->item(r, Colour)->text()), background = colourOf(table_->item(r, Background)->text());
        if (!colour || !background) return fail(tr("Row %1: colours are written #rrggbb").arg(r + 1));
        e.kind.colour = *colour;
        e.kind.background = *background;
        e.kind.walkable = table_->item(r, Walkable)->checkState() == Qt::Checked;
        e.kind.transparent = table_->item(r, Transparent)->checkState() == Qt::Checked;
        e.kind.diggable = table_->item(r, Diggable)->checkState() == Qt::Checked;
        custom.push_back(std::move(e));
    }
    auto made = withTileKinds(project_, custom, builtinStages());
    if (const auto* why = std::get_if<std::string>(&made)) return fail(QString::fromStdString(*why));
    problem_->hide();
    result_ = std::move(std::get<Project>(made));
    return true;
}

void TileKindsDialog::accept() {
    if (apply()) QDialog::accept();
}

} // namespace burrow::ui
