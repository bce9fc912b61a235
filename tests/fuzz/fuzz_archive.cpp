// SPDX-License-Identifier: MIT
// libFuzzer target: any bytes as an archive handed to the whole pipeline (libarchive's formats,
// entry names, links, duplicates, truncation), as `dvmlens-cli scan ARCHIVE` reads it. It must
// never crash, hang, escape the archive or write anything but the scratch file.
#include "core/index/indexer.h"
#include "scratchfile.h"

#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string path = fuzzscratch::write("input.tar", data, size);
    if (path.empty())
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
