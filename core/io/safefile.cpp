// SPDX-License-Identifier: MIT
// How a file is opened: open(O_PATH|O_NOFOLLOW) names the node without opening it (no FIFO can
// block, no device sees an open), fstat on that descriptor says what it is, /proc/self/fd says
// where it really is (so the tree check is on the node, not on a name that could change), and only
// then is the same node opened for reading through /proc/self/fd. A last component that is a link
// is followed once by name (realpath) and the target is checked the same way.
#include "core/io/safefile.h"

#include "core/io/filestream.h"

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <string_view>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

namespace dvmlens {

namespace {

constexpr int kReadFlags = O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC | O_NOCTTY;

FileError makeError(FileProblem problem, std::string message)
{
    return FileError { problem, std::move(message) };
}

FileError errnoError(int error)
{
    switch (error) {
    case ENOENT:
    case ENOTDIR:
        return makeError(FileProblem::Missing, std::strerror(error));
    case ELOOP:
        return makeError(FileProblem::LinkLoop, "it is a link that leads round a loop");
    case EACCES:
    case EPERM:
        return makeError(FileProblem::PermissionDenied, std::strerror(error));
    default:
        return makeError(FileProblem::IoError, std::strerror(error));
    }
}

bool isWithin(std::string_view child, std::string_view root)
{
    if (root == "/")
        return !child.empty() && child.front() == '/';
    return child == root
        || (child.size() > root.size() && child.compare(0, root.size(), root) == 0
            && child[root.size()] == '/');
}

std::optional<std::string> realPath(const std::string& path)
{
    char* resolved = ::realpath(path.c_str(), nullptr);
    if (!resolved)
        return std::nullopt;
    std::string result(resolved);
    std::free(resolved);
    return result;
}

// Where the node behind `fd` lives, as the kernel sees it.
std::optional<std::string> descriptorPath(int fd)
{
    const std::string link = "/proc/self/fd/" + std::to_string(fd);
    char buffer[PATH_MAX + 1];
    const ssize_t length = ::readlink(link.c_str(), buffer, PATH_MAX);
    if (length <= 0)
        return std::nullopt;
    return std::string(buffer, static_cast<std::size_t>(length));
}

} // namespace

BytesStream::BytesStream(std::shared_ptr<const std::string> data, std::uint64_t sizeHint)
    : m_data(std::move(data))
    , m_sizeHint(sizeHint)
{
}

BytesStream::BytesStream(std::shared_ptr<const std::string> data)
    : m_data(std::move(data))
    , m_sizeHint(m_data->size())
{
}

bool BytesStream::read(char* data, std::size_t size, std::size_t& got, std::string&)
{
    got = std::min(size, m_data->size() - m_offset);
    std::copy_n(m_data->data() + m_offset, got, data);
    m_offset += got;
    return true;
}

TreeBound TreeBound::of(const std::string& tree)
{
    TreeBound bound;
    bound.tree = tree;
    if (tree.empty())
        return bound;
    bound.canonical = realPath(tree);
    struct stat status;
    if (bound.canonical && ::stat(bound.canonical->c_str(), &status) == 0 && !S_ISDIR(status.st_mode)) {
        const std::size_t slash = bound.canonical->rfind('/');
        bound.canonical->resize(slash == 0 ? 1 : slash);
    }
    return bound;
}

const char* fileProblemName(FileProblem problem)
{
    switch (problem) {
    case FileProblem::Missing:
        return "missing";
    case FileProblem::NotRegular:
        return "not-regular";
    case FileProblem::OutsideTree:
        return "outside-tree";
    case FileProblem::LinkLoop:
        return "link-loop";
    case FileProblem::TooLarge:
        return "too-large";
    case FileProblem::PermissionDenied:
        return "permission-denied";
    case FileProblem::IoError:
        break;
    }
    return "io-error";
}

const char* nodeKindName(unsigned mode)
{
    if (S_ISFIFO(mode))
        return "a FIFO";
    if (S_ISSOCK(mode))
        return "a socket";
    if (S_ISCHR(mode) || S_ISBLK(mode))
        return "a device";
    if (S_ISDIR(mode))
        return "a folder";
    if (S_ISLNK(mode))
        return "a link";
    return "not a regular file";
}

SafeFile::SafeFile(int fd, std::uint64_t budget, std::uint64_t sizeHint)
    : m_fd(fd)
    , m_budget(budget)
    , m_sizeHint(sizeHint)
{
}

SafeFile::SafeFile(SafeFile&& other) noexcept
    : m_fd(other.m_fd)
    , m_member(std::move(other.m_member))
    , m_budget(other.m_budget)
    , m_read(other.m_read)
    , m_sizeHint(other.m_sizeHint)
{
    other.m_fd = -1;
}

SafeFile& SafeFile::operator=(SafeFile&& other) noexcept
{
    if (this != &other) {
        if (m_fd >= 0)
            ::close(m_fd);
        m_fd = other.m_fd;
        m_member = std::move(other.m_member);
        m_budget = other.m_budget;
        m_read = other.m_read;
        m_sizeHint = other.m_sizeHint;
        other.m_fd = -1;
    }
    return *this;
}

SafeFile::~SafeFile()
{
    if (m_fd >= 0)
        ::close(m_fd);
}

int SafeFile::release()
{
    if (m_member) {
        // The member's data in an anonymous memory file, so QFile and friends read it as a file.
        const int fd = ::memfd_create("dvmlens-archive-member", MFD_CLOEXEC);
        char buffer[64 * 1024];
        FileError error;
        bool ok = fd >= 0;
        while (ok) {
            const std::optional<std::size_t> got = read(buffer, sizeof buffer, error);
            if (!got || *got == 0) {
                ok = got.has_value();
                break;
            }
            ok = ::write(fd, buffer, *got) == static_cast<ssize_t>(*got);
        }
        m_member.reset();
        if (fd >= 0 && (!ok || ::lseek(fd, 0, SEEK_SET) != 0)) {
            ::close(fd);
            return -1;
        }
        return fd;
    }
    const int fd = m_fd;
    m_fd = -1;
    return fd;
}

SafeFile SafeFile::ofStream(std::unique_ptr<FileStream> stream, std::uint64_t budget)
{
    SafeFile file(-1, budget, stream->sizeHint());
    file.m_member = std::move(stream);
    return file;
}

SafeFile SafeFile::ofBytes(std::shared_ptr<const std::string> bytes, std::uint64_t budget)
{
    return ofStream(std::make_unique<BytesStream>(std::move(bytes)), budget);
}

std::optional<SafeFile> SafeFile::open(
    const std::string& path, const std::string& tree, std::uint64_t budget, FileError& error)
{
    return open(path, TreeBound::of(tree), budget, error);
}

std::optional<SafeFile> SafeFile::open(
    const std::string& path, const TreeBound& bound, std::uint64_t budget, FileError& error)
{
    if (path.empty() || path.find('\0') != std::string::npos) {
        error = makeError(FileProblem::Missing, "no file name");
        return std::nullopt;
    }
    // Name the node without opening it. A last component that is a link fails with ELOOP under
    // O_NOFOLLOW; then the link is resolved once and its target named the same way.
    int node = ::open(path.c_str(), O_PATH | O_NOFOLLOW | O_CLOEXEC);
    if (node >= 0) {
        struct stat status;
        if (::fstat(node, &status) == 0 && S_ISLNK(status.st_mode)) {
            ::close(node);
            const std::optional<std::string> target = realPath(path);
            if (!target) {
                error = errnoError(errno);
                if (error.problem == FileProblem::Missing)
                    error.message = "it is a link to nothing";
                return std::nullopt;
            }
            node = ::open(target->c_str(), O_PATH | O_NOFOLLOW | O_CLOEXEC);
        }
    }
    if (node < 0) {
        error = errnoError(errno);
        return std::nullopt;
    }
    struct stat status;
    if (::fstat(node, &status) != 0) {
        error = errnoError(errno);
        ::close(node);
        return std::nullopt;
    }
    if (!S_ISREG(status.st_mode)) {
        error = makeError(FileProblem::NotRegular,
            std::string("it is ") + nodeKindName(status.st_mode) + ", not a regular file");
        if (!S_ISFIFO(status.st_mode) && !S_ISSOCK(status.st_mode) && !S_ISCHR(status.st_mode)
            && !S_ISBLK(status.st_mode) && !S_ISDIR(status.st_mode) && !S_ISLNK(status.st_mode))
            error.message = "it is not a regular file";
        ::close(node);
        return std::nullopt;
    }
    const std::optional<std::string> where = descriptorPath(node);
    if (!bound.tree.empty()) {
        const std::optional<std::string> actual = where ? where : realPath(path);
        if (!bound.canonical || !actual || !isWithin(*actual, *bound.canonical)) {
            error = makeError(FileProblem::OutsideTree,
                "it leads out of the scanned tree" + (actual ? " (to " + *actual + ")" : std::string()));
            ::close(node);
            return std::nullopt;
        }
    }
    // Open the very node that was checked: through /proc when it is there, else by name again
    // with the same inode required.
    int fd = -1;
    if (where)
        fd = ::open(("/proc/self/fd/" + std::to_string(node)).c_str(), kReadFlags & ~O_NOFOLLOW);
    if (fd < 0) {
        const std::optional<std::string> target = realPath(path);
        fd = target ? ::open(target->c_str(), kReadFlags) : -1;
        struct stat again;
        if (fd >= 0
            && (::fstat(fd, &again) != 0 || again.st_dev != status.st_dev || again.st_ino != status.st_ino)) {
            ::close(fd);
            fd = -1;
            errno = ESTALE;
        }
    }
    const int openError = errno;
    ::close(node);
    if (fd < 0) {
        error = errnoError(openError);
        return std::nullopt;
    }
    return SafeFile(fd, budget, static_cast<std::uint64_t>(status.st_size));
}

std::optional<std::size_t> SafeFile::read(char* data, std::size_t size, FileError& error)
{
    if (m_fd < 0 && !m_member) {
        error = makeError(FileProblem::IoError, "the file is not open");
        return std::nullopt;
    }
    // One byte past the budget is enough to know the file is too large.
    std::uint64_t room = m_budget - std::min(m_budget, m_read);
    if (room != UINT64_MAX)
        ++room;
    const std::size_t wanted = static_cast<std::size_t>(std::min<std::uint64_t>(size, room));
    if (m_member) {
        std::size_t got = 0;
        std::string failure;
        if (!m_member->read(data, wanted, got, failure)) {
            error = makeError(FileProblem::IoError, failure);
            return std::nullopt;
        }
        m_read += got;
        if (m_read > m_budget) {
            error =
                makeError(FileProblem::TooLarge, "it is larger than " + std::to_string(m_budget) + " bytes");
            return std::nullopt;
        }
        return got;
    }
    for (;;) {
        const ssize_t got = ::read(m_fd, data, wanted);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0) {
            error = errnoError(errno);
            return std::nullopt;
        }
        m_read += static_cast<std::uint64_t>(got);
        if (m_read > m_budget) {
            error =
                makeError(FileProblem::TooLarge, "it is larger than " + std::to_string(m_budget) + " bytes");
            return std::nullopt;
        }
        return static_cast<std::size_t>(got);
    }
}

} // namespace dvmlens
