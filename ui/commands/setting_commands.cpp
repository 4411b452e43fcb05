#include "commands/setting_commands.h"

#include "document/project_document.h"
#include "generation/parameter.h"

namespace burrow::ui {
namespace {
QString sizeText(const LevelSize& s) { return QStringLiteral("%1 x %2 x %3").arg(s.width).arg(s.height).arg(s.depth); }
} // namespace

RecipeCommand::RecipeCommand(ProjectDocument* document, Recipe after, const QString& text)
    : QUndoCommand(text), document_(document), before_(document->project().recipe), after_(std::move(after)) {}

RecipeCommand* RecipeCommand::parameterEdit(ProjectDocument* document, Recipe after, std::size_t entry, const std::string& key) {
    auto* command = new RecipeCommand(document, std::move(after), {});
    command->entry_ = entry;
    command->key_ = key;
    command->mergeKey_ = std::to_string(entry) + "/" + command->after_.stages[entry].name + "/" + key;
    command->nameParameterEdit();
    return command;
}

void RecipeCommand::nameParameterEdit() {
    const StageEntry& before = before_.stages[entry_];
    const StageEntry& after = after_.stages[entry_];
    const auto value = [&](const StageEntry& e) { return e.params.has(key_) ? describeParamValue(e.params.get(key_)) : std::string("?"); };
    setText(QStringLiteral("%1: %2 %3 → %4")
                .arg(QString::fromStdString(after.name), QString::fromStdString(key_), QString::fromStdString(value(before)), QString::fromStdString(value(after))));
}

void RecipeCommand::undo() { document_->setRecipe(before_); }
void RecipeCommand::redo() { document_->setRecipe(after_); }

bool RecipeCommand::mergeWith(const QUndoCommand* other) {
    const auto* next = dynamic_cast<const RecipeCommand*>(other);
    if (!next || next->mergeKey_ != mergeKey_) return false;
    after_ = next->after_;
    nameParameterEdit();
    return true;
}

SeedCommand::SeedCommand(ProjectDocument* document, std::uint64_t seed, std::string text)
    : document_(document), beforeSeed_(document->project().seed), afterSeed_(seed), beforeText_(document->project().seedText),
      afterText_(std::move(text)) {
    const auto shown = [](std::uint64_t s, const std::string& t) { return t.empty() ? QString::number(s) : QString::fromStdString(t); };
    setText(QStringLiteral("Seed %1 → %2").arg(shown(beforeSeed_, beforeText_), shown(afterSeed_, afterText_)));
}

void SeedCommand::undo() { document_->setSeed(beforeSeed_, beforeText_); }
void SeedCommand::redo() { document_->setSeed(afterSeed_, afterText_); }

SizeCommand::SizeCommand(ProjectDocument* document, LevelSize after) : document_(document), before_(document->project().size), after_(after) {
    name();
}

void SizeCommand::name() { setText(QStringLiteral("Size %1 → %2").arg(sizeText(before_), sizeText(after_))); }
void SizeCommand::undo() { document_->setSize(before_); }
void SizeCommand::redo() { document_->setSize(after_); }

bool SizeCommand::mergeWith(const QUndoCommand* other) {
    const auto* next = dynamic_cast<const SizeCommand*>(other);
    if (!next) return false;
    after_ = next->after_;
    name();
    return true;
}

MovementCommand::MovementCommand(ProjectDocument* document, Connectivity after)
    : document_(document), before_(document->project().movement), after_(after) {
    const auto words = [](Connectivity c) { return c == Connectivity::Four ? QStringLiteral("4 directions") : QStringLiteral("8 directions"); };
    setText(QStringLiteral("Movement %1 → %2").arg(words(before_), words(after_)));
}

void MovementCommand::undo() { document_->setMovement(before_); }
void MovementCommand::redo() { document_->setMovement(after_); }

} // namespace burrow::ui
