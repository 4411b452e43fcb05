// libFuzzer targets for every reader of a file a designer (or a hostile user) hands
// Burrow. One source, built once a reader (BURROW_FUZZ_READER picks it): each input
// is written to a file under a private folder and read the way Burrow reads that
// kind of file. A reader may refuse an input only with a FileError; anything else
// escaping (or a crash, a sanitizer report, a hang past -timeout) is a finding.
//
// The folder holds a copy of the examples and of the seeds' tileset, so a project or
// prefab that names a rules file, a tileset or art finds it, and the fuzzer reaches
// past the first reference.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>

#include "analysis/explore_parts.h"
#include "content/prefab_json.h"
#include "content/prefab_tiled.h"
#include "content/rules_json.h"
#include "content/tiled_tileset.h"
#include "content/tiled_xml.h"
#include "io/diagnostic.h"
#include "io/json_checker.h"
#include "io/png_reader.h"
#include "pipeline/builtin_stages.h"
#include "play/replay.h"
#include "project/project.h"

namespace fs = std::filesystem;
using namespace burrow;

namespace {

fs::path& folder() {
    static fs::path f;
    return f;
}

// The reader this program fuzzes, and the name its input is written under.
#define READER_project 1
#define READER_rules 2
#define READER_replay 3
#define READER_prefab_text 4
#define READER_prefab_library 5
#define READER_tmx 6
#define READER_tmj 7
#define READER_tsx 8
#define READER_tsj 9
#define READER_png 10
#define READER_merge_part 11
#define PICK(name) READER_##name
#define READER(name) PICK(name)

#if READER(BURROW_FUZZ_READER) == READER_project
const char* kFile = "fuzzed.burrow.json";
void readInput(const fs::path& file) { (void)loadProject(file, builtinStages()); }
#elif READER(BURROW_FUZZ_READER) == READER_rules
const char* kFile = "fuzzed.rules.json";
void readInput(const fs::path& file) { (void)loadRules(file); }
#elif READER(BURROW_FUZZ_READER) == READER_replay
const char* kFile = "fuzzed.replay.json";
void readInput(const fs::path& file) { (void)loadReplay(file); }
#elif READER(BURROW_FUZZ_READER) == READER_prefab_text
const char* kFile = "fuzzed.txt";
void readInput(const fs::path& file) {
    const std::vector<std::string> rows = readPrefabText(file);
    std::vector<Diagnostic> problems;
    JsonChecker check(problems);
    (void)prefabFromJson(nlohmann::json{{"id", "p"}}, "/prefabs/0", check, builtInTileKinds(), &rows, file.string());
}
#elif READER(BURROW_FUZZ_READER) == READER_prefab_library
const char* kFile = "fuzzed.prefabs.json";
void readInput(const fs::path& file) {
    std::vector<Diagnostic> problems;
    JsonChecker check(problems);
    (void)prefabsFromJson(nlohmann::json::array({file.filename().string()}), "/prefabs", check, builtInTileKinds(), file.parent_path());
}
#elif READER(BURROW_FUZZ_READER) == READER_tmx
const char* kFile = "fuzzed.tmx";
void readInput(const fs::path& file) { (void)prefabFromTiledMap(file, builtInTileKinds()); }
#elif READER(BURROW_FUZZ_READER) == READER_tmj
const char* kFile = "fuzzed.tmj";
void readInput(const fs::path& file) { (void)prefabFromTiledMap(file, builtInTileKinds()); }
#elif READER(BURROW_FUZZ_READER) == READER_tsx
const char* kFile = "fuzzed.tsx";
void readInput(const fs::path& file) {
    // Both readers of a .tsx: the game's tileset, and a prefab map's tile classes.
    try {
        (void)readTiledTileset(file);
    } catch (const FileError&) {
    }
    (void)tsxTiles(file, file.parent_path() / "map.tmx");
}
#elif READER(BURROW_FUZZ_READER) == READER_tsj
const char* kFile = "fuzzed.tsj";
void readInput(const fs::path& file) { (void)readTiledTileset(file); }
#elif READER(BURROW_FUZZ_READER) == READER_png
const char* kFile = "fuzzed.png";
void readInput(const fs::path& file) { (void)readPng(file); }
#elif READER(BURROW_FUZZ_READER) == READER_merge_part
const char* kFile = "fuzzed.jsonl";
// The seed corpus's parts are of random-fill: read against its hash, a part gets
// past its manifest.
void readInput(const fs::path& file) {
    static const std::string hash = projectHash(loadProject(folder() / "random-fill.burrow.json", builtinStages()));
    (void)readExploreParts({file}, hash);
}
#else
#error "BURROW_FUZZ_READER names no reader"
#endif

} // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    folder() = fs::temp_directory_path() / ("burrow-fuzz-" + std::to_string(::getpid()));
    fs::create_directories(folder());
    fs::copy(BURROW_EXAMPLES_DIR, folder(), fs::copy_options::recursive | fs::copy_options::overwrite_existing);
    // The tileset the TMX seed names, so a map gets as far as its external tileset.
    fs::copy(BURROW_FUZZ_SEEDS_DIR "/tsx", folder(), fs::copy_options::overwrite_existing);
    std::atexit([] {
        std::error_code ignored;
        fs::remove_all(folder(), ignored);
    });
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const fs::path file = folder() / kFile;
    {
        std::ofstream out(file, std::ios::binary | std::ios::trunc);
        out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
    }
    try {
        readInput(file);
    } catch (const FileError&) {
        // A refusal that names the file: what every bad input must get.
    } catch (const std::exception& e) {
        std::fprintf(stderr, "an exception other than FileError escaped the reader: %s\n", e.what());
        std::abort();
    }
    return 0;
}
