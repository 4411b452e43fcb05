#include "cli/arguments.h"

namespace burrow::cli {

Arguments::Arguments(const std::vector<std::string>& args, const std::set<std::string>& valued, const std::set<std::string>& flags) {
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& arg = args[i];
        if (arg.size() < 2 || arg.compare(0, 2, "--") != 0 || arg == "--") {
            positional_.push_back(arg);
            continue;
        }
        std::string name = arg.substr(2);
        std::optional<std::string> inlineValue;
        if (auto eq = name.find('='); eq != std::string::npos) {
            inlineValue = name.substr(eq + 1);
            name.resize(eq);
        }
        if (flags.count(name)) {
            if (inlineValue) throw UsageError("--" + name + " takes no value");
            flags_.insert(name);
        } else if (valued.count(name)) {
            if (!inlineValue) {
                if (i + 1 >= args.size()) throw UsageError("--" + name + " needs a value");
                inlineValue = args[++i];
            }
            values_[name].push_back(*inlineValue);
        } else {
            throw UsageError("unknown option --" + name);
        }
    }
}

std::optional<std::string> Arguments::value(const std::string& name) const {
    auto it = values_.find(name);
    if (it == values_.end()) return std::nullopt;
    return it->second.back();
}

std::vector<std::string> Arguments::values(const std::string& name) const {
    auto it = values_.find(name);
    return it == values_.end() ? std::vector<std::string>{} : it->second;
}

int Arguments::integer(const std::string& name, int fallback, int lo, int hi) const {
    const auto v = value(name);
    if (!v) return fallback;
    try {
        std::size_t used = 0;
        const int n = std::stoi(*v, &used);
        if (used == v->size() && n >= lo && n <= hi) return n;
    } catch (const std::exception&) {
    }
    throw UsageError("--" + name + " needs a whole number from " + std::to_string(lo) + " to " + std::to_string(hi));
}

} // namespace burrow::cli
