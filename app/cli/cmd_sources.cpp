// SPDX-License-Identifier: MIT
// dvmlens-cli sources: model source lines, worst first, with what their kernels and fallback calls
// became (DVM, other backends, fallbacks) over graphs and ranks, and why what fell back there is
// not DVM (the reasons of `dvmlens-cli why`, per line); --json: dvmlens.sources/1.
#include "command.h"
#include "commandoptions.h"
#include "core/json/sourcesjson.h"
#include "core/sources/sourcemap.h"
#include "core/sources/sourcesummary.h"
#include "core/text/sourcestext.h"
#include "core/why/sourcelinewhy.h"
#include "core/why/whyrules.h"
#include "core/why/whywithsources.h"
#include "indexargs.h"
#include "keptuntilexit.h"

#include <QTextStream>

namespace cli {

namespace {

void declareSources(CommandOptions& options);
int runSources(const CommandOptions& options);

const Command kSources { "sources", "sources [--json] [--all] [--jobs N] PATH",
    "where in the model each kernel and fallback came from: model source lines (from FX graph "
    "docstrings, Inductor comments, provenance JSONs), worst first, with their DVM / other kernels and "
    "fallbacks over graphs and ranks and why those are not DVM (--json: dvmlens.sources/1; --all: library "
    "frames in torch/ and torch_npu/ as their own rows)",
    declareSources, runSources };

void declareSources(CommandOptions& options)
{
    declareIndexOptions(options, true);
    options.addFlag({ QStringLiteral("all") },
        QStringLiteral("library frames in torch/ and torch_npu/ as their own rows"));
}

int runSources(const CommandOptions& options)
{
    const bool includeLibrary = options.isSet(QStringLiteral("all"));
    std::optional<IndexArgs> parsed = parseIndexArgs(kSources, options, true);
    if (!parsed)
        return ExitUsage;
    parsed->kernelDetail = dvmlens::KernelDetail::Summary; // no kernel bodies are shown
    const dvmlens::Index* index = loadIndex(kSources, *parsed);
    if (!index)
        return ExitUsage;
    // Why per line, with the rules `dvmlens-cli why` uses (a bad user file: said, built-in rules apply).
    const dvmlens::LoadedWhyRules rules = dvmlens::loadWhyRules();
    for (const dvmlens::Diagnostic& problem : rules.problems)
        QTextStream(stderr) << "dvmlens-cli: sources: " << QString::fromStdString(problem.message) << '\n';
    // Each output_code.py read once, for its sources and its reasons both.
    const dvmlens::SourcesWithWhy read = dvmlens::buildSourcesWithWhy(*index, rules.rules, parsed->jobs);
    const dvmlens::SourceSummary summary = dvmlens::summarizeSources(*index, read.map, includeLibrary);
    const dvmlens::SourceLinesWhy lines = dvmlens::whyBySourceLine(*index, read.why, summary);
    writeOut(parsed->json ? dvmlens::sourcesJsonText(*index, summary, &lines)
                          : dvmlens::sourcesText(*index, summary, &lines));
    return ExitOk;
}

const RegisterCommand registration(kSources);

} // namespace

} // namespace cli
