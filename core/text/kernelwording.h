// SPDX-License-Identifier: MIT
// How every front end words a kernel's facts (the GUI's table and details, scan and compare text,
// the Markdown and HTML reports), so a shape or a dtype reads the same everywhere.
#pragma once

#include "core/model/model.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace dvmlens {

// "[2, 1024]", "[-1, 64]" (-1 = dynamic), "[]" for a 0-d tensor; "" when unknown.
std::string shapeText(const std::optional<std::vector<std::int64_t>>& shape);
// float32 → f32, bfloat16 → bf16, bool → b8…; other names as they are; "?" when unknown.
std::string shortDtype(const std::optional<std::string>& dtype);
// "load float32[128, 128]", "load float32[2, 8] stride [8, 1]", "scalar int64".
std::string dvmInputText(const DvmInput& input);
// "relu float32[2, 1024, 3072]", "relu float32[-1, 64] stride [64, 1]" (shape and stride from the
// launch site, -1 = a size symbol); "relu float32" when the shape is unknown; the stored name
// alone when untyped.
std::string dvmOutputText(const DvmOutput& output);
// The short forms of the kernel table's Inputs and Outputs columns: "f32[128, 128]"; an output's
// dtype, or its stored name when untyped, then its shape when known: "bf16[2, 1024, 3072]".
std::string compactInputText(const DvmInput& input);
std::string compactOutputText(const DvmOutput& output);
// `parts` with `separator` between them.
std::string joined(const std::vector<std::string>& parts, std::string_view separator);

} // namespace dvmlens
