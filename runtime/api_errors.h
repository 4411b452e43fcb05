#pragma once
// How the C API keeps its promise that nothing crosses it: every entry point runs
// its body through guarded(), which turns every C++ exception — out of memory
// included — into a burrow_error (or drops it when the caller passed NULL) and a
// failure value.
#include <new>
#include <stdexcept>
#include <string>
#include <utility>

#include "burrow/burrow.h"

namespace burrow::runtime {

// A failure the API reports with its own code (a bad argument, a cancelled level).
struct ApiFailure {
    int code;
    std::string message;
};

// What a progress callback's "stop" throws through the generation.
struct Cancelled {};

// Sets *error (when `error` is not NULL) to a new error. An error that cannot be
// allocated becomes the one out-of-memory error, which needs no allocation.
void setError(burrow_error** error, int code, const std::string& message) noexcept;
// Sets *error from the exception being handled (call only inside a catch block).
void setErrorFromCurrentException(burrow_error** error) noexcept;

// The out-of-memory error is not allocated, so it is not freed.
bool isStaticError(const burrow_error* error) noexcept;

template <typename Result, typename Body>
Result guarded(burrow_error** error, Result failure, Body&& body) noexcept {
    try {
        return std::forward<Body>(body)();
    } catch (...) {
        setErrorFromCurrentException(error);
        return failure;
    }
}

// Throws ApiFailure(BURROW_ERROR_ARGUMENT) saying `what` when `ok` is false.
inline void require(bool ok, const char* what) {
    if (!ok) throw ApiFailure{BURROW_ERROR_ARGUMENT, what};
}

} // namespace burrow::runtime
