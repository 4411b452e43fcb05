#include "export/provenance.h"

#include <nlohmann/json.hpp>

namespace burrow {

std::vector<std::pair<std::string, std::string>> provenance(const ExportInfo& info) {
    std::vector<std::pair<std::string, std::string>> fields = {{"burrow_version", BURROW_VERSION},
                                                               {"project", info.project},
                                                               {"seed", std::to_string(info.seed)}, // text: 64 bits fit no reader's doubles
                                                               {"project_hash", info.projectHash},
                                                               {"level_hash", info.levelHash}};
    if (!info.unfinished.empty()) {
        std::string lacks;
        for (const std::string& what : info.unfinished) lacks += (lacks.empty() ? "" : "; ") + what;
        fields.emplace_back("unfinished", lacks);
    }
    return fields;
}

std::string provenanceSidecar(const ExportInfo& info, const std::vector<std::string>& files) {
    nlohmann::ordered_json doc = {{"format", "burrow-export-meta"}, {"version", 1}};
    for (const auto& [name, value] : provenance(info)) doc[name] = value;
    doc["files"] = files;
    return doc.dump(2) + "\n";
}

} // namespace burrow
