#pragma once
// Where an exported file came from: Burrow's version, the project, the seed and the
// two hashes that make the level again (`burrow generate --seed`) or prove it is the
// same (`burrow stats`). Every format carries them: Tiled maps as map properties,
// PNGs as text chunks, text and CSV maps in a sidecar `<stem>.burrow-meta.json`
// (the maps themselves stay glyphs and numbers only, since games parse them).
#include <string>
#include <utility>
#include <vector>

#include "export/tiled_export.h"

namespace burrow {

// {"burrow_version", "0.2.0"}, {"project", ...}, {"seed", "42"}, {"project_hash", ...},
// {"level_hash", ...}, then {"unfinished", ...} for a level exported before its end.
std::vector<std::pair<std::string, std::string>> provenance(const ExportInfo& info);

// The sidecar of text and CSV exports: the provenance and the files it describes.
std::string provenanceSidecar(const ExportInfo& info, const std::vector<std::string>& files);

} // namespace burrow
