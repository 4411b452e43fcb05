#include "content/acceptance_rules.h"
#include "io/diagnostic.h"

#include <cstdio>

namespace burrow {


std::string describeRule(const AcceptanceRule& rule) {
    std::string text = rule.metric;
    if (rule.min && rule.max) text += " in " + numberText(*rule.min, 6) + ".." + numberText(*rule.max, 6);
    else if (rule.min) text += " >= " + numberText(*rule.min, 6);
    else if (rule.max) text += " <= " + numberText(*rule.max, 6);
    if (rule.eachDepth) text += " on every depth";
    else if (rule.depth) text += " on depth " + std::to_string(*rule.depth);
    return text;
}

} // namespace burrow
