// SPDX-License-Identifier: MIT
// The provenance JSONs Inductor writes into a graph folder (PyTorch 2.7+):
//   inductor_provenance_tracking_node_mappings.json: {"preToPost": {pre: [post…]}, "postToPre": {…},
//     "cppCodeToPost": {kernel: [post…]}, "pyCodeToPost"?: {…}} ("cpp" also covers Triton kernels);
//   inductor_triton_kernel_to_post_grad_nodes.json (≤2.7) / inductor_generated_kernel_to_post_grad_nodes.json
//     (≥2.8): {kernel: [post…]}.
// Kernel keys may be "name" or "name:handle" (the `# [Provenance debug handles]` key).
#pragma once

#include "core/model/model.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace dvmlens {

inline constexpr const char* kNodeMappingsFile = "inductor_provenance_tracking_node_mappings.json";
inline constexpr const char* kTritonKernelNodesFile = "inductor_triton_kernel_to_post_grad_nodes.json";
inline constexpr const char* kGeneratedKernelNodesFile = "inductor_generated_kernel_to_post_grad_nodes.json";
// {kernel: [stack trace…]} (PyTorch 2.9+, INDUCTOR_PROVENANCE=1): the Python stack of each node
// the kernel came from, outermost frame first; read only for the nearest model frame.
inline constexpr const char* kKernelStackTracesFile = "inductor_provenance_tracking_kernel_stack_traces.json";

struct ProvenanceMaps
{
    std::map<std::string, std::vector<std::string>> kernelToPost; // every kernel key of every file
    std::map<std::string, std::vector<std::string>> preToPost;
    std::map<std::string, std::vector<std::string>> postToPre;
    std::map<std::string, std::vector<std::string>> kernelStacks; // kernel key -> stack trace texts
    bool any = false; // some file was read

    // The post-grad nodes of a kernel: its exact key, else every "name:<handle>" key.
    std::vector<std::string> postNodesOfKernel(const std::string& name) const;
    // The post-grad nodes of a debug handle key ("extern_kernels.bmm:1"), exact only.
    std::vector<std::string> postNodesOfHandle(const std::string& handle) const;
    // The stack traces of a kernel name (its exact key, else every "name:<handle>" key) or of a
    // debug handle key.
    std::vector<std::string> stacksOf(const std::string& key) const;
};

// Reads the files of `graph` that exist (listed in graph.files), bounded by `tree`. A file that
// cannot be read or is no such JSON adds a warning to `problems` and is left out.
ProvenanceMaps readProvenanceMaps(
    const Container& files, const Graph& graph, const std::string& tree, std::vector<Diagnostic>& problems);

// Adds one file's text; false (and nothing added) when it is not a JSON object.
bool addProvenanceJson(ProvenanceMaps& maps, const std::string& text, bool nodeMappings);
// Adds a kernel stack traces file's text; false (and nothing added) when it is not a JSON object.
bool addKernelStackTracesJson(ProvenanceMaps& maps, const std::string& text);

} // namespace dvmlens
