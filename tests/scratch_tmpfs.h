#pragma once
// A real full disk for tests: a small tmpfs mounted over a folder while the object
// lives, which a test fills to the last block. Mounting needs root, as CI runs; a
// test given no mount as root fails (mountError says why), and elsewhere says it
// cannot test.
#include <cerrno>
#include <filesystem>
#include <string>

#include <sys/mount.h>

namespace burrow::test {

class ScratchTmpfs {
public:
    // `size` as mount takes it: "64k", "2m".
    ScratchTmpfs(std::filesystem::path folder, const std::string& size) : folder_(std::move(folder)) {
        const std::string options = "size=" + size + ",mode=0755";
        if (::mount("tmpfs", folder_.c_str(), "tmpfs", 0, options.c_str()) != 0) error_ = errno;
    }
    ~ScratchTmpfs() {
        if (mounted()) ::umount2(folder_.c_str(), MNT_DETACH);
    }
    ScratchTmpfs(const ScratchTmpfs&) = delete;
    ScratchTmpfs& operator=(const ScratchTmpfs&) = delete;

    bool mounted() const { return error_ == 0; }
    int mountError() const { return error_; }

private:
    std::filesystem::path folder_;
    int error_ = 0;
};

} // namespace burrow::test
