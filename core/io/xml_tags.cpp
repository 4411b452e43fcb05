#include "io/xml_tags.h"

#include <algorithm>
#include <charconv>

namespace burrow {
namespace {

constexpr std::size_t kLongestReference = 10;

bool space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// An attribute value with its entities decoded.
std::string decoded(std::string_view raw) {
    static constexpr std::pair<std::string_view, char> kEntities[] = {{"&amp;", '&'}, {"&lt;", '<'}, {"&gt;", '>'}, {"&quot;", '"'}, {"&apos;", '\''}};
    std::string out;
    for (std::size_t i = 0; i < raw.size(); ++i) {
        if (raw[i] != '&') {
            out += raw[i];
            continue;
        }
        bool done = false;
        for (const auto& [entity, ch] : kEntities)
            if (raw.substr(i, entity.size()) == entity) {
                out += ch;
                i += entity.size() - 1;
                done = true;
                break;
            }
        if (done) continue;
        // A character reference is at most "&#x10FFFF;": look that far for its ';',
        // never further, so a value of N '&'s decodes in linear time.
        const std::size_t semi = raw.substr(0, std::min(raw.size(), i + kLongestReference)).find(';', i);
        unsigned code = 0;
        if (semi != std::string_view::npos && i + 2 < semi && raw[i + 1] == '#') {
            const bool hex = raw[i + 2] == 'x';
            const char* first = raw.data() + i + (hex ? 3 : 2);
            if (std::from_chars(first, raw.data() + semi, code, hex ? 16 : 10).ptr == raw.data() + semi && code > 0 && code < 0x80) {
                out += static_cast<char>(code); // Tiled writes ASCII names and numbers; others stay as written
                i = semi;
                continue;
            }
        }
        out += '&';
    }
    return out;
}

} // namespace

const std::string* XmlTag::attribute(std::string_view key) const {
    for (const auto& [n, v] : attributes)
        if (n == key) return &v;
    return nullptr;
}

std::optional<std::vector<XmlTag>> xmlTags(std::string_view xml) {
    std::vector<XmlTag> tags;
    std::size_t i = 0;
    while ((i = xml.find('<', i)) != std::string_view::npos) {
        const std::string_view rest = xml.substr(i);
        const auto skip = [&](std::string_view open, std::string_view close) {
            if (rest.substr(0, open.size()) != open) return false;
            const std::size_t e = xml.find(close, i + open.size());
            i = e == std::string_view::npos ? xml.size() : e + close.size();
            return true;
        };
        if (skip("<!--", "-->") || skip("<![CDATA[", "]]>") || skip("<?", "?>") || skip("<!", ">")) continue;
        XmlTag tag;
        std::size_t c = i + 1;
        while (c < xml.size() && !space(xml[c]) && xml[c] != '>' && xml[c] != '/') ++c;
        if (c < xml.size() && xml[c] == '/' && c == i + 1) { // an end tag
            ++c;
            while (c < xml.size() && !space(xml[c]) && xml[c] != '>') ++c;
        }
        tag.name = std::string(xml.substr(i + 1, c - i - 1));
        while (true) {
            while (c < xml.size() && space(xml[c])) ++c;
            if (c >= xml.size()) return std::nullopt;
            if (xml[c] == '>') break;
            if (xml[c] == '/') {
                tag.selfClosing = true;
                ++c;
                continue;
            }
            const std::size_t eq = xml.find('=', c);
            if (eq == std::string_view::npos || eq + 1 >= xml.size()) return std::nullopt;
            std::size_t q = eq + 1;
            while (q < xml.size() && space(xml[q])) ++q;
            if (q >= xml.size() || (xml[q] != '"' && xml[q] != '\'')) return std::nullopt;
            const std::size_t close = xml.find(xml[q], q + 1);
            if (close == std::string_view::npos) return std::nullopt;
            std::string name(xml.substr(c, eq - c));
            while (!name.empty() && space(name.back())) name.pop_back();
            tag.attributes.emplace_back(std::move(name), decoded(xml.substr(q + 1, close - q - 1)));
            c = close + 1;
        }
        tag.end = c + 1;
        i = tag.end;
        tags.push_back(std::move(tag));
    }
    return tags;
}

} // namespace burrow
