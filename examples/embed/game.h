/* The sample game's rules, with no terminal in them: a player on a level made by
 * libburrow, walking, picking things up, taking stairs, travelling to stairs, and
 * leaving by the exit into a new run. main.c draws it with ncurses or, headless,
 * plays a string of moves and prints the result. */
#ifndef BURROW_EMBED_GAME_H
#define BURROW_EMBED_GAME_H

#include <stdint.h>

#include <burrow/burrow.h>

typedef struct Game {
    const burrow_project* project;
    burrow_level* level;
    uint64_t seed;
    int x, y, z;          /* the player */
    int movement;         /* 4 or 8: the project's */
    unsigned char* taken; /* per placed thing: 1 once picked up (or the player's own mark) */
    int items, turns, runs;
    char message[160];
} Game;

/* Makes the level of `seed` and puts the player at its start. Returns 0, or -1 with
 * the library's message in game->message. */
int game_start(Game* game, const burrow_project* project, uint64_t seed);
void game_end(Game* game);

/* One command: h j k l y u b n (or the arrows, mapped to hjkl by the caller) walk,
 * '>' and '<' take stairs, 'G' followed by '>' or '<' travels to the nearest stairs
 * of that kind. Sets game->message. Returns 1 when the player left by the exit (a
 * new run with the next seed has begun). */
int game_command(Game* game, char command, char argument);

/* The character drawn at (x, y) of the player's depth: the player, a thing, or the tile. */
int game_glyph_at(const Game* game, int x, int y);
/* The colour (0xRRGGBB) of what game_glyph_at draws. */
uint32_t game_colour_at(const Game* game, int x, int y);

#endif
