#pragma once
// Running the headless subcommands in-process, as `burrow` runs them: the exit code
// and what they printed. Shared by the command line's test files.
#include <QString>

#include <sstream>
#include <string>
#include <vector>

#include "cli/cli.h"

namespace burrow::test {

struct Result {
    int code = -1;
    QString out, err;
};

inline Result runCli(std::vector<std::string> args) {
    std::ostringstream out, err;
    Result r;
    r.code = burrow::cli::run(args, out, err).value_or(-1);
    r.out = QString::fromStdString(out.str());
    r.err = QString::fromStdString(err.str());
    return r;
}

// The example most command tests run on: small, quick, one depth.
inline const std::string kExample = std::string(BURROW_EXAMPLES) + "/random-fill.burrow.json";

// "level hash X" from a command's text output, or the "level_hash" of its JSON.
inline QString levelHashIn(const QString& text) {
    const qsizetype at = text.indexOf("level hash ");
    if (at >= 0) return text.mid(at + 11, 16);
    const qsizetype key = text.indexOf("\"level_hash\": \"");
    return key < 0 ? QString() : text.mid(key + 15, 16);
}

} // namespace burrow::test
