#include "io/file_transaction.h"

#if !defined(_WIN32)
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <system_error>

#include "io/diagnostic.h"

namespace burrow {
namespace fs = std::filesystem;

namespace {

// Where the bytes of `path` really live: a symlink is written through to its
// target (the link stays a link), following chains of links.
fs::path resolvedTarget(const fs::path& path) {
    fs::path target = path;
    for (int hops = 0; hops < 40; ++hops) {
        std::error_code ec;
        if (!fs::is_symlink(fs::symlink_status(target, ec))) return target;
        const fs::path next = fs::read_symlink(target, ec);
        if (ec) return target;
        target = next.is_absolute() ? next : target.parent_path() / next;
    }
    return target;
}

fs::path folderOf(const fs::path& file) { return file.has_parent_path() ? file.parent_path() : fs::path("."); }

// Thrown inside add() by the pieces that fail, caught there to clean up first.
struct WriteFailed {
    std::string why;
};

#if defined(_WIN32)
std::string writeTemporary(const fs::path& target, const FileProducer& produce) {
    fs::path temp = target;
    temp += ".saving~";
    std::ofstream out(temp, std::ios::binary | std::ios::trunc);
    if (!out) throw WriteFailed{std::strerror(errno)};
    try {
        produce([&](std::string_view piece) {
            out.write(piece.data(), static_cast<std::streamsize>(piece.size()));
            if (!out) throw WriteFailed{"writing failed (disk full?)"};
        });
        out.flush();
        if (!out) throw WriteFailed{"writing failed (disk full?)"};
    } catch (...) {
        out.close();
        std::error_code ignored;
        fs::remove(temp, ignored);
        throw;
    }
    return temp.string();
}

bool replace(const std::string& temp, const fs::path& target, std::string& why) {
    std::error_code ec;
    fs::rename(temp, target, ec);
    why = ec.message();
    return !ec;
}

void flushFolder(const fs::path&) {}
#else
// A temporary file beside the target (same filesystem, so the rename is atomic),
// every write checked (a full disk or a file-size limit shows as a failed write),
// flushed to the disk before any rename (so a crash never leaves a renamed but empty
// file), with the target's permissions. On failure it is removed and WriteFailed thrown.
std::string writeTemporary(const fs::path& target, const FileProducer& produce) {
    const fs::path folder = folderOf(target);
    std::string temp = (folder / ("." + target.filename().string() + ".saving-XXXXXX")).string();
    const int fd = ::mkstemp(temp.data());
    if (fd < 0) throw WriteFailed{"cannot create a file in " + folder.string() + ": " + std::strerror(errno)};
    bool open = true;
    auto closeAndRemove = [&] {
        if (open) ::close(fd);
        open = false;
        ::unlink(temp.c_str());
    };
    try {
        struct stat existing {};
        const bool exists = ::stat(target.c_str(), &existing) == 0;
        if (exists && !S_ISREG(existing.st_mode)) throw WriteFailed{"it is not a regular file"};
        // mkstemp makes the file 0600: give it the old file's mode, or what a new file
        // would get under the umask.
        mode_t mode = 0;
        if (exists) mode = existing.st_mode & 07777;
        else {
            const mode_t mask = ::umask(0);
            ::umask(mask);
            mode = 0666 & ~mask;
        }
        if (::fchmod(fd, mode) != 0) throw WriteFailed{std::string("cannot set its permissions: ") + std::strerror(errno)};
        produce([&](std::string_view piece) {
            const char* data = piece.data();
            std::size_t left = piece.size();
            while (left > 0) {
                const ssize_t wrote = ::write(fd, data, left);
                if (wrote < 0) {
                    if (errno == EINTR) continue;
                    throw WriteFailed{std::strerror(errno)}; // "No space left on device", "File too large" ...
                }
                if (wrote == 0) throw WriteFailed{"the disk took no more data"};
                data += wrote;
                left -= static_cast<std::size_t>(wrote);
            }
        });
        if (::fsync(fd) != 0) throw WriteFailed{std::string("flushing to disk failed: ") + std::strerror(errno)};
        open = false;
        if (::close(fd) != 0) throw WriteFailed{std::string("closing failed: ") + std::strerror(errno)};
    } catch (...) {
        // Whatever failed (a write, or the producer's own error), no temporary stays.
        closeAndRemove();
        throw;
    }
    return temp;
}

bool replace(const std::string& temp, const fs::path& target, std::string& why) {
    if (::rename(temp.c_str(), target.c_str()) == 0) return true;
    why = std::strerror(errno);
    return false;
}

// A rename is durable once its folder is flushed too (best effort: some
// filesystems refuse fsync on folders).
void flushFolder(const fs::path& folder) {
    if (const int dir = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY); dir >= 0) {
        ::fsync(dir);
        ::close(dir);
    }
}
#endif

} // namespace

FileTransaction::~FileTransaction() { discard(); }

void FileTransaction::discard() noexcept {
    for (const Staged& s : staged_) std::remove(s.temp.c_str());
    staged_.clear();
}

void FileTransaction::fail(const std::string& name, const std::string& why) {
    const bool alone = staged_.empty();
    discard();
    throw FileError(name, {{"", "cannot be saved: " + why + (alone ? "; the old file is unchanged" : "; no file of this save was changed, the old ones are unchanged")}});
}

void FileTransaction::add(const fs::path& path, const FileProducer& produce) {
    const std::string name = path.string();
    const fs::path target = resolvedTarget(path);
    try {
        staged_.push_back({name, target, writeTemporary(target, produce)});
    } catch (const WriteFailed& failed) {
        fail(name, failed.why);
    } catch (...) {
        discard(); // the producer's own error: it passes on, and nothing is left behind
        throw;
    }
}

void FileTransaction::add(const fs::path& path, const std::string& contents) {
    add(path, [&](const FileSink& write) { write(contents); });
}

void FileTransaction::commit() {
    std::vector<fs::path> folders;
    for (std::size_t i = 0; i < staged_.size(); ++i) {
        std::string why;
        if (!replace(staged_[i].temp, staged_[i].target, why)) {
            std::string done;
            for (std::size_t k = 0; k < i; ++k) done += (done.empty() ? "" : ", ") + staged_[k].name;
            const std::string name = staged_[i].name;
            discard(); // the rest stay as they were
            throw FileError(name, {{"", "cannot replace the file: " + why +
                                            (done.empty() ? "; the old file is unchanged" : "; already saved: " + done)}});
        }
        const fs::path folder = folderOf(staged_[i].target);
        if (std::find(folders.begin(), folders.end(), folder) == folders.end()) folders.push_back(folder);
    }
    staged_.clear();
    for (const fs::path& folder : folders) flushFolder(folder);
}

} // namespace burrow
