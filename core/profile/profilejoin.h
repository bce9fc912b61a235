// SPDX-License-Identifier: MIT
// Device time joined to the kernels of an Index: kept beside the Index (never inside model.h's
// Kernel), so nothing else changes when no profile is given.
//
// Rules (../shared/reference/profiler-format.md), per profile and the run it is paired with:
//  1. Pairing. Profiles (loadProfiles order: by rank) pair with Index::runs by rank order, as
//     compare pairs runs; JoinOptions::run pairs a single profile with the run the user named.
//     A profile without a run, or a run without a profile, joins nothing.
//  2. Candidates of a LaunchGroup: the run's kernels whose name equals its Name; when there are
//     none, those whose name without its `_<N>` suffix equals its Type. import_fx kernels are never
//     candidates: they run as the FX graph's ATen operators, under CANN names.
//  3. One candidate: matched. Several (names repeat across graphs: the suffix is per file): the
//     candidates whose inputs agree with Input Shapes / Input Data Types (shapesAgree). Exactly one
//     agreeing: matched; otherwise ambiguous with the agreeing candidates (all of them when none
//     agrees or the row has neither column). Only DVM kernels have inputs in the model, so a Triton
//     or MLIR name found in several graphs stays ambiguous.
//  4. No candidate: outside compiled kernels, summed by Type (ATen/CANN operators such as MatMulV2,
//     communication, other processes).
#pragma once

#include "core/model/model.h"
#include "core/profile/profile.h"

#include <array>
#include <cstdint>
#include <iterator>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace dvmlens {

// A kernel of the Index: index.runs[run].graphs[graph].outputCode->kernels[kernel].
struct KernelRef
{
    std::size_t run = 0;
    std::size_t graph = 0;
    std::size_t kernel = 0;
    friend bool operator==(const KernelRef&, const KernelRef&) = default;
    friend auto operator<=>(const KernelRef&, const KernelRef&) = default;
};

// Device time of one kernel, summed over its matched launches.
struct KernelTime
{
    std::int64_t launches = 0;
    double totalUs = 0;
    std::vector<std::string> cores; // distinct Accelerator Core values, in order seen
    double meanUs() const
    {
        return launches > 0 ? totalUs / static_cast<double>(launches) : 0.0;
    }
};

// Device time of a graph, run, step or the whole profile.
struct TimeShares
{
    std::array<double, std::size(kAllBackends)> byBackend {}; // matched time, indexed by Backend
    double outside = 0; // rows that matched no kernel
    double ambiguous = 0; // rows that matched several kernels
    double compiled() const; // sum of byBackend
    double total() const; // compiled + outside + ambiguous
    std::optional<double> dvmShare() const; // DVM / compiled time; null when nothing compiled ran
};

struct AmbiguousGroup
{
    std::size_t profile = 0; // index into ProfileJoin::profiles
    std::string name;
    std::string type;
    std::string inputShapes;
    std::string inputDtypes;
    std::string core; // Accelerator Core
    std::int64_t launches = 0;
    double totalUs = 0;
    std::int64_t firstLine = 0;
    std::vector<KernelRef> candidates; // sorted
};

struct OutsideType
{
    std::string type; // Type (Name when Type is empty)
    std::int64_t launches = 0;
    double totalUs = 0;
};

struct ProfileJoin
{
    std::vector<std::string> paths; // Profile::path of each profile, in order
    std::vector<std::optional<std::size_t>> runOfProfile; // the paired run of each profile
    std::int64_t rows = 0;
    std::int64_t matched = 0; // rows
    std::int64_t ambiguous = 0;
    std::int64_t unmatched = 0;
    std::optional<int> steps; // distinct Step Id values; null without the column
    std::vector<std::int64_t> stepIds; // sorted
    // [run][graph][kernel]: launches 0 when no row matched it (or the run has no profile).
    std::vector<std::vector<std::vector<KernelTime>>> kernels;
    std::vector<std::vector<TimeShares>> graphs; // [run][graph]; ambiguous: candidates all in that graph
    // [run][graph]: ambiguous groups with a candidate in the graph and one in another graph, whose
    // time belongs to no graph: the graph's time is unknown, not zero, when it has such groups.
    std::vector<std::vector<std::int64_t>> sharedAmbiguous;
    std::vector<TimeShares> runs; // [run]
    std::vector<bool> runProfiled; // [run]: a profile is paired with it
    TimeShares total; // every profile, paired or not
    std::map<std::int64_t, double> stepTotalUs; // with Step Id: all device time of each step
    // Rows with an empty Step Id, every profile's: in every total, in no step (launches 0: none).
    StepTime outsideSteps;
    std::vector<AmbiguousGroup> ambiguousGroups; // by time, largest first
    std::vector<OutsideType> outside; // by time, largest first
    std::vector<Diagnostic> diagnostics; // the profiles' own, then pairing and ambiguity notes

    const KernelTime* timeOf(const KernelRef& ref) const;
};

struct JoinOptions
{
    std::optional<std::size_t> run; // pair the (single) profile with index.runs[*run]
};

ProfileJoin joinProfiles(
    const Index& index, const std::vector<Profile>& profiles, const JoinOptions& options);

// True when the kernel's inputs agree with a row's Input Shapes ("8,1024;1024,4096") and Input Data
// Types ("FLOAT16;BF16"): same number of entries, each dim equal (-1 in the kernel matches any), each
// dtype equal once normalised (normalizedProfileDtype); an empty column agrees with anything. The
// entries are taken against every input (a scalar as an empty shape) or against the tensor inputs
// only (profilers leave scalars out); either agreeing is enough. Kernels without inputs in the
// model never agree.
bool shapesAgree(const Kernel& kernel, std::string_view inputShapes, std::string_view inputDtypes);

// CANN's dtype spelling in our normalised form: FLOAT/DT_FLOAT/FLOAT32 → "float32", FLOAT16 →
// "float16", BF16/DT_BF16 → "bfloat16", INT64 → "int64", BOOL → "bool"…; unknown: lower case.
std::string normalizedProfileDtype(std::string_view dtype);

// The kernel name without its trailing `_<digits>` (dvm_fused_add_0 → dvm_fused_add); unchanged
// when it has none.
std::string_view withoutNumericSuffix(std::string_view name);

// The mean device time of a step: the time of the rows in steps over the number of steps; nullopt
// without steps.
std::optional<double> meanStepUs(const ProfileJoin& join);

// The kernels with the most device time, largest first (ties: index order); run/graph limit the
// search when given.
std::vector<KernelRef> topKernels(const ProfileJoin& join, std::size_t limit,
    std::optional<std::size_t> run = std::nullopt, std::optional<std::size_t> graph = std::nullopt);

} // namespace dvmlens
