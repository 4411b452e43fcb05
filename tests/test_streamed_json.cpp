// JSON documents written as they are made (export/streamed_json.h), and the LDtk
// project that is one: laid out as nlohmann's dump(1), its streamed arrays in their
// place, and never more than a buffer's worth handed to the file at once, however
// large the level. Held whole, a 1024 x 1024 x 8 level's project took more than 8 GB.
#include <QTest>

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "export/ldtk_export.h"
#include "export/streamed_json.h"
#include "model/level.h"
#include "test_main.h"

using namespace burrow;
using nlohmann::ordered_json;

// Not an anonymous namespace: test files are compiled in unity batches.
namespace streamed_json_test {

// What a sink was handed: the text, and the largest piece.
struct Written {
    std::string text;
    std::size_t largestPiece = 0;
    FileSink sink() {
        return [this](std::string_view piece) {
            text += piece;
            largestPiece = std::max(largestPiece, piece.size());
        };
    }
};

class TestStreamedJson : public QObject {
    Q_OBJECT
private slots:
    // Without streamed arrays, the text is the dump's, byte for byte: the files
    // written before keep their layout.
    void aDocumentIsLaidOutAsItsDump() {
        const ordered_json document = {{"name", "caves \"deep\"\n"}, {"empty", ordered_json::object()}, {"none", ordered_json::array()},
                                       {"numbers", {1, 2.5, -3}}, {"nested", {{"a", {{"b", {true, nullptr}}}}, {"ü", "é"}}}};
        Written out;
        StreamedJson().write(document, out.sink());
        QCOMPARE(out.text, document.dump(1) + "\n");
    }

    void streamedArraysStandInTheirPlace() {
        StreamedJson streamed;
        const ordered_json document = {
            {"rows", streamed.array([](ArrayLines& lines) {
                 lines.line("1,2,3");
                 lines.line("4,5,6");
             })},
            {"things", {{"list", streamed.array([](ArrayLines& lines) { lines.value({{"id", "rat"}, {"at", {1, 2}}}); })}}},
            {"nothing", streamed.array([](ArrayLines&) {})}};
        Written out;
        streamed.write(document, out.sink());
        const ordered_json expected = {{"rows", {1, 2, 3, 4, 5, 6}}, {"things", {{"list", {{{"id", "rat"}, {"at", {1, 2}}}}}}}, {"nothing", ordered_json::array()}};
        QCOMPARE(ordered_json::parse(out.text), expected);
        // Laid out as the rest: the value's members a line each, one space deeper.
        QVERIFY2(out.text.find("\n  \"list\": [\n   {\n    \"id\": \"rat\",") != std::string::npos, out.text.c_str());
    }

    // A placeholder is a binary value, which no text read from JSON can be: a
    // designer's text that looks like anything stays text.
    void aDesignersTextIsNeverAPlaceholder() {
        StreamedJson streamed;
        const ordered_json document = {{"a", streamed.array([](ArrayLines& lines) { lines.line("1"); })},
                                       {"b", "\u0001streamed-array:0"}, {"c", ordered_json::parse(R"({"bytes": [], "subtype": 0})")}};
        Written out;
        streamed.write(document, out.sink());
        const ordered_json read = ordered_json::parse(out.text);
        QCOMPARE(read["a"], ordered_json({1}));
        QCOMPARE(read["b"], document["b"]);
        QCOMPARE(read["c"], document["c"]);
    }

    // A level of 256 x 256 x 2 (two LDtk levels of 65,536 tiles, 9 MB of text):
    // the file is handed over in pieces of at most a buffer, and reads back whole.
    void anLdtkProjectIsWrittenAPieceAtATime() {
        Level level({256, 256, 2});
        for (int z = 0; z < 2; ++z)
            for (int y = 1; y < 255; ++y)
                for (int x = 1; x < 255; ++x) level.set(x, y, z, (x * 7 + y * 3 + z) % 5 == 0 ? Tile::Wall : Tile::Floor);
        Written out;
        writeLdtkProject(level, {"big", 7, "hash", "level"}, MapTiles{16, "big-tiles.png"}, out.sink());
        QVERIFY2(out.largestPiece <= std::size_t{1} << 17, qPrintable(QString::number(out.largestPiece)));
        const ordered_json read = ordered_json::parse(out.text);
        QCOMPARE(int(read["levels"].size()), 2);
        for (const ordered_json& l : read["levels"])
            for (const ordered_json& layer : l["layerInstances"]) {
                if (layer["__type"] == "IntGrid") QCOMPARE(int(layer["intGridCsv"].size()), 256 * 256);
                if (layer["__type"] == "Tiles") QCOMPARE(int(layer["gridTiles"].size()), 256 * 256);
            }
    }
};

} // namespace streamed_json_test

BURROW_TEST_GUILESS_MAIN(streamed_json_test::TestStreamedJson)

#include "test_streamed_json.moc"
