#include "content/acceptance_rules.h"

#include <cstdio>

namespace burrow {

namespace {
std::string number(double v) {
    char text[32];
    std::snprintf(text, sizeof text, "%.6g", v);
    return text;
}
} // namespace

std::string describeRule(const AcceptanceRule& rule) {
    std::string text = rule.metric;
    if (rule.min && rule.max) text += " in " + number(*rule.min) + ".." + number(*rule.max);
    else if (rule.min) text += " >= " + number(*rule.min);
    else if (rule.max) text += " <= " + number(*rule.max);
    if (rule.eachDepth) text += " on every depth";
    else if (rule.depth) text += " on depth " + std::to_string(*rule.depth);
    return text;
}

} // namespace burrow
