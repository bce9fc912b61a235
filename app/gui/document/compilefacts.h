// SPDX-License-Identifier: MIT
// What the Compile dock shows of an index: the compile side of the TORCH_TRACE logs of the open path
// (core's CompileLog per log and their CompileSummary), read as `dvmlens-cli compile PATH` reads them,
// off the GUI thread, and shared read-only. No log under the path: no logs, an empty summary.
#pragma once

#include "core/compile/compileevents.h"
#include "core/compile/compileframes.h"
#include "core/compile/compilesummary.h"
#include "core/compile/compiletimeline.h"
#include "core/model/model.h"

#include <memory>
#include <vector>

struct CompileFacts
{
    const dvmlens::Index* index = nullptr; // the index they belong to (identity only, never read here)
    std::vector<dvmlens::CompileLog> logs; // one per trace log found, in the order found
    dvmlens::CompileSummary summary;
    dvmlens::CompileTimeline timeline; // each rank's compiles on one time axis
    // Each frame with the graphs of the index its compiles made and their DVM share (point into logs).
    std::vector<dvmlens::CompileFrame> frames;

    bool hasLogs() const
    {
        return !logs.empty();
    }
};

// Reads the trace logs at `index.root` (the log itself, or those directly in the folder: core's
// traceLogsAt, as scan and compile find them).
std::shared_ptr<const CompileFacts> computeCompileFacts(const dvmlens::Index& index);
