// SPDX-License-Identifier: MIT
// The file system as a TreeSource: readdir's d_type spares a stat per entry; only links (and
// entries of file systems that report no type) are examined further.
#include "core/scan/treesource.h"

#include <cerrno>
#include <dirent.h>
#include <fcntl.h>
#include <filesystem>
#include <string_view>
#include <sys/stat.h>
#include <unistd.h>

namespace dvmlens {

namespace fs = std::filesystem;

namespace {

unsigned char direntType(fs::file_type type)
{
    switch (type) {
    case fs::file_type::regular:
        return DT_REG;
    case fs::file_type::directory:
        return DT_DIR;
    case fs::file_type::symlink:
        return DT_LNK;
    case fs::file_type::fifo:
        return DT_FIFO;
    case fs::file_type::socket:
        return DT_SOCK;
    case fs::file_type::character:
        return DT_CHR;
    case fs::file_type::block:
        return DT_BLK;
    default:
        return DT_UNKNOWN;
    }
}

class PosixTreeSource final : public TreeSource
{
public:
    bool list(
        const std::string& folder, std::vector<Listed>& entries, int& error, int& partError) const override
    {
        DIR* dir = ::opendir(folder.c_str());
        if (!dir) {
            error = errno;
            return false;
        }
        partError = 0;
        for (;;) {
            errno = 0;
            const dirent* item = ::readdir(dir);
            if (!item) {
                partError = errno;
                break;
            }
            const std::string_view name = item->d_name;
            if (name == "." || name == "..")
                continue;
            entries.push_back({ std::string(name), item->d_type });
        }
        ::closedir(dir);
        return true;
    }

    std::optional<unsigned char> typeOf(const std::string& path, int& error) const override
    {
        struct stat status;
        if (::lstat(path.c_str(), &status) != 0) {
            error = errno;
            return std::nullopt;
        }
        return static_cast<unsigned char>(IFTODT(status.st_mode));
    }

    std::optional<std::string> canonical(const std::string& path, std::error_code& error) const override
    {
        fs::path target = fs::canonical(path, error);
        if (error)
            return std::nullopt;
        return std::move(target).native();
    }

    std::optional<unsigned char> targetType(const std::string& path, std::error_code& error) const override
    {
        const fs::file_status status = fs::status(path, error);
        if (error || !fs::exists(status))
            return std::nullopt;
        return direntType(status.type());
    }

    // O_NONBLOCK and a type check on the descriptor, so a FIFO swapped in cannot block the walk.
    std::optional<std::string> readHead(const std::string& path, std::size_t limit) const override
    {
        const int file = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
        if (file < 0)
            return std::nullopt;
        struct stat status
        {
        };
        std::string head(limit, '\0');
        ssize_t got = -1;
        if (::fstat(file, &status) == 0 && S_ISREG(status.st_mode))
            got = ::read(file, head.data(), limit);
        ::close(file);
        if (got < 0)
            return std::nullopt;
        head.resize(static_cast<std::size_t>(got));
        return head;
    }
};

} // namespace

const TreeSource& posixTreeSource()
{
    static const PosixTreeSource source;
    return source;
}

} // namespace dvmlens
