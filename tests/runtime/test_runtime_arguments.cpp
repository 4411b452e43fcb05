// Every function of the C API given NULL, garbage and out-of-range arguments: each
// answers with an error, NULL or -1, and never crashes (run under ASan + UBSan too).
#include <climits>
#include <cstdint>
#include <string>
#include <vector>

#include "burrow/burrow.h"
#include "runtime_check.h"
#include "runtime_fixtures.h"

using namespace burrow::runtime_test;

namespace {

// A call that fails sets its error with a code and a message, and the caller frees it.
bool failedWith(burrow_error* e, int code) {
    const bool ok = e && burrow_error_code_of(e) == code && burrow_error_message(e) && *burrow_error_message(e);
    burrow_error_free(e);
    return ok;
}

} // namespace

RUNTIME_TEST(null_arguments) {
    burrow_error* e = nullptr;
    CHECK(burrow_version() && std::string(burrow_version()) == BURROW_VERSION);
    CHECK(burrow_error_message(nullptr) == nullptr);
    CHECK(burrow_error_code_of(nullptr) == 0);
    burrow_error_free(nullptr);

    CHECK(burrow_project_open(nullptr, &e) == nullptr && failedWith(e, BURROW_ERROR_ARGUMENT));
    e = nullptr;
    CHECK(burrow_project_open("", &e) == nullptr && failedWith(e, BURROW_ERROR_ARGUMENT));
    e = nullptr;
    CHECK(burrow_project_open(nullptr, nullptr) == nullptr); // no error wanted: none made
    CHECK(burrow_project_from_json(nullptr, 10, "x", nullptr, &e) == nullptr && failedWith(e, BURROW_ERROR_ARGUMENT));
    e = nullptr;
    CHECK(burrow_project_with_overrides(nullptr, nullptr, 0, &e) == nullptr && failedWith(e, BURROW_ERROR_ARGUMENT));
    e = nullptr;
    burrow_project_free(nullptr);
    CHECK(burrow_project_name(nullptr) == nullptr);
    CHECK(burrow_project_hash(nullptr) == nullptr);
    CHECK(burrow_project_seed(nullptr) == 0);
    CHECK(burrow_project_width(nullptr) == -1 && burrow_project_height(nullptr) == -1 && burrow_project_depth(nullptr) == -1);
    CHECK(burrow_project_memory_estimate(nullptr) == 0);

    CHECK(burrow_level_make(nullptr, 1, &e) == nullptr && failedWith(e, BURROW_ERROR_ARGUMENT));
    e = nullptr;
    CHECK(burrow_level_make_with(nullptr, 1, nullptr, &e) == nullptr && failedWith(e, BURROW_ERROR_ARGUMENT));
    e = nullptr;
    burrow_level_free(nullptr);
    CHECK(burrow_level_hash(nullptr) == nullptr);
    CHECK(burrow_level_seed(nullptr) == 0);
    CHECK(burrow_level_attempt(nullptr) == -1 && burrow_level_accepted(nullptr) == -1 && burrow_level_broken_rule(nullptr) == nullptr);
    CHECK(burrow_level_width(nullptr) == -1 && burrow_level_height(nullptr) == -1 && burrow_level_depth(nullptr) == -1);
    CHECK(burrow_level_movement(nullptr) == -1);
    CHECK(burrow_level_tile_name(nullptr, 0, 0, 0) == nullptr);
    CHECK(burrow_level_tile(nullptr, 0, 0, 0) == -1);
    std::uint8_t byte = 0;
    CHECK(burrow_level_tiles(nullptr, 0, &byte, 1, &e) == -1 && failedWith(e, BURROW_ERROR_ARGUMENT));
    e = nullptr;
    CHECK(burrow_level_kind_count(nullptr) == -1 && burrow_level_kind(nullptr, 0) == nullptr);
    CHECK(burrow_level_thing_count(nullptr) == -1 && burrow_level_thing(nullptr, 0) == nullptr);
    CHECK(burrow_level_stairs_count(nullptr) == -1 && burrow_level_stairs(nullptr, 0) == nullptr);
    CHECK(burrow_level_stairs_partner(nullptr, 0, 0, 0, nullptr, nullptr, nullptr) == -1);
    CHECK(burrow_level_lock(nullptr, 0, 0, 0) == nullptr);
    CHECK(burrow_level_start(nullptr, nullptr, nullptr, nullptr) == -1);
    CHECK(burrow_level_exit(nullptr, nullptr, nullptr, nullptr) == -1);
    std::int32_t label = 0;
    CHECK(burrow_level_regions(nullptr, 0, &label, 1, &e) == -1 && failedWith(e, BURROW_ERROR_ARGUMENT));
    e = nullptr;
    CHECK(burrow_level_metrics_json(nullptr, &e) == nullptr && failedWith(e, BURROW_ERROR_ARGUMENT));
    e = nullptr;
    CHECK(burrow_level_warning_count(nullptr) == -1 && burrow_level_warning(nullptr, 0) == nullptr);

    std::uint64_t seed = 0;
    CHECK(burrow_seed_from_text(nullptr, &seed, &e) == -1 && failedWith(e, BURROW_ERROR_ARGUMENT));
    e = nullptr;
    CHECK(burrow_seed_from_text("", &seed, &e) == -1 && failedWith(e, BURROW_ERROR_ARGUMENT));
    e = nullptr;
    CHECK(burrow_seed_from_text("7", nullptr, &e) == -1 && failedWith(e, BURROW_ERROR_ARGUMENT));
}

RUNTIME_TEST(out_of_range_arguments) {
    burrow_error* e = nullptr;
    ProjectPtr project(burrow_project_open(example("random-fill").c_str(), &e));
    if (!CHECK_MSG(project, messageOf(e))) return;
    LevelPtr level(burrow_level_make(project.get(), 3, &e));
    if (!CHECK_MSG(level, messageOf(e))) return;
    const burrow_level* l = level.get();
    const int w = burrow_level_width(l), h = burrow_level_height(l), d = burrow_level_depth(l);

    for (auto [x, y, z] : {std::tuple{-1, 0, 0}, {0, -1, 0}, {0, 0, -1}, {w, 0, 0}, {0, h, 0}, {0, 0, d}, {INT_MIN, INT_MIN, INT_MIN}, {INT_MAX, INT_MAX, INT_MAX}}) {
        CHECK(burrow_level_tile_name(l, x, y, z) == nullptr);
        CHECK(burrow_level_tile(l, x, y, z) == -1);
        CHECK(burrow_level_stairs_partner(l, x, y, z, nullptr, nullptr, nullptr) == -1);
        CHECK(burrow_level_lock(l, x, y, z) == nullptr);
    }
    std::vector<std::uint8_t> tiles(std::size_t(w) * std::size_t(h));
    CHECK(burrow_level_tiles(l, d, tiles.data(), tiles.size(), &e) == -1 && failedWith(e, BURROW_ERROR_ARGUMENT));
    e = nullptr;
    CHECK(burrow_level_tiles(l, -1, tiles.data(), tiles.size(), &e) == -1 && failedWith(e, BURROW_ERROR_ARGUMENT));
    e = nullptr;
    CHECK(burrow_level_tiles(l, 0, tiles.data(), tiles.size() - 1, &e) == -1 && failedWith(e, BURROW_ERROR_ARGUMENT));
    e = nullptr;
    CHECK(burrow_level_tiles(l, 0, nullptr, tiles.size(), &e) == -1 && failedWith(e, BURROW_ERROR_ARGUMENT));
    e = nullptr;
    CHECK(burrow_level_tiles(l, 0, tiles.data(), tiles.size(), nullptr) == w * h);
    std::vector<std::int32_t> labels(tiles.size());
    CHECK(burrow_level_regions(l, 0, labels.data(), labels.size() - 1, &e) == -1 && failedWith(e, BURROW_ERROR_ARGUMENT));
    e = nullptr;
    CHECK(burrow_level_regions(l, d, labels.data(), labels.size(), nullptr) == -1);
    for (int index : {-1, INT_MIN, INT_MAX}) {
        CHECK(burrow_level_kind(l, index) == nullptr);
        CHECK(burrow_level_thing(l, index) == nullptr);
        CHECK(burrow_level_stairs(l, index) == nullptr);
        CHECK(burrow_level_warning(l, index) == nullptr);
    }
    CHECK(burrow_level_kind(l, burrow_level_kind_count(l)) == nullptr);
    CHECK(burrow_level_thing(l, burrow_level_thing_count(l)) == nullptr);

    // Options the caller's header cannot have: refused, not read past.
    burrow_make_options tooSmall{};
    tooSmall.struct_size = 1;
    CHECK(burrow_level_make_with(project.get(), 1, &tooSmall, &e) == nullptr && failedWith(e, BURROW_ERROR_ARGUMENT));
    e = nullptr;
    // An older header's smaller struct: only the fields it has are read.
    burrow_make_options older{};
    older.struct_size = offsetof(burrow_make_options, progress);
    older.progress = [](void*, int, int, const char*) { return 1; }; // past struct_size: never called
    LevelPtr fromOlder(burrow_level_make_with(project.get(), 3, &older, &e));
    CHECK_MSG(fromOlder && std::string(burrow_level_hash(fromOlder.get())) == burrow_level_hash(l), messageOf(e));

    const char* bad[] = {nullptr};
    CHECK(burrow_project_with_overrides(project.get(), bad, 1, &e) == nullptr && failedWith(e, BURROW_ERROR_ARGUMENT));
    e = nullptr;
    CHECK(burrow_project_with_overrides(project.get(), nullptr, 2, &e) == nullptr && failedWith(e, BURROW_ERROR_ARGUMENT));
    e = nullptr;
    CHECK(burrow_project_with_overrides(project.get(), bad, -1, &e) == nullptr && failedWith(e, BURROW_ERROR_ARGUMENT));
}

RUNTIME_TEST(garbage_projects) {
    // Text that is no project, however odd, is an error naming the project.
    const std::vector<std::string> garbage = {"", "{", "null", "[]", std::string(1, '\0'), "{\"format\": 5}", std::string(100000, '['),
                                              "\xff\xfe\x00garbage", "{\"format\": \"burrow-project\", \"version\": 1, \"size\": {\"width\": -5}}"};
    for (const std::string& text : garbage) {
        burrow_error* e = nullptr;
        ProjectPtr p(burrow_project_from_json(text.data(), text.size(), "packed/dungeon.burrow.json", nullptr, &e));
        CHECK(!p);
        CHECK_MSG(burrow_error_code_of(e) == BURROW_ERROR_FILE && messageOf(e).find("packed/dungeon.burrow.json") != std::string::npos, messageOf(e));
        burrow_error_free(e);
    }
}
