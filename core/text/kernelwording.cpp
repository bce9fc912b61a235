// SPDX-License-Identifier: MIT
#include "core/text/kernelwording.h"

#include <utility>

namespace dvmlens {

std::string shapeText(const std::optional<std::vector<std::int64_t>>& shape)
{
    if (!shape)
        return std::string();
    std::string text = "[";
    for (std::size_t i = 0; i < shape->size(); ++i) {
        if (i > 0)
            text += ", ";
        text += std::to_string((*shape)[i]);
    }
    return text + ']';
}

std::string shortDtype(const std::optional<std::string>& dtype)
{
    if (!dtype)
        return "?";
    static const std::pair<std::string_view, std::string_view> kShort[] = { { "float32", "f32" },
        { "float16", "f16" }, { "bfloat16", "bf16" }, { "float64", "f64" }, { "int8", "i8" },
        { "int16", "i16" }, { "int32", "i32" }, { "int64", "i64" }, { "uint8", "u8" }, { "bool", "b8" } };
    for (const auto& [longName, shortName] : kShort) {
        if (*dtype == longName)
            return std::string(shortName);
    }
    return *dtype;
}

std::string dvmInputText(const DvmInput& input)
{
    std::string text = input.op;
    if (input.dtype)
        text += " " + *input.dtype;
    text += shapeText(input.shape);
    if (input.stride)
        text += " stride " + shapeText(input.stride);
    return text;
}

std::string dvmOutputText(const DvmOutput& output)
{
    std::string text = output.name;
    if (output.dtype)
        text += " " + *output.dtype;
    text += shapeText(output.shape);
    if (output.shape && output.stride)
        text += " stride " + shapeText(output.stride);
    return text;
}

std::string compactInputText(const DvmInput& input)
{
    return shortDtype(input.dtype) + shapeText(input.shape);
}

std::string compactOutputText(const DvmOutput& output)
{
    return (output.dtype ? shortDtype(output.dtype) : output.name) + shapeText(output.shape);
}

std::string joined(const std::vector<std::string>& parts, std::string_view separator)
{
    std::string text;
    for (std::size_t i = 0; i < parts.size(); ++i) {
        if (i > 0)
            text += separator;
        text += parts[i];
    }
    return text;
}

} // namespace dvmlens
