// The one atomic writer every save goes through: on a real full filesystem, with a
// producer that fails midway, through links and modes, the old file stays whole and
// no temporary is left behind.
#include <QTest>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sys/resource.h>
#include <unistd.h>

#include "test_main.h"
#include "content/population_rules.h"
#include "content/rules_json.h"
#include "io/file_io.h"
#include "pipeline/builtin_stages.h"
#include "project/project.h"
#include "project_test_helpers.h"
#include "scratch_tmpfs.h"

using namespace burrow;
using nlohmann::json;
using burrow::test::minimalProject;

class TestAtomicWriter : public QObject {
    Q_OBJECT
private slots:
    // A real full filesystem: a 64 KiB tmpfs mounted for the test (CI runs as root),
    // filled to the last block. The old file stays whole, no temporary is left, the
    // error says why; with room again the same write lands. Where the mount is not
    // allowed, the file-size limit below stands in for it, so the writer is always
    // tested against a real refusal from the kernel.
    void atomicWritesOnARealFullFilesystem() {
        QTemporaryDir dir;
        const std::filesystem::path folder = dir.path().toStdString();
        const burrow::test::ScratchTmpfs disk(folder, "64k");
        if (!disk.mounted()) {
            // CI runs as root, where the mount must work: only a user without the
            // right to mount is left with the file-size limit test below.
            QVERIFY2(geteuid() != 0, ("as root, mounting a tmpfs failed: " + std::string(std::strerror(disk.mountError()))).c_str());
            qInfo("tmpfs not mountable here (%s): the file-size limit test stands in", std::strerror(disk.mountError()));
            return;
        }
        std::vector<Diagnostic> problems;
        const std::string project = projectToJson(projectFromJson(minimalProject(), builtinStages(), problems)).dump(1);
        writeFileAtomically(folder / "level.burrow.json", project);
        {
            // Fill what is left, a block at a time, until the kernel says no.
            std::ofstream filler(folder / "filler", std::ios::binary);
            const std::string block(4096, 'f');
            while (filler.write(block.data(), block.size()) && filler.flush()) {}
        }
        QString message;
        try {
            writeFileAtomically(folder / "level.burrow.json", project + std::string(8192, ' '));
        } catch (const FileError& e) {
            message = QString::fromStdString(e.what());
        }
        QVERIFY2(message.contains("level.burrow.json") && message.contains("unchanged") && message.contains("space", Qt::CaseInsensitive),
                 qPrintable(message));
        QCOMPARE(readTextFile(folder / "level.burrow.json"), project);
        // Streamed a piece at a time (how a level's text is written), the write that
        // finds the disk full fails the same way.
        message.clear();
        int pieces = 0;
        try {
            writeFileAtomically(folder / "level.burrow.json", [&](const FileSink& sink) {
                for (; pieces < 64; ++pieces) sink(std::string(4096, 'x'));
            });
        } catch (const FileError& e) {
            message = QString::fromStdString(e.what());
        }
        QVERIFY2(message.contains("level.burrow.json") && message.contains("unchanged") && message.contains("space", Qt::CaseInsensitive),
                 qPrintable(message));
        QVERIFY(pieces < 64); // it stopped at the piece that did not fit
        QCOMPARE(readTextFile(folder / "level.burrow.json"), project);
        int files = 0;
        for ([[maybe_unused]] const auto& entry : std::filesystem::directory_iterator(folder)) ++files;
        QCOMPARE(files, 2); // the project and the filler: no temporary left
        std::filesystem::remove(folder / "filler");
        writeFileAtomically(folder / "level.burrow.json", project + std::string(8192, ' '));
        QCOMPARE(readTextFile(folder / "level.burrow.json").size(), project.size() + 8192);
    }

    // A file made piece by piece lands whole; when what makes the pieces fails, the
    // old file stays as it was, no temporary is left and the error passes on.
    void streamedWritesLandWholeOrNotAtAll() {
        QTemporaryDir dir;
        const std::filesystem::path folder = dir.path().toStdString();
        writeFileAtomically(folder / "map.txt", [](const FileSink& sink) {
            sink("#..#\n");
            sink("");
            sink("#..#\n");
        });
        QCOMPARE(QString::fromStdString(readTextFile(folder / "map.txt")), QString("#..#\n#..#\n"));
        bool thrown = false;
        try {
            writeFileAtomically(folder / "map.txt", [](const FileSink& sink) {
                sink("half");
                throw std::runtime_error("the level could not be drawn");
            });
        } catch (const std::runtime_error& e) {
            thrown = QString(e.what()) == "the level could not be drawn";
        }
        QVERIFY(thrown);
        QCOMPARE(QString::fromStdString(readTextFile(folder / "map.txt")), QString("#..#\n#..#\n"));
        int files = 0;
        for ([[maybe_unused]] const auto& entry : std::filesystem::directory_iterator(folder)) ++files;
        QCOMPARE(files, 1);
    }

    // The one writer: through a symlink to its target, keeping the file's mode, and
    // on a full disk (a file-size limit, real for this process) the old file stays
    // whole, no temporary is left behind and the error says why.
    void atomicWritesKeepLinksModesAndOldFiles() {
        QTemporaryDir dir;
        const std::filesystem::path folder = dir.path().toStdString();
        writeFileAtomically(folder / "real.json", "old");
        std::filesystem::permissions(folder / "real.json", std::filesystem::perms::owner_read | std::filesystem::perms::owner_write |
                                                               std::filesystem::perms::group_read);
        std::filesystem::create_symlink("real.json", folder / "link.json");
        writeFileAtomically(folder / "link.json", "new");
        QVERIFY(std::filesystem::is_symlink(folder / "link.json"));
        QCOMPARE(QString::fromStdString(readTextFile(folder / "real.json")), QString("new"));
        QVERIFY(std::filesystem::status(folder / "real.json").permissions() ==
                (std::filesystem::perms::owner_read | std::filesystem::perms::owner_write | std::filesystem::perms::group_read));

        std::signal(SIGXFSZ, SIG_IGN);
        rlimit saved{};
        getrlimit(RLIMIT_FSIZE, &saved);
        rlimit small = saved;
        small.rlim_cur = 16;
        setrlimit(RLIMIT_FSIZE, &small);
        QString message;
        try {
            writeFileAtomically(folder / "real.json", std::string(1000, 'x'));
        } catch (const FileError& e) {
            message = QString::fromStdString(e.what());
        }
        setrlimit(RLIMIT_FSIZE, &saved);
        QVERIFY2(message.contains("real.json") && message.contains("unchanged") && message.contains("too large", Qt::CaseInsensitive), qPrintable(message));
        QCOMPARE(QString::fromStdString(readTextFile(folder / "real.json")), QString("new"));
        int files = 0;
        for ([[maybe_unused]] const auto& entry : std::filesystem::directory_iterator(folder)) ++files;
        QCOMPARE(files, 2); // real.json and link.json: no temporary left
    }

    // A project and its rules file are saved as one: when the second file cannot be
    // written (here the project, past a file-size limit), the first, already written
    // whole, is not put in place either. Both old files stay, and no temporary.
    void aSaveOfSeveralFilesIsOneTransaction() {
        QTemporaryDir dir;
        const std::filesystem::path folder = dir.path().toStdString();
        for (const char* name : {"cellular-depths.burrow.json", "cellular-depths.rules.json"})
            std::filesystem::copy_file(std::filesystem::path(BURROW_EXAMPLES) / name, folder / name);
        const std::filesystem::path projectFile = folder / "cellular-depths.burrow.json", rulesFile = folder / "cellular-depths.rules.json";
        Project project = loadProject(projectFile, builtinStages());
        const std::string oldProject = readTextFile(projectFile), oldRules = readTextFile(rulesFile);
        StageEntry* populate = nullptr;
        for (StageEntry& e : project.recipe.stages)
            if (e.type == "populate") populate = &e;
        QVERIFY(populate && populate->rules && !populate->rules->groups.empty());
        PopulationRules changed = *populate->rules;
        changed.groups.back().number.max += 3;
        populate->rules = std::make_shared<PopulationRules>(changed);

        std::signal(SIGXFSZ, SIG_IGN);
        rlimit saved{};
        getrlimit(RLIMIT_FSIZE, &saved);
        rlimit small = saved;
        // The rules as written fit under the limit, the project does not.
        const std::size_t rulesSize = rulesToJson(changed, project.tileKinds).dump(2).size() + 1;
        const std::size_t projectSize = projectToJson(project).dump(2).size() + 1;
        QVERIFY(rulesSize < projectSize);
        small.rlim_cur = (rulesSize + projectSize) / 2;
        setrlimit(RLIMIT_FSIZE, &small);
        QString message;
        try {
            saveProject(project, projectFile);
        } catch (const FileError& e) {
            message = QString::fromStdString(e.what());
        }
        setrlimit(RLIMIT_FSIZE, &saved);
        QVERIFY2(message.contains("cellular-depths.burrow.json") && message.contains("unchanged") && message.contains("too large", Qt::CaseInsensitive),
                 qPrintable(message));
        QCOMPARE(readTextFile(rulesFile), oldRules);
        QCOMPARE(readTextFile(projectFile), oldProject);
        int files = 0;
        for ([[maybe_unused]] const auto& entry : std::filesystem::directory_iterator(folder)) ++files;
        QCOMPARE(files, 2);

        // With room, both land, and the project records what its rules file holds.
        saveProject(project, projectFile);
        std::vector<std::string> notices;
        QVERIFY(loadProject(projectFile, builtinStages(), &notices) == loadProject(projectFile, builtinStages()));
        QVERIFY(notices.empty());
        QVERIFY(readTextFile(rulesFile) != oldRules);
        // A rules file that no longer holds what the project was saved with (as after a
        // crash between the two renames) is noticed when the project is read.
        writeFileAtomically(rulesFile, oldRules);
        (void)loadProject(projectFile, builtinStages(), &notices);
        QCOMPARE(notices.size(), std::size_t(1));
        QVERIFY2(QString::fromStdString(notices[0]).contains("cellular-depths.rules.json holds other rules than this project was saved with"), notices[0].c_str());
    }
};

BURROW_TEST_APPLESS_MAIN(TestAtomicWriter)
#include "test_atomic_writer.moc"
