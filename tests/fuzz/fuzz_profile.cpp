// SPDX-License-Identifier: MIT
// libFuzzer target: any bytes as a kernel_details.csv and as an op_statistic.csv (quotes, CRLF,
// BOM, Step Id, huge or broken numbers). The reader takes a path, so each input is written to one
// scratch file first. It must never crash or hang, and every bad row it reports must point at a
// line of the file.
#include "profile/profile.h"
#include "scratchfile.h"

#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string path = fuzzscratch::write("kernel_details.csv", data, size);
    if (path.empty())
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
    const std::string statistic = fuzzscratch::write("op_statistic.csv", data, size);
    if (!statistic.empty()) {
        dvmlens::Profile other;
        dvmlens::readOpStatistic(statistic, other);
    }
    return 0;
}
