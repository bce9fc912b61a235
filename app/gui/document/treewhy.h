// SPDX-License-Identifier: MIT
// Why not DVM for the open tree, as the document holds it: core's reasons for every non-DVM kernel
// and fallback call of the index (core/why/whyindex.h), the rule table they were decided with, and
// the reasons grouped by code (core/why/whysummary.h, without model lines) for the Diagnostics dock.
// Made once per index by WhyJob; the views only look reasons up here, they decide none.
#pragma once

#include "core/model/model.h"
#include "core/why/whyindex.h"
#include "core/why/whyrules.h"
#include "core/why/whysummary.h"

#include <QMetaType>

#include <memory>
#include <vector>

struct TreeWhy
{
    std::shared_ptr<const dvmlens::Index> index; // what was explained
    dvmlens::WhyRules rules; // what it was explained with
    dvmlens::IndexWhy why;
    std::vector<dvmlens::WhyGroup> groups; // summarizeWhy order: worst first
    // A user rule file that could not be used (the built-in table applies then), then the
    // output_code.py files that could not be read again.
    std::vector<dvmlens::Diagnostic> problems;

    // The reasons of `graph`, a graph of `index` (null: not one of its graphs, or no reasons).
    const dvmlens::GraphWhy* graphWhy(const dvmlens::Graph& graph) const;
    // The reason of `kernel`, a kernel of `graph`'s output_code.py (null: a DVM kernel, or none).
    const dvmlens::WhyReason* kernelReason(const dvmlens::Graph& graph, const dvmlens::Kernel& kernel) const;
    // The reason of fallback call `fallback` of `graph` (null: none).
    const dvmlens::WhyReason* fallbackReason(const dvmlens::Graph& graph, std::size_t fallback) const;
};
Q_DECLARE_METATYPE(std::shared_ptr<const TreeWhy>)
