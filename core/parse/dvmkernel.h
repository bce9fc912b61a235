// SPDX-License-Identifier: MIT
// The body of one `@dvm.kernel` builder: its decorator, inputs, ops and outputs, read statement by
// statement from PyLexer's masked logical lines (dvm-format.md §1.3–§1.6).
#pragma once

#include "core/model/model.h"
#include "core/parse/pylexer.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace dvmlens {

// "dvm.float32" → "float32", "torch.bool" / "dvm.bool_" → "bool"; "None" → nullopt.
std::optional<std::string> normalisedDtype(std::string_view spelling);

// When `line` is `@dvm.kernel(ktype=…, dyn_shape=…[, mfusion=…])` (kwargs in any order), fills
// ktype, dynShape and mfusion of `kernel` and returns true. `arguments`: the caller's buffer for the
// decorator's arguments, reused from one decorator to the next (a file can hold 100,000 of them).
bool readDvmDecorator(const LogicalLine& line, Kernel& kernel, std::vector<std::string_view>& arguments);

// Reads the statements of one builder `def <name>(k):`: its inputs, ops and outputs.
class DvmBodyReader
{
public:
    // `builder` is the def's first parameter (`k`).
    void start(std::string_view builder);

    // One statement of the body (a logical line's masked code).
    void read(std::string_view statement);

    // Moves what the statements held into `kernel` (ops, inputs, outputs), in vectors of exactly
    // their size: a tree can hold 100k kernels. The reader is ready for the next start().
    void finish(Kernel& kernel);

private:
    void readInput(std::string_view target, std::string_view op, std::string_view arguments);
    struct BuilderCall
    {
        std::string_view op; // empty when the statement calls no builder method
        std::size_t at = 0; // where `k` starts
        std::size_t open = 0; // the call's '('
    };

    // Appends the statement's ops; returns its first builder call.
    BuilderCall collectOps(std::string_view statement);

    std::string builder_;
    // The body so far; reused from kernel to kernel, so growing them costs nothing after the first.
    std::vector<std::string> ops_;
    std::vector<DvmInput> inputs_;
    std::vector<DvmOutput> outputs_;
    std::vector<std::string_view> arguments_;
    std::vector<std::int64_t> ints_;
};

} // namespace dvmlens
