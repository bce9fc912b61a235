// SPDX-License-Identifier: MIT
// libFuzzer target: any bytes as a kernel_details.csv and as an op_statistic.csv (quotes, CRLF,
// BOM, Step Id, huge or broken numbers). The reader takes a path, so each input is written to one
// scratch file first. It must never crash or hang, every bad row it reports must point at a line
// of the file, and the row shortcut must read what the full path reads, mapped or read, with
// AVX2 compares or without.
#include "core/profile/profile.h"
#include "scratchfile.h"

#include <cstdint>
#include <string>

namespace {

bool sameReading(const dvmlens::Profile& a, const dvmlens::Profile& b)
{
    if (a.rows != b.rows || a.badRows != b.badRows || a.groups.size() != b.groups.size()
        || a.steps.size() != b.steps.size() || a.diagnostics.size() != b.diagnostics.size())
        return false;
    for (std::size_t i = 0; i < a.groups.size(); ++i) {
        const dvmlens::LaunchGroup& x = a.groups[i];
        const dvmlens::LaunchGroup& y = b.groups[i];
        if (x.name != y.name || x.type != y.type || x.core != y.core || x.inputShapes != y.inputShapes
            || x.inputDtypes != y.inputDtypes || x.blockDim != y.blockDim || x.launches != y.launches
            || x.totalUs != y.totalUs || x.firstLine != y.firstLine)
            return false;
    }
    for (std::size_t i = 0; i < a.diagnostics.size(); ++i) {
        if (a.diagnostics[i].line != b.diagnostics[i].line
            || a.diagnostics[i].message != b.diagnostics[i].message)
            return false;
    }
    return true;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string path = fuzzscratch::write("kernel_details.csv", data, size);
    if (path.empty())
        return 0;
    dvmlens::Profile profile;
    std::string error;
    if (dvmlens::readKernelDetails(path, profile, error, { 1 })) {
        std::int64_t lines = 1;
        for (std::size_t i = 0; i < size; ++i)
            lines += data[i] == '\n';
        for (const dvmlens::Diagnostic& diagnostic : profile.diagnostics) {
            if (diagnostic.line && (*diagnostic.line < 1 || *diagnostic.line > lines))
                __builtin_trap(); // a bad row is reported at a line of the file
        }
        if (profile.rows < 0 || profile.badRows < 0)
            __builtin_trap();
        // The reference: every row the full way, read into a buffer. The shortcut mapped with
        // AVX2 compares (where the processor has them) and read with the baseline's or the
        // portable ones (every other input) must agree with it.
        dvmlens::Profile fullPath;
        if (!dvmlens::readKernelDetails(path, fullPath, error, { 1, false, false })
            || !sameReading(profile, fullPath))
            __builtin_trap(); // the shortcut mapped and the full path read disagree
        const dvmlens::RowCompares compares =
            size % 2 ? dvmlens::RowCompares::Baseline : dvmlens::RowCompares::Portable;
        dvmlens::Profile narrower;
        if (!dvmlens::readKernelDetails(path, narrower, error, { 1, true, false, compares })
            || !sameReading(narrower, fullPath))
            __builtin_trap(); // narrower compares take other rows than the full path
    }
    const std::string statistic = fuzzscratch::write("op_statistic.csv", data, size);
    if (!statistic.empty()) {
        dvmlens::Profile other;
        dvmlens::readOpStatistic(statistic, other);
    }
    return 0;
}
