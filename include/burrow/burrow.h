/*
 * libburrow: a Burrow project's levels, made inside a game at runtime.
 *
 * A game opens the project the designer saved in the Burrow editor and makes the
 * level of any seed: the same level, byte for byte, that the editor shows for that
 * seed (burrow_level_hash() equals the editor's and `burrow stats --json`'s
 * level_hash). See docs/embedding.md.
 *
 * The contract, for every function here:
 * - Nothing is thrown, aborted or asserted across this API, out of memory included.
 *   NULL or out-of-range arguments give an error, NULL or -1, never a crash.
 * - Every call that can fail takes `burrow_error** error` (NULL allowed: the error
 *   is then dropped). On failure it returns NULL or a negative value and, when
 *   `error` is not NULL, sets *error to an error the caller frees with
 *   burrow_error_free(). On success *error is left as it was.
 * - A project never changes once made. burrow_level_make() may be called on one
 *   project from many threads at once and gives the same bytes as on one thread.
 *   A level is read-only too: any number of threads may read it at once.
 * - A string or struct returned by a level or a project lives as long as it does.
 *   Strings are UTF-8 and NUL-terminated.
 *
 * C99; compiles as C++ too.
 */
#ifndef BURROW_BURROW_H
#define BURROW_BURROW_H

#include <stddef.h>
#include <stdint.h>

#if defined(_WIN32) && defined(BURROW_BUILDING_LIBRARY)
#define BURROW_API __declspec(dllexport)
#elif defined(_WIN32)
#define BURROW_API __declspec(dllimport)
#else
#define BURROW_API __attribute__((visibility("default")))
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* The version of this header. burrow_version() gives the library's; while the major
 * version is 0, a minor version may change this API (docs/embedding.md says how). */
#define BURROW_VERSION_MAJOR 0
#define BURROW_VERSION_MINOR 2
#define BURROW_VERSION_PATCH 0

typedef struct burrow_project burrow_project;
typedef struct burrow_level burrow_level;
typedef struct burrow_error burrow_error;

/* "0.2.0": the library's version. */
BURROW_API const char* burrow_version(void);

/* ---- Errors ------------------------------------------------------------------ */

typedef enum burrow_error_code {
    BURROW_ERROR_ARGUMENT = 1, /* a NULL, empty or out-of-range argument */
    BURROW_ERROR_FILE = 2,     /* a project (or a file it names) cannot be used: the message names the file and the JSON path */
    BURROW_ERROR_OVERRIDE = 3, /* an override is not STAGE.PARAM=VALUE, size=WxH[xD] or accept-rule=RULE, or names what the project lacks */
    BURROW_ERROR_MEMORY = 4,   /* out of memory, or the level would not fit the memory budget (the message gives the estimate) */
    BURROW_ERROR_CANCELLED = 5,/* the progress callback asked to stop */
    BURROW_ERROR_INTERNAL = 6  /* a bug in Burrow: please report the message */
} burrow_error_code;

/* What went wrong, as the `burrow` command line says it: for a project, the file,
 * the JSON path and what was expected ("dungeon.burrow.json: at /recipe/1/params/fill:
 * ..."), one problem a line. NULL for a NULL error. */
BURROW_API const char* burrow_error_message(const burrow_error* error);
/* One of burrow_error_code; 0 for a NULL error. */
BURROW_API int burrow_error_code_of(const burrow_error* error);
/* Frees an error; NULL is allowed. */
BURROW_API void burrow_error_free(burrow_error* error);

/* ---- Seeds ------------------------------------------------------------------- */

/* A seed as the editor and the command line read one a designer typed: a decimal
 * number is taken as it is, any other text ("dragon lair") is hashed. Returns 0 and
 * sets *seed, or -1 for a NULL or empty text or a NULL `seed`. */
BURROW_API int burrow_seed_from_text(const char* text, uint64_t* seed, burrow_error** error);

/* ---- Projects ---------------------------------------------------------------- */

/* Reads a project file (*.burrow.json); the files it names (rules, prefabs) are
 * found relative to its folder. */
BURROW_API burrow_project* burrow_project_open(const char* path, burrow_error** error);
/* Reads a project from JSON text in memory (`length` bytes; need not end in NUL),
 * as games ship projects inside their archives. `name` names it in messages (the
 * path inside the archive, say; NULL: "project"); the files it names are found
 * relative to `base_folder` (NULL: the current folder). */
BURROW_API burrow_project* burrow_project_from_json(const char* json, size_t length, const char* name, const char* base_folder,
                                                    burrow_error** error);
/* A file a project read by burrow_project_from_json_files() names, being read. */
typedef struct burrow_file burrow_file;
/* The game's reader of the files a project names (its rules, prefabs, Tiled maps and
 * tilesets, tile art): `path` is the file as the project names it, relative to the
 * project and with "." and ".." resolved ("rules/caves.rules.json"). It hands the
 * bytes over with burrow_file_bytes() and returns 0, or returns non-zero when the
 * game has no such file. Called on the thread opening the project, before that call
 * returns; each file once. */
typedef int (*burrow_file_reader)(void* user_data, const char* path, burrow_file* file);
/* Gives `file` its bytes (copied before it returns). Returns 0; -1 when `file` is
 * NULL, `bytes` is NULL with a length, or the file is larger than its kind may be
 * (a text prefab over 64 KiB, any file over 64 MiB): the project then fails to open,
 * naming the file and its size. */
BURROW_API int burrow_file_bytes(burrow_file* file, const void* bytes, size_t length);
/* burrow_project_from_json() for a game whose files are not in a folder (an archive,
 * a pack file): every file the project names is asked of `reader`. `name` names the
 * project in messages, and its folder ("packed" for "packed/dungeon.burrow.json")
 * prefixes the files' names there. The files are kept with the project, so
 * burrow_project_with_overrides() needs no reader; `reader` and `user_data` are not
 * used after this returns. */
BURROW_API burrow_project* burrow_project_from_json_files(const char* json, size_t length, const char* name, burrow_file_reader reader,
                                                          void* user_data, burrow_error** error);
/* A new project: `project` with `count` overrides applied, as the command line's
 * options apply them. Each override is one of
 *   "STAGE.PARAM=VALUE"   a stage's parameter (--set): "caves.fill=0.45"
 *   "size=WxH" or "size=WxHxD"   the level's size (--size)
 *   "accept-rule=RULE"    an acceptance rule (--accept-rule): "reachable_share>=0.9"
 * The overrides are part of the project's hash, and the new project is checked as
 * if they were written in its file. `project` itself does not change. */
BURROW_API burrow_project* burrow_project_with_overrides(const burrow_project* project, const char* const* overrides, int count,
                                                         burrow_error** error);
/* Frees a project; NULL is allowed. Levels made from it stay valid. */
BURROW_API void burrow_project_free(burrow_project* project);

/* The project's name, as the designer gave it. */
BURROW_API const char* burrow_project_name(const burrow_project* project);
/* The project's own seed (the one the editor opens on); 0 for NULL. */
BURROW_API uint64_t burrow_project_seed(const burrow_project* project);
/* 16 hex digits: everything besides the seed that decides the level (`burrow stats
 * --json`'s project_hash). */
BURROW_API const char* burrow_project_hash(const burrow_project* project);
/* The size of its levels; -1 for NULL. */
BURROW_API int burrow_project_width(const burrow_project* project);
BURROW_API int burrow_project_height(const burrow_project* project);
BURROW_API int burrow_project_depth(const burrow_project* project);
/* About how many bytes making one of its levels needs at its peak (the estimate
 * the memory budget is compared with); 0 for NULL. */
BURROW_API uint64_t burrow_project_memory_estimate(const burrow_project* project);

/* ---- Making a level ---------------------------------------------------------- */

/* The finished level of `seed`: every stage of the recipe, then the designer's hand
 * edits, exactly as the editor and `burrow stats --seed` make it. Refused (as
 * BURROW_ERROR_MEMORY, before any work) when it would need more than 4 GiB. */
BURROW_API burrow_level* burrow_level_make(const burrow_project* project, uint64_t seed, burrow_error** error);

/* Called after each stage run of a level being made, on the thread making it.
 * Returns 0 to go on, anything else to stop: burrow_level_make_with() then returns
 * NULL with BURROW_ERROR_CANCELLED. */
typedef int (*burrow_progress_callback)(void* user_data, int stages_done, int stages_total, const char* stage_label);

typedef struct burrow_make_options {
    /* sizeof(burrow_make_options) as the caller's header has it: fields are only
     * ever appended, and the library reads only those the caller knows. */
    size_t struct_size;
    /* Bytes a level may need at most; 0: 4 GiB (the command line's default). A
     * level that would need more is refused up front, its estimate in the message. */
    uint64_t memory_budget;
    burrow_progress_callback progress; /* NULL: none */
    void* user_data;                   /* given to `progress` */
    /* 1: the level `burrow generate --accept` keeps for the seed. Attempts 1, 2, ...
     * of the seed (attempt 1 is the seed itself, attempt k a level seed derived from
     * it and k), up to the project's acceptance.attempts, each judged by the
     * project's acceptance rules (those of "accept-rule=" overrides too); the first
     * that meets them all is kept, else the closest (burrow_level_accepted() is then
     * 0). `progress` is told each attempt's stages in turn. 0: the seed's own level. */
    int accept;
    /* Polled now and then while a stage runs (every few dozen of its steps, or so much
     * of its work: a few milliseconds): returns non-zero to stop the level there, with
     * BURROW_ERROR_CANCELLED, where `progress` can stop it only between stage runs.
     * Given `user_data`. NULL: not polled. */
    int (*should_stop)(void* user_data);
} burrow_make_options;

/* burrow_level_make() with options (NULL: the defaults). Typical use:
 *   burrow_make_options options = {sizeof options};
 *   options.progress = on_progress; */
BURROW_API burrow_level* burrow_level_make_with(const burrow_project* project, uint64_t seed, const burrow_make_options* options,
                                                burrow_error** error);
/* Frees a level; NULL is allowed. */
BURROW_API void burrow_level_free(burrow_level* level);

/* ---- A level: its size and its tiles ----------------------------------------- */

/* The 16 hex digits `burrow stats --json` gives as level_hash: equal hashes, equal levels. */
BURROW_API const char* burrow_level_hash(const burrow_level* level);
/* The seed it was made from; 0 for NULL. Made with `accept`: the kept attempt's
 * level seed, from which burrow_level_make() alone makes the same level again. */
BURROW_API uint64_t burrow_level_seed(const burrow_level* level);
/* Which attempt of the seed asked for it is: 1 unless made with `accept`; -1 for NULL. */
BURROW_API int burrow_level_attempt(const burrow_level* level);
/* Made with `accept`: 1 when it meets every acceptance rule of the project (always,
 * for a project without rules), 0 when none of the attempts did and this is the
 * closest. -1 when made without `accept` (not judged), or for NULL. */
BURROW_API int burrow_level_accepted(const burrow_level* level);
/* When burrow_level_accepted() is 0: the first rule the level breaks, with the
 * value measured ("start_to_deepest >= 150: 122"); else NULL. */
BURROW_API const char* burrow_level_broken_rule(const burrow_level* level);
/* Its size in cells, and its number of depths (floors); -1 for NULL. */
BURROW_API int burrow_level_width(const burrow_level* level);
BURROW_API int burrow_level_height(const burrow_level* level);
BURROW_API int burrow_level_depth(const burrow_level* level);

/* How actors walk on it: 4 (no diagonal steps) or 8, as the project says; -1 for NULL.
 * Regions, reachability and the play-test follow it. */
BURROW_API int burrow_level_movement(const burrow_level* level);

/* The tile kind's id ("floor", "wall", "lava", ...); NULL outside the level. */
BURROW_API const char* burrow_level_tile_name(const burrow_level* level, int x, int y, int z);
/* The tile kind's index in the level's kinds (burrow_level_kind()); -1 outside the level. */
BURROW_API int burrow_level_tile(const burrow_level* level, int x, int y, int z);
/* Depth `z`'s tiles as kind indices, row by row (cell (x, y) at y * width + x),
 * into `out`, which holds `capacity` bytes. Returns the cells written (width *
 * height), or -1 when `capacity` is too small or `z` is no depth. */
BURROW_API int burrow_level_tiles(const burrow_level* level, int z, uint8_t* out, size_t capacity, burrow_error** error);

/* What a tile kind is. Fields may be appended in a later version. */
typedef struct burrow_kind {
    const char* id;        /* "lava": what files and burrow_level_tile_name() call it */
    const char* name;      /* "Lava": what a designer reads */
    int glyph;             /* its character in text maps, printable ASCII ('~') */
    uint32_t colour;       /* 0xRRGGBB: the glyph's colour */
    uint32_t background;   /* 0xRRGGBB: the cell's fill */
    int walkable;          /* 1 when actors may stand on it */
    int blocks_sight;      /* 1 when it blocks the field of view */
    int diggable;          /* 1 when walking into it digs it (the play-test's rule) */
} burrow_kind;

/* How many kinds the level knows: the built-ins, then the project's own. */
BURROW_API int burrow_level_kind_count(const burrow_level* level);
/* Kind `index` (0 .. burrow_level_kind_count() - 1); NULL outside. */
BURROW_API const burrow_kind* burrow_level_kind(const burrow_level* level, int index);

/* ---- A level: what was placed -------------------------------------------------- */

typedef enum burrow_property_type {
    BURROW_PROPERTY_BOOL = 0,
    BURROW_PROPERTY_INT = 1,
    BURROW_PROPERTY_FLOAT = 2,
    BURROW_PROPERTY_STRING = 3
} burrow_property_type;

/* A designer's key/value pair on a placed thing, with its JSON type kept. */
typedef struct burrow_property {
    const char* name;
    int type;            /* burrow_property_type */
    int64_t int_value;   /* BOOL: 0 or 1; INT: the value; FLOAT: truncated; STRING: 0 */
    double float_value;  /* the number (BOOL and INT too); STRING: 0 */
    const char* text;    /* the value as text, whatever its type: "true", "5", "2.5", "a string" */
} burrow_property;

/* Something the population rules placed: a creature, an item, the player, the exit.
 * Fields may be appended in a later version. */
typedef struct burrow_thing {
    const char* template_name; /* its template: "orc", "potion", "player" */
    const char* kind;          /* "player", "creature", "item" or "exit" */
    int x, y, z;
    int glyph;                 /* the template's character */
    uint32_t colour;           /* 0xRRGGBB */
    int hp, attack, defense, speed; /* the template's numbers, as the play-test uses them */
    int property_count;
    const burrow_property* properties; /* property_count of them */
} burrow_thing;

BURROW_API int burrow_level_thing_count(const burrow_level* level);
/* Thing `index`, in the order they were placed; NULL outside. */
BURROW_API const burrow_thing* burrow_level_thing(const burrow_level* level, int index);

/* Stairs join two depths: stairs down at (x, y, upper_depth) lead to stairs up at
 * (x, y, upper_depth + 1). */
typedef struct burrow_stairs {
    int x, y;
    int upper_depth;
    int lower_depth;
} burrow_stairs;

BURROW_API int burrow_level_stairs_count(const burrow_level* level);
BURROW_API const burrow_stairs* burrow_level_stairs(const burrow_level* level, int index);
/* When (x, y, z) is one end of stairs, sets (*to_x, *to_y, *to_z) to the other end
 * and returns 0; else returns -1. Any of the outputs may be NULL. */
BURROW_API int burrow_level_stairs_partner(const burrow_level* level, int x, int y, int z, int* to_x, int* to_y, int* to_z);

/* Where play starts: the player's place, else the first walkable cell of the first
 * depth that has one (as the play-test and the metrics take it). Returns 0 and sets
 * the outputs (any may be NULL), or -1 when the level has no walkable cell. */
BURROW_API int burrow_level_start(const burrow_level* level, int* x, int* y, int* z);
/* Where the level is left: the exit's place. Returns 0, or -1 when it has none. */
BURROW_API int burrow_level_exit(const burrow_level* level, int* x, int* y, int* z);

/* The lock of the locked door (a "locked_door" tile) at (x, y, z): its id, such as
 * "vault", which the property "opens" of its key (a thing) names. NULL where there
 * is no locked door, or it has no lock (then no key opens it). Lives as long as the
 * level. */
BURROW_API const char* burrow_level_lock(const burrow_level* level, int x, int y, int z);

/* ---- A level: regions, metrics, warnings --------------------------------------- */

/* Which walkable cells of depth `z` belong together under the project's movement
 * (4 or 8 directions): writes each cell's region, 1, 2, ... numbered in the order
 * of their first cell row by row, or 0 for a cell that is not walkable, into `out`
 * (`capacity` values, cell (x, y) at y * width + x). Returns how many regions, or -1
 * when `capacity` is too small or `z` is no depth. */
BURROW_API int burrow_level_regions(const burrow_level* level, int z, int32_t* out, size_t capacity, burrow_error** error);

/* The level's metrics as JSON text: the document `burrow stats --json --seed SEED`
 * prints (project, seed, project_hash, level_hash, start, total, depths). Measured
 * on the first call. */
BURROW_API const char* burrow_level_metrics_json(const burrow_level* level, burrow_error** error);

/* What the stages could not do as asked ("connect: 2 regions left apart"): the
 * level is still made. */
BURROW_API int burrow_level_warning_count(const burrow_level* level);
BURROW_API const char* burrow_level_warning(const burrow_level* level, int index);

#ifdef __cplusplus
}
#endif

#endif /* BURROW_BURROW_H */
