// SPDX-License-Identifier: MIT
// libFuzzer target: any bytes as an output_code.py, parsed in full and as a summary. The parser
// must never crash, hang or trip a sanitizer, and both details must agree on the kernels.
#include "core/parse/outputcodeparser.h"

#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    const dvmlens::OutputCode full = dvmlens::parseOutputCode(bytes, "fuzz/output_code.py");
    const dvmlens::OutputCode summary =
        dvmlens::parseOutputCode(bytes, "fuzz/output_code.py", dvmlens::KernelDetail::Summary);
    if (full.kernels.size() != summary.kernels.size() || full.dvmEngaged != summary.dvmEngaged)
        std::abort(); // Summary promises the same kernels and verdict as Full
    return 0;
}
