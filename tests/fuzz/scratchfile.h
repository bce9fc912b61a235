// SPDX-License-Identifier: MIT
// The readers under test take paths, so a target writes each input to a scratch file first. The
// file lives in memory (/dev/shm) where there is one: rewriting a file on ext4 flushes it on close,
// which cost the profile target more than the reader itself. The folder is removed at exit.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <unistd.h>
#include <vector>

namespace fuzzscratch {

// One folder per process, emptied and removed by its destructor when the fuzzer exits.
struct Folder
{
    std::string path;
    std::vector<std::string> files;

    Folder()
    {
        const char* base = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp";
        std::string pattern = std::string(base) + "/dvmlens-fuzz-XXXXXX";
        path = mkdtemp(pattern.data()) ? pattern : std::string(base);
        made = path != base;
    }
    ~Folder()
    {
        for (const std::string& file : files)
            unlink(file.c_str());
        if (made)
            rmdir(path.c_str());
    }

private:
    bool made = false;
};

// Writes the input to FOLDER/NAME and returns the path, or "" when it cannot be written.
inline std::string write(const char* name, const std::uint8_t* data, std::size_t size)
{
    static Folder folder;
    std::string path = folder.path + '/' + name;
    std::FILE* file = std::fopen(path.c_str(), "wb");
    if (!file)
        return {};
    const bool written = std::fwrite(data, 1, size, file) == size;
    if (std::fclose(file) != 0 || !written)
        return {};
    bool known = false;
    for (const std::string& made : folder.files)
        known = known || made == path;
    if (!known)
        folder.files.push_back(path);
    return path;
}

} // namespace fuzzscratch
