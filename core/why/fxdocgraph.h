// SPDX-License-Identifier: MIT
// The FX graph above an import_fx kernel, read with what DVM's fused-group check (S5) looks at:
// the forward() placeholders with their annotations ("f64[8, 16]", "Sym(s0)"), every node's
// target, annotation and the value names of its arguments. print_readable() text as
// dvm-fallback-rules.md §6.1 describes it; sources/fxgraphtext.h reads the same text for frames.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace dvmlens {

// A value's annotation: dtype (normalised, "float64") and shape ("8", "s0"); symbolic values
// (Sym(s0)) and values without an annotation have no dtype.
struct FxAnnotation
{
    std::optional<std::string> dtype;
    std::vector<std::string> shape;
};

// "f32[8, 16]" / "f32[8, 16][16, 1]npu:0" / "Sym(s0)"; nullopt for text that is no annotation.
std::optional<FxAnnotation> parseFxAnnotation(std::string_view text);

// "f32" -> "float32", "b8" -> "bool"…; nullopt for an unknown abbreviation.
std::optional<std::string> fxDtypeName(std::string_view abbreviation);

struct FxDocValue
{
    std::string name;
    FxAnnotation annotation;
    int line = 0; // 1-based, in the file
};

struct FxDocNode
{
    std::string name;
    std::string target; // "aten.mul.Tensor" (torch.ops. removed); empty for getitem, get_attr…
    FxAnnotation annotation;
    std::vector<std::vector<std::string>> positional; // value names in each positional argument
    std::vector<std::string> keyword; // value names in keyword arguments
    int line = 0;
};

struct FxDocGraph
{
    std::vector<FxDocValue> placeholders;
    std::vector<FxDocNode> nodes; // call_function nodes with a torch.ops target, in order
    std::unordered_map<std::string, FxAnnotation> annotations; // every named value

    const FxAnnotation* annotation(const std::string& name) const;
};

// Reads `text` (the docstring's lines; `firstLine` is the file line of its first line).
FxDocGraph parseFxDocGraph(std::string_view text, int firstLine);

} // namespace dvmlens
