// SPDX-License-Identifier: MIT
// The rule book of known failures: the rules (data, from resources/rules/known-failures.json and
// user files), how a rule file is read and checked, and the English/Chinese texts.
//
// Rule file schema "dvmlens.rules/1":
//   { "schema": "dvmlens.rules/1", "rules": [ <rule>… ] }
//   rule: "id" (required, unique; a later file's rule with the same id replaces the earlier one),
//         "kind": "log" | "tree" (default "log"), "layer", "severity": "error" | "warning" | "info",
//         "title" / "cause" / "fix": {"en": …, "zh": …} ("en" required),
//         "fixCode": {"language": "diff" | "shell" | "python" | …, "text": …} (optional),
//   log rules:  "match": <signature> or [<signature>…] (a line matches when any signature does),
//               signature = {"allOf": [p…], "anyOf": [p…], "noneOf": [p…]} on one line,
//               p = "substring" | {"substring": …, "ignoreCase": bool} | {"regex": …} (RE2 syntax:
//               linear time whatever the pattern and the line; no backreferences or lookarounds),
//               "context": {"within": N (0 … 1000000), "anyOf": [p…]} — a match with one of these
//               within N lines before or after it has high confidence, otherwise medium;
//               "scope": "graph" — only logs inside a graph folder (default "any");
//   tree rules: "check": "graph-without-dvm-kernel" | "dvm-named-import-fx" |
//               "missing-output-code" (an empty graph folder: FX cache hit) | "no-dvm-in-tree" |
//               "torch-npu-without-dvm" (a torch_npu release with no DVM backend, where DVM was asked for).
#pragma once

#include "core/model/model.h"

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace re2 {
class RE2;
}

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
    std::shared_ptr<const re2::RE2> regex; // compiled when isRegex (shared: rules are copied)
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

// Parses rule-file text. Never throws. On failure returns nullopt and an `error` that starts with
// `origin:line:col:` (of the JSON syntax error, or of the rule whose content is wrong) and quotes
// at most a short start of any offending value.
std::optional<RuleBook> parseRuleBook(std::string_view json, const std::string& origin, std::string& error);
// Reads a rule file (a regular file of at most 16 MiB, io/safefile.h) and parses it.
std::optional<RuleBook> loadRuleFile(const std::string& path, std::string& error);

// The rules shipped with the program: the installed share/dvmlens/rules/known-failures.json (see
// install/datadir.h; origin: its path) or, when there is none or it is bad (a warning says so), the copy
// compiled into the binary (resources/rules/known-failures.json through a qrc; origin "built-in").
const RuleBook& builtinRules();

// $XDG_CONFIG_HOME/dvmlens/known-failures.json (~/.config/… when XDG_CONFIG_HOME is unset).
std::string defaultUserRulesPath();

// Adds `more` to `book`; a rule whose id already exists replaces the old one in place.
void mergeRules(RuleBook& book, const RuleBook& more);

// The one policy for rule files, in every front end: the built-in rules always apply; then the
// default user file when it exists, then `extraFile` when given. A file that is missing (the
// extra one), unreadable or bad adds nothing and one "bad-rules-file" Error diagnostic (path: the
// file; message: the error with file:line:col) to `problems`.
inline constexpr std::string_view kBuiltinRulesStillApply =
    " (the built-in rules still apply)"; // ends each message
struct LoadedRules
{
    RuleBook book;
    std::vector<Diagnostic> problems;
};
LoadedRules loadRules(const std::optional<std::string>& extraFile);

} // namespace dvmlens
