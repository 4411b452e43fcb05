// Out of memory crosses the C API as an error, never as an abort: a child process
// whose address space is capped asks for a level far larger than the cap (with a
// budget that lets it try), and must get BURROW_ERROR_MEMORY back and go on.
// Not built in the sanitized build, whose shadow memory cannot live under such a cap.
#include <string>

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "burrow/burrow.h"
#include "runtime_check.h"
#include "runtime_fixtures.h"

using namespace burrow::runtime_test;

namespace {

// In the child: 0 when the level came back as an out-of-memory error and the library
// still works afterwards.
int makeTooLargeALevel() {
    ProjectPtr project(burrow_project_open(example("random-fill").c_str(), nullptr));
    const char* huge[] = {"size=4096x4096x64"};
    ProjectPtr big(burrow_project_with_overrides(project.get(), huge, 1, nullptr));
    if (!big) return 10;
    rlimit cap{};
    cap.rlim_cur = cap.rlim_max = rlim_t{768} << 20; // the level alone needs 1 GiB
    if (setrlimit(RLIMIT_AS, &cap) != 0) return 11;
    burrow_make_options options{};
    options.struct_size = sizeof options;
    options.memory_budget = std::uint64_t{64} << 30; // let it try
    burrow_error* e = nullptr;
    if (burrow_level_make_with(big.get(), 1, &options, &e) != nullptr) return 12;
    const bool outOfMemory = burrow_error_code_of(e) == BURROW_ERROR_MEMORY && messageOf(e) == "out of memory";
    burrow_error_free(e); // the static out-of-memory error: freeing it is allowed and does nothing
    if (!outOfMemory) return 13;
    LevelPtr small(burrow_level_make(project.get(), 1, nullptr)); // still works
    return small ? 0 : 14;
}

} // namespace

RUNTIME_TEST(out_of_memory_is_an_error) {
    const pid_t child = fork();
    if (child == 0) _exit(makeTooLargeALevel());
    int status = 0;
    CHECK(child > 0 && waitpid(child, &status, 0) == child);
    CHECK_MSG(WIFEXITED(status) && WEXITSTATUS(status) == 0,
              WIFEXITED(status) ? "the child exited " + std::to_string(WEXITSTATUS(status)) : "the child died of signal " + std::to_string(WTERMSIG(status)));
}
