// SPDX-License-Identifier: MIT
// Why not DVM, decided: a reason for every non-DVM kernel and every fallback call of an
// output_code.py, from the rule table (whyrules.h), the file's text (import_fx docstrings, the
// fallback lines, release markers) and the run's recorded environment (fx_graph_runnable.py).
// Levels, most general first: the backend, user settings, then per op or per fused group
// following torch_npu's pipeline (docs/why-not-dvm.md). No rule, no reason: "unknown".
#pragma once

#include "core/io/safefile.h"
#include "core/model/model.h"
#include "core/why/whyreason.h"
#include "core/why/whyrules.h"

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace dvmlens {

struct Versions;

// What the run recorded of its environment (the fx_graph_runnable.py header).
struct WhyEnvironment
{
    bool recorded = false; // a header was read: a variable it does not list was not set
    std::string source; // the fx_graph_runnable.py it came from
    std::vector<std::pair<std::string, std::string>> variables;
    std::optional<std::string> npuBackend;
    std::optional<std::string> torch;
    std::optional<std::string> torchNpu;

    const std::string* value(std::string_view name) const;
};

WhyEnvironment whyEnvironment(const Versions& versions);
// The environment of `run` (parse/versions.h runVersions; `tree`: the index root).
WhyEnvironment runWhyEnvironment(const Container& files, const Run& run, const std::string& tree);

// The releases this file can come from: all of the table's, narrowed by the recorded torch and
// torch_npu versions and the file's release markers (set_kernel_info forms, k.matmul); a filter
// that would leave none is not applied.
std::vector<const WhyRelease*> candidateReleases(
    const WhyRules& rules, const WhyEnvironment& environment, std::string_view text);

// The reasons of one parsed file whose text is `text`.
GraphWhy explainOutputCode(
    const OutputCode& code, std::string_view text, const WhyEnvironment& environment, const WhyRules& rules);

// Reads the graph's output_code.py (inside `tree`) and explains it; nullopt when the graph has no
// parsed output_code.py or the file cannot be read again (a "why-unreadable" problem is added).
std::optional<GraphWhy> explainGraph(const Container& files, const Graph& graph, const std::string& tree,
    const WhyEnvironment& environment, const WhyRules& rules, std::vector<Diagnostic>& problems);

// Whether explainGraph reads the graph's output_code.py (a parsed wrapper module).
bool explainsGraph(const Graph& graph);

// explainGraph on the text another pass read: `text` (nullopt: that read failed with `error`, and
// the "why-unreadable" problem is added). For explainsGraph graphs only.
std::optional<GraphWhy> explainGraphText(const Graph& graph, const std::optional<std::string_view>& text,
    const FileError& error, const WhyEnvironment& environment, const WhyRules& rules,
    std::vector<Diagnostic>& problems);

} // namespace dvmlens
