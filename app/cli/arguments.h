#pragma once
// A small, strict argument reader shared by the subcommands: options are
// `--name value` or `--name=value`, flags are `--name`; anything unknown is an error.
#include <map>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

namespace burrow::cli {

struct UsageError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

class Arguments {
public:
    // `valued`: options that take a value; `flags`: options that do not.
    Arguments(const std::vector<std::string>& args, const std::set<std::string>& valued, const std::set<std::string>& flags);

    const std::vector<std::string>& positional() const { return positional_; }
    bool flag(const std::string& name) const { return flags_.count(name) != 0; }
    std::optional<std::string> value(const std::string& name) const; // the last given
    std::vector<std::string> values(const std::string& name) const;  // every one given, in order
    // --name as a whole number in [lo, hi], or `fallback` when absent; UsageError otherwise.
    int integer(const std::string& name, int fallback, int lo, int hi) const;

private:
    std::vector<std::string> positional_;
    std::set<std::string> flags_;
    std::map<std::string, std::vector<std::string>> values_;
};

} // namespace burrow::cli
