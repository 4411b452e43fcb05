#include "analysis/explore_parts.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>
#include <string_view>

#include "io/diagnostic.h"
#include "io/file_io.h"
#include "io/json_checker.h"
#include "random/rng.h"

namespace burrow {

using nlohmann::json;

namespace {

// A row's checksum: of its text with sorted keys and no checksum, so the row read
// back (nlohmann sorts keys) gives the same text it was written from.
std::string rowChecksum(json row) {
    row.erase("checksum");
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(hashText(row.dump())));
    return hex;
}

[[noreturn]] void problem(const std::string& file, int line, const std::string& why) {
    throw FileError(file, {{"", "line " + std::to_string(line) + ": " + why}});
}

PartManifest readManifest(const std::string& file, const std::string& line) {
    const json doc = parseJsonText(line, file + ": line 1");
    std::vector<Diagnostic> problems;
    JsonChecker check(problems);
    PartManifest m;
    // Anything else first (an old part, a row, another file) is said once, not as
    // every manifest field it lacks.
    if (!doc.is_object() || !doc.contains("format") || doc["format"] != kExplorePartFormat)
        problem(file, 1, std::string("expected a part's manifest {\"format\": \"") + kExplorePartFormat +
                             "\", ...}, as `explore --shard` writes first, found " + excerpt(doc));
    {
        check.onlyKnownFields(doc, "", {"format", "version", "project_hash", "first_seed", "last_seed", "shard", "shards", "rows", "accept", "bot"});
        if (const json* v = check.field(doc, "", "version", true); v && *v != kExplorePartVersion)
            check.fail("/version", "this Burrow reads part version " + std::to_string(kExplorePartVersion) + ", found " + excerpt(*v));
        auto seed = [&](const char* key, std::uint64_t& into) {
            if (const json* v = check.field(doc, "", key, true)) {
                if (v->is_number_unsigned()) into = v->get<std::uint64_t>();
                else check.fail(jsonPath("", key), "expected a seed (a whole number), found " + excerpt(*v));
            }
        };
        seed("first_seed", m.first);
        seed("last_seed", m.last);
        if (const json* v = check.field(doc, "", "shards", true))
            if (auto n = check.integer(*v, "/shards", 1, 1'000'000)) m.shards = *n;
        if (const json* v = check.field(doc, "", "shard", true))
            if (auto n = check.integer(*v, "/shard", 1, m.shards)) m.shard = *n;
        if (const json* v = check.field(doc, "", "rows", true))
            if (auto n = check.integer(*v, "/rows", 0, 1'000'000)) m.rows = static_cast<std::size_t>(*n);
        if (const json* v = check.field(doc, "", "project_hash", true))
            if (auto t = check.text(*v, "/project_hash")) m.projectHash = *t;
        if (const json* v = check.field(doc, "", "accept", true))
            if (auto b = check.flag(*v, "/accept")) m.accept = *b;
        if (const json* v = check.field(doc, "", "bot", true))
            if (auto b = check.flag(*v, "/bot")) m.bot = *b;
        if (m.first > m.last) check.fail("/last_seed", "below first_seed");
        else if (m.last - m.first >= kMaxExploreSeeds) check.fail("/last_seed", "more than " + std::to_string(kMaxExploreSeeds) + " seeds in one run");
    }
    if (!problems.empty()) {
        for (Diagnostic& d : problems) d = {"", "line 1 (the manifest): at " + d.path + ": " + d.message};
        throw FileError(file, std::move(problems));
    }
    return m;
}

// Every metric measured lies within its definition, and is there.
std::optional<std::string> metricsProblem(const SeedResult& r) {
    const auto& catalog = metricCatalog();
    for (std::size_t m = 0; m < catalog.size() && m < r.values.size(); ++m) {
        if (catalog[m].cost > r.upTo) continue;
        if (auto why = metricValueProblem(m, r.values[m])) return "metric \"" + catalog[m].id + "\": " + *why;
    }
    return std::nullopt;
}

} // namespace

std::optional<std::string> metricValueProblem(std::size_t metric, double value) {
    const MetricInfo& info = metricCatalog()[metric];
    if (std::isnan(value)) return info.canBeNone ? std::nullopt : std::optional<std::string>("missing (null), which this metric never is");
    if (!std::isfinite(value)) return "not a finite number";
    if (value < 0) return "negative (" + excerpt(json(value)) + "); it counts or measures, so it is 0 or more";
    if (info.unit == "share" && value > 1) return "a share above 1 (" + excerpt(json(value)) + ")";
    return std::nullopt;
}

bool seedInShard(std::uint64_t seed, const PartManifest& m) {
    return seed >= m.first && seed <= m.last && (seed - m.first) % static_cast<std::uint64_t>(m.shards) == static_cast<std::uint64_t>(m.shard - 1);
}

std::string seedRowLine(const SeedResult& result, const std::string& projectHash) {
    nlohmann::ordered_json row = seedResultToJson(result);
    row["project_hash"] = projectHash;
    row["checksum"] = rowChecksum(json::parse(row.dump()));
    return row.dump() + "\n";
}

std::string seedRowsText(const std::vector<SeedResult>& results, const std::string& projectHash) {
    std::string text;
    for (const SeedResult& r : results) text += seedRowLine(r, projectHash);
    return text;
}

std::string explorePartText(const PartManifest& m, const std::vector<SeedResult>& results) {
    const nlohmann::ordered_json manifest = {{"format", kExplorePartFormat}, {"version", kExplorePartVersion},
                                             {"project_hash", m.projectHash}, {"first_seed", m.first},
                                             {"last_seed", m.last},          {"shard", m.shard},
                                             {"shards", m.shards},           {"rows", results.size()},
                                             {"accept", m.accept},           {"bot", m.bot}};
    return manifest.dump() + "\n" + seedRowsText(results, m.projectHash);
}

ExploreParts readExploreParts(const std::vector<std::filesystem::path>& files, const std::string& projectHash) {
    ExploreParts parts;
    std::map<int, std::string> shardFiles; // shard number -> the file that holds it
    std::set<std::uint64_t> seen;
    for (const std::filesystem::path& path : files) {
        const std::string file = path.string();
        const std::string text = readTextFile(path);
        std::size_t at = 0;
        int line = 0;
        std::optional<PartManifest> manifest;
        std::size_t rows = 0;
        while (at < text.size()) {
            std::size_t end = text.find('\n', at);
            if (end == std::string::npos) end = text.size();
            const std::string content = text.substr(at, end - at);
            at = end + 1;
            ++line;
            if (!manifest) {
                manifest = readManifest(file, content);
                if (manifest->projectHash != projectHash)
                    problem(file, 1, "made from another project (project hash \"" + shortText(manifest->projectHash, 40) + "\", this one is \"" + projectHash + "\")");
                if (parts.rows.empty() && shardFiles.empty()) parts.manifest = *manifest;
                const PartManifest& run = parts.manifest;
                if (manifest->first != run.first || manifest->last != run.last || manifest->shards != run.shards || manifest->accept != run.accept ||
                    manifest->bot != run.bot)
                    problem(file, 1, "from another run than " + shardFiles.begin()->second + " (seeds, shard count, --accept or --bot differ)");
                if (auto other = shardFiles.find(manifest->shard); other != shardFiles.end())
                    problem(file, 1, "shard " + std::to_string(manifest->shard) + " of " + std::to_string(manifest->shards) + " again (also " + other->second + ")");
                shardFiles[manifest->shard] = file;
                continue;
            }
            if (content.empty()) continue;
            const json row = parseJsonText(content, file + ": line " + std::to_string(line));
            if (!row.is_object() || !row.contains("checksum") || !row["checksum"].is_string() || row["checksum"] != rowChecksum(row))
                problem(file, line, "its checksum does not match the row: it was changed or cut after it was written");
            if (!row.contains("project_hash") || row["project_hash"] != projectHash) problem(file, line, "made from another project");
            std::string why;
            auto r = seedResultFromJson(row, why);
            if (!r) problem(file, line, why);
            if (!seedInShard(r->seed, *manifest))
                problem(file, line, "seed " + std::to_string(r->seed) + " is not one of shard " + std::to_string(manifest->shard) + " of " +
                                        std::to_string(manifest->shards) + " over seeds " + std::to_string(manifest->first) + ".." + std::to_string(manifest->last));
            if (!seen.insert(r->seed).second) problem(file, line, "seed " + std::to_string(r->seed) + " is in more than one part");
            if (r->error.empty())
                if (auto wrong = metricsProblem(*r)) problem(file, line, "seed " + std::to_string(r->seed) + ": " + *wrong);
            ++rows;
            parts.rows.push_back({std::move(*r), file, line});
        }
        if (!manifest) throw FileError(file, {{"", "empty: a part starts with its manifest line"}});
        if (rows != manifest->rows)
            problem(file, line, "holds " + std::to_string(rows) + " rows where its manifest says " + std::to_string(manifest->rows) + " (cut short?)");
    }
    if (files.empty()) return parts;
    const PartManifest& run = parts.manifest;
    for (int k = 1; k <= run.shards; ++k)
        if (!shardFiles.count(k))
            throw FileError(shardFiles.begin()->second, {{"", "shard " + std::to_string(k) + " of " + std::to_string(run.shards) + " is missing: merge all " +
                                                                   std::to_string(run.shards) + " parts of the run"}});
    // Every seed of the range is there: the count and no duplicate make it so.
    const std::uint64_t expected = run.last - run.first + 1;
    if (seen.size() != expected) {
        std::uint64_t missing = run.first;
        while (seen.count(missing)) ++missing;
        const PartManifest owner = [&] {
            PartManifest m = run;
            m.shard = static_cast<int>((missing - run.first) % static_cast<std::uint64_t>(run.shards)) + 1;
            return m;
        }();
        throw FileError(shardFiles[owner.shard], {{"", "seed " + std::to_string(missing) + " of its shard is missing (" + std::to_string(seen.size()) + " of " +
                                                           std::to_string(expected) + " seeds in all parts; a part of a run stopped by Ctrl+C?)"}});
    }
    std::sort(parts.rows.begin(), parts.rows.end(), [](const PartRow& a, const PartRow& b) { return a.result.seed < b.result.seed; });
    return parts;
}

} // namespace burrow
