// SPDX-License-Identifier: MIT
// libFuzzer target: any bytes as a kernel_details.csv and as an op_statistic.csv (quotes, CRLF,
// BOM, Step Id, huge or broken numbers). The reader takes a path, so each input is written to one
// scratch file first. It must never crash or hang, and every bad row it reports must point at a
// line of the file.
#include "profile/profile.h"

#include <cstdint>
#include <cstdio>
#include <string>
#include <unistd.h>

namespace {

const std::string& scratchFile(const char* name)
{
    static const std::string folder = [] {
        char pattern[] = "/tmp/dvmlens-fuzz-profile-XXXXXX";
        const char* made = mkdtemp(pattern);
        return std::string(made ? made : "/tmp");
    }();
    static std::string path;
    path = folder + '/' + name;
    return path;
}

bool writeAll(const std::string& path, const std::uint8_t* data, std::size_t size)
{
    std::FILE* file = std::fopen(path.c_str(), "wb");
    if (!file)
        return false;
    const bool ok = std::fwrite(data, 1, size, file) == size;
    return std::fclose(file) == 0 && ok;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string path = scratchFile("kernel_details.csv");
    if (!writeAll(path, data, size))
        return 0;
    dvmlens::Profile profile;
    std::string error;
    if (dvmlens::readKernelDetails(path, profile, error, 1)) {
        std::int64_t lines = 1;
        for (std::size_t i = 0; i < size; ++i)
            lines += data[i] == '\n';
        for (const dvmlens::Diagnostic& diagnostic : profile.diagnostics) {
            if (diagnostic.line && (*diagnostic.line < 1 || *diagnostic.line > lines))
                __builtin_trap(); // a bad row is reported at a line of the file
        }
        if (profile.rows < 0 || profile.badRows < 0)
            __builtin_trap();
    }
    const std::string statistic = scratchFile("op_statistic.csv");
    if (writeAll(statistic, data, size)) {
        dvmlens::Profile other;
        dvmlens::readOpStatistic(statistic, other);
    }
    return 0;
}
