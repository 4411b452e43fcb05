#include "game.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int walkable(const Game* g, int x, int y, int z) {
    const burrow_kind* kind = burrow_level_kind(g->level, burrow_level_tile(g->level, x, y, z));
    return kind != NULL && kind->walkable;
}

static const char* tile_at(const Game* g, int x, int y, int z) {
    const char* name = burrow_level_tile_name(g->level, x, y, z);
    return name ? name : "";
}

/* The placed thing not yet taken at (x, y, z), or -1. The player's own mark is not one. */
static int thing_at(const Game* g, int x, int y, int z) {
    int i;
    for (i = 0; i < burrow_level_thing_count(g->level); ++i) {
        const burrow_thing* t = burrow_level_thing(g->level, i);
        if (!g->taken[i] && t->x == x && t->y == y && t->z == z) return i;
    }
    return -1;
}

int game_start(Game* g, const burrow_project* project, uint64_t seed) {
    burrow_error* error = NULL;
    int i, count;
    game_end(g);
    g->project = project;
    g->seed = seed;
    g->level = burrow_level_make(project, seed, &error);
    if (g->level == NULL) {
        snprintf(g->message, sizeof g->message, "%s", burrow_error_message(error));
        burrow_error_free(error);
        return -1;
    }
    g->movement = burrow_level_movement(g->level);
    count = burrow_level_thing_count(g->level);
    g->taken = calloc((size_t)count + 1, 1);
    for (i = 0; i < count; ++i) /* the player's mark is where we stand, not something to draw */
        if (strcmp(burrow_level_thing(g->level, i)->kind, "player") == 0) g->taken[i] = 1;
    burrow_level_start(g->level, &g->x, &g->y, &g->z);
    g->runs += 1;
    snprintf(g->message, sizeof g->message, "Seed %llu: level %s.", (unsigned long long)seed, burrow_level_hash(g->level));
    return 0;
}

void game_end(Game* g) {
    burrow_level_free(g->level);
    free(g->taken);
    g->level = NULL;
    g->taken = NULL;
}

static int step(Game* g, int dx, int dy) {
    const int x = g->x + dx, y = g->y + dy;
    int thing;
    if (dx != 0 && dy != 0 && g->movement == 4) {
        snprintf(g->message, sizeof g->message, "You cannot move diagonally here.");
        return 0;
    }
    thing = thing_at(g, x, y, g->z);
    if (thing >= 0) {
        const burrow_thing* t = burrow_level_thing(g->level, thing);
        if (strcmp(t->kind, "creature") == 0) {
            snprintf(g->message, sizeof g->message, "The %s is in the way.", t->template_name);
            return 0;
        }
        if (strcmp(t->kind, "item") == 0) {
            g->taken[thing] = 1;
            g->items += 1;
            snprintf(g->message, sizeof g->message, "You pick up the %s.", t->template_name);
        }
    } else if (!walkable(g, x, y, g->z)) {
        snprintf(g->message, sizeof g->message, "The %s blocks the way.", tile_at(g, x, y, g->z));
        return 0;
    } else {
        g->message[0] = '\0';
    }
    g->x = x;
    g->y = y;
    g->turns += 1;
    if (strcmp(tile_at(g, x, y, g->z), "exit") == 0 || (thing >= 0 && strcmp(burrow_level_thing(g->level, thing)->kind, "exit") == 0)) {
        game_start(g, g->project, g->seed + 1);
        return 1;
    }
    return 0;
}

static void take_stairs(Game* g, const char* kind) {
    int x, y, z;
    if (strcmp(tile_at(g, g->x, g->y, g->z), kind) != 0 || burrow_level_stairs_partner(g->level, g->x, g->y, g->z, &x, &y, &z) != 0) {
        snprintf(g->message, sizeof g->message, "There are no %s here.", strcmp(kind, "stairs_down") == 0 ? "stairs down" : "stairs up");
        return;
    }
    g->x = x;
    g->y = y;
    g->z = z;
    g->turns += 1;
    snprintf(g->message, sizeof g->message, "You reach depth %d.", z + 1);
}

/* Breadth-first over the player's depth to the nearest tile of `kind`, then walks
 * there step by step (each step a turn, as if typed). */
static void travel(Game* g, const char* kind) {
    const int w = burrow_level_width(g->level), h = burrow_level_height(g->level), dirs = g->movement;
    static const int dx[8] = {1, -1, 0, 0, 1, 1, -1, -1}, dy[8] = {0, 0, 1, -1, 1, -1, 1, -1};
    int* from = malloc(sizeof(int) * (size_t)w * (size_t)h);
    int* queue = malloc(sizeof(int) * (size_t)w * (size_t)h);
    int head = 0, tail = 0, goal = -1, i, d, path = 0;
    for (i = 0; i < w * h; ++i) from[i] = -2;
    from[g->y * w + g->x] = -1;
    queue[tail++] = g->y * w + g->x;
    while (head < tail && goal < 0) {
        const int at = queue[head++], x = at % w, y = at / w;
        if (strcmp(tile_at(g, x, y, g->z), kind) == 0) goal = at;
        for (d = 0; d < dirs && goal < 0; ++d) {
            const int nx = x + dx[d], ny = y + dy[d];
            if (nx < 0 || ny < 0 || nx >= w || ny >= h || from[ny * w + nx] != -2 || !walkable(g, nx, ny, g->z)) continue;
            if (thing_at(g, nx, ny, g->z) >= 0 && strcmp(burrow_level_thing(g->level, thing_at(g, nx, ny, g->z))->kind, "creature") == 0) continue;
            from[ny * w + nx] = at;
            queue[tail++] = ny * w + nx;
        }
    }
    if (goal < 0) {
        snprintf(g->message, sizeof g->message, "You know of no %s on this depth.", strcmp(kind, "stairs_down") == 0 ? "stairs down" : "stairs up");
    } else {
        /* The path backwards into `queue`, then walked forwards. */
        for (i = goal; from[i] != -1; i = from[i]) queue[path++] = i;
        while (path-- > 0) {
            const int x = g->x, y = g->y;
            if (step(g, queue[path] % w - x, queue[path] / w - y) || (g->x == x && g->y == y)) break; /* a new run, or blocked */
        }
        if (strcmp(tile_at(g, g->x, g->y, g->z), kind) == 0)
            snprintf(g->message, sizeof g->message, "You travel to the %s.", strcmp(kind, "stairs_down") == 0 ? "stairs down" : "stairs up");
    }
    free(from);
    free(queue);
}

int game_command(Game* g, char command, char argument) {
    const int runs = g->runs;
    switch (command) {
    case 'h': step(g, -1, 0); break;
    case 'l': step(g, 1, 0); break;
    case 'k': step(g, 0, -1); break;
    case 'j': step(g, 0, 1); break;
    case 'y': step(g, -1, -1); break;
    case 'u': step(g, 1, -1); break;
    case 'b': step(g, -1, 1); break;
    case 'n': step(g, 1, 1); break;
    case '>': take_stairs(g, "stairs_down"); break;
    case '<': take_stairs(g, "stairs_up"); break;
    case 'G': travel(g, argument == '<' ? "stairs_up" : "stairs_down"); break;
    default: snprintf(g->message, sizeof g->message, "Unknown command '%c'.", command); break;
    }
    return g->runs != runs;
}

int game_glyph_at(const Game* g, int x, int y) {
    int thing;
    if (x == g->x && y == g->y) return '@';
    thing = thing_at(g, x, y, g->z);
    if (thing >= 0) return burrow_level_thing(g->level, thing)->glyph;
    return burrow_level_kind(g->level, burrow_level_tile(g->level, x, y, g->z))->glyph;
}

uint32_t game_colour_at(const Game* g, int x, int y) {
    int thing;
    if (x == g->x && y == g->y) return 0xffffff;
    thing = thing_at(g, x, y, g->z);
    if (thing >= 0) return burrow_level_thing(g->level, thing)->colour;
    return burrow_level_kind(g->level, burrow_level_tile(g->level, x, y, g->z))->colour;
}
