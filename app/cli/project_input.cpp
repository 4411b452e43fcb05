#include "cli/project_input.h"

#include <filesystem>
#include <iostream>
#include <iterator>
#include <stdexcept>

#include "io/diagnostic.h"
#include "io/file_io.h"
#include "pipeline/builtin_stages.h"

namespace burrow::cli {

std::set<std::string> withOverrideOptions(std::set<std::string> valued) {
    valued.insert(kOverrideOptions.begin(), kOverrideOptions.end());
    return valued;
}

ProjectOverrides overridesOf(const Arguments& a) { return {a.values("set"), a.value("size"), a.values("accept-rule")}; }

namespace {

// Standard input, refused past the size a project file may have (as a file would be).
std::string readStandardInput() {
    std::string text;
    char buffer[1 << 16];
    while (std::cin.read(buffer, sizeof buffer) || std::cin.gcount() > 0) {
        text.append(buffer, static_cast<std::size_t>(std::cin.gcount()));
        if (text.size() > kMaxInputFileBytes)
            throw FileError("standard input", {{"", "is over " + std::to_string(kMaxInputFileBytes >> 20) + " MiB, more than a project file may hold"}});
    }
    return text;
}

} // namespace

ProjectSource readProjectSource(const std::string& project) {
    if (project == "-") return {readStandardInput(), "standard input", std::filesystem::current_path()};
    const std::filesystem::path path = project;
    return {readTextFile(path), path.string(), path.parent_path()};
}

Project projectFromSource(const ProjectSource& source, const ProjectOverrides& overrides, std::ostream& err) {
    std::vector<std::string> notices;
    Project read;
    try {
        read = readProject(source.text, source.name, source.folder, builtinStages(), overrides, &notices);
    } catch (const FileError&) {
        throw;
    } catch (const std::invalid_argument& e) {
        throw UsageError(e.what());
    }
    for (const std::string& n : notices) err << "warning: " << n << "\n";
    return read;
}

Project readCommandProject(const std::string& project, const ProjectOverrides& overrides, std::ostream& err) {
    return projectFromSource(readProjectSource(project), overrides, err);
}

std::string projectStem(const std::string& project) {
    if (project == "-") return "level";
    std::string name = std::filesystem::path(project).filename().string();
    for (const std::string suffix : {".burrow.json", ".json"})
        if (name.size() > suffix.size() && name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0)
            return name.substr(0, name.size() - suffix.size());
    return std::filesystem::path(project).stem().string();
}

} // namespace burrow::cli
