#include "api_errors.h"

#include <exception>

#include "handles.h"
#include "io/diagnostic.h"

namespace burrow::runtime {
namespace {

// The error handed out when memory ran out: allocated with the program, so reporting
// it never allocates; burrow_error_free() knows not to free it.
burrow_error& outOfMemory() {
    static burrow_error error{BURROW_ERROR_MEMORY, "out of memory"};
    return error;
}

} // namespace

bool isStaticError(const burrow_error* error) noexcept { return error == &outOfMemory(); }

void setError(burrow_error** error, int code, const std::string& message) noexcept {
    if (!error) return;
    try {
        *error = new burrow_error{code, message};
    } catch (...) {
        *error = &outOfMemory();
    }
}

void setErrorFromCurrentException(burrow_error** error) noexcept {
    if (!error) return;
    try {
        throw;
    } catch (const ApiFailure& f) {
        setError(error, f.code, f.message);
    } catch (const Cancelled&) {
        setError(error, BURROW_ERROR_CANCELLED, "cancelled: the progress callback asked to stop");
    } catch (const std::bad_alloc&) {
        *error = &outOfMemory();
    } catch (const FileError& e) {
        setError(error, BURROW_ERROR_FILE, e.what());
    } catch (const std::exception& e) {
        setError(error, BURROW_ERROR_INTERNAL, errorText(e));
    } catch (...) {
        setError(error, BURROW_ERROR_INTERNAL, "an unknown error");
    }
}

} // namespace burrow::runtime
