// SPDX-License-Identifier: MIT
// The known-failures stage, run after indexing: every log of the tree through the log rules
// (logmatching.h), then the tree rules (treerules.h); the findings become diagnostics. The rules
// themselves, and how rule files are read, are the rule book's (rulebook.h).
#pragma once

#include "core/model/model.h"
#include "core/rules/finding.h"
#include "core/rules/logmatching.h"
#include "core/rules/rulebook.h"
#include "core/rules/treerules.h"

#include <vector>

namespace dvmlens {

// Every finding for `index`: each run's logs, then the tree rules. `problems`, when given,
// receives an "unreadable-log" diagnostic per log that could not be read. Every file read stays
// inside index.root (io/safefile.h).
std::vector<Finding> findKnownFailures(
    const Index& index, const RuleBook& rules, std::vector<Diagnostic>* problems = nullptr);

// The Diagnostic a finding becomes: code = rule id, message = title + short cause (English).
Diagnostic findingDiagnostic(const Finding& finding);

// The diagnostic of `index` that `finding` restates, or null: a tree rule whose check the scanner
// already reported with the same code and path (its "missing-output-code"). Every front end
// lists the two once: the CLI keeps the scanner's line, the GUI the finding (with cause and fix).
const Diagnostic* restatedDiagnostic(const Index& index, const RuleBook& rules, const Finding& finding);

// Adds the findings as diagnostics: to their graph, or to Index::diagnostics for run- and
// tree-level ones (and the unreadable-log problems). A tree finding whose check the scanner
// already reported (same code and path, e.g. "missing-output-code") adds nothing. Calling it
// twice adds log findings twice.
void applyKnownFailures(Index& index, const RuleBook& rules);

} // namespace dvmlens
