// SPDX-License-Identifier: MIT
// The field guide's rule for "did DVM really run here", as code, and the verdict ladder every view
// shows: the import alone proves nothing (import_fx fallbacks are named dvm_fused_* too); only a
// real @dvm.kernel builder does. Nothing outside this file decides a verdict.
#pragma once

#include "core/model/model.h"

#include <optional>
#include <string>
#include <string_view>

namespace dvmlens {

// True when the file imports dvm from torch_npu._inductor and defines at least one DVM kernel.
bool isDvmEngaged(const OutputCode& code);

// DVM launches / (all kernel launches + fallback calls); nullopt when that denominator is 0.
std::optional<double> dvmCoverage(const OutputCode& code);
// The same over every output_code.py of a run (launches and calls summed, not shares averaged).
std::optional<double> dvmCoverage(const Run& run);

// The verdict ladder. A graph is Engaged, NotEngaged, NoCode, NotIndexed, NotWrapper or Unreadable;
// a run or a tree is any of them, or Partly (some graphs with code engaged, not all).
enum class Verdict
{
    Engaged, // graph: output_code.py with the dvm import and a real @dvm.kernel; run/tree: every graph with
             // code, at least one
    Partly, // run/tree only: some graphs with code engaged, not all
    NotEngaged, // graph: output_code.py without both; run/tree: no graph with code engaged
    NoCode, // graph: no output_code.py (cache hit, crash, AOTI-only folder); run/tree: no graph has one
    NotIndexed, // graph: output_code.py not parsed (cancelled, unfinished); run/tree: any such graph
    NotWrapper, // graph: a file opened on its own that is not an Inductor wrapper module: no verdict
    // graph: an output_code.py that could not be read (permission denied, an encrypted or cut archive
    // entry, too large) or is not text (binary): the tool cannot tell, so never "not engaged";
    // run/tree: no graph with readable code, and some unreadable
    Unreadable,
};
inline constexpr Verdict kAllVerdicts[] = { Verdict::Engaged, Verdict::Partly, Verdict::NotEngaged,
    Verdict::NoCode, Verdict::NotIndexed, Verdict::NotWrapper, Verdict::Unreadable };

// Where a graph stands on the ladder.
Verdict graphVerdict(const Graph& graph);

// When the index is one file opened on its own that is not an Inductor wrapper module (an
// fx_graph_readable.py, a log): that graph, since such an input has no verdict at all. Else null.
const Graph* loneNonWrapper(const Index& index);

// Whether the parser could not look into the graph's output_code.py: an "unreadable" or
// "binary-file" diagnostic on it.
bool isUnreadable(const Graph& graph);

// What a run's or a tree's verdict is made of. The count shown everywhere is engaged / withCode.
struct VerdictCounts
{
    int graphs = 0; // every graph (folder or lone file)
    // graphs with an output_code.py that is a wrapper module (parsed or not), unreadable ones not
    // included: "engaged in X of N" counts only what could be read
    int withCode = 0;
    int engaged = 0; // of those, parsed and DVM engaged
    int withoutCode = 0; // NoCode graphs
    int notIndexed = 0; // of withCode, not parsed
    int notWrapper = 0; // NotWrapper graphs (not in withCode)
    int unreadable = 0; // Unreadable graphs (not in withCode)

    void add(Verdict graph);
    void add(const VerdictCounts& other);
    bool operator==(const VerdictCounts&) const = default;
};
VerdictCounts verdictCounts(const Run& run);
VerdictCounts verdictCounts(const Index& index);

// The run's or tree's rung: NotIndexed when any graph is not indexed; else, when no graph has
// readable code, Unreadable (some unreadable), NotWrapper or NoCode; else Engaged, NotEngaged or
// Partly by engaged / withCode (unreadable graphs said beside it: verdictCountNote).
Verdict ladderVerdict(const VerdictCounts& counts);

// Stable words, as JSON and the CLI print them: "engaged", "partly", "not engaged", "no code",
// "not indexed", "not a wrapper module", "unreadable".
std::string_view verdictName(Verdict verdict);
std::optional<Verdict> verdictFromName(std::string_view name);

// "1 graph unreadable", "2 graphs unreadable"; empty when none is.
std::string unreadableGraphsText(const VerdictCounts& counts);

// "3/7": engaged / graphs with code.
std::string verdictCountText(const VerdictCounts& counts);
// "partly 5/7": the rung and the count, as the run tree and the reports show a run or a tree.
std::string ladderText(const VerdictCounts& counts);
// What the count leaves out, when non-zero: "2 without code, 1 not indexed, 1 unreadable" (empty
// otherwise).
std::string verdictCountNote(const VerdictCounts& counts);

} // namespace dvmlens
