// SPDX-License-Identifier: MIT
#include "indexstats.h"

KernelCounts kernelCountsOf(const dvmlens::OutputCode& code)
{
    KernelCounts counts;
    for (const dvmlens::Kernel& kernel : code.kernels) {
        if (kernel.backend == dvmlens::Backend::Dvm)
            ++counts.dvm;
        else
            ++counts.other;
    }
    counts.fallbacks = static_cast<int>(code.fallbacks.size());
    return counts;
}

KernelCounts kernelCountsOf(const dvmlens::Graph& graph)
{
    return graph.outputCode ? kernelCountsOf(*graph.outputCode) : KernelCounts {};
}

KernelCounts kernelCountsOf(const dvmlens::Run& run)
{
    KernelCounts total;
    for (const dvmlens::Graph& graph : run.graphs) {
        const KernelCounts counts = kernelCountsOf(graph);
        total.dvm += counts.dvm;
        total.other += counts.other;
        total.fallbacks += counts.fallbacks;
    }
    return total;
}

int engagedGraphCount(const dvmlens::Run& run)
{
    int engaged = 0;
    for (const dvmlens::Graph& graph : run.graphs) {
        if (graph.outputCode && graph.outputCode->dvmEngaged)
            ++engaged;
    }
    return engaged;
}

IndexTotals totalsOf(const dvmlens::Index& index)
{
    IndexTotals totals;
    totals.runs = static_cast<int>(index.runs.size());
    for (const dvmlens::Run& run : index.runs) {
        totals.graphs += static_cast<int>(run.graphs.size());
        totals.engagedGraphs += engagedGraphCount(run);
        for (const dvmlens::Graph& graph : run.graphs) {
            if (graph.outputCode)
                ++totals.graphsWithCode;
        }
        const KernelCounts counts = kernelCountsOf(run);
        totals.kernels.dvm += counts.dvm;
        totals.kernels.other += counts.other;
        totals.kernels.fallbacks += counts.fallbacks;
    }
    return totals;
}

QString groupedNumber(qint64 value)
{
    QString digits = QString::number(value < 0 ? -value : value);
    for (qsizetype at = digits.size() - 3; at > 0; at -= 3)
        digits.insert(at, QChar(0x2009)); // thin space
    return value < 0 ? QLatin1Char('-') + digits : digits;
}
