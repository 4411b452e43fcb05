#include "docks/room_graph_dock.h"

#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPushButton>
#include <QToolButton>
#include <QUndoStack>
#include <QVBoxLayout>
#include <sstream>

#include "commands/room_graph_command.h"
#include "docks/room_graph_canvas.h"
#include "docks/scrollable.h"
#include "document/project_document.h"
#include "structure/room_graph_edits.h"

namespace burrow::ui {

namespace {

std::vector<std::string> tagsFromText(const QString& text) {
    std::vector<std::string> tags;
    for (const QString& part : text.split(',', Qt::SkipEmptyParts))
        if (const QString tag = part.trimmed(); !tag.isEmpty()) tags.push_back(tag.toStdString());
    return tags;
}

QString tagsText(const std::vector<std::string>& tags) {
    QStringList list;
    for (const std::string& t : tags) list << QString::fromStdString(t);
    return list.join(", ");
}

} // namespace

RoomGraphDock::RoomGraphDock(ProjectDocument* document, QWidget* parent) : QDockWidget(tr("Room Graph"), parent), document_(document) {
    setObjectName("roomGraphDock");
    auto* body = new QWidget(this);
    auto* layout = new QVBoxLayout(body);
    layout->addWidget(buildGraphRow());
    canvas_ = new RoomGraphCanvas(body);
    layout->addWidget(canvas_);
    layout->addWidget(buildRoomBox());
    layout->addWidget(buildJoinBox());
    refusal_ = new QLabel(body);
    refusal_->setObjectName("graphRefusal");
    refusal_->setWordWrap(true);
    refusal_->setStyleSheet("color: #ff8080");
    layout->addWidget(refusal_);
    layout->addStretch(1);
    setWidget(scrollable(body, this));
    connect(canvas_, &RoomGraphCanvas::roomPicked, this, &RoomGraphDock::pickRoom);
    connect(canvas_, &RoomGraphCanvas::joinPicked, this, &RoomGraphDock::pickJoin);
    connect(document_, &ProjectDocument::recipeChanged, this, &RoomGraphDock::reload);
    reload();
}

QWidget* RoomGraphDock::buildGraphRow() {
    auto* row = new QWidget(this);
    auto* layout = new QHBoxLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    graphs_ = new QComboBox(row);
    graphs_->setObjectName("graphChoice");
    graphs_->setToolTip(tr("The project's room graphs; a room_graph stage lays one out by its id"));
    auto* add = new QToolButton(row);
    add->setObjectName("addGraph");
    add->setText(tr("New"));
    add->setToolTip(tr("A new room graph: an entrance joined to an exit"));
    layout->addWidget(graphs_, 1);
    layout->addWidget(add);
    connect(graphs_, &QComboBox::currentIndexChanged, this, [this] {
        if (reloading_) return;
        canvas_->setGraph(current());
        showPicked();
    });
    connect(add, &QToolButton::clicked, this, &RoomGraphDock::addGraph);
    return row;
}

QGroupBox* RoomGraphDock::buildRoomBox() {
    roomBox_ = new QGroupBox(tr("Room"), this);
    auto* form = new QFormLayout(roomBox_);
    roomId_ = new QLineEdit(roomBox_);
    roomId_->setObjectName("roomId");
    roomTags_ = new QLineEdit(roomBox_);
    roomTags_->setObjectName("roomTags");
    roomTags_->setToolTip(tr("Comma-separated: start (the level starts here), exit, boss, treasure, or your own; population's tagged_room scope finds rooms by them"));
    roomShapes_ = new QLineEdit(roomBox_);
    roomShapes_->setObjectName("roomShapes");
    roomShapes_->setToolTip(tr("The shapes the room may take, one picked per level, separated by ';': \"rectangle 5-9 x 4-7\", \"cave 6-8 x 5-6\" "
                               "(floor cells, walls not counted) or a prefab's id"));
    form->addRow(tr("Id"), roomId_);
    form->addRow(tr("Tags"), roomTags_);
    form->addRow(tr("Shapes"), roomShapes_);
    auto* buttons = new QHBoxLayout;
    auto* add = new QPushButton(tr("Add Room"), roomBox_);
    add->setObjectName("addRoom");
    add->setToolTip(tr("A new room joined to the one picked by a door"));
    join_ = new QPushButton(tr("Join to"), roomBox_);
    join_->setObjectName("joinRoom");
    join_->setToolTip(tr("Join the room picked to another (a door; pick the join to change its kind)"));
    remove_ = new QPushButton(tr("Remove"), roomBox_);
    remove_->setObjectName("removePicked");
    remove_->setToolTip(tr("Remove the room picked (with its joins) or the join picked"));
    buttons->addWidget(add);
    buttons->addWidget(join_);
    buttons->addWidget(remove_);
    form->addRow(buttons);
    connect(add, &QPushButton::clicked, this, &RoomGraphDock::addRoom);
    connect(join_, &QPushButton::clicked, this, &RoomGraphDock::joinTo);
    connect(remove_, &QPushButton::clicked, this, &RoomGraphDock::removePicked);
    connect(roomId_, &QLineEdit::editingFinished, this, &RoomGraphDock::roomIdEdited);
    connect(roomTags_, &QLineEdit::editingFinished, this, &RoomGraphDock::roomTagsEdited);
    connect(roomShapes_, &QLineEdit::editingFinished, this, &RoomGraphDock::roomShapesEdited);
    return roomBox_;
}

QGroupBox* RoomGraphDock::buildJoinBox() {
    joinBox_ = new QGroupBox(tr("Join"), this);
    auto* form = new QFormLayout(joinBox_);
    joinKind_ = new QComboBox(joinBox_);
    joinKind_->setObjectName("joinKind");
    joinKind_->addItem(tr("Corridor"), "corridor");
    joinKind_->addItem(tr("Door"), "door");
    joinKind_->addItem(tr("Locked door"), "locked");
    joinKind_->setToolTip(tr("A corridor between the rooms, a door in the wall they share, or a locked door whose key the locks_and_keys stage places"));
    joinLock_ = new QLineEdit(joinBox_);
    joinLock_->setObjectName("joinLock");
    joinLock_->setToolTip(tr("The lock's id: its key's \"opens\" names it; doors with one lock open to one key"));
    form->addRow(tr("Kind"), joinKind_);
    form->addRow(tr("Lock"), joinLock_);
    connect(joinKind_, &QComboBox::activated, this, &RoomGraphDock::joinKindChosen);
    connect(joinLock_, &QLineEdit::editingFinished, this, &RoomGraphDock::joinLockEdited);
    return joinBox_;
}

int RoomGraphDock::graphIndex() const {
    const int i = graphs_->currentIndex();
    return i >= 0 && i < static_cast<int>(document_->project().roomGraphs.size()) ? i : -1;
}

RoomGraph RoomGraphDock::current() const {
    const int i = graphIndex();
    return i < 0 ? RoomGraph{} : document_->project().roomGraphs[static_cast<std::size_t>(i)];
}

QString RoomGraphDock::refusal() const { return refusal_->text(); }

// The project's graphs again (after an edit, undo or a new project), keeping the
// graph and what was picked when they are still there.
void RoomGraphDock::reload() {
    reloading_ = true;
    const QString shown = graphs_->currentText();
    graphs_->clear();
    for (const RoomGraph& g : document_->project().roomGraphs) graphs_->addItem(QString::fromStdString(g.id));
    graphs_->setCurrentIndex(std::max(0, graphs_->findText(shown)));
    reloading_ = false;
    canvas_->setGraph(current());
    showPicked();
}

void RoomGraphDock::showGraph(const QString& id) {
    if (const int i = graphs_->findText(id); i >= 0) graphs_->setCurrentIndex(i);
}

void RoomGraphDock::pickRoom(const QString& id) {
    canvas_->pickRoom(id.toStdString());
    showPicked();
}

void RoomGraphDock::pickJoin(int index) {
    canvas_->pickJoin(index);
    showPicked();
}

// The forms follow what is picked: a room's fields, or a join's.
void RoomGraphDock::showPicked() {
    const RoomGraph graph = current();
    const int node = graph.nodeIndex(canvas_->pickedRoom());
    const int edge = canvas_->pickedJoin();
    roomBox_->setEnabled(graphIndex() >= 0);
    const bool room = node >= 0;
    for (QWidget* w : std::initializer_list<QWidget*>{roomId_, roomTags_, roomShapes_, join_}) w->setEnabled(room);
    remove_->setEnabled(room || edge >= 0);
    roomId_->setText(room ? QString::fromStdString(graph.nodes[static_cast<std::size_t>(node)].id) : QString());
    roomTags_->setText(room ? tagsText(graph.nodes[static_cast<std::size_t>(node)].tags) : QString());
    roomShapes_->setText(room ? QString::fromStdString(roomTemplatesText(graph.nodes[static_cast<std::size_t>(node)].templates)) : QString());
    const bool join = edge >= 0 && edge < static_cast<int>(graph.edges.size());
    joinBox_->setEnabled(join);
    joinBox_->setTitle(join ? tr("Join: %1 to %2").arg(QString::fromStdString(graph.edges[static_cast<std::size_t>(edge)].from),
                                                      QString::fromStdString(graph.edges[static_cast<std::size_t>(edge)].to))
                            : tr("Join"));
    if (join) {
        const RoomEdge& e = graph.edges[static_cast<std::size_t>(edge)];
        joinKind_->setCurrentIndex(joinKind_->findData(QString(edgeKindId(e.kind))));
        joinLock_->setText(QString::fromStdString(e.lock));
        joinLock_->setEnabled(e.kind == RoomEdge::Kind::Locked);
    }
    emit roomPicked(QString::fromStdString(canvas_->pickedRoom()));
}

bool RoomGraphDock::change(const RoomGraph& graph, const QString& text) {
    const int index = graphIndex();
    RoomGraphs graphs = document_->project().roomGraphs;
    if (index < 0) graphs.push_back(graph);
    else graphs[static_cast<std::size_t>(index)] = graph;
    const auto problems = roomGraphProblems(graphs, document_->project().prefabs, document_->project().size);
    if (!problems.empty()) {
        refusal_->setText(tr("Not changed: %1 (%2)").arg(QString::fromStdString(problems.front().message), QString::fromStdString(problems.front().path)));
        showPicked(); // the forms show the graph as it still is
        return false;
    }
    refusal_->clear();
    document_->undoStack()->push(new RoomGraphCommand(document_, std::move(graphs), text));
    return true;
}

void RoomGraphDock::addGraph() {
    std::string id = "graph";
    for (int n = 2; std::any_of(document_->project().roomGraphs.begin(), document_->project().roomGraphs.end(), [&](const RoomGraph& g) { return g.id == id; }); ++n)
        id = "graph " + std::to_string(n);
    RoomGraphs graphs = document_->project().roomGraphs;
    graphs.push_back(newRoomGraph(id));
    document_->undoStack()->push(new RoomGraphCommand(document_, std::move(graphs), tr("New room graph \"%1\"").arg(QString::fromStdString(id))));
    graphs_->setCurrentIndex(graphs_->findText(QString::fromStdString(id)));
}

void RoomGraphDock::addRoom() {
    RoomGraph graph = current();
    // Joined to the room picked, else to the start room: a room on its own would cut the graph in two.
    const std::string to = !canvas_->pickedRoom().empty() || graph.nodes.empty() ? canvas_->pickedRoom()
                                                                                 : graph.nodes[static_cast<std::size_t>(graph.startNode())].id;
    const std::string id = burrow::addRoom(graph, to);
    if (change(graph, tr("Add room \"%1\"").arg(QString::fromStdString(id)))) pickRoom(QString::fromStdString(id));
}

void RoomGraphDock::joinTo() {
    QMenu menu(this);
    const RoomGraph graph = current();
    for (const RoomNode& n : graph.nodes)
        if (n.id != canvas_->pickedRoom()) menu.addAction(QString::fromStdString(n.id), this, [this, id = n.id] { joinPickedTo(QString::fromStdString(id)); });
    menu.exec(join_->mapToGlobal(QPoint(0, join_->height())));
}

void RoomGraphDock::joinPickedTo(const QString& id) {
    RoomGraph graph = current();
    const int edge = joinRooms(graph, canvas_->pickedRoom(), id.toStdString());
    if (edge < 0) {
        refusal_->setText(tr("Not changed: \"%1\" and \"%2\" are joined already").arg(QString::fromStdString(canvas_->pickedRoom()), id));
        return;
    }
    if (change(graph, tr("Join \"%1\" to \"%2\"").arg(QString::fromStdString(canvas_->pickedRoom()), id))) pickJoin(edge);
}

void RoomGraphDock::removePicked() {
    RoomGraph graph = current();
    if (const std::string room = canvas_->pickedRoom(); !room.empty()) {
        removeRoom(graph, room);
        change(graph, tr("Remove room \"%1\"").arg(QString::fromStdString(room)));
    } else if (const int edge = canvas_->pickedJoin(); edge >= 0 && edge < static_cast<int>(graph.edges.size())) {
        graph.edges.erase(graph.edges.begin() + edge);
        if (change(graph, tr("Remove a join"))) pickJoin(-1);
    }
}

void RoomGraphDock::roomIdEdited() {
    RoomGraph graph = current();
    const std::string from = canvas_->pickedRoom(), to = roomId_->text().trimmed().toStdString();
    if (from.empty() || from == to) return;
    if (!renameRoom(graph, from, to)) {
        refusal_->setText(to.empty() ? tr("Not changed: a room needs an id") : tr("Not changed: there is a room \"%1\" already").arg(QString::fromStdString(to)));
        showPicked();
        return;
    }
    if (change(graph, tr("Rename room \"%1\"").arg(QString::fromStdString(from)))) pickRoom(QString::fromStdString(to));
}

void RoomGraphDock::roomTagsEdited() {
    RoomGraph graph = current();
    const int node = graph.nodeIndex(canvas_->pickedRoom());
    if (node < 0) return;
    std::vector<std::string> tags = tagsFromText(roomTags_->text());
    if (tags == graph.nodes[static_cast<std::size_t>(node)].tags) return;
    graph.nodes[static_cast<std::size_t>(node)].tags = std::move(tags);
    change(graph, tr("Tag room \"%1\"").arg(QString::fromStdString(canvas_->pickedRoom())));
}

void RoomGraphDock::roomShapesEdited() {
    RoomGraph graph = current();
    const int node = graph.nodeIndex(canvas_->pickedRoom());
    if (node < 0) return;
    std::string error;
    auto templates = roomTemplatesFromText(roomShapes_->text().toStdString(), error);
    if (!templates) {
        refusal_->setText(tr("Not changed: %1").arg(QString::fromStdString(error)));
        return;
    }
    if (*templates == graph.nodes[static_cast<std::size_t>(node)].templates) return;
    graph.nodes[static_cast<std::size_t>(node)].templates = std::move(*templates);
    change(graph, tr("Shape room \"%1\"").arg(QString::fromStdString(canvas_->pickedRoom())));
}

void RoomGraphDock::joinKindChosen() {
    RoomGraph graph = current();
    const int edge = canvas_->pickedJoin();
    if (edge < 0 || edge >= static_cast<int>(graph.edges.size())) return;
    RoomEdge& e = graph.edges[static_cast<std::size_t>(edge)];
    const std::string kind = joinKind_->currentData().toString().toStdString();
    e.kind = kind == "locked" ? RoomEdge::Kind::Locked : kind == "door" ? RoomEdge::Kind::Door : RoomEdge::Kind::Corridor;
    // A join locked gets a lock named for the room it leads to; other kinds have none.
    e.lock = e.kind == RoomEdge::Kind::Locked ? (e.lock.empty() ? e.to : e.lock) : std::string();
    if (change(graph, tr("Make a join a %1").arg(joinKind_->currentText().toLower()))) pickJoin(edge);
}

void RoomGraphDock::joinLockEdited() {
    RoomGraph graph = current();
    const int edge = canvas_->pickedJoin();
    if (edge < 0 || edge >= static_cast<int>(graph.edges.size())) return;
    RoomEdge& e = graph.edges[static_cast<std::size_t>(edge)];
    const std::string lock = joinLock_->text().trimmed().toStdString();
    if (e.kind != RoomEdge::Kind::Locked || lock == e.lock) return;
    e.lock = lock;
    if (change(graph, tr("Rename a lock"))) pickJoin(edge);
}

} // namespace burrow::ui
