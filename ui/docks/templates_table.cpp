#include "docks/templates_table.h"

#include <QHeaderView>
#include <QRegularExpression>
#include <QSignalBlocker>

#include "style/theme.h"

namespace burrow::ui {

namespace {
enum Column { Name, Glyph, Colour, Kind, Hp, Attack, Defense, Speed, Behaviours, kColumns };
const EntityKind kKinds[] = {EntityKind::Player, EntityKind::Creature, EntityKind::Item, EntityKind::Exit};
} // namespace

std::optional<std::vector<Behaviour>> behavioursFromText(const QString& text) {
    std::vector<Behaviour> result;
    for (const QString& part : text.split(',', Qt::SkipEmptyParts)) {
        const QStringList words = part.simplified().split(' ');
        Behaviour b;
        bool ok = true;
        if (words[0] == "chase" && words.size() <= 3) {
            b.type = Behaviour::Type::Chase;
            if (words.size() >= 2) b.radius = words[1].toInt(&ok);
            if (words.size() == 3) {
                b.sight = words[2] == "sight";
                ok = ok && b.sight;
            }
            ok = ok && b.radius >= 0 && b.radius <= 1000;
        } else if (words[0] == "spread" && words.size() <= 3) {
            b.type = Behaviour::Type::Spread;
            if (words.size() >= 2) b.chance = words[1].toDouble(&ok);
            if (ok && words.size() == 3) b.limit = words[2].toInt(&ok);
            ok = ok && b.chance >= 0 && b.chance <= 1 && b.limit >= 0;
        } else if (words[0] == "wander" && words.size() == 1) {
            b.type = Behaviour::Type::Wander;
        } else if (words[0] == "stationary" && words.size() == 1) {
            b.type = Behaviour::Type::Stationary;
        } else {
            ok = false;
        }
        if (!ok) return std::nullopt;
        result.push_back(b);
    }
    return result;
}

QString behavioursText(const std::vector<Behaviour>& behaviours) {
    QStringList parts;
    for (const Behaviour& b : behaviours) {
        switch (b.type) {
        case Behaviour::Type::Chase: parts << QStringLiteral("chase %1%2").arg(b.radius).arg(b.sight ? " sight" : ""); break;
        case Behaviour::Type::Spread: parts << QStringLiteral("spread %1 %2").arg(b.chance).arg(b.limit); break;
        case Behaviour::Type::Wander: parts << "wander"; break;
        case Behaviour::Type::Stationary: parts << "stationary"; break;
        }
    }
    return parts.join(", ");
}

TemplatesTable::TemplatesTable(QWidget* parent) : QTableWidget(parent) {
    setObjectName("templates");
    setColumnCount(kColumns);
    setHorizontalHeaderLabels({tr("Name"), tr("Glyph"), tr("Colour"), tr("Kind"), tr("HP"), tr("Attack"), tr("Defense"), tr("Speed"), tr("Behaviours")});
    horizontalHeader()->setStretchLastSection(true);
    setToolTip(tr("Edit any field; a default you change is saved with these rules. Behaviours: chase RADIUS [sight], wander, spread CHANCE LIMIT, stationary"));
    connect(this, &QTableWidget::cellChanged, this, &TemplatesTable::cellEdited);
}

void TemplatesTable::show(const PopulationRules& rules) {
    loading_ = true;
    const QSignalBlocker block(this);
    // Keep the cell being edited where it is: rows are in name order whether a
    // template is the rules' own or a default (editing a default makes it the
    // rules' own, which used to move it to the top under the cursor).
    const QString currentName = currentRow() >= 0 && item(currentRow(), Name) ? item(currentRow(), Name)->text() : QString();
    const int editedColumn = currentColumn();
    std::vector<std::pair<const EntityTemplate*, bool>> all; // template, whether the rules define it
    for (const auto& t : rules.templates) all.push_back({&t, true});
    for (const auto& t : defaultTemplates())
        if (std::none_of(all.begin(), all.end(), [&](const auto& a) { return a.first->name == t.name; })) all.push_back({&t, false});
    std::stable_sort(all.begin(), all.end(), [](const auto& a, const auto& b) { return a.first->name < b.first->name; });
    setRowCount(static_cast<int>(all.size()));
    for (int row = 0; row < static_cast<int>(all.size()); ++row) {
        const auto [template_, own] = all[static_cast<std::size_t>(row)];
        const EntityTemplate& t = *template_;
        const QStringList cells = {QString::fromStdString(t.name), QString(QChar::fromLatin1(t.glyph)), QColor::fromRgb(t.colour).name(),
                                   entityKindId(t.kind),           QString::number(t.maxHp),       QString::number(t.attack),
                                   QString::number(t.defense),     QString::number(t.speed),       behavioursText(t.behaviours)};
        const QColor colour = QColor::fromRgb(t.colour);
        // Light or dark text, whichever reads on the template's own colour: pale
        // colours no longer vanish on a white table, nor dark ones on a dark theme.
        const QColor onColour = colour.lightnessF() > 0.55 ? QColor(Qt::black) : QColor(Qt::white);
        for (int c = 0; c < kColumns; ++c) {
            auto* item = new QTableWidgetItem(cells[c]);
            if (c == Name) {
                item->setFlags(item->flags() & ~Qt::ItemIsEditable);
                item->setToolTip(own ? tr("Defined in these rules") : tr("A built-in default: editing it saves it with these rules"));
                QFont font = item->font();
                font.setItalic(!own);
                item->setFont(font);
            }
            if (c == Glyph || c == Colour) {
                item->setBackground(colour);
                item->setForeground(onColour);
            }
            if (c == Kind) item->setToolTip(tr("player, creature, item or exit"));
            setItem(row, c, item);
        }
        if (!currentName.isEmpty() && cells[Name] == currentName) setCurrentCell(row, editedColumn);
    }
    // Each column as wide as what it holds, once: a one-character glyph took as much
    // room as a name, and the stats were off the dock's edge. A width the designer
    // sets afterwards stays.
    if (!sized_ && rowCount() > 0) {
        resizeColumnsToContents();
        sized_ = true;
    }
    loading_ = false;
}

QString TemplatesTable::chosenName() const { return currentRow() >= 0 && item(currentRow(), Name) ? item(currentRow(), Name)->text() : QString(); }

void TemplatesTable::choose(const QString& name) {
    for (int row = 0; row < rowCount(); ++row)
        if (item(row, Name) && item(row, Name)->text() == name) setCurrentCell(row, Name);
}

void TemplatesTable::cellEdited(int row, int column) {
    if (loading_) return;
    const std::string name = item(row, Name)->text().toStdString();
    const QString text = item(row, column)->text().trimmed();
    std::function<void(EntityTemplate&)> change;
    bool ok = true;
    switch (column) {
    case Glyph:
        ok = text.size() == 1 && text[0].unicode() > 32 && text[0].unicode() < 127;
        if (ok) change = [c = text[0].toLatin1()](EntityTemplate& t) { t.glyph = c; };
        break;
    case Colour: {
        ok = QRegularExpression("^#[0-9a-fA-F]{6}$").match(text).hasMatch();
        if (ok) change = [c = QColor(text).rgb() & 0xffffffu](EntityTemplate& t) { t.colour = c; };
        break;
    }
    case Kind: {
        const auto kind = std::find_if(std::begin(kKinds), std::end(kKinds), [&](EntityKind k) { return text == entityKindId(k); });
        ok = kind != std::end(kKinds);
        if (ok) change = [k = *kind](EntityTemplate& t) { t.kind = k; };
        break;
    }
    case Behaviours: {
        const auto behaviours = behavioursFromText(text);
        ok = behaviours.has_value();
        if (ok) change = [b = *behaviours](EntityTemplate& t) { t.behaviours = b; };
        break;
    }
    default: {
        const int value = text.toInt(&ok);
        const int lowest = column == Hp || column == Speed ? 1 : 0;
        ok = ok && value >= lowest && value <= (column == Speed ? 1000 : 1000000);
        if (ok) change = [column, value](EntityTemplate& t) {
            (column == Hp ? t.maxHp : column == Attack ? t.attack : column == Defense ? t.defense : t.speed) = value;
        };
    }
    }
    if (!ok) {
        const QSignalBlocker block(this);
        item(row, column)->setBackground(problemBackground(palette())); // shown, not applied
        item(row, column)->setToolTip(tr("Not applied: %1 is not a valid value here").arg(text));
        return;
    }
    emit templateEdited(tr("Change template %1").arg(QString::fromStdString(name)), name, change);
}

} // namespace burrow::ui
