// SPDX-License-Identifier: MIT
// The field guide's checklist (§6), decided from files: each item pass / fail / unknown with its
// evidence and a fix in English and Chinese (docs/doctor.md). `dvmlens-cli doctor`, the report and
// the GUI's Check Environment all show this list.
#pragma once

#include "core/doctor/pythonenv.h"
#include "core/model/model.h"
#include "core/rules/rulebook.h"

#include <optional>
#include <string>
#include <vector>

namespace dvmlens {

enum class CheckStatus
{
    Pass,
    Fail,
    Unknown,
};
std::string_view checkStatusName(CheckStatus status); // "pass", "fail", "unknown"

struct CheckItem
{
    std::string id; // stable: "versions", "dvm-release", "imported-torch-npu", …
    CheckStatus status = CheckStatus::Unknown;
    LocalizedText title;
    std::string evidence; // what was read, with paths
    LocalizedText fix; // empty when it passes
    std::string fixDiff; // a unified diff that applies the fix (ir.py), or empty
};

struct DoctorInput
{
    PythonEnv env;
    // The calling shell's TORCHINDUCTOR_NPU_BACKEND (null when unset); the tree's recorded value wins.
    std::optional<std::string> shellBackend;
    const Index* tree = nullptr; // --tree: its recorded environment and item 8
};

// The items in the guide's order, ir.py after the DVM folder.
std::vector<CheckItem> runDoctor(const DoctorInput& input);

// What `dvmlens-cli doctor ENV` and the window's File ▸ Check Environment read: the environment at
// `envPath` with this process's PYTHONPATH searched first, and its TORCHINDUCTOR_NPU_BACKEND.
DoctorInput doctorInputFromProcess(const std::string& envPath, const Index* tree = nullptr);
// No site-packages was found under the path (env.problems say why): nothing to check.
bool hasNothingToCheck(const PythonEnv& env);

// What inductor_patch/ir.py's three early returns say (dvm-format.md §6): for each function, whether
// its isinstance tuple names FallbackKernel; `diff` gets the change for those that do not.
struct IrPatchCheck
{
    int functions = 0; // of the three found
    int patched = 0;
    std::string diff;
};
IrPatchCheck checkIrPatch(const std::string& text, const std::string& pathInDiff);

bool anyFailed(const std::vector<CheckItem>& items);

// How many items have each status ("5 pass, 1 fail, 3 unknown").
struct CheckCounts
{
    int pass = 0;
    int fail = 0;
    int unknown = 0;
};
CheckCounts countChecks(const std::vector<CheckItem>& items);

} // namespace dvmlens
