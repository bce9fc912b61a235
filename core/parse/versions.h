// SPDX-License-Identifier: MIT
// The toolchain a tree was made with, read from the header of a graph's fx_graph_runnable.py:
// PyTorch writes "# torch version: …", "# torch cuda version: …", "# torch git version: …" and the
// os.environ lines of TORCH*/INDUCTOR*/TRITON* variables (TORCHINDUCTOR_NPU_BACKEND=dvm among them).
#pragma once

#include "core/model/model.h"

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace dvmlens {

struct Versions
{
    std::optional<std::string> torch; // "2.14.0.dev20260719+cpu"
    std::optional<std::string> torchGit;
    std::optional<std::string> torchCuda; // absent or "None" on NPU builds
    std::optional<std::string> torchNpu; // "# torch_npu version: …" when the writer added one
    std::optional<std::string> python; // "# python version: …" when the writer added one
    std::optional<std::string> cann; // "# CANN version: …" (Ascend toolkit) when the writer added one
    // The NPU Inductor backend asked for: TORCHINDUCTOR_NPU_BACKEND or torch._inductor.config.npu_backend.
    std::optional<std::string> npuBackend;
    std::vector<std::pair<std::string, std::string>> environment; // os.environ['K'] = 'V', in file order
    std::optional<std::string> source; // the fx_graph_runnable.py these came from

    bool empty() const;
};

// Reads the header lines of fx_graph_runnable.py text (up to `class Repro` or the first
// non-comment code after the config block; the rest of the file is never needed).
Versions parseReproHeader(std::string_view text);

// Reads at most the first 64 KiB of `path` through `files` (io/container.h: a regular file inside
// `tree`; empty: anywhere). Returns nullopt when it cannot be read (a FIFO, a link out of the tree…).
std::optional<Versions> readReproHeader(
    const Container& files, const std::string& path, const std::string& tree = {});

// The versions of one run: the first graph (in run order) whose fx_graph_runnable.py names a
// torch version, with fields it lacks filled from later graphs. `files`, `tree`: the index's
// container and root.
Versions runVersions(const Container& files, const Run& run, const std::string& tree);

} // namespace dvmlens
