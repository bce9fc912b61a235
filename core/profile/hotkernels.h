// SPDX-License-Identifier: MIT
// The hottest kernels of a joined profile, what the Hot Kernels dock and `scan --profile` list.
// Inductor numbers kernels per graph, so a model whose blocks compile to identical graphs has one
// name in every graph and its rows stay ambiguous (profilejoin.h rule 3). Those rows still say
// which kernel is hot: each is listed by its name with its time and the kernels it could be,
// merged over profiles (ranks), beside the kernels matched to one graph.
#pragma once

#include "core/profile/profilejoin.h"

#include <optional>
#include <string>
#include <vector>

namespace dvmlens {

struct HotKernel
{
    std::string name; // the kernels' name when the candidates share it; else the row's Name or Type
    std::optional<Backend> backend; // null: the candidates' backends differ
    std::int64_t launches = 0;
    double totalUs = 0;
    std::vector<std::string> cores; // distinct Accelerator Core values, in order seen
    std::vector<KernelRef> kernels; // one: matched to it; several: the candidates, sorted
    std::size_t graphs = 0; // distinct (run, graph) among kernels
    std::size_t runs = 0; // distinct runs among kernels

    bool ambiguous() const
    {
        return kernels.size() > 1;
    }
    double meanUs() const
    {
        return launches > 0 ? totalUs / static_cast<double>(launches) : 0.0;
    }
};

// Matched kernels (topKernels) and ambiguous names together, largest time first (ties: matched
// kernels first, then index order), at most `limit`.
std::vector<HotKernel> hotKernels(const Index& index, const ProfileJoin& join, std::size_t limit);

// Where a hot kernel is: "g0" or "run/g0" for one graph; "one of 40 graphs" (" in 8 runs" when
// it spans runs) for an ambiguous name. `withRun`: name the run of a single graph.
std::string hotKernelWhereText(const Index& index, const HotKernel& hot, bool withRun);

} // namespace dvmlens
