#pragma once
// What the runtime tests share: the examples, an owning handle for the C API's
// pointers, and reading a file whole.
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "burrow/burrow.h"

namespace burrow::runtime_test {

inline std::string example(const std::string& stem) { return std::string(BURROW_EXAMPLES) + "/" + stem + ".burrow.json"; }

// Every example project, by path.
inline std::vector<std::string> exampleProjects() {
    std::vector<std::string> paths;
    for (const auto& entry : std::filesystem::directory_iterator(BURROW_EXAMPLES))
        if (entry.path().string().ends_with(".burrow.json")) paths.push_back(entry.path().string());
    std::sort(paths.begin(), paths.end());
    return paths;
}

inline std::string fileText(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

struct ProjectFree {
    void operator()(burrow_project* p) const { burrow_project_free(p); }
};
struct LevelFree {
    void operator()(burrow_level* l) const { burrow_level_free(l); }
};
struct ErrorFree {
    void operator()(burrow_error* e) const { burrow_error_free(e); }
};
using ProjectPtr = std::unique_ptr<burrow_project, ProjectFree>;
using LevelPtr = std::unique_ptr<burrow_level, LevelFree>;
using ErrorPtr = std::unique_ptr<burrow_error, ErrorFree>;

inline std::string messageOf(const burrow_error* e) {
    const char* m = burrow_error_message(e);
    return m ? m : "(no error)";
}

} // namespace burrow::runtime_test
