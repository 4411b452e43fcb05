#include "io/file_io.h"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <system_error>

#include "io/diagnostic.h"

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

std::string readTextFile(const std::filesystem::path& path) {
    const std::string name = path.string();
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) throw FileError(name, {{"", "is a folder, not a file"}});
    const auto size = std::filesystem::file_size(path, ec);
    if (ec) throw FileError(name, {{"", "cannot be read: " + ec.message()}});
    if (size > kMaxInputFileBytes)
        throw FileError(name, {{"", "is " + std::to_string(size) + " bytes; files over " + std::to_string(kMaxInputFileBytes) +
                                        " bytes are refused"}});
    std::ifstream in(path, std::ios::binary);
    if (!in) throw FileError(name, {{"", std::string("cannot be opened: ") + std::strerror(errno)}});
    std::string text(static_cast<std::size_t>(size), '\0');
    in.read(text.data(), static_cast<std::streamsize>(size));
    text.resize(static_cast<std::size_t>(in.gcount()));
    return text;
}

nlohmann::json parseJsonFile(const std::filesystem::path& path) {
    const std::string text = readTextFile(path);
    try {
        return nlohmann::json::parse(text);
    } catch (const nlohmann::json::parse_error& e) {
        // Turn the byte offset into a line and column a text editor can jump to.
        std::size_t line = 1, column = 1;
        const std::size_t end = std::min<std::size_t>(e.byte == 0 ? 0 : e.byte - 1, text.size());
        for (std::size_t i = 0; i < end; ++i) {
            if (text[i] == '\n') { ++line; column = 1; } else { ++column; }
        }
        std::string message = e.what();
        if (auto pos = message.find("syntax error"); pos != std::string::npos) message = message.substr(pos);
        throw FileError(path.string(), {{"", "is not valid JSON (line " + std::to_string(line) + ", column " +
                                                 std::to_string(column) + "): " + message}});
    }
}

void writeFileAtomically(const std::filesystem::path& path, const std::string& contents) {
    const std::string name = path.string();
    std::filesystem::path temp = path;
    temp += ".saving~";
    {
        std::ofstream out(temp, std::ios::binary | std::ios::trunc);
        if (!out) throw FileError(name, {{"", std::string("cannot be written: ") + std::strerror(errno)}});
        out.write(contents.data(), static_cast<std::streamsize>(contents.size()));
        out.flush();
        if (!out) {
            std::error_code ignored;
            std::filesystem::remove(temp, ignored);
            throw FileError(name, {{"", "writing failed (disk full?); the old file is unchanged"}});
        }
    }
    std::error_code ec;
    std::filesystem::rename(temp, path, ec);
    if (ec) {
        std::error_code ignored;
        std::filesystem::remove(temp, ignored);
        throw FileError(name, {{"", "cannot replace the file: " + ec.message() + "; the old file is unchanged"}});
    }
}

} // namespace burrow
