// SPDX-License-Identifier: MIT
// What an Ascend profile (torch_npu.profiler, tensorboard_trace_handler output) says about device
// time, reduced while it is read to one LaunchGroup per distinct launch signature, so a
// kernel_details.csv of several GB becomes a few thousand entries. Column names and layout:
// ../shared/reference/profiler-format.md. Joining to the kernels of an Index: profilejoin.h.
#pragma once

#include "core/model/model.h"
#include "core/profile/rowshortcut.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace dvmlens {

// Every kernel_details.csv row with the same Name, Type, Accelerator Core, Input Shapes and Input
// Data Types: launches of one kernel (or operator) the join treats alike. Steps are not part of
// the key (kernels x steps could be millions); their times are summed apart, in Profile::steps.
struct LaunchGroup
{
    std::string name;
    std::string type;
    std::string core; // Accelerator Core: AI_CORE, MIX_AIC, AI_VECTOR_CORE, AI_CPU…
    std::string inputShapes; // as written: "8,1024;1024,4096"; empty when not recorded
    std::string inputDtypes; // as written: "FLOAT16;FLOAT16"
    std::optional<std::int64_t> blockDim; // Block Num / Block Dim of the first launch
    std::int64_t launches = 0;
    double totalUs = 0; // sum of Duration(us)
    std::int64_t firstLine = 0; // 1-based line of the first launch in kernel_details.csv
};

// Every row of one Step Id.
struct StepTime
{
    std::int64_t launches = 0;
    double totalUs = 0;
};

// One op_statistic.csv row.
struct OpStatistic
{
    std::string type; // OP Type
    std::string core; // Core Type
    std::int64_t count = 0;
    double totalUs = 0;
};

// One process's profile: a *_ascend_pt folder (or a lone kernel_details.csv).
struct Profile
{
    std::string path; // the *_ascend_pt folder, else the folder or file given
    std::string kernelDetailsPath;
    std::optional<std::string> opStatisticPath;
    std::optional<int> rank; // from profiler_info_<rank>.json
    bool hasSteps = false; // kernel_details.csv has a Step Id column
    std::int64_t rows = 0; // data rows read (bad rows not counted)
    std::int64_t badRows = 0;
    std::vector<LaunchGroup> groups; // in order of first launch
    std::map<std::int64_t, StepTime> steps; // by Step Id; empty without that column
    // Rows with an empty Step Id (launches outside a profiled step): in every total, in no step.
    StepTime outsideSteps;
    std::vector<OpStatistic> opStatistics; // op_statistic.csv rows, in file order; empty without it
    std::vector<Diagnostic> diagnostics; // bad rows (path, line), a missing op_statistic column…
};

// How readKernelDetails reads; the result is the same every way (tests compare them).
struct KernelDetailsReading
{
    // > 0: the file as that many pieces on as many threads, up to 4. 0: pieces of 16 MiB on one
    // thread per core, up to 4, for files of 32 MiB and more; one piece below.
    unsigned ranges = 0;
    // false: every row read the full way instead of confirming the predicted launch group on its
    // bytes.
    bool rowShortcut = true;
    // false: the file read into a buffer instead of mapped (CsvFile::Access).
    bool mapped = true;
    // The row shortcut's byte compares (rowshortcut.h).
    RowCompares compares = RowCompares::Widest;
};

// Reads one kernel_details.csv into `profile` (groups, rows, hasSteps, diagnostics). Returns false
// with `error` set when the file cannot be read, shrinks while it is read, lacks a required
// column (Name, Type, Accelerator Core, Duration(us)): "kernel_details.csv: no 'Duration(us)'
// column", or ends its lines with CR alone (never read as 0 rows). Totals are exact sums, the same
// however the file is cut. `folder` is the profile folder the file must resolve inside: a link
// leading out of it (a kernel_details.csv -> /elsewhere/x.csv in an untrusted *_ascend_pt) is
// refused; empty: any place.
bool readKernelDetails(const std::string& path, Profile& profile, std::string& error,
    const KernelDetailsReading& how = {}, const std::string& folder = {});

// Reads op_statistic.csv into profile.opStatistics; problems become diagnostics (it is optional).
// `folder` bounds it as readKernelDetails' does.
void readOpStatistic(const std::string& path, Profile& profile, const std::string& folder = {});

// Finds and reads the profiles under `path`: a *_ascend_pt folder, its ASCEND_PROFILER_OUTPUT,
// one kernel_details.csv, or a folder holding one *_ascend_pt per rank (sorted by rank, then by
// name). Returns nullopt with `error` set when nothing readable is there or a file cannot be read.
std::optional<std::vector<Profile>> loadProfiles(const std::string& path, std::string& error);

// A profile offered with a tree: the folder holding `*_ascend_pt` folders (with a
// kernel_details.csv) inside `treePath`, else beside it (in its parent folder), else in a folder
// beside it (the `prof/` of tensorboard_trace_handler("./prof"), the first by name); nullopt when
// there is none. The result is a path for loadProfiles.
std::optional<std::string> profileBeside(const std::string& treePath);

} // namespace dvmlens
