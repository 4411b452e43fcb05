// Every cell's kind is readable from an exported map alone, as a game reads it. Tiled:
// the map's `kinds` layer where it has one (maps drawn with the game's art, where
// two kinds may share a picture), else its `tiles` layer, each gid looked up in the
// tileset it falls in, whose tile says its kind. For every example, several seeds,
// every depth, TMJ and TMX, embedded and external tilesets, the kinds equal the
// text export's glyphs. LDtk: its IntGrid `Kinds` equals the text too, and its
// entities are the TMJ's objects, stairs pointing at their partners.
#include <QTest>

#include <QTemporaryDir>
#include <QXmlStreamReader>

#include <filesystem>
#include <map>
#include <set>
#include <sstream>

#include "test_main.h"
#include "export/level_export.h"
#include "io/file_io.h"
#include "model/level_hash.h"
#include "pipeline/builtin_stages.h"
#include "pipeline/make_level.h"
#include "project/project.h"

using namespace burrow;
namespace fs = std::filesystem;
using nlohmann::json;

namespace {

// What a reader of a map knows: each layer's gids and, by gid, the kind its tile names.
struct ReadMap {
    std::map<std::string, std::vector<int>> layers;
    std::map<int, std::string> kindOfGid;
    std::map<int, std::string> glyphOfGid;
    std::set<int> shared; // gids whose picture several kinds share (their tile lists "kinds")
};

// A tileset's tiles, as JSON (TMJ embedded or a .tsj beside it).
void readJsonTiles(const json& set, int firstGid, ReadMap& map) {
    for (const json& tile : set.value("tiles", json::array())) {
        const int gid = firstGid + tile["id"].get<int>();
        for (const json& p : tile.value("properties", json::array())) {
            if (p["name"] == "kind") map.kindOfGid[gid] = p["value"].get<std::string>();
            if (p["name"] == "glyph") map.glyphOfGid[gid] = p["value"].get<std::string>();
            if (p["name"] == "kinds") map.shared.insert(gid);
        }
        if (map.kindOfGid[gid] != tile["type"].get<std::string>()) map.kindOfGid[gid] = "(type and kind disagree)";
    }
}

ReadMap readTmj(const fs::path& file) {
    const json doc = json::parse(readTextFile(file));
    ReadMap map;
    for (const json& layer : doc["layers"])
        if (layer["type"] == "tilelayer") map.layers[layer["name"].get<std::string>()] = layer["data"].get<std::vector<int>>();
    for (const json& set : doc["tilesets"]) {
        const int first = set["firstgid"].get<int>();
        readJsonTiles(set.contains("source") ? json::parse(readTextFile(file.parent_path() / set["source"].get<std::string>())) : set, first, map);
    }
    return map;
}

// A <tileset> element's tiles (in a TMX or a .tsx), the reader at its start.
void readXmlTiles(QXmlStreamReader& xml, int firstGid, ReadMap& map) {
    int gid = -1;
    while (xml.readNextStartElement() || (xml.isEndElement() && xml.name() != QLatin1String("tileset"))) {
        if (xml.isEndElement()) continue;
        if (xml.name() == QLatin1String("tile")) {
            gid = firstGid + xml.attributes().value("id").toInt();
            map.kindOfGid[gid] = xml.attributes().value("type").toString().toStdString();
        } else if (xml.name() == QLatin1String("property") && gid >= 0) {
            const auto name = xml.attributes().value("name");
            const std::string value = xml.attributes().value("value").toString().toStdString();
            if (name == QLatin1String("kind") && value != map.kindOfGid[gid]) map.kindOfGid[gid] = "(type and kind disagree)";
            if (name == QLatin1String("glyph")) map.glyphOfGid[gid] = value;
            if (name == QLatin1String("kinds")) map.shared.insert(gid);
            xml.skipCurrentElement();
        } else if (xml.name() != QLatin1String("properties")) {
            xml.skipCurrentElement();
        }
    }
}

ReadMap readTmx(const fs::path& file) {
    ReadMap map;
    QXmlStreamReader xml(QByteArray::fromStdString(readTextFile(file)));
    std::string layer;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement()) continue;
        if (xml.name() == QLatin1String("tileset")) {
            const int first = xml.attributes().value("firstgid").toInt();
            const QString source = xml.attributes().value("source").toString();
            if (source.isEmpty()) {
                readXmlTiles(xml, first, map);
                continue;
            }
            QXmlStreamReader tsx(QByteArray::fromStdString(readTextFile(file.parent_path() / source.toStdString())));
            while (!tsx.atEnd() && !(tsx.readNext() == QXmlStreamReader::StartElement && tsx.name() == QLatin1String("tileset"))) {}
            readXmlTiles(tsx, first, map);
        } else if (xml.name() == QLatin1String("layer")) {
            layer = xml.attributes().value("name").toString().toStdString();
        } else if (xml.name() == QLatin1String("data")) {
            std::vector<int>& gids = map.layers[layer];
            for (const QString& cell : xml.readElementText().split(',', Qt::SkipEmptyParts)) gids.push_back(cell.trimmed().toInt());
        }
    }
    return map;
}

// The text export's lines of depth `z` (depths are separated by a blank line).
std::vector<std::string> textDepth(const std::string& text, int z) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    std::string line;
    int depth = 0;
    while (std::getline(in, line)) {
        if (line.empty()) ++depth;
        else if (depth == z) lines.push_back(line);
    }
    return lines;
}

} // namespace

class TestMapKinds : public QObject {
    Q_OBJECT
private slots:
    void everyCellsKindReadsFromTheMapAlone() {
        int examples = 0, cells = 0, sharedPictures = 0;
        for (const auto& entry : fs::directory_iterator(BURROW_EXAMPLES)) {
            if (!entry.path().string().ends_with(".burrow.json")) continue;
            ++examples;
            const Project project = loadProject(entry.path(), builtinStages());
            for (std::uint64_t seed : {1, 2, 3}) {
                const Level level = makeLevel(project, seed).level;
                // External tilesets are read the same way: checked on the first seed.
                for (bool external : {false, true}) {
                    if (external && seed != 1) continue;
                    QTemporaryDir dir;
                    const fs::path out = dir.path().toStdString();
                    ExportRequest request;
                    request.formats = {ExportFormat::Tmj, ExportFormat::Tmx, ExportFormat::Txt};
                    request.stem = "level";
                    request.externalTilesets = external;
                    if (!project.gameTiles.empty()) request.gameTiles = project.gameTiles;
                    exportLevel(level, {project.name, seed, projectHash(project), levelHash(level)}, request, out);
                    const std::string text = readTextFile(out / "level.txt");
                    for (int z = 0; z < level.depthCount(); ++z) {
                        const std::string suffix = level.depthCount() > 1 ? "-depth-" + std::to_string(z) : "";
                        const std::vector<std::string> glyphs = textDepth(text, z);
                        QCOMPARE(int(glyphs.size()), level.height());
                        for (const ReadMap& map : {readTmj(out / ("level" + suffix + ".tmj")), readTmx(out / ("level" + suffix + ".tmx"))}) {
                            const bool art = map.layers.count("kinds") > 0;
                            QCOMPARE(art, !project.gameTiles.empty());
                            const std::vector<int>& gids = map.layers.at(art ? "kinds" : "tiles");
                            QCOMPARE(int(gids.size()), level.width() * level.height());
                            for (int y = 0; y < level.height(); ++y)
                                for (int x = 0; x < level.width(); ++x) {
                                    const int gid = gids[std::size_t(y) * std::size_t(level.width()) + std::size_t(x)];
                                    const std::string glyph(1, glyphs[std::size_t(y)][std::size_t(x)]);
                                    const auto byGlyph = level.kinds.find(glyph);
                                    const std::string expected = byGlyph ? level.kinds[*byGlyph].id : "?";
                                    const std::string read = gid == 0 ? "void" : map.kindOfGid.count(gid) ? map.kindOfGid.at(gid) : "(no kind)";
                                    if (read != expected || (gid != 0 && map.glyphOfGid.at(gid) != glyph))
                                        QFAIL(qPrintable(QString("%1 seed %2 depth %3 cell %4,%5: the map says %6, the text %7 ('%8')")
                                                             .arg(entry.path().filename().c_str()).arg(seed).arg(z).arg(x).arg(y)
                                                             .arg(read.c_str(), expected.c_str(), glyph.c_str())));
                                    ++cells;
                                    // Where the art draws two kinds alike, only the kinds layer tells them apart.
                                    if (art && map.shared.count(map.layers.at("tiles")[std::size_t(y) * std::size_t(level.width()) + std::size_t(x)])) ++sharedPictures;
                                }
                        }
                    }
                }
            }
        }
        QVERIFY(examples >= 8);
        QVERIFY(cells > 100000);
        QVERIFY(sharedPictures > 0); // the shrines' stonework and secret doors, one picture
    }

    void ldtkHoldsWhatTheTiledMapsHold() {
        int examples = 0, entities = 0, references = 0;
        for (const auto& entry : fs::directory_iterator(BURROW_EXAMPLES)) {
            if (!entry.path().string().ends_with(".burrow.json")) continue;
            ++examples;
            // Smaller than the examples' own size (LDtk's JSON is a value a cell, slow
            // to write unoptimised); every depth and kind of thing is still there.
            ProjectOverrides smaller;
            smaller.size = "48x24";
            const Project project = readProject(readTextFile(entry.path()), entry.path().string(), entry.path().parent_path(), builtinStages(), smaller);
            const Level level = makeLevel(project, 1).level;
            QTemporaryDir dir, again;
            ExportRequest request;
            request.formats = {ExportFormat::Tmj, ExportFormat::Ldtk, ExportFormat::Txt};
            request.stem = "level";
            if (!project.gameTiles.empty()) request.gameTiles = project.gameTiles;
            const ExportInfo info{project.name, 1, projectHash(project), levelHash(level)};
            exportLevel(level, info, request, dir.path().toStdString());
            const fs::path out = dir.path().toStdString();
            const std::string text = readTextFile(out / "level.ldtk");
            if (entry.path().filename() == "shrines.burrow.json") { // the richest example: the same run writes the same bytes
                exportLevel(level, info, request, again.path().toStdString());
                QVERIFY(text == readTextFile(fs::path(again.path().toStdString()) / "level.ldtk"));
            }
            const json ldtk = json::parse(text);
            QCOMPARE(ldtk["jsonVersion"], json("1.5.3"));
            QCOMPARE(int(ldtk["levels"].size()), level.depthCount());
            // Every iid an entity has, by level: references must land on one.
            std::map<std::string, std::set<std::string>> iidsByLevel;
            for (const json& l : ldtk["levels"])
                for (const json& layer : l["layerInstances"])
                    for (const json& e : layer["entityInstances"]) iidsByLevel[l["iid"].get<std::string>()].insert(e["iid"].get<std::string>());
            const std::string allText = readTextFile(out / "level.txt");
            for (int z = 0; z < level.depthCount(); ++z) {
                const json& l = ldtk["levels"][std::size_t(z)];
                const std::string suffix = level.depthCount() > 1 ? "-depth-" + std::to_string(z) : "";
                const json tmj = json::parse(readTextFile(out / ("level" + suffix + ".tmj")));
                std::size_t objects = 0;
                for (const json& layer : tmj["layers"])
                    if (layer["type"] == "objectgroup") objects += layer["objects"].size();
                const std::vector<std::string> glyphs = textDepth(allText, z);
                for (const json& layer : l["layerInstances"]) {
                    if (layer["__type"] == "Entities") {
                        QCOMPARE(layer["entityInstances"].size(), objects);
                        for (const json& e : layer["entityInstances"]) {
                            ++entities;
                            QCOMPARE(e["__worldX"].get<int>(), l["worldX"].get<int>() + e["px"][0].get<int>());
                            for (const json& f : e["fieldInstances"])
                                if (f["__type"] == "EntityRef") {
                                    ++references;
                                    const json& ref = f["__value"];
                                    QVERIFY(iidsByLevel[ref["levelIid"].get<std::string>()].count(ref["entityIid"].get<std::string>()) == 1);
                                }
                        }
                    }
                    if (layer["__identifier"] == "Kinds") {
                        const std::vector<int> values = layer["intGridCsv"].get<std::vector<int>>();
                        QCOMPARE(int(values.size()), level.width() * level.height());
                        for (int y = 0; y < level.height(); ++y)
                            for (int x = 0; x < level.width(); ++x) {
                                const int v = values[std::size_t(y) * std::size_t(level.width()) + std::size_t(x)];
                                const std::string glyph(1, glyphs[std::size_t(y)][std::size_t(x)]);
                                const std::string read = v == 0 ? "void" : level.kinds[level.kinds.tileAt(v - 1)].id;
                                const auto byGlyph = level.kinds.find(glyph);
                                if (!byGlyph || level.kinds[*byGlyph].id != read)
                                    QFAIL(qPrintable(QString("%1 depth %2 cell %3,%4: LDtk says %5, the text '%6'")
                                                         .arg(entry.path().filename().c_str()).arg(z).arg(x).arg(y).arg(read.c_str(), glyph.c_str())));
                            }
                        // The values are named by the kinds' ids.
                        for (const json& def : ldtk["defs"]["layers"])
                            if (def["identifier"] == "Kinds")
                                for (const json& value : def["intGridValues"])
                                    QCOMPARE(value["identifier"].get<std::string>(), level.kinds[level.kinds.tileAt(value["value"].get<int>() - 1)].id);
                    }
                }
            }
        }
        QVERIFY(examples >= 8 && entities > 50 && references > 10);
    }
};

BURROW_TEST_MAIN(TestMapKinds)
#include "test_map_kinds.moc"
