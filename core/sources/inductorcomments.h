// SPDX-License-Identifier: MIT
// The comments Inductor writes above a kernel definition or call in output_code.py, read for the FX
// nodes they name (formatting aids with no contract, pytorch #189270, so read leniently):
//   # Topologically Sorted Source Nodes: [x_norm, x_mod], Original ATen: [aten.mul, …]
//     (also "Source Nodes:" and "Unsorted Source Nodes:"): pre-grad (source) node names;
//   # Source node to ATen node mapping:  /  #   x_norm => add, mean, mul   (and bare `# x => y`):
//     post-grad (ATen) node names on the right;
//   # Graph fragment:  /  #   %mul : [num_users=1] = call_function[…]: post-grad node names;
//   # [Provenance debug handles] extern_kernels.bmm:1: the key the provenance JSONs use.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace dvmlens {

struct InductorComments
{
    std::vector<std::string> sourceNodes; // pre-grad names, in order, without duplicates
    std::vector<std::string> atenNodes; // post-grad names from the mapping and the graph fragment
    std::vector<std::string> debugHandles; // "extern_kernels.bmm:1"
    bool empty() const
    {
        return sourceNodes.empty() && atenNodes.empty() && debugHandles.empty();
    }
};

// Reads the comment lines given (each a physical line, leading spaces allowed).
InductorComments parseInductorComments(const std::vector<std::string_view>& commentLines);

// The physical lines of a text, for looking back from a 1-based line number.
class TextLines
{
public:
    explicit TextLines(std::string_view text);
    int count() const
    {
        return static_cast<int>(m_starts.size());
    }
    std::string_view line(int number) const; // 1-based; empty outside the text; no line ending
    // The comment lines right above `number`, top first: up to 3 blank or stream-lookup lines
    // (`stream0 = get_raw_stream(0)`) may stand between; any other code line ends the search.
    std::vector<std::string_view> commentsAbove(int number) const;
    // Lines first..last joined with '\n' (a docstring the index located).
    std::string_view span(int first, int last) const;

private:
    std::string_view m_text;
    std::vector<std::size_t> m_starts;
};

} // namespace dvmlens
