// SPDX-License-Identifier: MIT
#include "verdict/verdict.h"

#include <algorithm>

namespace dvmlens {

bool isDvmEngaged(const OutputCode& code)
{
    return code.dvmImport && std::any_of(code.kernels.begin(), code.kernels.end(), [](const Kernel& kernel) {
        return kernel.backend == Backend::Dvm;
    });
}

std::optional<double> dvmCoverage(const OutputCode& code)
{
    long long dvmLaunches = 0;
    long long allLaunches = 0;
    for (const Kernel& kernel : code.kernels) {
        allLaunches += kernel.launches;
        if (kernel.backend == Backend::Dvm)
            dvmLaunches += kernel.launches;
    }
    const long long denominator = allLaunches + static_cast<long long>(code.fallbacks.size());
    if (denominator == 0)
        return std::nullopt;
    return static_cast<double>(dvmLaunches) / static_cast<double>(denominator);
}

} // namespace dvmlens
