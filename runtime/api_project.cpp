// The C API's projects, errors and seeds (include/burrow/burrow.h). A project is
// read exactly as the command line reads one (project/project.h's readProject), so
// its errors are the command line's and its hash is `burrow stats`'.
#include <cstring>
#include <memory>
#include <stdexcept>
#include <string_view>

#include "api_errors.h"
#include "handles.h"
#include "io/file_io.h"
#include "pipeline/builtin_stages.h"
#include "pipeline/memory_estimate.h"
#include "random/rng.h"

using burrow::runtime::ApiFailure;
using burrow::runtime::guarded;
using burrow::runtime::require;

namespace {

// Reads (or reads again) `p`'s text with its overrides. A bad override is the
// caller's mistake in words, not a broken file.
void readInto(burrow_project& p) {
    try {
        const burrow::FileSource& files = p.files ? static_cast<const burrow::FileSource&>(*p.files) : burrow::diskFiles();
        p.project = burrow::readProject(p.text, p.name, p.folder, burrow::builtinStages(), p.overrides, nullptr, files);
    } catch (const burrow::FileError&) {
        throw;
    } catch (const std::invalid_argument& e) {
        throw ApiFailure{BURROW_ERROR_OVERRIDE, e.what()};
    }
    p.hash = burrow::projectHash(p.project);
}

// "caves.fill=0.45", "size=120x60", "accept-rule=reachable_share>=0.9".
void addOverride(burrow::ProjectOverrides& overrides, const char* text) {
    require(text != nullptr, "an override is NULL");
    const std::string_view o = text;
    constexpr std::string_view size = "size=", rule = "accept-rule=";
    if (o.starts_with(size)) overrides.size = std::string(o.substr(size.size()));
    else if (o.starts_with(rule)) overrides.acceptRules.emplace_back(o.substr(rule.size()));
    else overrides.sets.emplace_back(o);
}

// A project's text from memory, checked as a file's would be; read by the caller.
std::unique_ptr<burrow_project> projectText(const char* json, size_t length, const char* name) {
    require(json != nullptr, "the project's JSON text is NULL");
    const std::string label = name && *name ? name : "project";
    if (length > burrow::kMaxInputFileBytes)
        throw burrow::FileError(label, {{"", "is over " + std::to_string(burrow::kMaxInputFileBytes >> 20) + " MiB, more than a project file may hold"}});
    auto p = std::make_unique<burrow_project>();
    p->text.assign(json, length);
    p->name = label;
    return p;
}

} // namespace

extern "C" {

const char* burrow_version(void) { return BURROW_VERSION; }

const char* burrow_error_message(const burrow_error* error) { return error ? error->message.c_str() : nullptr; }
int burrow_error_code_of(const burrow_error* error) { return error ? error->code : 0; }
void burrow_error_free(burrow_error* error) {
    if (!burrow::runtime::isStaticError(error)) delete error;
}

int burrow_seed_from_text(const char* text, uint64_t* seed, burrow_error** error) {
    return guarded(error, -1, [&] {
        require(text != nullptr && *text != '\0', "the seed's text is NULL or empty");
        require(seed != nullptr, "the seed's output is NULL");
        *seed = burrow::seedFromText(text);
        return 0;
    });
}

burrow_project* burrow_project_open(const char* path, burrow_error** error) {
    return guarded(error, static_cast<burrow_project*>(nullptr), [&] {
        require(path != nullptr && *path != '\0', "the project's path is NULL or empty");
        auto p = std::make_unique<burrow_project>();
        const std::filesystem::path file = path;
        p->text = burrow::readTextFile(file);
        p->name = file.string();
        p->folder = file.parent_path();
        readInto(*p);
        return p.release();
    });
}

burrow_project* burrow_project_from_json(const char* json, size_t length, const char* name, const char* base_folder, burrow_error** error) {
    return guarded(error, static_cast<burrow_project*>(nullptr), [&] {
        auto p = projectText(json, length, name);
        p->folder = base_folder && *base_folder ? std::filesystem::path(base_folder) : std::filesystem::current_path();
        readInto(*p);
        return p.release();
    });
}

burrow_project* burrow_project_from_json_files(const char* json, size_t length, const char* name, burrow_file_reader reader, void* user_data,
                                               burrow_error** error) {
    return guarded(error, static_cast<burrow_project*>(nullptr), [&] {
        require(reader != nullptr, "the file reader is NULL");
        auto p = projectText(json, length, name);
        p->folder = std::filesystem::path(p->name).parent_path(); // messages name files as the archive holds them
        p->files = std::make_shared<burrow::runtime::GameFiles>(p->folder, reader, user_data);
        readInto(*p);
        p->files->forgetReader();
        return p.release();
    });
}

int burrow_file_bytes(burrow_file* file, const void* bytes, size_t length) {
    return guarded(nullptr, -1, [&] {
        if (!file || (!bytes && length > 0)) return -1;
        file->given = true;
        file->length = length;
        file->tooLarge = length > file->maxBytes; // refused before it is copied
        if (file->tooLarge) return -1;
        file->bytes.assign(static_cast<const char*>(bytes), length);
        return 0;
    });
}

burrow_project* burrow_project_with_overrides(const burrow_project* project, const char* const* overrides, int count, burrow_error** error) {
    return guarded(error, static_cast<burrow_project*>(nullptr), [&] {
        require(project != nullptr, "the project is NULL");
        require(count >= 0 && (count == 0 || overrides != nullptr), "the overrides are NULL or their count is negative");
        auto p = std::make_unique<burrow_project>();
        p->text = project->text;
        p->name = project->name;
        p->folder = project->folder;
        p->files = project->files;
        p->overrides = project->overrides;
        for (int i = 0; i < count; ++i) addOverride(p->overrides, overrides[i]);
        readInto(*p);
        return p.release();
    });
}

void burrow_project_free(burrow_project* project) { delete project; }

const char* burrow_project_name(const burrow_project* project) { return project ? project->project.name.c_str() : nullptr; }
uint64_t burrow_project_seed(const burrow_project* project) { return project ? project->project.seed : 0; }
const char* burrow_project_hash(const burrow_project* project) { return project ? project->hash.c_str() : nullptr; }
int burrow_project_width(const burrow_project* project) { return project ? project->project.size.width : -1; }
int burrow_project_height(const burrow_project* project) { return project ? project->project.size.height : -1; }
int burrow_project_depth(const burrow_project* project) { return project ? project->project.size.depth : -1; }
uint64_t burrow_project_memory_estimate(const burrow_project* project) {
    return project ? burrow::levelMemory(project->project).total(1) : 0;
}

} // extern "C"
