// SPDX-License-Identifier: MIT
// What `dvmlens --select [RUN/]GRAPH[/KERNEL]` names: a graph of an index by its name, optionally in a
// run and with a kernel. A trace graph's name holds '/' itself ("[0/1] 0_forward"), so the spec is not
// cut at every '/': each reading (RUN/GRAPH/KERNEL, RUN/GRAPH, GRAPH/KERNEL, GRAPH) takes the run and the
// kernel from the ends and the rest, '/' and all, as the graph's name.
#pragma once

#include "core/model/model.h"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace dvmlens {

struct GraphSpecMatch
{
    std::size_t run = 0;
    std::size_t graph = 0;
    std::string kernel; // "" when the spec names none
};

// The first reading whose graph (in that run, when it names one) the index holds; nullopt when none does.
// The kernel is not looked for: the caller says when the graph has no such kernel.
std::optional<GraphSpecMatch> matchGraphSpec(const Index& index, std::string_view spec);

} // namespace dvmlens
