// libFuzzer targets for every reader of a file a designer (or a hostile user) hands
// Burrow. One program, the environment's BURROW_FUZZ_READER picks the reader: each input
// is written to a file under a private folder and read the way Burrow reads that
// kind of file. A reader may refuse an input only with a FileError; anything else
// escaping (or a crash, a sanitizer report, a hang past -timeout) is a finding.
//
// The `level` target goes past reading: a project that loads is made into its level
// (makeLevel, what a game's burrow_level_make and every command run), measured and
// exported in every format, so a file that reads cleanly but breaks a stage, the
// analysis or an exporter is a finding too.
//
// The folder holds a copy of the examples and of the seeds' tileset, so a project or
// prefab that names a rules file, a tileset or art finds it, and the fuzzer reaches
// past the first reference.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>

#include "analysis/explore_parts.h"
#include "analysis/measure.h"
#include "content/prefab_json.h"
#include "content/prefab_tiled.h"
#include "content/rules_json.h"
#include "content/tiled_tileset.h"
#include "content/tiled_xml.h"
#include "export/level_export.h"
#include "io/diagnostic.h"
#include "io/json_checker.h"
#include "io/png_reader.h"
#include "model/level_hash.h"
#include "pipeline/make_level.h"
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

// Every reader the program fuzzes: its name (BURROW_FUZZ_READER picks one) and the
// name its input is written under.
struct Reader {
    const char* name;
    const char* file;
    void (*read)(const fs::path& file);
};

void readPrefabTextInput(const fs::path& file) {
    const std::vector<std::string> rows = readPrefabText(file);
    std::vector<Diagnostic> problems;
    JsonChecker check(problems);
    (void)prefabFromJson(nlohmann::json{{"id", "p"}}, "/prefabs/0", check, builtInTileKinds(), &rows, file.string());
}

void readPrefabLibraryInput(const fs::path& file) {
    std::vector<Diagnostic> problems;
    JsonChecker check(problems);
    (void)prefabsFromJson(nlohmann::json::array({file.filename().string()}), "/prefabs", check, builtInTileKinds(), file.parent_path());
}

// Both readers of a .tsx: the game's tileset, and a prefab map's tile classes.
void readTsxInput(const fs::path& file) {
    try {
        (void)readTiledTileset(file);
    } catch (const FileError&) {
    }
    (void)tsxTiles(file, file.parent_path() / "map.tmx");
}

// The seed corpus's parts are of random-fill: read against its hash, a part gets
// past its manifest.
void readMergePartInput(const fs::path& file) {
    static const std::string hash = projectHash(loadProject(folder() / "random-fill.burrow.json", builtinStages()));
    (void)readExploreParts({file}, hash);
}

// A project that loads, made into its level, measured and written out as
// `burrow generate --format` every format would. Only levels of up to 32,768 cells (the
// examples' sizes): larger ones are as bounded (test_hostile_files and the bench time
// them), but a second each would leave the fuzzer few inputs a minute. Even so, under
// libFuzzer's coverage a level can take seconds (wfc-ruins with pattern_size 4 fails
// all ten attempts in 7 s), so run_fuzzer.sh gives this target a longer -timeout.
void makeLevelInput(const fs::path& file) {
    const Project project = loadProject(file, builtinStages());
    if (static_cast<long long>(project.size.width) * project.size.height * project.size.depth > 32768) return;
    ExportRequest request;
    request.formats.assign(std::begin(kExportFormats), std::end(kExportFormats));
    request.movement = project.movement;
    request.tileSize = 4;
    if (!project.gameTiles.empty()) {
        request.gameTiles = project.gameTiles;
        request.tileSize = project.gameTiles.tileSize();
    }
    const MadeLevel made = makeLevel(project);
    (void)measure(made.level, project.movement);
    (void)exportLevel(made.level, {project.name, project.seed, projectHash(project), levelHash(made.level)}, request, folder() / "export");
}

const Reader kReaders[] = {
    {"project", "fuzzed.burrow.json", [](const fs::path& f) { (void)loadProject(f, builtinStages()); }},
    {"rules", "fuzzed.rules.json", [](const fs::path& f) { (void)loadRules(f); }},
    {"replay", "fuzzed.replay.json", [](const fs::path& f) { (void)loadReplay(f); }},
    {"prefab_text", "fuzzed.txt", readPrefabTextInput},
    {"prefab_library", "fuzzed.prefabs.json", readPrefabLibraryInput},
    {"tmx", "fuzzed.tmx", [](const fs::path& f) { (void)prefabFromTiledMap(f, builtInTileKinds()); }},
    {"tmj", "fuzzed.tmj", [](const fs::path& f) { (void)prefabFromTiledMap(f, builtInTileKinds()); }},
    {"tsx", "fuzzed.tsx", readTsxInput},
    {"tsj", "fuzzed.tsj", [](const fs::path& f) { (void)readTiledTileset(f); }},
    {"png", "fuzzed.png", [](const fs::path& f) { (void)readPng(f); }},
    {"merge_part", "fuzzed.jsonl", readMergePartInput},
    {"level", "fuzzed.burrow.json", makeLevelInput},
};

const Reader*& reader() {
    static const Reader* r = nullptr;
    return r;
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    const char* name = std::getenv("BURROW_FUZZ_READER");
    for (const Reader& r : kReaders)
        if (name && std::string(name) == r.name) reader() = &r;
    if (!reader()) {
        std::fprintf(stderr, "BURROW_FUZZ_READER must name a reader:");
        for (const Reader& r : kReaders) std::fprintf(stderr, " %s", r.name);
        std::fprintf(stderr, "\n");
        std::exit(2);
    }
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
    const fs::path file = folder() / reader()->file;
    {
        std::ofstream out(file, std::ios::binary | std::ios::trunc);
        out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
    }
    try {
        reader()->read(file);
    } catch (const FileError&) {
        // A refusal that names the file: what every bad input must get.
    } catch (const std::exception& e) {
        std::fprintf(stderr, "an exception other than FileError escaped the reader: %s\n", e.what());
        std::abort();
    }
    return 0;
}
