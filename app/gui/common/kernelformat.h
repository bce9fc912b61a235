// SPDX-License-Identifier: MIT
// Compact text for kernel facts, shared by the kernel table, the details pane and tooltips:
// "f32[128, 128], bf16[-1, 1]" (shapes and dtypes worded by core/text/kernelwording.h).
#pragma once

#include "core/model/model.h"

#include <QString>

QString backendLabel(dvmlens::Backend backend); // "DVM", "import_fx", "Triton"…
QString shortDtype(const std::optional<std::string>& dtype); // float32 → f32; "?" when unknown
QString shapeText(const std::optional<std::vector<std::int64_t>>& dims); // [128, 128]; "" for scalars
QString compactInput(const dvmlens::DvmInput& input); // f32[128, 128]
QString compactInputs(const dvmlens::Kernel& kernel); // joined with ", "
QString compactOutputs(const dvmlens::Kernel& kernel); // dtype (or the stored name when untyped) and shape
QString yesNo(const std::optional<bool>& value); // "yes", "no", "" when unknown
