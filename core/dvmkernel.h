// SPDX-License-Identifier: MIT
// The body of one `@dvm.kernel` builder: its decorator, inputs, ops and outputs, read statement by
// statement from PyLexer's masked logical lines (dvm-format.md §1.3–§1.6).
#pragma once

#include "model.h"
#include "pylexer.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace dvmlens {

// "dvm.float32" → "float32", "torch.bool" / "dvm.bool_" → "bool"; "None" → nullopt.
std::optional<std::string> normalisedDtype(std::string_view spelling);

// When `line` is `@dvm.kernel(ktype=…, dyn_shape=…[, mfusion=…])` (kwargs in any order), fills
// ktype, dynShape and mfusion of `kernel` and returns true.
bool readDvmDecorator(const LogicalLine& line, Kernel& kernel);

// Reads the statements of one builder `def <name>(k):` into a Kernel.
class DvmBodyReader
{
public:
    // `builder` is the def's first parameter (`k`); `kernel` is the one the statements will fill.
    void start(std::string_view builder, Kernel& kernel);

    // One statement of the body (a logical line's masked code).
    void read(std::string_view statement, Kernel& kernel);

private:
    void readInput(std::string_view target, std::string_view op, std::string_view arguments, Kernel& kernel);
    struct BuilderCall
    {
        std::string_view op; // empty when the statement calls no builder method
        std::size_t at = 0; // where `k` starts
        std::size_t open = 0; // the call's '('
    };

    // Appends the statement's ops to the kernel; returns its first builder call.
    BuilderCall collectOps(std::string_view statement, Kernel& kernel);

    std::string builder_;
    std::vector<std::string_view> arguments_;
    std::vector<std::int64_t> ints_;
};

} // namespace dvmlens
