#pragma once
// Burrow's one source of randomness: xoshiro256** seeded through SplitMix64, with
// our own range mappings so the same seed gives the same numbers on every
// compiler and standard library (std::*_distribution differ between them).
#include <cstdint>
#include <span>
#include <stdexcept>
#include <utility>

namespace burrow {

// SplitMix64's output function: a strong 64-bit mixer, used for seeding and hashing.
std::uint64_t mix64(std::uint64_t value);

// A probability fixed ahead of many draws (a generator's parameter), kept as the
// threshold chance() compares the draw's 53 bits with: the same answers as
// chance(double) (k * 2^-53 < p exactly when k < ceil(p * 2^53)), without turning
// each draw into a double. A maze draws one a carve; a noise fill one a cell.
class Odds {
public:
    explicit Odds(double p);
    std::uint64_t threshold() const { return threshold_; }

private:
    std::uint64_t threshold_;
};

class Rng {
public:
    explicit Rng(std::uint64_t seed = 0);

    // Inline: generators draw millions of numbers and the call would cost more than the draw.
    std::uint64_t next64() {
        const std::uint64_t result = rotl(state_[1] * 5, 7) * 9;
        const std::uint64_t t = state_[1] << 17;
        state_[2] ^= state_[0];
        state_[3] ^= state_[1];
        state_[1] ^= state_[2];
        state_[0] ^= state_[3];
        state_[2] ^= t;
        state_[3] = rotl(state_[3], 45);
        return result;
    }
    std::uint32_t next32() { return static_cast<std::uint32_t>(next64() >> 32); }

    // Uniform integer in [0, bound), unbiased (Lemire's multiply-and-reject). bound > 0.
    std::uint32_t below(std::uint32_t bound) { return belowFrom(next32(), bound); }
    // The same from a draw of next32() taken earlier, so a caller can tell where the
    // index will most likely fall before it needs it (scaled(), to fetch memory
    // ahead). The rare redraw of a biased draw comes from the stream.
    std::uint32_t belowFrom(std::uint32_t draw, std::uint32_t bound) {
        if (bound == 0) throw std::invalid_argument("Rng::below needs a bound above 0");
        std::uint64_t product = static_cast<std::uint64_t>(draw) * bound;
        if (static_cast<std::uint32_t>(product) < bound) product = rejectBiased(product, bound);
        return static_cast<std::uint32_t>(product >> 32);
    }
    // What belowFrom(draw, bound) gives unless the draw is redrawn (a chance of at
    // most bound in 2^32).
    static std::uint32_t scaled(std::uint32_t draw, std::uint32_t bound) {
        return static_cast<std::uint32_t>((static_cast<std::uint64_t>(draw) * bound) >> 32);
    }
    // Uniform integer in [lo, hi], both included, unbiased. Throws when lo > hi.
    int range(int lo, int hi);
    // Uniform real in [0, 1) with 53 random bits.
    double unit() { return static_cast<double>(next64() >> 11) * 0x1.0p-53; }
    // True with probability p (p <= 0 never, p >= 1 always).
    bool chance(double p) { return unit() < p; }
    bool chance(const Odds& odds) { return (next64() >> 11) < odds.threshold(); }

    template <typename T>
    void shuffle(std::span<T> items) {
        // Fisher-Yates from the back; each swap partner drawn with below().
        for (std::size_t i = items.size(); i > 1; --i) {
            const auto j = below(static_cast<std::uint32_t>(i));
            std::swap(items[i - 1], items[j]);
        }
    }
    template <typename T>
    const T& pick(std::span<const T> items) {
        if (items.empty()) throw std::invalid_argument("Rng::pick from an empty list");
        return items[below(static_cast<std::uint32_t>(items.size()))];
    }
    // Index chosen with probability proportional to its weight. Negative weights
    // count as zero; throws when no weight is positive.
    std::size_t weightedIndex(std::span<const double> weights);

private:
    static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
    // The rare slow path of below(): redraws while the low half falls in the biased zone.
    std::uint64_t rejectBiased(std::uint64_t product, std::uint32_t bound);

    std::uint64_t state_[4];
};

// Hash of a text, stable forever (64-bit FNV-1a followed by mix64).
std::uint64_t hashText(std::string_view text);

// A seed a designer typed: a decimal number is taken as it is, any other text is
// hashed, so "dragon lair" is as good a seed as 1234.
std::uint64_t seedFromText(std::string_view text);

// Independent generators derived from one master seed and a name, so each stage
// and each depth draws from its own stream and rerolling one leaves the others.
class RandomStreams {
public:
    explicit RandomStreams(std::uint64_t masterSeed) : master_(masterSeed) {}
    std::uint64_t masterSeed() const { return master_; }
    std::uint64_t streamSeed(std::string_view name) const;
    Rng stream(std::string_view name) const { return Rng(streamSeed(name)); }

private:
    std::uint64_t master_;
};

} // namespace burrow
