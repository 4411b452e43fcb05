#pragma once
// The files `explore --shard K/N` writes and `explore --merge` reads. A part proves
// it belongs with the others: its first line is a manifest (the project's hash, the
// whole seed range, which shard of how many, how many rows, how the seeds were
// judged), and every row carries a checksum of itself. Reading a set of parts checks
// that they are all the shards of one run, that every seed of the range is there
// exactly once, in its own shard, and that every metric lies within its definition.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "analysis/seed_summary.h"

namespace burrow {

inline constexpr const char* kExplorePartFormat = "burrow-explore-part";
inline constexpr int kExplorePartVersion = 1;
// The most seeds one run judges (`--seeds`' limit).
inline constexpr std::uint64_t kMaxExploreSeeds = 1'000'000;

struct PartManifest {
    std::string projectHash;
    std::uint64_t first = 0, last = 0; // the whole run's seeds, inclusive
    int shard = 1, shards = 1;         // this part is shard `shard` (1-based) of `shards`
    std::size_t rows = 0;              // seeds in this part
    bool accept = false;               // judged with --accept
    bool bot = false;                  // measured with --bot

    friend bool operator==(const PartManifest&, const PartManifest&) = default;
};

// The seeds shard `shard` of `shards` judges: every `shards`-th of [first, last], from
// the `shard`-th on.
bool seedInShard(std::uint64_t seed, const PartManifest& manifest);

// One row of results as a line, with "project_hash" and a "checksum" of the rest.
std::string seedRowLine(const SeedResult& result, const std::string& projectHash);
// Rows only, a line each, in the order given: seeds.jsonl.
std::string seedRowsText(const std::vector<SeedResult>& results, const std::string& projectHash);
// The manifest line, then the rows.
std::string explorePartText(const PartManifest& manifest, const std::vector<SeedResult>& results);

// A row as read, and where it was read from, so a later check (--verify) can name it.
struct PartRow {
    SeedResult result;
    std::string file;
    int line = 0;
};

struct ExploreParts {
    PartManifest manifest; // the run's: every part's, with shard and rows of the first
    std::vector<PartRow> rows; // sorted by seed
};

// Reads and checks a set of parts of one run of the project whose hash is given.
// Throws FileError naming the file and the line of the first problem found.
ExploreParts readExploreParts(const std::vector<std::filesystem::path>& files, const std::string& projectHash);

// Why `value` cannot be the value of metric `metric` ("a share above 1"), or nothing.
std::optional<std::string> metricValueProblem(std::size_t metric, double value);

} // namespace burrow
