// SPDX-License-Identifier: MIT
// Counts derived from VerdictCounts and Summary, so that no front end does the arithmetic itself
// (the status bar's "3 of 5 graphs parsed", the run tree's Other column and its verdict order).
#pragma once

#include "core/verdict/summary.h"
#include "core/verdict/verdict.h"

namespace dvmlens {

// Of the graphs with code, those whose output_code.py was parsed (all but the not indexed ones).
inline int parsedGraphs(const VerdictCounts& counts)
{
    return counts.withCode - counts.notIndexed;
}

// engaged / withCode, 0 when no graph has code: how far up the ladder a run is (a sort key).
inline double engagedShare(const VerdictCounts& counts)
{
    return counts.withCode > 0 ? double(counts.engaged) / counts.withCode : 0.0;
}

// Kernels of every backend but DVM.
inline int nonDvmKernels(const Summary& summary)
{
    return summary.kernels - summary.kernelCount(Backend::Dvm);
}

} // namespace dvmlens
