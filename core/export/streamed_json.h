#pragma once
// A JSON document too large to hold as values: its small parts are values, each of
// its large arrays a placeholder whose elements are written as text, into the file,
// when the document reaches it. An LDtk project of a 1024 x 1024 x 8 level held as
// values took more than 8 GB (about 1,500 bytes a cell); streamed, it holds a row.
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "io/file_io.h"

namespace burrow {

// The elements of one array being written: lines of one or more elements (joined by
// commas already), or values laid out over lines; joined and indented here. Buffered,
// so an element costs no call of the sink.
class ArrayLines {
public:
    ArrayLines(const FileSink& sink, std::size_t indent) : sink_(sink), indent_(indent) {}
    ArrayLines(const ArrayLines&) = delete;
    ArrayLines& operator=(const ArrayLines&) = delete;

    void line(std::string_view elements);
    // One element, laid out over lines as the document around it; no placeholder
    // (StreamedJson::array) may be inside it.
    void value(const nlohmann::ordered_json& element);
    // Closes the array ("]", or "[]" when it has no line) and writes what is left.
    void finish();

private:
    void startElement(); // the separator and the indent before an element

    const FileSink& sink_;
    std::size_t indent_;
    bool any_ = false;
    std::string buffer_;
};

class StreamedJson {
public:
    using ArrayWriter = std::function<void(ArrayLines&)>;

    // A value to put in the document where `write`'s array goes: a binary value,
    // which no JSON text read can hold, so a designer's text never passes for one.
    nlohmann::ordered_json array(ArrayWriter write);
    // The document, laid out as nlohmann's dump(1) (one space a level), each
    // placeholder replaced by its array; then a newline.
    void write(const nlohmann::ordered_json& document, const FileSink& sink) const;

private:
    std::vector<ArrayWriter> arrays_;
};

} // namespace burrow
