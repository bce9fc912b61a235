// SPDX-License-Identifier: MIT
// The model source lines an FX graph dump names: gm.print_readable() text, as fx_graph_readable.py,
// fx_graph_transformed.py and the docstring above a DVM builder hold it. Each node line follows the
// `# File: <path>:<line> in <function>, code: <text>` comment above it (until the next one, or a
// `# No stacktrace found for following nodes`), so the comment is the node's model frame.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace dvmlens {

// One model source line: a `# File:` comment.
struct SourceFrame
{
    std::string file;
    int line = 0;
    std::string function;
    std::string code;
    bool library = false; // inside a torch/ or torch_npu/ package folder
    friend bool operator==(const SourceFrame&, const SourceFrame&) = default;
};

// True when `file` lies in a folder named torch or torch_npu (site-packages/torch/nn/functional.py).
bool isLibraryFile(std::string_view file);

// `# File: /w/layers.py:113 in forward, code: x = f(y)` (the text after the leading spaces, the
// `#` included); nullopt when the line is no such comment.
std::optional<SourceFrame> parseFileComment(std::string_view line);

// The frames of one Python traceback as node.stack_trace holds it (outermost first):
// `  File "/w/layers.py", line 113, in forward` lines, each followed by its code line (and maybe
// a `^^^^` marker line). Lines of any other shape are skipped.
std::vector<SourceFrame> parseStackTrace(std::string_view text);

// A node line of a dump (`name: "f32[4]" = torch.ops.aten.mul.Tensor(a, b)` or `name = …`),
// trimmed: its name and whether it calls a torch.ops operator; nullopt for any other line. The
// views point into `line`.
struct FxNodeLine
{
    std::string_view name;
    std::string_view target; // "torch.ops.aten.mul.Tensor", or empty
};
std::optional<FxNodeLine> parseFxNodeLine(std::string_view line);

// The line without leading spaces and tabs and without trailing spaces, tabs and '\r'.
std::string_view trimmedFxLine(std::string_view line);

// The nodes of one FX graph dump and their frames.
struct FxGraphText
{
    std::vector<SourceFrame> frames; // every distinct `# File:` comment, in order
    struct Node
    {
        std::string name;
        std::string target; // "torch.ops.aten.mm.default", or empty when not a torch.ops call
        std::optional<std::size_t> frame; // into frames; null under "No stacktrace found"
        int line = 0; // 1-based, in the text given to parseFxGraphText
    };
    std::vector<Node> nodes; // in text order
    std::unordered_map<std::string, std::size_t> byName; // node name -> index into nodes (first)

    const Node* node(const std::string& name) const;
};

// Reads the lines of a dump (any line ending). Lines that are neither comments nor node
// assignments (class, def, return, blank) are skipped; a dump without `# File:` comments gives
// nodes without frames.
FxGraphText parseFxGraphText(std::string_view text);

} // namespace dvmlens
