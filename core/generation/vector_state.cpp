#include "generation/vector_state.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>

namespace burrow {
namespace {

// AVX for this one function only: the rest of the core runs on any x86-64.
__attribute__((target("avx"))) void zeroUpper() { _mm256_zeroupper(); }

} // namespace

void clearUpperVectorState() {
    static const bool hasAvx = __builtin_cpu_supports("avx");
    if (hasAvx) zeroUpper();
}

} // namespace burrow
#else
namespace burrow {
void clearUpperVectorState() {}
} // namespace burrow
#endif
