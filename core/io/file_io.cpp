#include "io/file_io.h"

#if !defined(_WIN32)
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

#include <cerrno>
#include <cstring>
#include <fstream>
#include <system_error>
#include <vector>

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

namespace {

// Follows where the parser is, as a JSON pointer, so an error the parser raises
// itself (a number too large for a double) can name the field; and stops nesting
// deeper than kMaxJsonDepth before anything recursive (copying, printing, freeing a
// value) can run out of stack on it.
class JsonPathTracker {
public:
    struct TooDeep {};

    bool operator()(int depth, nlohmann::json::parse_event_t event, nlohmann::json& /*parsed*/) {
        using E = nlohmann::json::parse_event_t;
        switch (event) {
        case E::object_start:
        case E::array_start:
            if (depth >= static_cast<int>(kMaxJsonDepth)) throw TooDeep{};
            frames_.push_back({event == E::array_start, 0, {}});
            break;
        case E::key:
            if (!frames_.empty()) frames_.back().key = keyOf(pendingKey_);
            break;
        case E::object_end:
        case E::array_end:
            if (!frames_.empty()) frames_.pop_back();
            advance();
            break;
        case E::value: advance(); break;
        }
        return true;
    }
    // The key callback hands over the key as a json string.
    void noteKey(const nlohmann::json& key) { pendingKey_ = key; }

    // The field being read now ("/recipe/2/params/fill").
    std::string path() const {
        std::string out;
        for (const Frame& f : frames_) out += "/" + (f.array ? std::to_string(f.index) : escape(f.key));
        return out;
    }

private:
    struct Frame {
        bool array = false;
        std::size_t index = 0;
        std::string key;
    };
    static std::string keyOf(const nlohmann::json& key) { return key.is_string() ? key.get<std::string>() : std::string(); }
    static std::string escape(const std::string& key) {
        std::string out;
        for (char c : key) out += c == '~' ? std::string("~0") : c == '/' ? std::string("~1") : std::string(1, c);
        return out;
    }
    void advance() {
        if (!frames_.empty() && frames_.back().array) ++frames_.back().index;
    }
    std::vector<Frame> frames_;
    nlohmann::json pendingKey_;
};

} // namespace

nlohmann::json parseJsonText(const std::string& text, const std::string& name) {
    JsonPathTracker tracker;
    try {
        return nlohmann::json::parse(text, [&](int depth, nlohmann::json::parse_event_t event, nlohmann::json& parsed) {
            if (event == nlohmann::json::parse_event_t::key) tracker.noteKey(parsed);
            return tracker(depth, event, parsed);
        });
    } catch (const JsonPathTracker::TooDeep&) {
        throw FileError(name, {{tracker.path(), "nested more than " + std::to_string(kMaxJsonDepth) +
                                                    " levels deep; Burrow's files need fewer than 10, so this is refused"}});
    } catch (const nlohmann::json::parse_error& e) {
        // Turn the byte offset into a line and column a text editor can jump to.
        std::size_t line = 1, column = 1;
        const std::size_t end = std::min<std::size_t>(e.byte == 0 ? 0 : e.byte - 1, text.size());
        for (std::size_t i = 0; i < end; ++i) {
            if (text[i] == '\n') { ++line; column = 1; } else { ++column; }
        }
        std::string message = e.what();
        if (auto pos = message.find("syntax error"); pos != std::string::npos) message = message.substr(pos);
        throw FileError(name, {{"", "is not valid JSON (line " + std::to_string(line) + ", column " + std::to_string(column) + "): " + message}});
    } catch (const nlohmann::json::out_of_range&) {
        // The only range error parsing raises: a number beyond what a double holds (1e400).
        throw FileError(name, {{tracker.path(), "a number too large to read (beyond about 1.8e308)"}});
    } catch (const nlohmann::json::exception& e) {
        throw FileError(name, {{tracker.path(), std::string("cannot be read: ") + e.what()}});
    }
}

nlohmann::json parseJsonFile(const std::filesystem::path& path) { return parseJsonText(readTextFile(path), path.string()); }

namespace {

[[noreturn]] void saveFailed(const std::string& file, const std::string& why) {
    throw FileError(file, {{"", "cannot be saved: " + why + "; the old file is unchanged"}});
}

// Where the bytes of `path` really live: a symlink is written through to its
// target (the link stays a link), following chains of links.
std::filesystem::path resolvedTarget(const std::filesystem::path& path) {
    std::filesystem::path target = path;
    for (int hops = 0; hops < 40; ++hops) {
        std::error_code ec;
        if (!std::filesystem::is_symlink(std::filesystem::symlink_status(target, ec))) return target;
        const std::filesystem::path next = std::filesystem::read_symlink(target, ec);
        if (ec) return target;
        target = next.is_absolute() ? next : target.parent_path() / next;
    }
    return target;
}

} // namespace

#if defined(_WIN32)
void writeFileAtomically(const std::filesystem::path& path, const FileProducer& produce) {
    const std::string name = path.string();
    std::filesystem::path temp = path;
    temp += ".saving~";
    {
        std::ofstream out(temp, std::ios::binary | std::ios::trunc);
        if (!out) saveFailed(name, std::strerror(errno));
        auto removeTemp = [&] {
            out.close();
            std::error_code ignored;
            std::filesystem::remove(temp, ignored);
        };
        try {
            produce([&](std::string_view piece) {
                out.write(piece.data(), static_cast<std::streamsize>(piece.size()));
                if (!out) throw FileError(name, {{"", "cannot be saved: writing failed (disk full?); the old file is unchanged"}});
            });
        } catch (...) {
            removeTemp();
            throw;
        }
        out.flush();
        if (!out) {
            removeTemp();
            saveFailed(name, "writing failed (disk full?)");
        }
    }
    std::error_code ec;
    std::filesystem::rename(temp, path, ec);
    if (ec) {
        std::error_code ignored;
        std::filesystem::remove(temp, ignored);
        saveFailed(name, ec.message());
    }
}
#else
// A temporary file beside the target (same filesystem, so the rename is atomic),
// every write checked (a full disk shows as a short or failed write), flushed to
// the disk before the rename (so a crash never leaves a renamed but empty file),
// the target's permissions kept, and on any failure the temporary removed and the
// target untouched.
void writeFileAtomically(const std::filesystem::path& path, const FileProducer& produce) {
    const std::string name = path.string();
    const std::filesystem::path target = resolvedTarget(path);
    const std::filesystem::path folder = target.has_parent_path() ? target.parent_path() : std::filesystem::path(".");
    std::string temp = (folder / ("." + target.filename().string() + ".saving-XXXXXX")).string();
    const int fd = ::mkstemp(temp.data());
    if (fd < 0) saveFailed(name, std::string("cannot create a file in ") + folder.string() + ": " + std::strerror(errno));
    bool cleanedUp = false;
    auto fail = [&](const std::string& why) {
        cleanedUp = true;
        ::close(fd);
        ::unlink(temp.c_str());
        saveFailed(name, why);
    };
    struct stat existing {};
    const bool exists = ::stat(target.c_str(), &existing) == 0;
    if (exists && !S_ISREG(existing.st_mode)) fail("it is not a regular file");
    // mkstemp makes the file 0600: give it the old file's mode, or what a new file
    // would get under the umask.
    mode_t mode = 0;
    if (exists) mode = existing.st_mode & 07777;
    else {
        const mode_t mask = ::umask(0);
        ::umask(mask);
        mode = 0666 & ~mask;
    }
    if (::fchmod(fd, mode) != 0) fail(std::string("cannot set its permissions: ") + std::strerror(errno));
    auto writePiece = [&](std::string_view piece) {
        const char* data = piece.data();
        std::size_t left = piece.size();
        while (left > 0) {
            const ssize_t wrote = ::write(fd, data, left);
            if (wrote < 0) {
                if (errno == EINTR) continue;
                fail(std::strerror(errno)); // "No space left on device", "File too large" ...
            }
            if (wrote == 0) fail("the disk took no more data");
            data += wrote;
            left -= static_cast<std::size_t>(wrote);
        }
    };
    // Whatever the producer throws (a failed write above, or its own error) leaves
    // no temporary behind and the target as it was.
    try {
        produce(writePiece);
    } catch (...) {
        if (!cleanedUp) {
            ::close(fd);
            ::unlink(temp.c_str());
        }
        throw;
    }
    if (::fsync(fd) != 0) fail(std::string("flushing to disk failed: ") + std::strerror(errno));
    if (::close(fd) != 0) {
        ::unlink(temp.c_str());
        saveFailed(name, std::string("closing failed: ") + std::strerror(errno));
    }
    if (::rename(temp.c_str(), target.c_str()) != 0) {
        const int error = errno;
        ::unlink(temp.c_str());
        saveFailed(name, std::string("cannot replace the file: ") + std::strerror(error));
    }
    // The rename itself is durable once the folder is flushed too (best effort:
    // some filesystems refuse fsync on folders).
    if (const int dir = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY); dir >= 0) {
        ::fsync(dir);
        ::close(dir);
    }
}
#endif

void writeFileAtomically(const std::filesystem::path& path, const std::string& contents) {
    writeFileAtomically(path, [&](const FileSink& write) { write(contents); });
}

} // namespace burrow
