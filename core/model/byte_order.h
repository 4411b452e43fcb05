#pragma once
// The fast passes read eight tiles (or two bytes of cell bits) as one machine word
// and take tile k, or bit k, to be the k-th lowest byte: true on little-endian
// machines only. Every file with such a trick includes this, so a big-endian
// build stops here instead of making other levels than everyone else.
#include <bit>

static_assert(std::endian::native == std::endian::little,
              "Burrow's word-at-a-time tile passes assume a little-endian machine (x86-64, ARM64, RISC-V)");
