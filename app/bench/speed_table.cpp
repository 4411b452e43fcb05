#include "speed_table.h"

#include <cstdio>
#include <sstream>

#include "io/file_io.h"

namespace burrow::bench {
namespace {

constexpr const char* kBegin = "<!-- bench:begin -->";
constexpr const char* kEnd = "<!-- bench:end -->";

// Three significant figures, in the unit a reader expects at that size.
std::string duration(double ms) {
    char text[32];
    if (ms >= 1000) std::snprintf(text, sizeof text, "%.2f s", ms / 1000);
    else if (ms >= 100) std::snprintf(text, sizeof text, "%.0f ms", ms);
    else if (ms >= 10) std::snprintf(text, sizeof text, "%.1f ms", ms);
    else std::snprintf(text, sizeof text, "%.2f ms", ms);
    return text;
}

// " (123 MB/s)" for a case that reads `bytes` in `ms`; nothing for the others.
std::string rate(double bytes, double ms) {
    if (bytes <= 0 || ms <= 0) return {};
    char text[32];
    std::snprintf(text, sizeof text, " (%.0f MB/s)", bytes / 1e6 / (ms / 1000));
    return text;
}

// A table cell: a '|' would end the cell early.
std::string cell(std::string text) {
    for (std::size_t at = text.find('|'); at != std::string::npos; at = text.find('|', at + 2)) text.replace(at, 1, "\\|");
    return text;
}

// The text between the markers: [begin, end) offsets, or nothing with `why`.
std::optional<std::pair<std::size_t, std::size_t>> tableSpan(const std::string& readme, std::string& why) {
    const std::size_t begin = readme.find(kBegin);
    const std::size_t end = begin == std::string::npos ? std::string::npos : readme.find(kEnd, begin);
    if (end == std::string::npos) {
        why = std::string("no table between ") + kBegin + " and " + kEnd;
        return std::nullopt;
    }
    const std::size_t start = readme.find('\n', begin);
    return std::pair{start == std::string::npos || start > end ? end : start + 1, end};
}

// The first two cells of a table row ("| name | size | ..."), unescaped.
std::optional<std::pair<std::string, std::string>> nameAndSize(const std::string& line) {
    std::vector<std::string> cells;
    std::string current;
    for (std::size_t i = 1; i < line.size() && cells.size() < 2; ++i) {
        if (line[i] == '\\' && i + 1 < line.size() && line[i + 1] == '|') {
            current += '|';
            ++i;
        } else if (line[i] == '|') {
            cells.push_back(current);
            current.clear();
        } else {
            current += line[i];
        }
    }
    if (line.empty() || line[0] != '|' || cells.size() < 2) return std::nullopt;
    const auto trim = [](std::string s) {
        s.erase(0, s.find_first_not_of(' '));
        s.erase(s.find_last_not_of(' ') + 1);
        return s;
    };
    return std::pair{trim(cells[0]), trim(cells[1])};
}

} // namespace

std::string speedTable(const std::vector<Measured>& measured, int runs) {
    bool fresh = false;
    for (const Measured& m : measured) fresh |= m.freshMs.has_value();
    std::ostringstream out;
    out << "| case | size | median of " << runs << (fresh ? " | fresh process" : "") << " | target |\n";
    out << "|---|---|---|" << (fresh ? "---|" : "") << "---|\n";
    for (const Measured& m : measured) {
        out << "| " << cell(m.c->name) << " | " << cell(m.c->size) << " | " << duration(m.ms) << rate(m.c->bytes, m.ms) << " | ";
        if (fresh) out << (m.freshMs ? duration(*m.freshMs) + rate(m.c->bytes, *m.freshMs) : "—") << " | ";
        out << cell(m.c->target) << " |\n";
    }
    return out.str();
}

std::string updateSpeedTable(const std::filesystem::path& readme, const std::string& table) {
    try {
        std::string text = readTextFile(readme);
        std::string why;
        const auto span = tableSpan(text, why);
        if (!span) return readme.string() + ": " + why;
        text.replace(span->first, span->second - span->first, table);
        writeFileAtomically(readme, text);
        return "";
    } catch (const std::exception& e) {
        return e.what();
    }
}

std::string checkSpeedTable(const std::filesystem::path& readme, const std::vector<Case>& cases) {
    std::string text;
    try {
        text = readTextFile(readme);
    } catch (const std::exception& e) {
        return e.what();
    }
    std::string why;
    const auto span = tableSpan(text, why);
    if (!span) return readme.string() + ": " + why;
    std::vector<std::pair<std::string, std::string>> rows;
    std::istringstream lines(text.substr(span->first, span->second - span->first));
    std::string line;
    for (int n = 0; std::getline(lines, line); ++n)
        if (n >= 2) // the header and its rule
            if (auto row = nameAndSize(line)) rows.push_back(*row);
    std::ostringstream problems;
    const std::size_t count = std::max(rows.size(), cases.size());
    for (std::size_t i = 0; i < count; ++i) {
        const std::string inReadme = i < rows.size() ? rows[i].first + " [" + rows[i].second + "]" : "(nothing)";
        const std::string inBench = i < cases.size() ? cases[i].name + " [" + cases[i].size + "]" : "(nothing)";
        if (inReadme != inBench) problems << readme.string() << ": row " << i + 1 << " of the speed table is " << inReadme << ", the bench's case is " << inBench << "\n";
    }
    if (!problems.str().empty())
        problems << "regenerate it: build/release/app/burrow-bench --runs 3 --fresh --update-readme README.md";
    return problems.str();
}

} // namespace burrow::bench
