#include "pipeline/builtin_stages.h"

#include "generators/bsp_rooms.h"
#include "generators/cave_walkers.h"
#include "generators/cellular_caves.h"
#include "generators/drone_mining.h"
#include "generators/maze.h"
#include "generators/random_fill.h"
#include "generators/room_graph_stage.h"
#include "generators/room_grid.h"
#include "generators/rooms_and_hallways.h"
#include "generators/wave_function_collapse.h"
#include "population/populate_stage.h"
#include "regions/add_loops.h"
#include "regions/locks_and_keys.h"
#include "regions/connect_regions.h"
#include "regions/depth_links.h"
#include "regions/prune_regions.h"

namespace burrow {

const StageCatalog& builtinStages() {
    static const StageCatalog catalog({
        droneMiningStage(),
        caveWalkersStage(),
        randomFillStage(),
        cellularCavesStage(),
        roomsAndHallwaysStage(),
        roomGridStage(),
        mazeStage(),
        bspRoomsStage(),
        waveFunctionCollapseStage(),
        roomGraphStage(),
        pruneRegionsStage(),
        connectRegionsStage(),
        addLoopsStage(),
        locksAndKeysStage(),
        depthLinksStage(),
        populateStage(),
    });
    return catalog;
}

} // namespace burrow
