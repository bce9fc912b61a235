// SPDX-License-Identifier: MIT
// Known failures: rules (data, from resources/rules/known-failures.json and user files), and the
// matching that turns logs and the scanned tree into findings with cause and fix.
//
// Rule file schema "dvmlens.rules/1":
//   { "schema": "dvmlens.rules/1", "rules": [ <rule>… ] }
//   rule: "id" (required, unique; a later file's rule with the same id replaces the earlier one),
//         "kind": "log" | "tree" (default "log"), "layer", "severity": "error" | "warning" | "info",
//         "title" / "cause" / "fix": {"en": …, "zh": …} ("en" required),
//         "fixCode": {"language": "diff" | "shell" | "python" | …, "text": …} (optional),
//   log rules:  "match": <signature> or [<signature>…] (a line matches when any signature does),
//               signature = {"allOf": [p…], "anyOf": [p…], "noneOf": [p…]} on one line,
//               p = "substring" | {"substring": …, "ignoreCase": bool} | {"regex": …} (PCRE),
//               "context": {"within": N, "anyOf": [p…]} — a match with one of these within N
//               lines before or after it has high confidence, otherwise medium;
//               "scope": "graph" — only logs inside a graph folder (default "any");
//   tree rules: "check": "graph-without-dvm-kernel" | "dvm-named-import-fx" |
//               "missing-output-code" (an empty graph folder: FX cache hit) | "no-dvm-in-tree" |
//               "torch-npu-without-dvm" (a torch_npu release with no DVM backend, where DVM was asked for).
#pragma once

#include "model/model.h"

#include <QRegularExpression>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace dvmlens {

struct LocalizedText
{
    std::string en;
    std::string zh; // empty when the rule has no Chinese text
};

// What a rule says, without how it matches: what reports and the GUI show.
struct RuleText
{
    std::string id;
    std::string layer; // "TorchNPU / Inductor IR", "HCCL (NPU multi-card communication)"…
    Severity severity = Severity::Error;
    LocalizedText title;
    LocalizedText cause;
    LocalizedText fix;
    std::string fixCodeLanguage; // "diff", "shell", "python"; empty without fixCode
    std::string fixCode; // the change or commands that apply the fix; may be empty
};

struct TextPattern
{
    std::string text; // the substring, or the regex source
    bool isRegex = false;
    bool ignoreCase = false; // substrings only (ASCII); regexes use (?i)
    QRegularExpression regex; // compiled when isRegex
    // A substring every match of the regex contains (empty when none is certain): lines without
    // it skip the regex, which keeps a 200 MB log fast.
    std::string requiredLiteral;
};

struct LineSignature
{
    std::vector<TextPattern> allOf;
    std::vector<TextPattern> anyOf;
    std::vector<TextPattern> noneOf;
};

enum class TreeCheck
{
    GraphWithoutDvmKernel,
    DvmNamedImportFx,
    MissingOutputCode,
    NoDvmInTree,
    TorchNpuWithoutDvm, // a torch_npu release that has no DVM backend (dvm-format.md §8)
};

// True for the torch_npu releases that ship no DVM backend, where TORCHINDUCTOR_NPU_BACKEND=dvm
// silently loads Triton: v2.10.0-26.0.0, v2.11.0-26.1.0, v2.12.0-26.1.0, v26.1.0-pytorch2.11.0 and
// v26.1.0-pytorch2.12.0 (with or without the leading "v", a ".postN" or "+local" suffix).
bool isTorchNpuReleaseWithoutDvm(std::string_view version);
// The "check" names of rule files; "missing-output-code" is also the scanner's diagnostic code.
std::string_view treeCheckName(TreeCheck check);

struct Rule
{
    RuleText text;
    bool isTreeRule = false;
    std::vector<LineSignature> signatures; // log rules
    int contextWithin = 0; // lines before or after a match
    // "scope": "graph": only logs inside a graph folder are read for this rule, since what it says
    // is about that graph (compile-failed: its output_code.py never ran).
    bool graphLogsOnly = false;
    std::vector<TextPattern> context;
    TreeCheck check = TreeCheck::GraphWithoutDvmKernel; // tree rules
    std::string origin; // "built-in" or the file it came from
};

struct RuleBook
{
    std::vector<Rule> rules;
    const Rule* find(std::string_view id) const;
};

// Parses rule-file text. On failure returns nullopt and an `error` that names `origin`, the line
// and column of a JSON syntax error, or the rule (and its line) whose content is wrong.
std::optional<RuleBook> parseRuleBook(std::string_view json, const std::string& origin, std::string& error);
std::optional<RuleBook> loadRuleFile(const std::string& path, std::string& error);

// The rules shipped with the program: the installed share/dvmlens/rules/known-failures.json (see
// install/datadir.h; origin: its path) or, when there is none or it is bad (a warning says so), the copy
// compiled into the binary (resources/rules/known-failures.json through a qrc; origin "built-in").
const RuleBook& builtinRules();

// $XDG_CONFIG_HOME/dvmlens/known-failures.json (~/.config/… when XDG_CONFIG_HOME is unset).
std::string defaultUserRulesPath();

// Adds `more` to `book`; a rule whose id already exists replaces the old one in place.
void mergeRules(RuleBook& book, const RuleBook& more);

// The built-in rules, then the default user file when it exists, then `extraFile` when given.
// Fails (nullopt, `error`) when one of those files is present but bad, or `extraFile` is missing.
std::optional<RuleBook> loadRules(const std::optional<std::string>& extraFile, std::string& error);

enum class Confidence
{
    Medium,
    High
};
std::string_view confidenceName(Confidence confidence); // "medium", "high"

struct Finding
{
    RuleText rule;
    Confidence confidence = Confidence::Medium;
    std::string path; // the log, output_code.py or folder it points at
    std::optional<int> line; // 1-based, when it points at a line
    int occurrences = 1; // matches of this rule in this file (the first is reported)
    std::string excerpt; // the matching log line (valid UTF-8, shortened), or what the tree shows
    // Where it belongs in the Index: a graph (run and graph set), a run (run set), or the tree.
    std::optional<std::size_t> run;
    std::optional<std::size_t> graph;
};

// Streams one log and returns one finding per matching log rule (first high-confidence match,
// else the first match). Returns nullopt with `error` when the file cannot be read.
std::optional<std::vector<Finding>> scanLogForKnownFailures(
    const std::string& path, const RuleBook& rules, std::string& error);

// Every finding for `index`: each run's logs, then the tree rules. `problems`, when given,
// receives an "unreadable-log" diagnostic per log that could not be read.
std::vector<Finding> findKnownFailures(
    const Index& index, const RuleBook& rules, std::vector<Diagnostic>* problems = nullptr);

// The Diagnostic a finding becomes: code = rule id, message = title + short cause (English).
Diagnostic findingDiagnostic(const Finding& finding);

// Adds the findings as diagnostics: to their graph, or to Index::diagnostics for run- and
// tree-level ones (and the unreadable-log problems). A tree finding whose check the scanner
// already reported (same code and path, e.g. "missing-output-code") adds nothing. Calling it
// twice adds log findings twice.
void applyKnownFailures(Index& index, const RuleBook& rules);

} // namespace dvmlens
