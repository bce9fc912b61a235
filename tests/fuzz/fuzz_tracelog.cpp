// SPDX-License-Identifier: MIT
// libFuzzer target: any bytes as a TORCH_TRACE log through the record reader, with small limits so
// the line and payload bounds are reached. It must never crash or hang, and every record and
// diagnostic must point at a line of the input.
#include "core/compile/compileevents.h"
#include "core/compile/compileexplain.h"
#include "core/compile/compilejson.h"
#include "core/compile/compilesummary.h"
#include "core/compile/compiletext.h"
#include "core/trace/tracelog.h"

#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    dvmlens::TraceReadOptions options;
    options.maxLineBytes = 512;
    options.maxPayloadBytes = 1024;
    options.maxDiagnosticsPerCode = 4;
    // Alternate interests by the tag's first letter, so every path is taken.
    options.interest = [](std::string_view kind) {
        if (kind.empty())
            return dvmlens::TraceInterest::Payload;
        switch (static_cast<unsigned char>(kind.front()) % 3) {
        case 0:
            return dvmlens::TraceInterest::Skip;
        case 1:
            return dvmlens::TraceInterest::Metadata;
        default:
            return dvmlens::TraceInterest::Payload;
        }
    };
    int lastLine = 0;
    const dvmlens::TraceReadResult result =
        dvmlens::readTraceText(text, "fuzz.log", options, [&](dvmlens::TraceRecord& record) {
            if (record.line <= lastLine)
                __builtin_trap(); // records come in line order
            lastLine = record.line;
            if (record.payload && record.payload->size() > options.maxPayloadBytes)
                __builtin_trap(); // the payload bound holds
            if (record.payloadVerified && !record.payloadMd5)
                __builtin_trap();
            (void)record.compileId.text();
            (void)record.name();
        });
    if (lastLine > result.lines)
        __builtin_trap();
    // The compile side reads the same records (graph breaks, guards, metrics): its rollup, words,
    // JSON and the A/B explanations of the log against itself.
    const std::vector<dvmlens::CompileLog> logs { dvmlens::compileEventsFromText(text, "fuzz.log") };
    const dvmlens::CompileSummary summary = dvmlens::summarizeCompile(logs);
    (void)dvmlens::compileSummaryText(logs, summary);
    (void)dvmlens::compileSummaryJson(summary).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    (void)dvmlens::compileComparisonJson(dvmlens::compareCompile(logs, logs))
        .dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    for (const dvmlens::Diagnostic& diagnostic : result.diagnostics) {
        if (diagnostic.line && (*diagnostic.line < 1 || *diagnostic.line > result.lines))
            __builtin_trap();
    }
    return 0;
}
