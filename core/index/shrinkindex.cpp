// SPDX-License-Identifier: MIT
#include "core/index/shrinkindex.h"

namespace dvmlens {

void shrinkToFit(OutputCode& code)
{
    code.kernels.shrink_to_fit();
    for (Kernel& kernel : code.kernels) {
        kernel.launchLines.shrink_to_fit();
        kernel.ops.shrink_to_fit();
        kernel.inputs.shrink_to_fit();
        kernel.outputs.shrink_to_fit();
    }
    code.fallbacks.shrink_to_fit();
    code.diagnostics.shrink_to_fit();
}

void shrinkToFit(Index& index)
{
    index.runs.shrink_to_fit();
    index.diagnostics.shrink_to_fit();
    for (Run& run : index.runs) {
        run.graphs.shrink_to_fit();
        run.logs.shrink_to_fit();
        for (Graph& graph : run.graphs) {
            graph.files.shrink_to_fit();
            graph.diagnostics.shrink_to_fit();
            if (graph.outputCode)
                shrinkToFit(*graph.outputCode);
        }
    }
}

} // namespace dvmlens
