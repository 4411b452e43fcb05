#pragma once
// Changes a designer makes to a room graph in the editor's graph dock, as plain
// functions on the model: each returns the graph changed (the dock checks it with
// roomGraphProblems() and pushes it as one undoable edit), so the UI holds no graph
// logic of its own. Templates are edited as one line of text.
#include <optional>
#include <string>
#include <vector>

#include "content/prefab_json.h"
#include "io/diagnostic.h"
#include "model/level.h"
#include "structure/room_graph.h"

namespace burrow {

// A new room ("room 2", the first number free) shaped like `like`'s first template
// (a 5-9 x 4-7 rectangle without one), joined to node `joinTo` (when given) by a
// door. Returns its id.
std::string addRoom(RoomGraph& graph, const std::string& joinTo);
// Removes a room and every join it has.
void removeRoom(RoomGraph& graph, const std::string& id);
// Gives a room another id; its joins follow. False when `to` is taken or empty.
bool renameRoom(RoomGraph& graph, const std::string& from, const std::string& to);
// Joins two rooms (a door), unless they are joined already or the same. Returns the
// join's index, or -1.
int joinRooms(RoomGraph& graph, const std::string& a, const std::string& b);
// A graph for a new project layout: a start room joined to an exit room.
RoomGraph newRoomGraph(const std::string& id);

// Every problem the project's reader would refuse the graphs with (paths under
// "/room_graphs"), in a level of `size` with these prefabs; empty when they are fine.
std::vector<Diagnostic> roomGraphProblems(const RoomGraphs& graphs, const ProjectPrefabs& prefabs, const LevelSize& size);

// A node's templates as one line and back: "rectangle 5-9 x 4-7; cave 6-8 x 5-6; altar"
// (a prefab by its id; a size is a number or least-most). Reading gives the
// templates, or the reason the text is not a list of them.
std::string roomTemplatesText(const std::vector<RoomTemplate>& templates);
std::optional<std::vector<RoomTemplate>> roomTemplatesFromText(const std::string& text, std::string& error);

} // namespace burrow
