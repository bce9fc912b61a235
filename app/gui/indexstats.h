// SPDX-License-Identifier: MIT
// Counts the GUI shows beside runs and graphs and in the status bar. Only sums what core decided
// (a kernel's backend, a graph's dvmEngaged); it never decides anything itself.
#pragma once

#include "model.h"

#include <QString>

struct KernelCounts
{
    int dvm = 0; // real @dvm.kernel builders
    int other = 0; // every other kernel definition (import_fx, Triton, C++…)
    int fallbacks = 0; // ATen / NPU / extern calls in the entry code
};

struct IndexTotals
{
    int runs = 0;
    int graphs = 0;
    int engagedGraphs = 0;
    int graphsWithCode = 0;
    KernelCounts kernels;
};

KernelCounts kernelCountsOf(const dvmlens::OutputCode& code);
KernelCounts kernelCountsOf(const dvmlens::Graph& graph);
KernelCounts kernelCountsOf(const dvmlens::Run& run);
int engagedGraphCount(const dvmlens::Run& run);
IndexTotals totalsOf(const dvmlens::Index& index);

// "2 930": digits grouped by thin spaces, readable in every language.
QString groupedNumber(qint64 value);
