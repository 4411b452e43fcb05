#include "io/file_source.h"

namespace burrow {
namespace {

class DiskFiles final : public FileSource {
public:
    using FileSource::read;
    std::string read(const std::filesystem::path& path, std::size_t maxBytes, const std::string& what) const override {
        return readTextFile(path, maxBytes, what);
    }
};

} // namespace

const FileSource& diskFiles() {
    static const DiskFiles disk; // stateless: one is as good as many
    return disk;
}

} // namespace burrow
