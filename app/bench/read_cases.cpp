// Reading speed, per format: what opening a file costs in MB/s, and the hostile
// files of round 3 that used to take seconds to minutes (a quadratic JSON parse, a
// quadratic XML reference scan), read or refused now in linear time.
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>

#include "bench_case.h"
#include "content/tiled_xml.h"
#include "export/png.h"
#include "io/diagnostic.h"
#include "io/file_io.h"
#include "io/png_reader.h"
#include "io/xml_tags.h"

namespace burrow::bench {
namespace {

namespace fs = std::filesystem;

// A project of `edits` hand edits: the largest part of a big real project.
std::string projectWithEdits(int edits) {
    std::string text = R"({"format": "burrow-project", "version": 1, "name": "big", "seed": 1, "size": {"width": 1000, "height": 1000, "depth": 1},
 "recipe": [{"stage": "random_fill", "name": "fill", "params": {"wall_chance": 0.4}}], "edits": [)";
    for (int i = 0; i < edits; ++i) text += (i ? ",\n  [" : "\n  [") + std::to_string(i % 1000) + ", " + std::to_string(i / 1000) + ", 0, \"water\"]";
    return text + "]}\n";
}

// Round 3's reproducer: a valid project with 200,000 empty objects in "extra".
std::string emptyObjects(int count) {
    std::string text = R"({"format": "burrow-project", "version": 1, "extra": {"junk": [)";
    for (int i = 0; i < count; ++i) text += i ? ",{}" : "{}";
    return text + "]}}\n";
}

// A Tiled map as Tiled writes it (JSON), `side` x `side` gids a row a line.
std::string tiledMapJson(int side) {
    std::string data;
    for (int i = 0; i < side * side; ++i) data += (i ? "," : "") + std::to_string(1 + i % 7);
    return R"({"type": "map", "width": )" + std::to_string(side) + R"(, "height": )" + std::to_string(side) +
           R"(, "tilewidth": 16, "tileheight": 16, "layers": [{"type": "tilelayer", "data": [)" + data + "]}]}";
}

// The same map as TMX with a CSV layer.
std::string tiledMapXml(int side) {
    std::string text = R"(<?xml version="1.0" encoding="UTF-8"?>
<map width=")" + std::to_string(side) + R"(" height=")" + std::to_string(side) + R"(" tilewidth="16" tileheight="16"><layer name="cells"><data encoding="csv">)";
    for (int i = 0; i < side * side; ++i) text += (i ? "," : "") + std::to_string(1 + i % 7) + (i % side == side - 1 ? "\n" : "");
    return text + "</data></layer></map>\n";
}

// Text kept in memory, the measured work one read of it.
template <typename Read>
std::function<std::function<void()>()> reading(std::function<std::string()> make, Read read) {
    return [make, read] {
        auto text = std::make_shared<std::string>(make());
        return [text, read] { read(*text); };
    };
}

} // namespace

std::vector<Case> readCases() {
    const std::string edits = projectWithEdits(200000), junk = emptyObjects(200000), tmj = tiledMapJson(1000), tmx = tiledMapXml(1000);
    const std::string ampersands = "<map><layer name=\"" + std::string(1600000, '&') + "\"/></map>";
    // PNG: 2048 x 2048 of tile art, decoded whole as validate does.
    const fs::path art = fs::temp_directory_path() / "burrow-bench-art.png";
    RgbImage image(2048, 2048);
    for (int y = 0; y < 2048; ++y)
        for (int x = 0; x < 2048; ++x) image.set(x, y, static_cast<std::uint32_t>((x * 37) ^ (y * 91)) & 0xFFFFFFu);
    const std::string pngBytes = encodePng(image);
    writeFileAtomically(art, pngBytes);
    const auto mb = [](const std::string& text) { return static_cast<double>(text.size()); };
    return {
        {"read: a project's JSON, 200,000 hand edits", "6.4 MB", "(MB/s of the one JSON reader)",
         reading([edits] { return edits; }, [](const std::string& t) { (void)parseJsonText(t, "big.burrow.json"); }), mb(edits)},
        {"read: round 3's 200,000 {} in a project's extra (refused)", "0.6 MB", "≤ 2 s (was 14.5 s: a quadratic parse)",
         reading([junk] { return junk; },
                 [](const std::string& t) {
                     try {
                         (void)parseJsonText(t, "junk.burrow.json");
                     } catch (const FileError&) {
                     }
                 }),
         mb(junk)},
        {"read: a Tiled map's JSON (TMJ), 1000 x 1000 gids", "1000x1000", "≈ the row below: its limits and paths cost little",
         reading([tmj] { return tmj; }, [](const std::string& t) { (void)parseJsonText(t, "map.tmj"); }), mb(tmj)},
        {"read: the same with nlohmann's own parser (no limits, no paths)", "1000x1000", "(the baseline for the row above)",
         reading([tmj] { return tmj; }, [](const std::string& t) {
             if (nlohmann::json::parse(t).is_null()) std::abort();
         }), mb(tmj)},
        {"read: a Tiled map's XML (TMX) as a prefab reads it, 1000 x 1000 gids", "1000x1000", "(MB/s; a prefab is at most 64 x 64)",
         [tmx] {
             const fs::path file = fs::temp_directory_path() / "burrow-bench-map.tmx";
             writeFileAtomically(file, tmx);
             return [file] { (void)tmxAsTmj(file); };
         },
         mb(tmx)},
        {"read: round 3's 1.6 MB XML attribute of '&'", "1.6 MB", "≤ 2 s (was 10.8 s: a quadratic scan)",
         reading([ampersands] { return ampersands; }, [](const std::string& t) { (void)xmlTags(t); }), mb(ampersands)},
        {"read: PNG tile art, decoded whole", "2048x2048", "(as validate reads the game's art)",
         [art] { return [art] { (void)readPng(art); }; }, static_cast<double>(pngBytes.size())},
    };
}

} // namespace burrow::bench
