// What a game is told when something is wrong: the command line's messages (the
// file, the JSON path, what was expected), a code to act on, and nothing changed.
#include <atomic>
#include <filesystem>
#include <fstream>
#include <string>

#include <unistd.h>

#include "burrow/burrow.h"
#include "runtime_check.h"
#include "runtime_fixtures.h"

using namespace burrow::runtime_test;

namespace {

std::filesystem::path scratchFolder(const std::string& name) {
    const auto folder = std::filesystem::temp_directory_path() / ("burrow-runtime-" + name + "-" + std::to_string(::getpid()));
    std::filesystem::create_directories(folder);
    return folder;
}

} // namespace

RUNTIME_TEST(broken_project_names_its_file_and_field) {
    const auto folder = scratchFolder("broken");
    const std::string path = (folder / "broken.burrow.json").string();
    std::string text = fileText(example("random-fill"));
    const std::string good = "\"wall_chance\": 0.2";
    text.replace(text.find(good), good.size(), "\"wall_chance\": \"lots\"");
    std::ofstream(path) << text;

    burrow_error* e = nullptr;
    CHECK(burrow_project_open(path.c_str(), &e) == nullptr);
    const std::string message = messageOf(e);
    CHECK_MSG(burrow_error_code_of(e) == BURROW_ERROR_FILE, message);
    CHECK_MSG(message.find(path) != std::string::npos, message);
    CHECK_MSG(message.find("/recipe/0/params/wall_chance") != std::string::npos, message);
    burrow_error_free(e);

    // The same text from memory: named as the game names it.
    e = nullptr;
    CHECK(burrow_project_from_json(text.data(), text.size(), "data.pak:levels/broken.burrow.json", folder.c_str(), &e) == nullptr);
    CHECK_MSG(messageOf(e).find("data.pak:levels/broken.burrow.json: at /recipe/0/params/wall_chance") != std::string::npos, messageOf(e));
    burrow_error_free(e);

    e = nullptr;
    const std::string missing = (folder / "missing.burrow.json").string();
    CHECK(burrow_project_open(missing.c_str(), &e) == nullptr);
    CHECK_MSG(burrow_error_code_of(e) == BURROW_ERROR_FILE && messageOf(e).find(missing) != std::string::npos, messageOf(e));
    burrow_error_free(e);
    std::filesystem::remove_all(folder);
}

RUNTIME_TEST(project_from_memory_finds_its_files_in_the_base_folder) {
    // cellular-depths names a rules file beside it: from memory, the base folder finds it.
    const std::string path = example("cellular-depths");
    const std::string text = fileText(path);
    burrow_error* e = nullptr;
    ProjectPtr fromFile(burrow_project_open(path.c_str(), &e));
    ProjectPtr fromMemory(burrow_project_from_json(text.data(), text.size(), "cellular-depths", BURROW_EXAMPLES, &e));
    if (!CHECK_MSG(fromFile && fromMemory, messageOf(e))) return;
    CHECK(std::string(burrow_project_hash(fromFile.get())) == burrow_project_hash(fromMemory.get()));
    LevelPtr a(burrow_level_make(fromFile.get(), 11, nullptr)), b(burrow_level_make(fromMemory.get(), 11, nullptr));
    CHECK(a && b && std::string(burrow_level_hash(a.get())) == burrow_level_hash(b.get()));

    // Without the folder, the rules file is not found, and the message says which.
    const auto elsewhere = scratchFolder("elsewhere");
    CHECK(burrow_project_from_json(text.data(), text.size(), "cellular-depths", elsewhere.c_str(), &e) == nullptr);
    CHECK_MSG(burrow_error_code_of(e) == BURROW_ERROR_FILE && messageOf(e).find("cellular-depths.rules.json") != std::string::npos, messageOf(e));
    burrow_error_free(e);
    std::filesystem::remove_all(elsewhere);
}

RUNTIME_TEST(overrides_make_a_new_project) {
    burrow_error* e = nullptr;
    ProjectPtr base(burrow_project_open(example("random-fill").c_str(), &e));
    if (!CHECK_MSG(base, messageOf(e))) return;
    const std::string baseHash = burrow_project_hash(base.get());

    const char* overrides[] = {"fill.wall_chance=0.35", "size=40x20"};
    ProjectPtr changed(burrow_project_with_overrides(base.get(), overrides, 2, &e));
    if (!CHECK_MSG(changed, messageOf(e))) return;
    CHECK(std::string(burrow_project_hash(changed.get())) != baseHash);
    CHECK(burrow_project_width(changed.get()) == 40 && burrow_project_height(changed.get()) == 20);
    CHECK(std::string(burrow_project_hash(base.get())) == baseHash && burrow_project_width(base.get()) == 32); // unchanged

    // Overrides stack: the changed project changed again keeps the first ones.
    const char* more[] = {"accept-rule=reachable_share>=0.5"};
    ProjectPtr stacked(burrow_project_with_overrides(changed.get(), more, 1, &e));
    CHECK_MSG(stacked && burrow_project_width(stacked.get()) == 40, messageOf(e));

    for (const char* wrong : {"fil.wall_chance=0.3", "fill.wall_chance", "size=huge", "accept-rule=speed>>3"}) {
        e = nullptr;
        CHECK(burrow_project_with_overrides(base.get(), &wrong, 1, &e) == nullptr);
        CHECK_MSG(burrow_error_code_of(e) == BURROW_ERROR_OVERRIDE, std::string(wrong) + ": " + messageOf(e));
        burrow_error_free(e);
    }
    // A value out of range is the project reader's to refuse, naming the field.
    const char* outOfRange = "fill.wall_chance=7";
    e = nullptr;
    CHECK(burrow_project_with_overrides(base.get(), &outOfRange, 1, &e) == nullptr);
    CHECK_MSG(burrow_error_code_of(e) == BURROW_ERROR_FILE && messageOf(e).find("/recipe/0/params/wall_chance") != std::string::npos, messageOf(e));
    burrow_error_free(e);
}

RUNTIME_TEST(progress_reports_every_stage_run_and_can_cancel) {
    ProjectPtr project(burrow_project_open(example("cellular-depths").c_str(), nullptr));
    if (!CHECK(project)) return;
    struct Seen {
        int calls = 0, lastDone = 0, total = 0, stopAt = 0;
        std::string firstLabel;
    } seen;
    burrow_make_options options{};
    options.struct_size = sizeof options;
    options.user_data = &seen;
    options.progress = [](void* user, int done, int total, const char* label) {
        auto& s = *static_cast<Seen*>(user);
        if (s.calls++ == 0) s.firstLabel = label ? label : "";
        s.lastDone = done;
        s.total = total;
        return s.stopAt != 0 && done >= s.stopAt ? 1 : 0;
    };
    burrow_error* e = nullptr;
    LevelPtr level(burrow_level_make_with(project.get(), 5, &options, &e));
    if (!CHECK_MSG(level, messageOf(e))) return;
    CHECK(seen.total > 1 && seen.calls == seen.total && seen.lastDone == seen.total && !seen.firstLabel.empty());
    LevelPtr plain(burrow_level_make(project.get(), 5, nullptr));
    CHECK(std::string(burrow_level_hash(level.get())) == burrow_level_hash(plain.get())); // watching changes nothing

    seen = Seen{};
    seen.stopAt = 2;
    CHECK(burrow_level_make_with(project.get(), 5, &options, &e) == nullptr);
    CHECK_MSG(burrow_error_code_of(e) == BURROW_ERROR_CANCELLED && seen.calls == 2, messageOf(e));
    burrow_error_free(e);
}

// should_stop is polled inside a stage run, so a long one (wave function collapse,
// a maze, cellular generations, any stage's steps) stops without running to its end.
RUNTIME_TEST(should_stop_stops_inside_a_stage_run) {
    for (const char* stem : {"wfc-ruins", "mazes", "cellular-depths"}) {
        ProjectPtr project(burrow_project_open(example(stem).c_str(), nullptr));
        if (!CHECK(project)) continue;
        struct Seen {
            int polls = 0, stopAt = 0, finished = 0;
        } seen;
        burrow_make_options options{};
        options.struct_size = sizeof options;
        options.user_data = &seen;
        options.should_stop = [](void* user) {
            auto& s = *static_cast<Seen*>(user);
            return ++s.polls == s.stopAt ? 1 : 0;
        };
        options.progress = [](void* user, int, int, const char*) {
            ++static_cast<Seen*>(user)->finished;
            return 0;
        };
        burrow_error* e = nullptr;
        LevelPtr level(burrow_level_make_with(project.get(), 5, &options, &e));
        if (!CHECK_MSG(level, messageOf(e))) continue;
        LevelPtr plain(burrow_level_make(project.get(), 5, nullptr));
        CHECK_MSG(seen.polls > 0 && std::string(burrow_level_hash(level.get())) == burrow_level_hash(plain.get()), stem); // polling changes nothing
        const int stages = seen.finished;
        seen = Seen{};
        seen.stopAt = 1;
        CHECK(burrow_level_make_with(project.get(), 5, &options, &e) == nullptr);
        CHECK_MSG(burrow_error_code_of(e) == BURROW_ERROR_CANCELLED && seen.polls == 1 && seen.finished < stages, std::string(stem) + ": " + messageOf(e));
        burrow_error_free(e);
    }
}

RUNTIME_TEST(memory_budget_refuses_up_front) {
    ProjectPtr project(burrow_project_open(example("random-fill").c_str(), nullptr));
    const char* huge[] = {"size=4096x4096x64"};
    burrow_error* e = nullptr;
    ProjectPtr big(burrow_project_with_overrides(project.get(), huge, 1, &e));
    if (!CHECK_MSG(big, messageOf(e))) return;
    CHECK(burrow_project_memory_estimate(big.get()) > (std::uint64_t{1} << 30));
    CHECK(burrow_project_memory_estimate(project.get()) < (std::uint64_t{1} << 20));
    int called = 0;
    burrow_make_options options{};
    options.struct_size = sizeof options;
    options.memory_budget = std::uint64_t{256} << 20;
    options.user_data = &called;
    options.progress = [](void* user, int, int, const char*) {
        ++*static_cast<int*>(user);
        return 0;
    };
    CHECK(burrow_level_make_with(big.get(), 1, &options, &e) == nullptr);
    const std::string message = messageOf(e);
    CHECK_MSG(burrow_error_code_of(e) == BURROW_ERROR_MEMORY && called == 0, message);
    CHECK_MSG(message.find("4096 x 4096 x 64") != std::string::npos && message.find("256 MiB") != std::string::npos, message);
    burrow_error_free(e);
}
