/* burrow-embed: a small terminal roguelike on a designer's Burrow project, made by
 * libburrow at runtime — the sample game of docs/embedding.md.
 *
 *   burrow-embed [PROJECT] [--seed N|TEXT]                play (arrows or hjkl yubn, > <, G> G<, q)
 *   burrow-embed [PROJECT] --seed N --moves "..." --dump  headless: play the moves, print the state
 *
 * Each run without --seed uses a new seed; leaving by the exit starts the next. */
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "game.h"

#ifndef BURROW_EMBED_DEFAULT_PROJECT
#define BURROW_EMBED_DEFAULT_PROJECT "cellular-depths.burrow.json"
#endif

/* The nearest of the terminal's 8 colours to 0xRRGGBB. */
static short terminal_colour(uint32_t rgb) {
    const int r = (rgb >> 16) & 0xff, g = (rgb >> 8) & 0xff, b = rgb & 0xff;
    if (r > g + 40 && r > b + 40) return g > 120 ? COLOR_YELLOW : COLOR_RED;
    if (g > r + 30 && g > b + 30) return COLOR_GREEN;
    if (b > r + 30 && b > g) return g > 120 ? COLOR_CYAN : COLOR_BLUE;
    if (r > 150 && g > 100 && b < 100) return COLOR_YELLOW;
    if (r > 120 && b > 120 && g < r - 30) return COLOR_MAGENTA;
    return COLOR_WHITE;
}

/* Depth z of the level as text, the player as '@', then where things stand. */
static void dump(const Game* g) {
    int x, y;
    printf("seed %llu\nlevel %s\nrun %d\nturns %d\nitems %d\nplayer %d %d %d\nmessage %s\n", (unsigned long long)g->seed,
           burrow_level_hash(g->level), g->runs, g->turns, g->items, g->x, g->y, g->z, g->message);
    for (y = 0; y < burrow_level_height(g->level); ++y) {
        for (x = 0; x < burrow_level_width(g->level); ++x) putchar(game_glyph_at(g, x, y));
        putchar('\n');
    }
}

static int headless(Game* g, const char* moves) {
    size_t i;
    for (i = 0; moves[i] != '\0'; ++i) {
        if (moves[i] == 'G' && moves[i + 1] != '\0') {
            game_command(g, 'G', moves[i + 1]);
            ++i;
        } else {
            game_command(g, moves[i], 0);
        }
    }
    dump(g);
    return 0;
}

static void draw(const Game* g) {
    const int w = burrow_level_width(g->level), h = burrow_level_height(g->level);
    int rows, cols, x, y, left, top;
    getmaxyx(stdscr, rows, cols);
    /* The view follows the player on levels larger than the terminal. */
    left = g->x - cols / 2;
    top = g->y - (rows - 2) / 2;
    if (left > w - cols) left = w - cols;
    if (top > h - (rows - 2)) top = h - (rows - 2);
    if (left < 0) left = 0;
    if (top < 0) top = 0;
    erase();
    for (y = 0; y < rows - 2 && top + y < h; ++y)
        for (x = 0; x < cols && left + x < w; ++x) {
            const short colour = terminal_colour(game_colour_at(g, left + x, top + y));
            attron(COLOR_PAIR(colour + 1));
            mvaddch(y, x, (chtype)game_glyph_at(g, left + x, top + y));
            attroff(COLOR_PAIR(colour + 1));
        }
    mvprintw(rows - 2, 0, "%s", g->message);
    mvprintw(rows - 1, 0, "seed %llu  depth %d/%d  items %d  turns %d   hjkl/arrows move  > < stairs  G> G< travel  q quit",
             (unsigned long long)g->seed, g->z + 1, burrow_level_depth(g->level), g->items, g->turns);
    refresh();
}

static int play(Game* g) {
    short c;
    int key;
    initscr();
    cbreak();
    noecho();
    keypad(stdscr, TRUE);
    curs_set(0);
    if (has_colors()) {
        start_color();
        for (c = 0; c < 8; ++c) init_pair((short)(c + 1), c, COLOR_BLACK);
    }
    for (;;) {
        draw(g);
        key = getch();
        if (key == 'q' || key == ERR) break;
        switch (key) {
        case KEY_LEFT: key = 'h'; break;
        case KEY_RIGHT: key = 'l'; break;
        case KEY_UP: key = 'k'; break;
        case KEY_DOWN: key = 'j'; break;
        default: break;
        }
        if (key == 'G') {
            const int target = getch();
            game_command(g, 'G', (char)target);
        } else if (key > 0 && key < 128) {
            game_command(g, (char)key, 0);
        }
    }
    endwin();
    return 0;
}

int main(int argc, char** argv) {
    const char* path = BURROW_EMBED_DEFAULT_PROJECT;
    const char* moves = NULL;
    const char* seed_text = NULL;
    int do_dump = 0, i, status;
    uint64_t seed;
    burrow_error* error = NULL;
    burrow_project* project;
    Game game;
    memset(&game, 0, sizeof game);
    for (i = 1; i < argc; ++i) {
        if (strcmp(argv[i], "--seed") == 0 && i + 1 < argc) seed_text = argv[++i];
        else if (strcmp(argv[i], "--moves") == 0 && i + 1 < argc) moves = argv[++i];
        else if (strcmp(argv[i], "--dump") == 0) do_dump = 1;
        else if (argv[i][0] != '-') path = argv[i];
        else {
            fprintf(stderr, "usage: burrow-embed [PROJECT] [--seed N] [--moves MOVES --dump]\n");
            return 2;
        }
    }
    project = burrow_project_open(path, &error);
    if (project == NULL) {
        fprintf(stderr, "burrow-embed: %s\n", burrow_error_message(error));
        burrow_error_free(error);
        return 1;
    }
    if (seed_text == NULL) seed = (uint64_t)time(NULL) * 2654435761u ^ (uint64_t)getpid(); /* a new run, a new seed */
    else if (burrow_seed_from_text(seed_text, &seed, &error) != 0) {
        fprintf(stderr, "burrow-embed: %s\n", burrow_error_message(error));
        burrow_error_free(error);
        return 2;
    }
    if (game_start(&game, project, seed) != 0) {
        fprintf(stderr, "burrow-embed: %s\n", game.message);
        burrow_project_free(project);
        return 1;
    }
    status = moves != NULL || do_dump ? headless(&game, moves ? moves : "") : play(&game);
    game_end(&game);
    burrow_project_free(project);
    return status;
}
