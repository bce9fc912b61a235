// SPDX-License-Identifier: MIT
// dvmlens-cli scan: what the tree holds, per run and graph, as text or dvmlens.scan/1 JSON.
#include "command.h"
#include "commandoptions.h"
#include "core/io/pathtext.h"
#include "core/json/scanjson.h"
#include "core/rules/knownfailures.h"
#include "core/text/profiletext.h"
#include "core/text/scantext.h"
#include "core/why/whyindex.h"
#include "indexargs.h"
#include "profileargs.h"

#include <QFile>
#include <QTextStream>

using namespace Qt::StringLiterals;

namespace cli {

namespace {

void declareScan(CommandOptions& options);
int runScan(const CommandOptions& options);

const Command kScan { "scan", "scan [--json] [--jobs N] [--rules FILE] [--profile PROFILE] PATH",
    "list runs, graphs and kernels per backend, whether DVM engaged, and known failures (--json: "
    "dvmlens.scan/1; --rules: more known-failure rules; --profile: Ascend profiler device time per kernel)",
    declareScan, runScan };

void declareScan(CommandOptions& options)
{
    declareIndexOptions(options, true);
    options.addValue({ u"rules"_s }, u"FILE"_s, u"more known-failure rules (JSON)"_s, u"needs a file"_s);
    declareProfileOption(options, u"profile"_s, u"an Ascend profile: device time per kernel"_s);
}

int runScan(const CommandOptions& options)
{
    std::optional<IndexArgs> parsed = parseIndexArgs(kScan, options, true);
    if (!parsed)
        return ExitUsage;
    std::optional<std::string> rulesFile;
    if (options.isSet(u"rules"_s))
        rulesFile = dvmlens::pathBytes(options.value(u"rules"_s));
    const std::optional<std::string> profilePath = profileOption(options, u"profile"_s);
    // The text summary shows no kernel bodies. The JSON does: the index keeps up to 96 MiB of
    // them and the writer reads the rest again, so a tree of 100k kernels stays well under 256 MiB.
    parsed->kernelDetail = parsed->json ? dvmlens::KernelDetail::Full : dvmlens::KernelDetail::Summary;
    parsed->kernelBodyBudget = parsed->json ? std::size_t(96) << 20 : 0;
    // Built-in rules, the user's file, then --rules: known failures become diagnostics.
    // A bad --rules file is a usage error; a bad user file is reported and the built-in rules apply.
    const dvmlens::LoadedRules rules = dvmlens::loadRules(rulesFile);
    for (const dvmlens::Diagnostic& problem : rules.problems) {
        const bool named = rulesFile && problem.path == *rulesFile;
        std::string message = problem.message;
        if (named) // not "the built-in rules still apply": the command stops here
            message.resize(message.size() - dvmlens::kBuiltinRulesStillApply.size());
        QTextStream(stderr) << "dvmlens-cli: scan: " << QString::fromStdString(message) << '\n';
        if (named)
            return ExitUsage;
    }
    dvmlens::Index* index = loadIndex(kScan, *parsed, false); // its problems list them
    if (!index)
        return ExitUsage;
    index->diagnostics.insert(index->diagnostics.end(), rules.problems.begin(), rules.problems.end());
    dvmlens::applyKnownFailures(*index, rules.book);
    const dvmlens::ProfileJoin* profile = nullptr;
    if (profilePath) {
        profile = loadProfileJoin(kScan, *profilePath, *index);
        if (!profile)
            return ExitUsage;
        // Bad rows and ambiguous names are diagnostics of the scan, counted in its summary.
        index->diagnostics.insert(
            index->diagnostics.end(), profile->diagnostics.begin(), profile->diagnostics.end());
    }
    if (parsed->json) {
        // Why each non-DVM kernel and fallback is not DVM ("why", "why_summary"; docs/why-not-dvm.md),
        // and its model source lines ("sources"), both found while writing from one read of each
        // output_code.py; a bad user rule table is noted and skipped.
        const dvmlens::LoadedWhyRules whyRules = dvmlens::loadWhyRules();
        const dvmlens::WhyContext why = dvmlens::whyContext(*index, whyRules.rules);
        index->diagnostics.insert(
            index->diagnostics.end(), whyRules.problems.begin(), whyRules.problems.end());
        // The compile side of every graph read from a TORCH_TRACE log ("compile"; docs/compile-side.md),
        // from one more read of each such log.
        const dvmlens::IndexCompile compile = dvmlens::IndexCompile::read(*index, parsed->jobs);
        dvmlens::writeScanJson(*index, writeOut, parsed->jobs, profile, true, &why, &compile);
    } else {
        writeOut(dvmlens::scanText(*index));
        if (profile)
            writeOut(dvmlens::profileText(*index, *profile));
    }
    return ExitOk;
}

const RegisterCommand registration(kScan);

} // namespace

} // namespace cli
