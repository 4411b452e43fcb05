#pragma once
// Saving several files as one: a project and the rules files it names must never be
// left half old and half new. Every file is written to a temporary beside it and
// flushed to the disk first; only when all of them are whole are they renamed into
// place, the project last. A failure before the renames (a full disk, a file-size
// limit, no permission) removes every temporary and changes nothing.
//
// A crash between two renames cannot be undone here; the project records a hash of
// each rules file it was saved with (`rules_hash`), so reading it again says when a
// rules file is not the one it was saved with.
#include <filesystem>
#include <string>
#include <vector>

#include "io/file_io.h"

namespace burrow {

class FileTransaction {
public:
    FileTransaction() = default;
    ~FileTransaction(); // a transaction never committed leaves no temporary behind
    FileTransaction(const FileTransaction&) = delete;
    FileTransaction& operator=(const FileTransaction&) = delete;

    // Writes `path`'s new contents to a temporary beside it (through a symlink to its
    // target, keeping the old file's permissions) and flushes it. Throws FileError
    // naming `path` and why, after removing every temporary of this transaction.
    void add(const std::filesystem::path& path, const FileProducer& produce);
    void add(const std::filesystem::path& path, const std::string& contents);

    // Renames every temporary into place, in the order added, then flushes the
    // folders. Throws FileError naming the file that could not be replaced (and the
    // ones already replaced) when a rename fails.
    void commit();

private:
    struct Staged {
        std::string name;                // the path as the caller named it, for messages
        std::filesystem::path target;    // where the bytes go (a symlink's target)
        std::string temp;                // the whole new contents, flushed
    };
    [[noreturn]] void fail(const std::string& name, const std::string& why);
    void discard() noexcept;

    std::vector<Staged> staged_;
};

} // namespace burrow
