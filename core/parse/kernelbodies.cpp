// SPDX-License-Identifier: MIT
#include "core/parse/kernelbodies.h"

#include "core/parse/outputcodeparser.h"

#include <algorithm>

namespace dvmlens {

namespace {

bool sameKernels(const OutputCode& a, const OutputCode& b)
{
    const auto sameKernel = [](const Kernel& x, const Kernel& y) {
        return x.name == y.name && x.backend == y.backend && x.line == y.line && x.endLine == y.endLine
            && x.launches == y.launches;
    };
    const auto sameFallback = [](const Fallback& x, const Fallback& y) {
        return x.target == y.target && x.line == y.line;
    };
    return a.bytes == b.bytes && a.lines == b.lines
        && std::equal(a.kernels.begin(), a.kernels.end(), b.kernels.begin(), b.kernels.end(), sameKernel)
        && std::equal(
            a.fallbacks.begin(), a.fallbacks.end(), b.fallbacks.begin(), b.fallbacks.end(), sameFallback);
}

} // namespace

std::size_t kernelBodyBytes(const OutputCode& code)
{
    std::size_t bytes = 0;
    for (const Kernel& kernel : code.kernels) {
        bytes += kernel.ops.capacity() * sizeof(std::string) + kernel.inputs.capacity() * sizeof(DvmInput)
            + kernel.outputs.capacity() * sizeof(DvmOutput);
        // Each shape and stride is its own allocation (with malloc's 16-byte header).
        const auto dimsBytes = [](const std::optional<std::vector<std::int64_t>>& dims) {
            return dims ? dims->capacity() * sizeof(std::int64_t) + 16 : 0;
        };
        for (const DvmInput& input : kernel.inputs)
            bytes += dimsBytes(input.shape) + dimsBytes(input.stride);
        for (const DvmOutput& output : kernel.outputs)
            bytes += dimsBytes(output.shape) + dimsBytes(output.stride);
    }
    return bytes;
}

OutputCode withKernelBodies(const Container& files, const OutputCode& code, std::string& scratch,
    std::optional<Diagnostic>& problem, const std::string& tree)
{
    problem.reset();
    if (code.kernelBodies)
        return code;
    OutputCode full = parseOutputCodeFile(files, code.path, scratch, KernelDetail::Full, tree);
    if (sameKernels(full, code)) {
        // The index already moved this file's diagnostics to its graph.
        full.diagnostics = code.diagnostics;
        return full;
    }
    Diagnostic changed;
    changed.path = code.path;
    changed.severity = Severity::Warning;
    changed.code = "changed-during-scan";
    changed.message = "The output_code.py file changed while the tree was scanned (it is still being "
                      "written?), so its DVM kernels are listed without ops, inputs and outputs.";
    problem = std::move(changed);
    return code;
}

std::optional<Graph> withKernelBodies(
    const Container& files, const Graph* graph, std::string& scratch, const std::string& tree)
{
    if (!graph || !graph->outputCode || graph->outputCode->kernelBodies)
        return std::nullopt;
    Graph complete = *graph;
    std::optional<Diagnostic> problem;
    complete.outputCode = withKernelBodies(files, *graph->outputCode, scratch, problem, tree);
    return complete;
}

} // namespace dvmlens
