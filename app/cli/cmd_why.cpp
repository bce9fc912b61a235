// SPDX-License-Identifier: MIT
// dvmlens-cli why: why each non-DVM kernel and fallback call is not DVM, grouped by reason, worst
// first, with counts, model lines and fixes; --json: dvmlens.why/1.
#include "command.h"
#include "commandoptions.h"
#include "core/io/pathtext.h"
#include "core/json/whyjson.h"
#include "core/sources/sourcemap.h"
#include "core/text/whytext.h"
#include "core/why/whyindex.h"
#include "core/why/whysummary.h"
#include "core/why/whywithsources.h"
#include "indexargs.h"

#include <QTextStream>

using namespace Qt::StringLiterals;

namespace cli {

namespace {

void declareWhy(CommandOptions& options);
int runWhy(const CommandOptions& options);

const Command kWhy { "why", "why [--json] [--jobs N] [--why-rules FILE] PATH",
    "why each kernel or op is not DVM: the reasons grouped, worst first, with counts, model source lines "
    "and fixes in English and Chinese (--json: dvmlens.why/1; --why-rules: a rule table that replaces "
    "parts of the built-in one)",
    declareWhy, runWhy };

void declareWhy(CommandOptions& options)
{
    declareIndexOptions(options, true);
    options.addValue({ u"why-rules"_s }, u"FILE"_s,
        u"a why-not-DVM rule table (JSON) over the built-in one"_s, u"needs a file"_s);
}

int runWhy(const CommandOptions& options)
{
    std::optional<IndexArgs> parsed = parseIndexArgs(kWhy, options, true);
    if (!parsed)
        return ExitUsage;
    parsed->kernelDetail = dvmlens::KernelDetail::Summary; // reasons read the file's text again
    std::optional<std::string> rulesFile;
    if (options.isSet(u"why-rules"_s))
        rulesFile = dvmlens::pathBytes(options.value(u"why-rules"_s));
    const dvmlens::LoadedWhyRules rules = dvmlens::loadWhyRules(rulesFile);
    for (const dvmlens::Diagnostic& problem : rules.problems) {
        QTextStream(stderr) << "dvmlens-cli: why: " << QString::fromStdString(problem.message) << '\n';
        if (rulesFile && problem.path == *rulesFile)
            return ExitUsage;
    }
    const dvmlens::Index* index = loadIndex(kWhy, *parsed);
    if (!index)
        return ExitUsage;
    // Each output_code.py read once, for the reasons and their model lines both.
    const dvmlens::SourcesWithWhy read = dvmlens::buildSourcesWithWhy(*index, rules.rules, parsed->jobs);
    const dvmlens::IndexWhy& why = read.why;
    for (const dvmlens::Diagnostic& problem : why.problems)
        QTextStream(stderr) << "dvmlens-cli: why: " << QString::fromStdString(problem.path) << ": "
                            << QString::fromStdString(problem.message) << '\n';
    const std::vector<dvmlens::WhyGroup> groups = dvmlens::summarizeWhy(*index, why, rules.rules, &read.map);
    writeOut(
        parsed->json ? dvmlens::whyJsonText(*index, groups, rules.rules) : dvmlens::whyText(*index, groups));
    return ExitOk;
}

const RegisterCommand registration(kWhy);

} // namespace

} // namespace cli
