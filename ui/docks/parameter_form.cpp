#include "docks/parameter_form.h"

#include <algorithm>

#include <QCheckBox>
#include <QComboBox>
#include <QPushButton>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QVBoxLayout>

namespace burrow::ui {

ParameterForm::ParameterForm(QWidget* parent) : QWidget(parent), layout_(new QFormLayout), problems_(new QLabel(this)) {
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    outer->addLayout(layout_);
    problems_->setStyleSheet("color: #e04040;");
    problems_->setWordWrap(true);
    problems_->hide();
    outer->addWidget(problems_);
    outer->addStretch();
}

void ParameterForm::show(const StageType* type, const ParamValues& values, LevelSize size, const TileKinds& kinds, const std::vector<Prefab>& prefabs,
                         const std::vector<std::string>& roomGraphs) {
    size_ = size;
    problems_->hide();
    if (type && type == type_ && kinds == kinds_ && prefabs == prefabs_ && roomGraphs == roomGraphs_) {
        // The same fields: set their values in place, so the one being edited keeps
        // the keyboard focus (a spin box stepped with the arrow keys, each step undoable).
        values_ = values;
        for (const ParamSpec& spec : type_->params) showValue(spec);
        return;
    }
    while (layout_->rowCount() > 0) layout_->removeRow(0);
    type_ = type;
    kinds_ = kinds;
    prefabs_ = prefabs;
    roomGraphs_ = roomGraphs;
    values_ = values;
    if (!type_) return;
    for (const ParamSpec& spec : type_->params) {
        QWidget* field = makeField(spec);
        field->setToolTip(QString::fromStdString(spec.help));
        field->setObjectName(QString::fromStdString(spec.key));
        auto* label = new QLabel(QString::fromStdString(spec.label), this);
        label->setToolTip(QString::fromStdString(spec.help));
        layout_->addRow(label, field);
        if (spec.type == ParamType::RoomGraph) {
            // The graph is drawn in its own dock: one click there from the stage.
            auto* draw = new QPushButton(tr("Draw the Graph..."), this);
            draw->setObjectName("drawRoomGraph");
            draw->setToolTip(tr("Open the Room Graph dock on this graph: rooms, joins, locks"));
            auto* box = static_cast<QComboBox*>(field);
            connect(draw, &QPushButton::clicked, this, [this, box] { emit roomGraphRequested(box->currentText()); });
            layout_->addRow(QString(), draw);
        }
    }
}

void ParameterForm::showValue(const ParamSpec& spec) {
    auto* field = findChild<QWidget*>(QString::fromStdString(spec.key));
    if (!field) return;
    const ParamValue value = values_.has(spec.key) ? values_.get(spec.key) : spec.defaultValue;
    const QSignalBlocker block(field);
    switch (spec.type) {
    case ParamType::Int: static_cast<QSpinBox*>(field)->setValue(static_cast<int>(std::get<std::int64_t>(value))); break;
    case ParamType::Real:
        static_cast<QDoubleSpinBox*>(field)->setValue(std::holds_alternative<double>(value) ? std::get<double>(value)
                                                                                           : static_cast<double>(std::get<std::int64_t>(value)));
        break;
    case ParamType::Bool: static_cast<QCheckBox*>(field)->setChecked(std::get<bool>(value)); break;
    case ParamType::Choice:
    case ParamType::Prefab:
    case ParamType::RoomGraph: static_cast<QComboBox*>(field)->setCurrentText(QString::fromStdString(std::get<std::string>(value))); break;
    case ParamType::IntSet: {
        const auto& members = std::get<std::vector<int>>(value);
        int n = static_cast<int>(spec.min);
        for (QCheckBox* box : field->findChildren<QCheckBox*>(Qt::FindDirectChildrenOnly)) {
            const QSignalBlocker blockBox(box);
            box->setChecked(std::find(members.begin(), members.end(), n++) != members.end());
        }
        break;
    }
    }
}

QWidget* ParameterForm::makeField(const ParamSpec& spec) {
    const ParamValue value = values_.has(spec.key) ? values_.get(spec.key) : spec.defaultValue;
    switch (spec.type) {
    case ParamType::Int:
    case ParamType::Real: return makeNumberField(spec, value);
    case ParamType::Bool: {
        auto* box = new QCheckBox(this);
        box->setChecked(std::get<bool>(value));
        connect(box, &QCheckBox::toggled, this, [this, key = spec.key](bool v) { changed(key, v); });
        return box;
    }
    case ParamType::Choice: {
        QStringList choices;
        for (const auto& c : allowedChoices(spec, kinds_)) choices << QString::fromStdString(c);
        return makeListField(spec.key, choices, {}, std::get<std::string>(value), {});
    }
    case ParamType::Prefab: {
        // The project's prefabs by id, with their names to tell them apart.
        QStringList ids, names;
        for (const Prefab& p : prefabs_) {
            ids << QString::fromStdString(p.id);
            names << QString::fromStdString(p.name);
        }
        return makeListField(spec.key, ids, names, std::get<std::string>(value), tr("draw a prefab first"));
    }
    case ParamType::RoomGraph: {
        QStringList ids;
        for (const std::string& id : roomGraphs_) ids << QString::fromStdString(id);
        return makeListField(spec.key, ids, {}, std::get<std::string>(value), tr("the project has no room graph"));
    }
    case ParamType::IntSet: return makeSetField(spec, std::get<std::vector<int>>(value));
    }
    return new QWidget(this);
}

QWidget* ParameterForm::makeNumberField(const ParamSpec& spec, const ParamValue& value) {
    const std::string key = spec.key;
    if (spec.type == ParamType::Int) {
        auto* box = new QSpinBox(this);
        box->setRange(static_cast<int>(spec.min), static_cast<int>(spec.max));
        box->setValue(static_cast<int>(std::get<std::int64_t>(value)));
        box->setKeyboardTracking(false); // one regeneration per value, not per keystroke
        connect(box, &QSpinBox::valueChanged, this, [this, key](int v) { changed(key, std::int64_t{v}); });
        return box;
    }
    auto* box = new QDoubleSpinBox(this);
    box->setRange(spec.min, spec.max);
    box->setDecimals(3);
    box->setSingleStep(spec.max - spec.min <= 1.0 ? 0.01 : 0.1);
    box->setValue(std::holds_alternative<double>(value) ? std::get<double>(value) : static_cast<double>(std::get<std::int64_t>(value)));
    box->setKeyboardTracking(false);
    connect(box, &QDoubleSpinBox::valueChanged, this, [this, key](double v) { changed(key, v); });
    return box;
}

// A list to choose from; `notes` (optional) ride along as item data, `none` shows when
// the list is empty.
QWidget* ParameterForm::makeListField(const std::string& key, const QStringList& items, const QStringList& notes, const std::string& current,
                                      const QString& none) {
    auto* box = new QComboBox(this);
    for (qsizetype i = 0; i < items.size(); ++i) box->addItem(items[i], i < notes.size() ? QVariant(notes[i]) : QVariant());
    if (items.isEmpty() && !none.isEmpty()) box->setPlaceholderText(none);
    box->setCurrentIndex(box->findText(QString::fromStdString(current)));
    connect(box, &QComboBox::currentTextChanged, this, [this, key](const QString& v) { changed(key, v.toStdString()); });
    return box;
}

// One toggle per allowed member (born/survive: 0 to 8), five a row, so the form
// stays usable in a narrow dock.
QWidget* ParameterForm::makeSetField(const ParamSpec& spec, const std::vector<int>& members) {
    auto* row = new QWidget(this);
    auto* layout = new QGridLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    std::vector<QCheckBox*> boxes;
    for (int n = static_cast<int>(spec.min); n <= static_cast<int>(spec.max); ++n) {
        auto* box = new QCheckBox(QString::number(n), row);
        box->setChecked(std::find(members.begin(), members.end(), n) != members.end());
        const int i = static_cast<int>(boxes.size());
        layout->addWidget(box, i / 5, i % 5);
        boxes.push_back(box);
    }
    const int first = static_cast<int>(spec.min);
    for (QCheckBox* box : boxes)
        connect(box, &QCheckBox::toggled, this, [this, key = spec.key, boxes, first] {
            std::vector<int> set;
            for (std::size_t i = 0; i < boxes.size(); ++i)
                if (boxes[i]->isChecked()) set.push_back(first + static_cast<int>(i));
            changed(key, set);
        });
    return row;
}

void ParameterForm::changed(const std::string& key, ParamValue value) {
    values_.set(key, std::move(value));
    if (!type_) return;
    auto problems = paramProblems(*type_, values_, kinds_);
    if (problems.empty())
        if (auto tooMuch = workProblem(*type_, values_, size_)) problems.emplace_back("all together", *tooMuch);
    if (problems.empty() && type_->prefabProblem)
        for (const ParamSpec& spec : type_->params)
            if (spec.type == ParamType::Prefab)
                for (const Prefab& p : prefabs_)
                    if (p.id == values_.choice(spec.key))
                        if (auto problem = type_->prefabProblem(values_, p, size_)) problems.emplace_back(spec.key, *problem);
    if (!problems.empty()) {
        // Shown, not applied: the last good values stay in the recipe.
        QString text;
        for (const auto& [k, message] : problems) text += QString::fromStdString(k + ": " + message) + "\n";
        problems_->setText(text.trimmed());
        problems_->show();
        return;
    }
    problems_->hide();
    emit valuesEdited(values_);
}

} // namespace burrow::ui
