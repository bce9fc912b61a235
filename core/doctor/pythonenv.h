// SPDX-License-Identifier: MIT
// A Python environment read from its files alone (trace-and-cache.md §C): where site-packages is,
// the torch and torch_npu versions (version.py, *.dist-info), every torch_npu the import path can
// reach and which one Python imports first, what the imported one holds (dvm/, inductor_patch/ir.py).
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace dvmlens {

// One installed copy of a package.
struct PackageInstall
{
    std::string folder; // …/site-packages/torch_npu
    std::string via; // "site-packages", "PYTHONPATH", "a .pth file (…)"
    std::optional<std::string> version; // version.py __version__
    std::optional<std::string> distVersion; // *.dist-info/METADATA Version:, beside it
    std::optional<std::string> requiresTorch; // torch_npu METADATA "Requires-Dist: torch==…"
    std::optional<std::string> cuda; // torch/version.py cuda (null when None)
    bool recordListsDvm = false; // *.dist-info/RECORD names torch_npu/_inductor/dvm/ files
    bool hasRecord = false;

    // version.py's, else the dist-info's.
    std::optional<std::string> anyVersion() const;
};

struct PythonEnv
{
    std::string given; // the path the user named
    std::vector<std::string> sitePackages; // found under it, in the order Python reads them
    std::vector<std::string> problems; // why a part could not be read
    std::vector<PackageInstall> torch; // import order: the first is the one imported
    std::vector<PackageInstall> torchNpu;
};

// Reads the environment at `path` (a prefix, a venv or a site-packages folder). `pythonPath` is
// the calling shell's PYTHONPATH (searched first, as Python does).
PythonEnv readPythonEnv(const std::string& path, const std::string& pythonPath = {});

// "2.7.1.post8+gitabc" -> "2.7.1": the X.Y.Z that torch and torch_npu must share.
std::string baseVersion(const std::string& version);

} // namespace dvmlens
