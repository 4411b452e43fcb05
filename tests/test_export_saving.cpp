// An export is saved as one: its files name each other (a map its tileset and art, a
// world its maps, the sidecar its maps), so a failure or a cancel partway replaces
// none of the old ones and leaves no temporary.
#include <QTest>

#include <cstring>
#include <filesystem>
#include <map>
#include <sys/statvfs.h>
#include <unistd.h>

#include "test_main.h"
#include "cli_test_helpers.h"
#include "export/level_export.h"
#include "io/file_io.h"
#include "model/level_hash.h"
#include "pipeline/builtin_stages.h"
#include "pipeline/make_level.h"
#include "project/project.h"
#include "level_helpers.h"
#include "scratch_tmpfs.h"

using namespace burrow;
using burrow::test::runCli;
using burrow::test::ScratchTmpfs;
using burrow::testing::exampleProject;
namespace fs = std::filesystem;

class TestExportSaving : public QObject {
    Q_OBJECT
private slots:
    // A level's files name each other (a map its tileset, a world its maps), so they
    // are saved as one: a re-export that finds a real disk full partway replaces none
    // of the old files and leaves no temporary. With room again it lands whole.
    void aReExportOnAFullDiskKeepsTheOldExportWhole() {
        QTemporaryDir dir;
        const fs::path disk = dir.filePath("disk").toStdString();
        fs::create_directories(disk);
        const ScratchTmpfs mounted(disk, "2m");
        if (!mounted.mounted()) {
            QVERIFY2(geteuid() != 0, ("as root, mounting a tmpfs failed: " + std::string(std::strerror(mounted.mountError()))).c_str());
            QSKIP("mounting a tmpfs needs root (CI runs as root)");
        }
        const std::string mazes = std::string(BURROW_EXAMPLES) + "/mazes.burrow.json";
        const fs::path out = disk / "out";
        auto generate = [&](const char* seed) {
            return runCli({"generate", mazes, "--seed", seed, "--format", "tmx,tmj,ldtk,png,txt,csv", "--out", out.string()});
        };
        QCOMPARE(generate("1").code, 0);
        std::map<std::string, std::string> before;
        std::size_t exported = 0;
        for (const auto& entry : fs::directory_iterator(out)) {
            const std::string& bytes = before[entry.path().filename().string()] = readTextFile(entry.path());
            exported += bytes.size();
        }
        QVERIFY(before.size() >= 7);
        // Fill the disk until only about half of another export fits.
        struct statvfs space {};
        QCOMPARE(::statvfs(disk.c_str(), &space), 0);
        const std::size_t free = static_cast<std::size_t>(space.f_bavail) * space.f_frsize;
        QVERIFY(free > exported);
        writeFileAtomically(disk / "filler", std::string(free - exported / 2, 'f'));

        const auto failed = generate("2");
        QCOMPARE(failed.code, 1);
        QVERIFY2(failed.err.contains("No space left") && failed.err.contains("no file of this save was changed"), qPrintable(failed.err));
        std::map<std::string, std::string> after;
        for (const auto& entry : fs::directory_iterator(out)) after[entry.path().filename().string()] = readTextFile(entry.path());
        QVERIFY(after == before); // the same files, byte for byte, and no temporary

        fs::remove(disk / "filler");
        QCOMPARE(generate("2").code, 0);
        QVERIFY(readTextFile(out / "mazes.txt") != before["mazes.txt"]);
    }

    // The progress is told before each format; stopping it at the second changes
    // nothing in the folder, the first format's files included.
    void aCancelledExportChangesNothing() {
        const Project project = exampleProject("mazes.burrow.json");
        const Level level = makeLevel(project).level;
        const ExportInfo info{project.name, project.seed, projectHash(project), levelHash(level)};
        QTemporaryDir dir;
        const fs::path folder = dir.path().toStdString();
        ExportRequest request;
        request.formats = {ExportFormat::Txt, ExportFormat::Tmx, ExportFormat::Png};
        request.stem = "mazes";
        std::vector<std::size_t> told;
        const auto all = [&](std::size_t done, std::size_t formats) {
            told.push_back(formats == 3 ? done : 99);
            return true;
        };
        const auto files = exportLevel(level, info, request, folder, all);
        QCOMPARE(told, (std::vector<std::size_t>{0, 1, 2}));
        const std::string txt = readTextFile(folder / "mazes.txt");
        QCOMPARE(txt.substr(0, 3), std::string("###"));
        bool thrown = false;
        try {
            Level other = level;
            other.set(1, 1, 0, Tile::Water);
            exportLevel(other, info, request, folder, [](std::size_t done, std::size_t) { return done < 1; });
        } catch (const ExportCancelled&) {
            thrown = true;
        }
        QVERIFY(thrown);
        QCOMPARE(readTextFile(folder / "mazes.txt"), txt);
        std::size_t entries = 0;
        for ([[maybe_unused]] const auto& entry : fs::directory_iterator(folder)) ++entries;
        QCOMPARE(entries, files.size()); // no temporary left
    }

    // A folder of frames is one film: a shorter film made over a longer one leaves
    // none of the longer one's frames, and a file of the designer's stays.
    void aShorterFilmReplacesALongerOneWhole() {
        QTemporaryDir dir;
        const std::string mazes = std::string(BURROW_EXAMPLES) + "/mazes.burrow.json";
        const fs::path frames = fs::path(dir.path().toStdString()) / "frames";
        auto count = [&] {
            std::size_t n = 0;
            for (const auto& entry : fs::directory_iterator(frames)) n += entry.path().filename().string().starts_with("frame-");
            return n;
        };
        QCOMPARE(runCli({"generate", mazes, "--frames", "100", "--out", dir.path().toStdString()}).code, 0);
        const std::size_t longer = count();
        writeFileAtomically(frames / "notes.txt", "mine");
        QCOMPARE(runCli({"generate", mazes, "--frames", "400", "--out", dir.path().toStdString()}).code, 0);
        const std::size_t shorter = count();
        QVERIFY2(shorter >= 2 && shorter < longer, qPrintable(QString("%1 frames, then %2").arg(longer).arg(shorter)));
        QVERIFY(fs::exists(frames / QString("frame-%1.png").arg(shorter, 6, 10, QChar('0')).toStdString()));
        QCOMPARE(readTextFile(frames / "notes.txt"), std::string("mine"));
    }
};

BURROW_TEST_MAIN(TestExportSaving)
#include "test_export_saving.moc"
