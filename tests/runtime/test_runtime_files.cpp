// A game that ships its project inside an archive: burrow_project_from_json_files
// asks the game's reader for every file the project names, and the project (hash,
// levels) is the one read from the folder on disk.
#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "burrow/burrow.h"
#include "runtime_check.h"
#include "runtime_fixtures.h"

using namespace burrow::runtime_test;

namespace {

// An archive: files by the names the project gives them, and what was asked of it.
struct Archive {
    std::map<std::string, std::string> files;
    std::vector<std::string> asked;
    bool handOver = true; // false: say yes without giving the bytes

    static int read(void* user, const char* path, burrow_file* file) {
        auto& a = *static_cast<Archive*>(user);
        a.asked.push_back(path);
        const auto it = a.files.find(path);
        if (it == a.files.end()) return 1;
        if (a.handOver) burrow_file_bytes(file, it->second.data(), it->second.size());
        return 0;
    }
};

// The examples folder as an archive: every file under it, by its path from there.
Archive examplesArchive() {
    Archive archive;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(BURROW_EXAMPLES))
        if (entry.is_regular_file())
            archive.files[entry.path().lexically_relative(BURROW_EXAMPLES).generic_string()] = fileText(entry.path().string());
    return archive;
}

ProjectPtr fromArchive(const std::string& text, Archive& archive, burrow_error** error, const char* name = "packed/project.burrow.json") {
    return ProjectPtr(burrow_project_from_json_files(text.data(), text.size(), name, Archive::read, &archive, error));
}

std::string levelHash(const burrow_project* project, std::uint64_t seed) {
    LevelPtr level(burrow_level_make(project, seed, nullptr));
    return level ? burrow_level_hash(level.get()) : "(none)";
}

} // namespace

RUNTIME_TEST(every_example_reads_the_same_from_a_game_s_files) {
    std::size_t asked = 0;
    for (const std::string& path : exampleProjects()) {
        Archive archive = examplesArchive();
        burrow_error* e = nullptr;
        ProjectPtr packed = fromArchive(fileText(path), archive, &e);
        if (!CHECK_MSG(packed, path + ": " + messageOf(e))) continue;
        ProjectPtr onDisk(burrow_project_open(path.c_str(), nullptr));
        if (!CHECK(onDisk)) continue;
        CHECK_MSG(std::string(burrow_project_hash(packed.get())) == burrow_project_hash(onDisk.get()), path);
        for (std::uint64_t seed = 1; seed <= 3; ++seed) CHECK_MSG(levelHash(packed.get(), seed) == levelHash(onDisk.get(), seed), path);
        // Each file asked for once, by its name from the project: nothing of the disk's.
        const std::set<std::string> distinct(archive.asked.begin(), archive.asked.end());
        CHECK_MSG(distinct.size() == archive.asked.size(), path);
        for (const std::string& name : archive.asked) CHECK_MSG(archive.files.count(name) == 1, path + " asked for " + name);
        if (path.ends_with("/shrines.burrow.json"))
            for (const char* named : {"prefabs/crypt.tmj", "art/cave-tiles.tsj", "art/cave-tiles.png", "art/shrine-tiles.png"})
                CHECK_MSG(distinct.count(named) == 1, std::string("shrines did not ask for ") + named);
        asked += archive.asked.size();
    }
    CHECK(asked > 0);
}

RUNTIME_TEST(a_file_the_game_lacks_is_an_error_naming_it) {
    const std::string text = fileText(example("shrines"));
    for (const char* lacking : {"prefabs/crypt.tmj", "art/cave-tiles.tsj", "art/shrine-tiles.png"}) {
        Archive archive = examplesArchive();
        archive.files.erase(lacking);
        burrow_error* e = nullptr;
        CHECK(!fromArchive(text, archive, &e));
        const std::string message = messageOf(e);
        CHECK_MSG(burrow_error_code_of(e) == BURROW_ERROR_FILE && message.find(std::string("packed/") + lacking) != std::string::npos &&
                      message.find("no such file") != std::string::npos && message.find("packed/project.burrow.json: at /") != std::string::npos,
                  message);
        burrow_error_free(e);
    }
    // A reader that says yes but hands nothing over has no such file either.
    Archive silent = examplesArchive();
    silent.handOver = false;
    burrow_error* e = nullptr;
    CHECK(!fromArchive(text, silent, &e) && messageOf(e).find("no such file") != std::string::npos);
    burrow_error_free(e);
}

RUNTIME_TEST(a_file_larger_than_its_kind_is_refused_before_it_is_copied) {
    auto doc = nlohmann::json::parse(fileText(example("random-fill")));
    doc["prefabs"] = nlohmann::json::array({{{"id", "p"}, {"text", "p.txt"}}});
    Archive archive;
    archive.files["p.txt"] = "###\n#.#\n###\n";
    burrow_error* e = nullptr;
    ProjectPtr small = fromArchive(doc.dump(), archive, &e);
    CHECK_MSG(small && archive.asked == std::vector<std::string>{"p.txt"}, messageOf(e));
    archive.files["p.txt"] = std::string(1 << 20, '\n');
    CHECK(!fromArchive(doc.dump(), archive, &e));
    const std::string message = messageOf(e);
    CHECK_MSG(message.find("packed/p.txt") != std::string::npos && message.find("1048576 bytes") != std::string::npos &&
                  message.find("a text prefab") != std::string::npos,
              message);
    burrow_error_free(e);
}

// A name with a control character is refused before the reader is asked: a NUL
// would end it early, and the game would hand over another file than the one named.
RUNTIME_TEST(a_file_name_with_a_control_character_is_never_asked_for) {
    auto doc = nlohmann::json::parse(fileText(example("random-fill")));
    for (const std::string& name : {std::string("p.txt\0.png", 10), std::string("p\n.txt")}) {
        doc["prefabs"] = nlohmann::json::array({{{"id", "p"}, {"text", name}}});
        Archive archive;
        archive.files["p.txt"] = "###\n#.#\n###\n";
        burrow_error* e = nullptr;
        CHECK(!fromArchive(doc.dump(), archive, &e));
        CHECK_MSG(archive.asked.empty() && messageOf(e).find("control character") != std::string::npos, messageOf(e));
        burrow_error_free(e);
    }
}

RUNTIME_TEST(overrides_read_the_files_kept_not_the_reader) {
    Archive archive = examplesArchive();
    ProjectPtr packed = fromArchive(fileText(example("shrines")), archive, nullptr);
    if (!CHECK(packed)) return;
    const std::size_t asked = archive.asked.size();
    archive.files.clear(); // the archive is gone; the project keeps what it read
    const char* smaller = "size=40x30";
    burrow_error* e = nullptr;
    ProjectPtr changed(burrow_project_with_overrides(packed.get(), &smaller, 1, &e));
    CHECK_MSG(changed && burrow_project_width(changed.get()) == 40 && archive.asked.size() == asked, messageOf(e));
    if (changed) CHECK(levelHash(changed.get(), 7).size() == 16);
}

RUNTIME_TEST(file_reader_arguments) {
    const std::string text = fileText(example("random-fill"));
    burrow_error* e = nullptr;
    CHECK(burrow_project_from_json_files(text.data(), text.size(), "p", nullptr, nullptr, &e) == nullptr &&
          burrow_error_code_of(e) == BURROW_ERROR_ARGUMENT);
    burrow_error_free(e);
    e = nullptr;
    CHECK(burrow_project_from_json_files(nullptr, 0, "p", Archive::read, nullptr, &e) == nullptr && burrow_error_code_of(e) == BURROW_ERROR_ARGUMENT);
    burrow_error_free(e);
    CHECK(burrow_file_bytes(nullptr, "x", 1) == -1);
    // A project naming no files never calls the reader, and a NULL name is "project".
    Archive archive;
    ProjectPtr plain(burrow_project_from_json_files(text.data(), text.size(), nullptr, Archive::read, &archive, nullptr));
    CHECK(plain && archive.asked.empty());
}
