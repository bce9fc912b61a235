// SPDX-License-Identifier: MIT
// The open tree's known failures (core's rules/knownfailures.h: the built-in rules plus the
// user's rules file), as the document holds them: searched once per index by FindingsJob, shown
// by the Diagnostics dock and the run tree, and handed to a report as they are.
#pragma once

#include "core/model/model.h"
#include "core/rules/knownfailures.h"

#include <QMetaType>

#include <cstddef>
#include <memory>
#include <vector>

struct KnownFailures
{
    std::shared_ptr<const dvmlens::Index> index; // what was searched
    std::shared_ptr<const dvmlens::RuleBook> rules; // what it was searched with; null when not searched
    std::vector<dvmlens::Finding> findings; // findKnownFailures order
    std::vector<dvmlens::Diagnostic> findingDiagnostics; // findingDiagnostic() of each finding
    // Diagnostics of the index that a finding restates (restatedDiagnostic): the list shows the
    // finding in their place, so it counts what the CLI counts.
    std::vector<const dvmlens::Diagnostic*> restated;
    // A user rules file that could not be used (the built-in rules are applied then), first; then
    // the logs that could not be read.
    std::vector<dvmlens::Diagnostic> problems;
    std::size_t rulesProblems = 0; // how many of `problems` are the rules file's (0 or 1)
};
Q_DECLARE_METATYPE(std::shared_ptr<const KnownFailures>)
