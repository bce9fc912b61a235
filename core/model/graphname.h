// SPDX-License-Identifier: MIT
// Reads the names PyTorch gives its debug folders: run_<timestamp>-pid_<pid> for a process and
// <model>__<aot_id>_<kind>_<nth_graph>.<seq> for one Inductor compile (and older/AOTI variants).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace dvmlens {

// run_%Y_%m_%d_%H_%M_%S_%f-pid_<pid>
struct RunName
{
    std::int64_t pid = 0;
    std::string started; // ISO 8601 local time with microseconds: 2026-07-20T10:15:30.123456
};
std::optional<RunName> parseRunName(std::string_view folderName);

// The parts of a graph folder name. Forms understood:
//   model__0_forward_1.0    (2.0+; model may contain underscores)
//   model___9.0             (AOTInductor, nothing being compiled: kind "", no aot_id)
//   model_forward_0         (pre-2.0 nightlies: no aot_id, no seq)
struct GraphName
{
    std::string model;
    std::optional<int> aotId;
    std::string kind; // "forward", "backward", "inference" or "" (AOTI form)
    std::optional<int> nthGraph;
    std::optional<int> seq; // the trailing .<n>: compile order inside the process
};
std::optional<GraphName> parseGraphName(std::string_view folderName);

// The AOT ID an output_code.py states in its first line (`# AOT ID: ['14_backward']`): "14_backward"
// gives 14 and "backward". Nullopt for any other form.
struct AotId
{
    int id = 0;
    std::string kind;
};
std::optional<AotId> parseAotId(std::string_view text);

// The key that pairs "the same graph" across two runs: the folder name without its trailing
// .<n>, because that counter shifts whenever an extra compile happens earlier in the process.
std::string graphPairingKey(std::string_view folderName);

// torchinductor/ holds graph folders; aot_torchinductor/ is its pre-2.0 name.
bool isGraphsFolderName(std::string_view folderName);

} // namespace dvmlens
