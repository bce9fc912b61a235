// SPDX-License-Identifier: MIT
#include "core/report/reportfile.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <sys/stat.h>
#include <unistd.h>

namespace dvmlens {

namespace {

std::string kindOf(mode_t mode)
{
    if (S_ISDIR(mode))
        return "a folder";
    if (S_ISFIFO(mode))
        return "a FIFO";
    if (S_ISSOCK(mode))
        return "a socket";
    if (S_ISCHR(mode))
        return "a character device";
    if (S_ISBLK(mode))
        return "a block device";
    return "not a regular file";
}

// The process umask, read without changing it (umask(2) can only set it, which races with other
// threads creating files).
mode_t currentUmask()
{
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line)) {
        if (line.rfind("Umask:", 0) == 0)
            return mode_t(std::strtoul(line.c_str() + 6, nullptr, 8));
    }
    return 022;
}

std::string folderOf(const std::string& path)
{
    const std::size_t slash = path.rfind('/');
    if (slash == std::string::npos)
        return ".";
    return slash == 0 ? "/" : path.substr(0, slash);
}

std::string errnoText(int error)
{
    return std::strerror(error);
}

bool writeAll(int fd, std::string_view bytes)
{
    while (!bytes.empty()) {
        const ssize_t written = ::write(fd, bytes.data(), bytes.size());
        if (written < 0) {
            if (errno == EINTR)
                continue;
            return false;
        }
        bytes.remove_prefix(std::size_t(written));
    }
    return true;
}

} // namespace

bool isStandardOutputName(std::string_view path)
{
    return path == "-" || path == "/dev/stdout" || path == "/proc/self/fd/1";
}

std::string reportTargetProblem(const std::string& path)
{
    if (path.empty())
        return "no file name given";
    struct stat info
    {
    };
    if (::lstat(path.c_str(), &info) != 0)
        return errno == ENOENT ? std::string() : errnoText(errno);
    if (S_ISLNK(info.st_mode))
        return "it is a symbolic link; refusing to write through it (nothing was written)";
    if (!S_ISREG(info.st_mode))
        return "it is " + kindOf(info.st_mode) + ", not a regular file (nothing was written)";
    // The rename below would replace a read-only file as easily as any other (only the folder's
    // mode counts), and as root any file: refuse, as a shell's `>` does for its owner.
    if ((info.st_mode & 0222) == 0)
        return "it is read-only; refusing to replace it (nothing was written)";
    return {};
}

std::string writeReportFile(const std::string& path, std::string_view bytes)
{
    // Every message below is a reason, said after "cannot write <path>: ".
    if (std::string problem = reportTargetProblem(path); !problem.empty())
        return problem;
    struct stat info
    {
    };
    const bool exists = ::lstat(path.c_str(), &info) == 0 && S_ISREG(info.st_mode);
    // mkstemp creates with O_CREAT | O_EXCL: never through a link or over a file already there.
    std::string temp = folderOf(path) + "/.dvmlens-report-XXXXXX";
    const int fd = ::mkstemp(temp.data());
    if (fd < 0)
        return errnoText(errno) + " (while creating the new file beside it in " + folderOf(path) + ")";
    const mode_t mode = exists ? (info.st_mode & 07777) : (0666 & ~currentUmask());
    bool ok = ::fchmod(fd, mode) == 0 && writeAll(fd, bytes) && ::fsync(fd) == 0;
    int error = errno;
    if (::close(fd) != 0 && ok) {
        ok = false;
        error = errno;
    }
    // rename replaces the name itself: a link planted there since the check is replaced, its
    // target untouched.
    if (ok && ::rename(temp.c_str(), path.c_str()) != 0) {
        ok = false;
        error = errno;
    }
    if (!ok) {
        ::unlink(temp.c_str());
        return errnoText(error);
    }
    return {};
}

} // namespace dvmlens
