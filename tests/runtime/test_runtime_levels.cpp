// A game's level is the designer's: the C API's levels equal makeLevel()'s and
// `burrow stats`', seed for seed, on every example and from many threads at once,
// and what it hands out (tiles, kinds, things, stairs, regions, metrics) is the level's.
#include <cstddef>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include <unistd.h>

#include "analysis/acceptance.h"
#include "burrow/burrow.h"
#include "model/level_hash.h"
#include "pipeline/make_level.h"
#include "project/project.h"
#include "random/rng.h"
#include "regions/keyed_flood.h"
#include "regions/reachability.h"
#include "regions/region_map.h"
#include "runtime_check.h"
#include "runtime_fixtures.h"

using namespace burrow::runtime_test;

namespace {

// What the `burrow` program prints for `arguments`.
std::string burrowOutput(const std::string& arguments) {
    const std::string command = std::string(BURROW_BINARY) + " " + arguments + " 2>/dev/null";
    std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(command.c_str(), "r"), pclose);
    std::string out;
    char buffer[4096];
    while (pipe && fgets(buffer, sizeof buffer, pipe.get())) out += buffer;
    return out;
}

std::string apiHash(const burrow_project* project, std::uint64_t seed) {
    burrow_error* e = nullptr;
    LevelPtr level(burrow_level_make(project, seed, &e));
    if (!level) {
        const std::string message = messageOf(e);
        burrow_error_free(e);
        return "error: " + message;
    }
    return burrow_level_hash(level.get());
}

} // namespace

RUNTIME_TEST(every_example_equals_make_level_and_stats) {
    // The sanitized build checks the paths; the plain one 50 seeds of each example, each
    // made three ways (test_invariants walks 200 seeds of each through makeLevel).
#ifdef BURROW_SANITIZED_BUILD
    constexpr std::uint64_t kSeeds = 10;
#else
    constexpr std::uint64_t kSeeds = 50;
#endif
    for (const std::string& path : exampleProjects()) {
        burrow_error* e = nullptr;
        ProjectPtr project(burrow_project_open(path.c_str(), &e));
        if (!CHECK_MSG(project, messageOf(e))) continue;
        const burrow::Project core = burrow::loadProject(path, burrow::builtinStages());
        CHECK_MSG(burrow::projectHash(core) == burrow_project_hash(project.get()), path);

        const auto stats = nlohmann::json::parse(burrowOutput("stats '" + path + "' --seeds 1.." + std::to_string(kSeeds) + " --json"), nullptr, false);
        if (!CHECK_MSG(stats.is_object() && stats.contains("seeds") && stats["seeds"].size() == kSeeds, path)) continue;
        CHECK_MSG(stats["project_hash"] == burrow_project_hash(project.get()), path);
        for (std::uint64_t seed = 1; seed <= kSeeds; ++seed) {
            const std::string hash = apiHash(project.get(), seed);
            const std::string made = burrow::levelHash(burrow::makeLevel(core, seed).level);
            const auto& row = stats["seeds"][seed - 1];
            CHECK_MSG(hash == made && row["seed"] == seed && row["level_hash"] == hash,
                      path + " seed " + std::to_string(seed) + ": C API " + hash + ", makeLevel " + made + ", stats " + row["level_hash"].dump());
        }
    }
}

RUNTIME_TEST(eight_threads_give_the_bytes_of_one) {
    ProjectPtr project(burrow_project_open(example("cellular-depths").c_str(), nullptr));
    if (!CHECK(project)) return;
    constexpr int kThreads = 8, kSeedsEach = 50;
    std::vector<std::string> alone(kThreads * kSeedsEach), together(alone.size());
    for (std::size_t i = 0; i < alone.size(); ++i) alone[i] = apiHash(project.get(), 1000 + i);
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t)
        threads.emplace_back([&, t] {
            // Interleaved seeds, so every thread works on the project at the same time.
            for (int k = 0; k < kSeedsEach; ++k) {
                const std::size_t i = std::size_t(k) * kThreads + std::size_t(t);
                together[i] = apiHash(project.get(), 1000 + i);
            }
        });
    for (auto& thread : threads) thread.join();
    for (std::size_t i = 0; i < alone.size(); ++i) CHECK_MSG(together[i] == alone[i] && alone[i].size() == 16, "seed " + std::to_string(1000 + i));
}

RUNTIME_TEST(a_level_hands_out_what_it_holds) {
    for (const std::string stem : {"random-fill", "cellular-depths", "shrines", "lava-caves", "vault"}) {
        const std::string path = example(stem);
        ProjectPtr project(burrow_project_open(path.c_str(), nullptr));
        if (!CHECK_MSG(project, path)) continue;
        const burrow::Project core = burrow::loadProject(path, burrow::builtinStages());
        const std::uint64_t seed = 42;
        LevelPtr made(burrow_level_make(project.get(), seed, nullptr));
        const burrow::MadeLevel expected = burrow::makeLevel(core, seed);
        const burrow::Level& level = expected.level;
        const burrow_level* l = made.get();
        if (!CHECK(l)) continue;
        CHECK(burrow_level_width(l) == level.width() && burrow_level_height(l) == level.height() && burrow_level_depth(l) == level.depthCount());
        CHECK(burrow_level_seed(l) == seed);
        CHECK(burrow_level_movement(l) == static_cast<int>(core.movement));

        // Every cell has a kind, the same one by name, by index and in the depth's buffer.
        CHECK(burrow_level_kind_count(l) == level.kinds.count());
        int locks = 0;
        std::vector<std::uint8_t> tiles(std::size_t(level.width()) * std::size_t(level.height()));
        std::vector<std::int32_t> regions(tiles.size());
        for (int z = 0; z < level.depthCount(); ++z) {
            CHECK(burrow_level_tiles(l, z, tiles.data(), tiles.size(), nullptr) == int(tiles.size()));
            int mismatches = 0;
            for (int y = 0; y < level.height(); ++y)
                for (int x = 0; x < level.width(); ++x) {
                    const burrow::Tile t = level.at(x, y, z);
                    const char* name = burrow_level_tile_name(l, x, y, z);
                    const burrow_kind* kind = burrow_level_kind(l, tiles[std::size_t(y) * std::size_t(level.width()) + std::size_t(x)]);
                    if (!name || name != level.kinds[t].id || burrow_level_tile(l, x, y, z) != int(t) || !kind || kind->id != level.kinds[t].id ||
                        kind->glyph != level.kinds[t].glyph || kind->walkable != int(level.kinds.walkable(t)))
                        ++mismatches;
                    // A locked door names its lock, which one of the things opens.
                    const char* lock = burrow_level_lock(l, x, y, z);
                    if ((t == burrow::Tile::LockedDoor) != (lock != nullptr) || (lock && lock != burrow::lockAt(level, {x, y, z}))) ++mismatches;
                    if (lock) {
                        ++locks;
                        bool keyed = false;
                        for (int i = 0; i < burrow_level_thing_count(l); ++i)
                            for (int k = 0; k < burrow_level_thing(l, i)->property_count; ++k)
                                keyed |= std::string(burrow_level_thing(l, i)->properties[k].name) == "opens" && std::string(burrow_level_thing(l, i)->properties[k].text) == lock;
                        CHECK_MSG(keyed, stem + ": no key opens " + lock);
                    }
                }
            CHECK_MSG(mismatches == 0, stem + ": " + std::to_string(mismatches) + " cells differ on depth " + std::to_string(z));
            if (stem == "vault") CHECK_MSG(locks > 0, "the vault's locked door has no lock");

            // Regions as the core labels them with the project's movement.
            const burrow::RegionMap map = burrow::labelRegions(level.tiles(z), core.movement, level.kinds);
            CHECK(burrow_level_regions(l, z, regions.data(), regions.size(), nullptr) == map.count());
            CHECK(std::equal(regions.begin(), regions.end(), map.labels.data()));
        }

        CHECK(burrow_level_thing_count(l) == int(level.entities.size()));
        for (std::size_t i = 0; i < level.entities.size(); ++i) {
            const burrow::Entity& e = level.entities[i];
            const burrow_thing* t = burrow_level_thing(l, int(i));
            if (!CHECK(t)) break;
            const burrow::EntityTemplate* tpl = level.findTemplate(e.templateName);
            CHECK(t->template_name == e.templateName && t->x == e.at.x && t->y == e.at.y && t->z == e.at.z);
            CHECK(tpl && t->kind == std::string(burrow::entityKindId(tpl->kind)) && t->glyph == tpl->glyph && t->hp == tpl->maxHp);
            CHECK(t->property_count == int(e.properties.size()));
            for (int k = 0; k < t->property_count; ++k) {
                const burrow_property& p = t->properties[k];
                CHECK(p.name == e.properties[std::size_t(k)].name && p.text == burrow::propertyText(e.properties[std::size_t(k)].value));
                CHECK(std::string(burrow::propertyType(e.properties[std::size_t(k)].value)) ==
                      (p.type == BURROW_PROPERTY_BOOL ? "bool" : p.type == BURROW_PROPERTY_INT ? "int" : p.type == BURROW_PROPERTY_FLOAT ? "float" : "string"));
            }
        }

        CHECK(burrow_level_stairs_count(l) == int(level.stairs.size()));
        for (const burrow::StairsPair& s : level.stairs) {
            int x = -1, y = -1, z = -1;
            CHECK(burrow_level_stairs_partner(l, s.x, s.y, s.upperDepth, &x, &y, &z) == 0 && x == s.x && y == s.y && z == s.upperDepth + 1);
            CHECK(burrow_level_stairs_partner(l, s.x, s.y, s.upperDepth + 1, &x, &y, &z) == 0 && z == s.upperDepth);
        }

        const auto start = burrow::defaultStart(level);
        int sx = -1, sy = -1, sz = -1;
        CHECK(start && burrow_level_start(l, &sx, &sy, &sz) == 0 && sx == start->x && sy == start->y && sz == start->z);
        CHECK(burrow_level_warning_count(l) == int(expected.warnings.size()));

        // The metrics are `burrow stats --json`'s, to the byte.
        const char* metrics = burrow_level_metrics_json(l, nullptr);
        const std::string stats = burrowOutput("stats '" + path + "' --seed " + std::to_string(seed) + " --json");
        CHECK_MSG(metrics && std::string(metrics) + "\n" == stats, stem + ":\n" + (metrics ? metrics : "(none)") + "\nstats:\n" + stats);
        CHECK(burrow_level_metrics_json(l, nullptr) == metrics); // measured once
    }
}

// With `accept` a game gets the level `burrow generate --accept` keeps for the seed:
// the same attempt, level seed and bytes, the first that meets the project's rules.
RUNTIME_TEST(accept_keeps_the_attempt_generate_accept_keeps) {
    const std::string path = example("cellular-depths-long-walks");
    ProjectPtr project(burrow_project_open(path.c_str(), nullptr));
    if (!CHECK(project)) return;
    const std::string out = std::filesystem::temp_directory_path() / ("burrow-accept-" + std::to_string(getpid()));
    burrowOutput("generate '" + path + "' --accept --seeds 1..8 --format txt --out '" + out + "'");
    struct Told {
        int calls = 0, total = 0;
    } told;
    burrow_make_options accept{};
    accept.struct_size = sizeof accept;
    accept.accept = 1;
    accept.user_data = &told;
    accept.progress = [](void* user, int, int total, const char*) {
        auto& t = *static_cast<Told*>(user);
        ++t.calls;
        t.total = total;
        return 0;
    };
    int rerolled = 0;
    for (std::uint64_t seed = 1; seed <= 8; ++seed) {
        burrow_error* e = nullptr;
        told = Told{};
        LevelPtr kept(burrow_level_make_with(project.get(), seed, &accept, &e));
        if (!CHECK_MSG(kept, messageOf(e))) continue;
        const auto report = nlohmann::json::parse(fileText(out + "/seed-" + std::to_string(seed) + "/cellular-depths-long-walks.acceptance.json"), nullptr, false);
        if (!CHECK_MSG(report.is_object(), "no acceptance report for seed " + std::to_string(seed))) continue;
        const burrow_level* l = kept.get();
        CHECK_MSG(report["accepted"] == true && burrow_level_accepted(l) == 1 && burrow_level_broken_rule(l) == nullptr, report.dump());
        CHECK_MSG(report["attempt"] == burrow_level_attempt(l) && report["level_seed"] == burrow_level_seed(l) && report["level_hash"] == burrow_level_hash(l),
                  report.dump() + " against attempt " + std::to_string(burrow_level_attempt(l)));
        // Its level seed alone makes it again; each attempt's stages were told.
        CHECK(apiHash(project.get(), burrow_level_seed(l)) == burrow_level_hash(l));
        CHECK(told.total > 1 && told.calls == told.total * burrow_level_attempt(l));
        if (burrow_level_attempt(l) > 1 && rerolled++ == 0) {
            // Its metrics are those `burrow stats` gives for its level seed.
            const char* metrics = burrow_level_metrics_json(l, nullptr);
            const std::string stats = burrowOutput("stats '" + path + "' --seed " + std::to_string(burrow_level_seed(l)) + " --json");
            CHECK_MSG(metrics && std::string(metrics) + "\n" == stats, stats);
        }
    }
    std::filesystem::remove_all(out);
    CHECK_MSG(rerolled > 0, "no seed needed a second attempt: the rules chose nothing"); // the rules are not vacuous here

    // Without `accept`, the seed's own level, not judged.
    LevelPtr own(burrow_level_make(project.get(), 2, nullptr));
    CHECK(own && burrow_level_attempt(own.get()) == 1 && burrow_level_accepted(own.get()) == -1 && burrow_level_broken_rule(own.get()) == nullptr &&
          burrow_level_seed(own.get()) == 2);
    // An older header's options end before `accept`: not read, however it is set.
    burrow_make_options older = accept;
    older.struct_size = offsetof(burrow_make_options, accept);
    for (std::uint64_t seed = 1; seed <= 8; ++seed) {
        LevelPtr fromOlder(burrow_level_make_with(project.get(), seed, &older, nullptr));
        CHECK(fromOlder && burrow_level_attempt(fromOlder.get()) == 1 && burrow_level_accepted(fromOlder.get()) == -1);
    }

    // A rule no attempt meets (an accept-rule override): the closest attempt, and the rule it breaks.
    const char* impossible = "accept-rule=floor_share>=2";
    ProjectPtr strict(burrow_project_with_overrides(project.get(), &impossible, 1, nullptr));
    if (!CHECK(strict)) return;
    LevelPtr closest(burrow_level_make_with(strict.get(), 4, &accept, nullptr));
    if (!CHECK(closest)) return;
    const burrow_level* c = closest.get();
    const std::string broken = burrow_level_broken_rule(c) ? burrow_level_broken_rule(c) : "(none)";
    CHECK_MSG(burrow_level_accepted(c) == 0 && broken.rfind("floor_share >= 2: 0.", 0) == 0, broken);
    CHECK(burrow_level_attempt(c) >= 1 && burrow_level_seed(c) == burrow::attemptSeed(4, burrow_level_attempt(c)));
}

RUNTIME_TEST(seeds_from_text_are_the_command_lines) {
    for (const char* text : {"7", "18446744073709551615", "dragon lair", "0x10", " 7", "ünïcödé"}) {
        std::uint64_t seed = 0;
        CHECK(burrow_seed_from_text(text, &seed, nullptr) == 0 && seed == burrow::seedFromText(text));
    }
    std::uint64_t seed = 0;
    burrow_seed_from_text("dragon lair", &seed, nullptr);
    ProjectPtr project(burrow_project_open(example("random-fill").c_str(), nullptr));
    const nlohmann::json stats = nlohmann::json::parse(burrowOutput("stats '" + example("random-fill") + "' --seed 'dragon lair' --json"), nullptr, false);
    CHECK(stats.is_object() && stats["seed"] == seed && stats["level_hash"] == apiHash(project.get(), seed));
}
