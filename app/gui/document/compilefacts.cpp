// SPDX-License-Identifier: MIT
#include "gui/document/compilefacts.h"

#include "core/compile/tracelogfiles.h"
#include "core/trace/tracefiles.h"

std::shared_ptr<const CompileFacts> computeCompileFacts(const dvmlens::Index& index)
{
    auto facts = std::make_shared<CompileFacts>();
    facts->index = &index;
    // traceLogsAt, not findTraceLogs: an archive or output_code.py opened is no trace log, and not
    // an unreadable one either.
    dvmlens::TraceLogFiles files;
    files.logs = dvmlens::traceLogsAt(index.root);
    facts->logs = dvmlens::readCompileLogs(files, index.root);
    facts->summary = dvmlens::summarizeCompile(facts->logs);
    facts->timeline = dvmlens::compileTimeline(facts->logs);
    facts->frames = dvmlens::compileFrames(facts->logs, &index);
    return facts;
}
