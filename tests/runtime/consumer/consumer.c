/* A game's use of libburrow, built from the installed package only (once with
 * find_package(Burrow), once with pkg-config): makes seeds FIRST..LAST of each
 * project on THREADS threads sharing one project, checks that every cell has a
 * tile name, and prints "SEED HASH" lines in seed order for the test to compare
 * with `burrow stats`. Given a broken project, prints its error and exits 3.
 *
 *   consumer THREADS FIRST LAST PROJECT...
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <burrow/burrow.h>

typedef struct {
    const burrow_project* project;
    unsigned long long first, count;
    int thread, threads;
    char (*hashes)[17];
    int failed;
} Work;

static int every_cell_named(const burrow_level* level) {
    int x, y, z;
    for (z = 0; z < burrow_level_depth(level); ++z)
        for (y = 0; y < burrow_level_height(level); ++y)
            for (x = 0; x < burrow_level_width(level); ++x)
                if (burrow_level_tile_name(level, x, y, z) == NULL) return 0;
    return 1;
}

static void* make_levels(void* argument) {
    Work* work = (Work*)argument;
    unsigned long long i;
    for (i = (unsigned long long)work->thread; i < work->count; i += (unsigned long long)work->threads) {
        burrow_error* error = NULL;
        burrow_level* level = burrow_level_make(work->project, work->first + i, &error);
        if (level == NULL) {
            fprintf(stderr, "seed %llu: %s\n", work->first + i, burrow_error_message(error));
            burrow_error_free(error);
            work->failed = 1;
            continue;
        }
        if (!every_cell_named(level)) {
            fprintf(stderr, "seed %llu: a cell has no tile name\n", work->first + i);
            work->failed = 1;
        }
        strncpy(work->hashes[i], burrow_level_hash(level), 16);
        work->hashes[i][16] = '\0';
        burrow_level_free(level);
    }
    return NULL;
}

int main(int argc, char** argv) {
    int threads, p, t, failed = 0;
    unsigned long long first, last, count, i;
    if (argc < 5) {
        fprintf(stderr, "usage: consumer THREADS FIRST LAST PROJECT...\n");
        return 2;
    }
    threads = atoi(argv[1]);
    first = strtoull(argv[2], NULL, 10);
    last = strtoull(argv[3], NULL, 10);
    if (threads < 1 || threads > 64 || last < first) return 2;
    count = last - first + 1;
    printf("version %s\n", burrow_version());
    for (p = 4; p < argc; ++p) {
        burrow_error* error = NULL;
        burrow_project* project = burrow_project_open(argv[p], &error);
        pthread_t ids[64];
        Work work[64];
        char (*hashes)[17];
        if (project == NULL) {
            printf("error %s\n", burrow_error_message(error));
            burrow_error_free(error);
            return 3;
        }
        hashes = calloc(count, sizeof *hashes);
        for (t = 0; t < threads; ++t) {
            work[t].project = project;
            work[t].first = first;
            work[t].count = count;
            work[t].thread = t;
            work[t].threads = threads;
            work[t].hashes = hashes;
            work[t].failed = 0;
            pthread_create(&ids[t], NULL, make_levels, &work[t]);
        }
        for (t = 0; t < threads; ++t) {
            pthread_join(ids[t], NULL);
            failed |= work[t].failed;
        }
        printf("project %s %s\n", argv[p], burrow_project_hash(project));
        for (i = 0; i < count; ++i) printf("%llu %s\n", first + i, hashes[i]);
        free(hashes);
        burrow_project_free(project);
    }
    return failed;
}
