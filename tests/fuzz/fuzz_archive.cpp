// SPDX-License-Identifier: MIT
// libFuzzer target: any bytes as an archive handed to the whole pipeline (libarchive's formats,
// entry names, links, duplicates, truncation), as `dvmlens-cli scan ARCHIVE` reads it. It must
// never crash, hang, escape the archive or write anything but the scratch file.
#include "index/indexer.h"

#include <cstdint>
#include <cstdio>
#include <string>
#include <unistd.h>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    static const std::string path = [] {
        char pattern[] = "/tmp/dvmlens-fuzz-archive-XXXXXX";
        const char* made = mkdtemp(pattern);
        return std::string(made ? made : "/tmp") + "/input.tar";
    }();
    std::FILE* file = std::fopen(path.c_str(), "wb");
    if (!file)
        return 0;
    const bool written = std::fwrite(data, 1, size, file) == size;
    if (std::fclose(file) != 0 || !written)
        return 0;
    dvmlens::IndexOptions options;
    options.jobs = 1; // one thread: libFuzzer measures and limits this one
    options.archiveBudget = 64u << 20; // a bomb stops here within the time limit, as with --archive-budget
    std::string error;
    const std::optional<dvmlens::Index> index = dvmlens::buildIndex(path, options, error);
    if (!index && error.empty())
        __builtin_trap(); // no index without a reason
    return 0;
}
