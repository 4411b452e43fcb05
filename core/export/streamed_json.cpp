#include "export/streamed_json.h"

#include <stdexcept>

namespace burrow {
namespace {

constexpr std::size_t kFlushBytes = 1 << 16;

void flushIfLarge(std::string& pending, const FileSink& sink) {
    if (pending.size() < kFlushBytes) return;
    sink(pending);
    pending.clear();
}

// Appends `value` laid out as dump(1) writes it at `indent` (objects and arrays a
// member or element a line, one space deeper than their brackets; empty ones as {}
// and []), handing each binary value, a placeholder, to `placeholder`. Flushes
// `pending` into `sink` between members, so a large document is never held whole.
template <typename Placeholder>
void layOut(const nlohmann::ordered_json& value, std::size_t indent, std::string& pending, const FileSink& sink, const Placeholder& placeholder) {
    if (value.is_binary()) {
        placeholder(value, indent);
        return;
    }
    if (!value.is_structured() || value.empty()) {
        pending += value.dump();
        return;
    }
    const bool object = value.is_object();
    pending += object ? "{\n" : "[\n";
    bool first = true;
    for (auto member = value.begin(); member != value.end(); ++member) {
        if (!first) pending += ",\n";
        first = false;
        pending.append(indent + 1, ' ');
        if (object) {
            pending += nlohmann::ordered_json(member.key()).dump();
            pending += ": ";
        }
        layOut(member.value(), indent + 1, pending, sink, placeholder);
        flushIfLarge(pending, sink);
    }
    pending += '\n';
    pending.append(indent, ' ');
    pending += object ? '}' : ']';
}

} // namespace

void ArrayLines::startElement() {
    buffer_ += any_ ? ",\n" : "[\n";
    buffer_.append(indent_ + 1, ' ');
    any_ = true;
}

void ArrayLines::line(std::string_view elements) {
    startElement();
    buffer_ += elements;
    flushIfLarge(buffer_, sink_);
}

void ArrayLines::value(const nlohmann::ordered_json& element) {
    startElement();
    // Dumped whole, then each line after the first indented to the array's depth:
    // the same text as laid out member by member, at a tenth of the cost (a thing
    // is a few dozen values, and each value's own dump() made a serializer). A line
    // break in JSON text is only ever layout: inside a string it is written \n.
    const std::string text = element.dump(1);
    std::size_t from = 0;
    for (std::size_t at = text.find('\n'); at != std::string::npos; at = text.find('\n', from)) {
        buffer_.append(text, from, at + 1 - from);
        buffer_.append(indent_ + 1, ' ');
        from = at + 1;
    }
    buffer_.append(text, from);
    flushIfLarge(buffer_, sink_);
}

void ArrayLines::finish() {
    if (any_) {
        buffer_ += '\n';
        buffer_.append(indent_, ' ');
        buffer_ += ']';
    } else {
        buffer_ += "[]";
    }
    sink_(buffer_);
    buffer_.clear();
}

nlohmann::ordered_json StreamedJson::array(ArrayWriter write) {
    arrays_.push_back(std::move(write));
    return nlohmann::ordered_json::binary({}, static_cast<std::uint64_t>(arrays_.size() - 1));
}

void StreamedJson::write(const nlohmann::ordered_json& document, const FileSink& sink) const {
    std::string pending;
    layOut(document, 0, pending, sink, [&](const nlohmann::ordered_json& placeholder, std::size_t indent) {
        const std::uint64_t index = placeholder.get_binary().subtype();
        if (index >= arrays_.size()) throw std::logic_error("StreamedJson: a placeholder of another document");
        sink(pending);
        pending.clear();
        ArrayLines lines(sink, indent);
        arrays_[index](lines);
        lines.finish();
    });
    pending += '\n';
    sink(pending);
}

} // namespace burrow
