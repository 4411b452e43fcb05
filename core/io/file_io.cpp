#include "io/file_io.h"


#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <new>
#include <system_error>
#include <vector>

#include "io/diagnostic.h"
#include "io/file_transaction.h"

namespace burrow {

FileError::FileError(std::string file, std::vector<Diagnostic> problems)
    : std::runtime_error([&] {
          std::string text;
          for (const auto& p : problems) text += (text.empty() ? "" : "\n") + formatDiagnostic(file, p);
          return text.empty() ? file + ": unusable file" : text;
      }()),
      file_(std::move(file)), problems_(std::move(problems)) {}

std::string formatDiagnostic(const std::string& file, const Diagnostic& d) {
    return file + ": " + (d.path.empty() ? "" : "at " + d.path + ": ") + d.message;
}

std::string errorText(const std::exception& e) {
    if (dynamic_cast<const std::bad_alloc*>(&e))
        return "out of memory: the level (or the levels made at once) needs more than this machine has; try fewer --jobs or a smaller size";
    return e.what();
}

std::string numberText(double value, int significantDigits) {
    char text[40];
    std::snprintf(text, sizeof text, "%.*g", significantDigits, value);
    return text;
}

std::string shortText(const std::string& text, std::size_t most) {
    if (text.size() <= most) return text;
    std::size_t cut = most;
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut; // not inside a UTF-8 character
    return text.substr(0, cut) + "… (" + std::to_string(text.size()) + " bytes)";
}

std::string readTextFile(const std::filesystem::path& path) { return readTextFile(path, kMaxInputFileBytes, "a file"); }

void checkFileName(const std::string& name) {
    const auto bad = std::find_if(name.begin(), name.end(), [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7f; });
    if (bad == name.end()) return;
    std::string shown;
    for (char c : name) {
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) {
            char code[8];
            std::snprintf(code, sizeof code, "\\x%02x", static_cast<unsigned>(static_cast<unsigned char>(c)));
            shown += code;
        } else {
            shown += c;
        }
    }
    throw FileError(shortText(shown, 300), {{"", "a file name with a control character (" + shown.substr(static_cast<std::size_t>(bad - name.begin()), 4) +
                                                      ") is refused: a file name is printable text"}});
}

std::string readTextFile(const std::filesystem::path& path, std::size_t maxBytes, const std::string& what) {
    const std::string name = path.string();
    checkFileName(name);
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) throw FileError(name, {{"", "is a folder, not a file"}});
    const auto size = std::filesystem::file_size(path, ec);
    if (ec) throw FileError(name, {{"", "cannot be read: " + ec.message()}});
    if (size > maxBytes)
        throw FileError(name, {{"", "is " + std::to_string(size) + " bytes; " + what + " over " + std::to_string(maxBytes) + " bytes is refused"}});
    std::ifstream in(path, std::ios::binary);
    if (!in) throw FileError(name, {{"", std::string("cannot be opened: ") + std::strerror(errno)}});
    std::string text(static_cast<std::size_t>(size), '\0');
    in.read(text.data(), static_cast<std::streamsize>(size));
    text.resize(static_cast<std::size_t>(in.gcount()));
    return text;
}

namespace {

// Builds the document from the parser's events (SAX) in one linear pass. It stops
// nesting deeper than kMaxJsonDepth before anything recursive (copying, printing,
// freeing a value) can run out of stack on it, and knows where it is, so an error
// names the field ("/recipe/2/params/fill"). nlohmann's own DOM parser with a
// callback rescans the parent object at every object's end: quadratic in a list of
// objects, and the reason this is not that.
class DocumentBuilder {
public:
    using json = nlohmann::json;
    enum class Failure { None, TooDeep, Syntax, TooLarge, TooMuchMemory };

    // `memoryBudget`: about how many bytes the document may take once built.
    DocumentBuilder(json& root, std::size_t memoryBudget) : root_(root), budget_(memoryBudget) {}

    bool null() { return add(json(nullptr)); }
    bool boolean(bool v) { return add(json(v)); }
    bool number_integer(json::number_integer_t v) { return add(json(v)); }
    bool number_unsigned(json::number_unsigned_t v) { return add(json(v)); }
    bool number_float(json::number_float_t v, const json::string_t&) { return add(json(v)); }
    bool string(json::string_t& v) { return add(json(std::move(v))); }
    bool binary(json::binary_t& v) { return add(json(json::binary_t(std::move(v)))); }
    bool start_object(std::size_t) { return open(json::object()); }
    bool start_array(std::size_t) { return open(json::array()); }
    bool key(json::string_t& k) {
        stack_.back().key = std::move(k);
        return true;
    }
    bool end_object() { return close(); }
    bool end_array() { return close(); }
    bool parse_error(std::size_t byte, const std::string&, const nlohmann::detail::exception& e) {
        // 406: a number beyond what a double holds (1e400); the rest are syntax.
        failure_ = e.id == 406 ? Failure::TooLarge : Failure::Syntax;
        errorByte_ = byte;
        message_ = e.what();
        return false;
    }

    Failure failure() const { return failure_; }
    std::size_t memoryUsed() const { return used_; }
    std::size_t errorByte() const { return errorByte_; }
    const std::string& message() const { return message_; }

    // Where the parser is, as a JSON pointer: the field that failed.
    std::string path() const {
        std::string out;
        for (std::size_t i = 0; i < stack_.size(); ++i) {
            const Frame& f = stack_[i];
            if (f.node->is_array()) {
                // A container still open has been added to its parent; a failing value has not.
                const std::size_t size = f.node->size();
                const bool innermost = i + 1 == stack_.size();
                out += "/" + std::to_string(innermost || size == 0 ? size : size - 1);
            } else {
                out += "/";
                for (char c : f.key) out += c == '~' ? std::string("~0") : c == '/' ? std::string("~1") : std::string(1, c);
            }
        }
        return out;
    }

private:
    struct Frame {
        json* node;
        std::string key; // the member being read, in an object
    };

    // Where the next value goes: the root, the end of an array, or the member just named.
    json* place(json value) {
        if (stack_.empty()) {
            root_ = std::move(value);
            return &root_;
        }
        Frame& top = stack_.back();
        if (top.node->is_array()) {
            top.node->push_back(std::move(value));
            return &top.node->back();
        }
        json& slot = (*top.node)[top.key]; // a repeated key keeps its last value, as nlohmann does
        slot = std::move(value);
        return &slot;
    }
    // What a value costs once in the document, roughly: the value itself, a long
    // string's heap block, an object member's map node and key, a container's own
    // block. Counted as it is read, so a file of a million "{}" is refused before it
    // has taken a gigabyte, not after.
    bool afford(const json& value) {
        std::size_t cost = sizeof(json);
        if (value.is_string()) cost += value.get_ref<const json::string_t&>().size() + 32;
        if (value.is_structured()) cost += 64;
        if (!stack_.empty() && stack_.back().node->is_object()) cost += stack_.back().key.size() + 96;
        used_ += cost;
        if (used_ <= budget_) return true;
        failure_ = Failure::TooMuchMemory;
        return false;
    }
    bool add(json value) {
        if (!afford(value)) return false;
        place(std::move(value));
        return true;
    }
    bool open(json container) {
        if (stack_.size() >= kMaxJsonDepth) {
            failure_ = Failure::TooDeep;
            return false;
        }
        if (!afford(container)) return false;
        json* node = place(std::move(container));
        stack_.push_back({node, {}});
        return true;
    }
    bool close() {
        stack_.pop_back();
        return true;
    }

    json& root_;
    std::size_t budget_;
    std::size_t used_ = 0;
    std::vector<Frame> stack_;
    Failure failure_ = Failure::None;
    std::size_t errorByte_ = 0;
    std::string message_;
};

} // namespace

nlohmann::json parseJsonText(const std::string& text, const std::string& name) {
    nlohmann::json root;
    DocumentBuilder builder(root, kJsonMemoryPerByte * text.size() + kJsonMemoryFloor);
    const bool parsed = nlohmann::json::sax_parse(text, &builder, nlohmann::json::input_format_t::json, true);
    if (parsed) return root;
    switch (builder.failure()) {
    case DocumentBuilder::Failure::TooDeep:
        throw FileError(name, {{builder.path(), "nested more than " + std::to_string(kMaxJsonDepth) +
                                                     " levels deep; Burrow's files need fewer than 10, so this is refused"}});
    case DocumentBuilder::Failure::TooLarge:
        throw FileError(name, {{builder.path(), "a number too large to read (beyond about 1.8e308)"}});
    case DocumentBuilder::Failure::TooMuchMemory:
        throw FileError(name, {{builder.path(), "holds more values than a file of " + std::to_string(text.size()) +
                                                     " bytes can be read into within " + std::to_string(kJsonMemoryPerByte) +
                                                     " times its size; this many tiny values is no file Burrow writes, so it is refused"}});
    case DocumentBuilder::Failure::Syntax:
    case DocumentBuilder::Failure::None: break;
    }
    // Turn the byte offset into a line and column a text editor can jump to.
    std::size_t line = 1, column = 1;
    const std::size_t end = std::min<std::size_t>(builder.errorByte() == 0 ? 0 : builder.errorByte() - 1, text.size());
    for (std::size_t i = 0; i < end; ++i) {
        if (text[i] == '\n') { ++line; column = 1; } else { ++column; }
    }
    std::string message = builder.message();
    if (auto pos = message.find("syntax error"); pos != std::string::npos) message = message.substr(pos);
    // The parser quotes the last token read; a hostile one can be megabytes long.
    message = shortText(message, 200);
    throw FileError(name, {{"", "is not valid JSON (line " + std::to_string(line) + ", column " + std::to_string(column) + "): " + message}});
}

nlohmann::json parseJsonFile(const std::filesystem::path& path) { return parseJsonText(readTextFile(path), path.string()); }

void writeFileAtomically(const std::filesystem::path& path, const FileProducer& produce) {
    FileTransaction save;
    save.add(path, produce);
    save.commit();
}

void writeFileAtomically(const std::filesystem::path& path, const std::string& contents) {
    writeFileAtomically(path, [&](const FileSink& write) { write(contents); });
}

} // namespace burrow
