#include "random/rng.h"

#include <charconv>
#include <cmath>
#include <string_view>

namespace burrow {
namespace {
constexpr std::uint64_t kGolden = 0x9e3779b97f4a7c15ULL;
} // namespace

std::uint64_t mix64(std::uint64_t z) {
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

Rng::Rng(std::uint64_t seed) {
    // SplitMix64 expands the seed into the four state words; it never yields an
    // all-zero state, the one state xoshiro cannot leave.
    for (auto& word : state_) {
        seed += kGolden;
        word = mix64(seed);
    }
}

Odds::Odds(double p) : threshold_(0) {
    constexpr double kSpan = 0x1.0p53;
    if (!(p > 0.0)) return; // never, NaN included (unit() < NaN is false)
    // p * 2^53 is exact (a power of two); no 53-bit draw reaches 2^53, so p >= 1 is always.
    threshold_ = p >= 1.0 ? std::uint64_t{1} << 53 : static_cast<std::uint64_t>(std::ceil(p * kSpan));
}

std::uint64_t Rng::rejectBiased(std::uint64_t product, std::uint32_t bound) {
    const std::uint32_t threshold = static_cast<std::uint32_t>(-bound) % bound;
    while (static_cast<std::uint32_t>(product) < threshold) product = static_cast<std::uint64_t>(next32()) * bound;
    return product;
}

int Rng::range(int lo, int hi) {
    if (lo > hi) throw std::invalid_argument("Rng::range: low end " + std::to_string(lo) + " is above high end " + std::to_string(hi));
    const auto span = static_cast<std::uint64_t>(static_cast<std::int64_t>(hi) - lo) + 1; // at most 2^32
    if (span > 0xffffffffULL) return static_cast<int>(static_cast<std::int64_t>(lo) + next32());
    return static_cast<int>(static_cast<std::int64_t>(lo) + below(static_cast<std::uint32_t>(span)));
}

std::size_t Rng::weightedIndex(std::span<const double> weights) {
    double total = 0.0;
    for (double w : weights)
        if (w > 0.0) total += w;
    if (!(total > 0.0)) throw std::invalid_argument("Rng::weightedIndex needs at least one positive weight");
    double target = unit() * total;
    std::size_t last = 0;
    for (std::size_t i = 0; i < weights.size(); ++i) {
        if (!(weights[i] > 0.0)) continue;
        last = i;
        if (target < weights[i]) return i;
        target -= weights[i];
    }
    return last; // rounding left a sliver past the end: it belongs to the last positive weight
}

std::uint64_t hashText(std::string_view text) {
    std::uint64_t hash = 0xcbf29ce484222325ULL;
    for (unsigned char c : text) {
        hash ^= c;
        hash *= 0x100000001b3ULL;
    }
    return mix64(hash);
}

std::uint64_t seedFromText(std::string_view text) {
    std::uint64_t value = 0;
    const auto* end = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), end, value, 10);
    if (!text.empty() && ec == std::errc() && ptr == end && text.front() != '+' && text.front() != '-') return value;
    return hashText(text);
}

std::uint64_t RandomStreams::streamSeed(std::string_view name) const {
    return mix64(master_ ^ mix64(hashText(name) + kGolden));
}

} // namespace burrow
