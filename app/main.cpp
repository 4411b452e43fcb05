// `burrow`: the editor by default, headless subcommands when the first argument
// names one. Subcommands never create a QApplication, so they run without a display.
// Built without the editor (BURROW_EDITOR=OFF), it is the subcommands alone.
#ifdef BURROW_WITH_EDITOR
#include <QApplication>
#include <QMessageBox>
#endif

#include <csignal>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include "cli/cli.h"
#ifdef BURROW_WITH_EDITOR
#include "main_window.h"
#include "style/theme.h"
#endif

int main(int argc, char* argv[]) {
#if defined(SIGXFSZ)
    // Past a file-size limit (ulimit -f) the default is to kill the process, losing the
    // editor's unsaved work and leaving a temporary behind. Ignored, the write fails
    // with EFBIG instead, and the writer reports it and removes its temporary.
    std::signal(SIGXFSZ, SIG_IGN);
#endif
    const std::vector<std::string> args(argv + 1, argv + argc);
    if (auto exitCode = burrow::cli::run(args, std::cout, std::cerr)) return *exitCode;
    if (args.size() > 1 || (!args.empty() && args[0].rfind("-", 0) == 0)) {
        std::cerr << "burrow: unknown command or option \"" << args[0] << "\"\n\n" << burrow::cli::usage();
        return 2;
    }
    // A word that is neither a command nor a file is a mistake: say so before any window opens.
    if (!args.empty() && !std::filesystem::is_regular_file(args[0])) {
        std::cerr << "burrow: \"" << args[0] << "\" is neither a command nor a project file\n\n" << burrow::cli::usage();
        return 2;
    }

#ifdef BURROW_WITH_EDITOR
    QApplication app(argc, argv);
    QApplication::setOrganizationName("Burrow");
    QApplication::setApplicationName("Burrow");
    QApplication::setApplicationVersion(BURROW_VERSION);

    burrow::ui::applyTheme(burrow::ui::savedTheme());
    burrow::ui::MainWindow window;
    const QString file = args.empty() ? burrow::ui::MainWindow::defaultExampleProject() : QString::fromStdString(args[0]);
    window.show();
    if (!file.isEmpty()) window.openProject(file);
    return app.exec();
#else
    std::cerr << "burrow: this build has no editor (built with BURROW_EDITOR=OFF): give a command\n\n" << burrow::cli::usage();
    return 2;
#endif
}
