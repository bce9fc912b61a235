// SPDX-License-Identifier: MIT
// dvmlens-cli compare: did run B keep the DVM kernels run A had? Rules live in core/compare.h.
#include "command.h"
#include "commandoptions.h"
#include "core/compare/compare.h"
#include "core/compare/compareexplained.h"
#include "core/io/pathtext.h"
#include "core/json/comparejson.h"
#include "core/json/sourcesjson.h"
#include "core/profile/profilecompare.h"
#include "core/sources/sourcecompare.h"
#include "core/text/comparetext.h"
#include "core/text/profiletext.h"
#include "core/text/sourcestext.h"
#include "core/why/whywithsources.h"
#include "indexargs.h"
#include "profileargs.h"

#include <QFile>

#include <cstdio>
#include <optional>

using namespace Qt::StringLiterals;

namespace {

struct CompareArgs
{
    std::string pathA; // local 8-bit bytes, as the shell passed them
    std::string pathB;
    std::optional<std::string> runA;
    std::optional<std::string> runB;
    bool json = false;
    bool failOnRegression = false;
    std::optional<std::string> profileA; // --profile-a / --profile-b: Ascend profiles of each side
    std::optional<std::string> profileB;
};

void declareCompare(cli::CommandOptions& options);
int runCompare(const cli::CommandOptions& options);

const cli::Command kCompare { "compare",
    "compare [--json] [--fail-on-regression] [--run-a NAME] [--run-b NAME] [--profile-a PROFILE] "
    "[--profile-b PROFILE] A B",
    "compare two runs or trees: graphs and fusions that left DVM, changed or regressed "
    "(NAME: a run folder name, pid or unique prefix; PROFILE: device time A → B per fusion and graph)",
    declareCompare, runCompare };
const cli::RegisterCommand kRegister(kCompare);

void declareCompare(cli::CommandOptions& options)
{
    options.addFlag({ u"json"_s }, u"write dvmlens.compare/1 JSON instead of text"_s);
    options.addFlag({ u"fail-on-regression"_s }, u"exit 1 when a graph pair regresses"_s);
    for (const QString& side : { u"a"_s, u"b"_s }) {
        options.addValue({ u"run-"_s + side }, u"NAME"_s,
            u"the run of %1 to compare (a run folder name, pid or unique prefix)"_s.arg(side.toUpper()),
            u"needs a run name, pid or prefix"_s);
    }
    cli::declareProfileOption(options, u"profile-a"_s, u"the Ascend profile of A: device time A → B"_s);
    cli::declareProfileOption(options, u"profile-b"_s, u"the Ascend profile of B"_s);
}

std::optional<std::string> runOption(const cli::CommandOptions& options, const QString& name)
{
    if (!options.isSet(name))
        return std::nullopt;
    return options.value(name).toStdString();
}

std::optional<CompareArgs> parseArgs(const cli::CommandOptions& options)
{
    CompareArgs parsed;
    parsed.json = options.isSet(u"json"_s);
    parsed.failOnRegression = options.isSet(u"fail-on-regression"_s);
    parsed.runA = runOption(options, u"run-a"_s);
    parsed.runB = runOption(options, u"run-b"_s);
    parsed.profileA = cli::profileOption(options, u"profile-a"_s);
    parsed.profileB = cli::profileOption(options, u"profile-b"_s);
    const QStringList paths = options.positionalArguments();
    if (paths.size() != 2 || paths.at(0).isEmpty() || paths.at(1).isEmpty()) {
        cli::usageError(kCompare, u"give two paths, A and B (got %1)"_s.arg(paths.size()));
        return std::nullopt;
    }
    parsed.pathA = dvmlens::pathBytes(paths.at(0));
    parsed.pathB = dvmlens::pathBytes(paths.at(1));
    return parsed;
}

const dvmlens::Index* load(const std::string& path)
{
    cli::IndexArgs args;
    args.path = path;
    // Each side keeps up to 32 MiB of DVM kernel bodies; the comparison reads the rest again
    // graph pair by graph pair, so two trees of 100k kernels still fit in memory.
    args.kernelBodyBudget = std::size_t(32) << 20;
    return cli::loadIndex(kCompare, args);
}

// Resolves --run-a / --run-b; false (after the usage message) for an unknown or ambiguous name.
bool selectRun(const dvmlens::Index& index, const std::optional<std::string>& name, const char* option,
    std::optional<std::size_t>& selected)
{
    if (!name)
        return true;
    std::string error;
    selected = dvmlens::findRun(index, *name, error);
    if (!selected)
        cli::usageError(kCompare, QLatin1StringView(option) + u": "_s + QString::fromStdString(error));
    return selected.has_value();
}

int runCompare(const cli::CommandOptions& commandOptions)
{
    const std::optional<CompareArgs> parsed = parseArgs(commandOptions);
    if (!parsed)
        return cli::ExitUsage;
    const dvmlens::Index* a = load(parsed->pathA);
    if (!a)
        return cli::ExitUsage;
    const dvmlens::Index* b = load(parsed->pathB);
    if (!b)
        return cli::ExitUsage;
    dvmlens::CompareOptions options;
    if (!selectRun(*a, parsed->runA, "--run-a", options.runA)
        || !selectRun(*b, parsed->runB, "--run-b", options.runB))
        return cli::ExitUsage;

    const dvmlens::ProfileJoin* joinA = nullptr;
    const dvmlens::ProfileJoin* joinB = nullptr;
    if (parsed->profileA && !(joinA = cli::loadProfileJoin(kCompare, *parsed->profileA, *a, options.runA)))
        return cli::ExitUsage;
    if (parsed->profileB && !(joinB = cli::loadProfileJoin(kCompare, *parsed->profileB, *b, options.runB)))
        return cli::ExitUsage;

    // Both sides trace logs: B graphs a new break split off pair with their A graph, and what changed on the
    // compile side is said under the pairs that changed; every pair says which reasons changed.
    // Each side's output_code.py files read once, for the reasons and the model sources both.
    const dvmlens::LoadedWhyRules whyRules = dvmlens::loadWhyRules();
    const dvmlens::SourcesWithWhy readA = dvmlens::buildSourcesWithWhy(*a, whyRules.rules);
    const dvmlens::SourcesWithWhy readB = dvmlens::buildSourcesWithWhy(*b, whyRules.rules);
    const dvmlens::CompareResult result = dvmlens::compareExplained(*a, *b, options, readA.why, readB.why);
    std::optional<dvmlens::ProfileComparison> times;
    if (joinA || joinB)
        times = dvmlens::compareProfiles(result, *a, *b, joinA, joinB);
    std::string text;
    if (parsed->json) {
        const dvmlens::CompareProfiles profiles { joinA, joinB, times ? &*times : nullptr };
        text = dvmlens::compareToJson(result, 2, times ? &profiles : nullptr);
    } else {
        text = dvmlens::compareToText(result);
        if (times)
            text += dvmlens::profileCompareText(result, *times);
    }
    // Model source lines whose DVM kernels changed A → B: a text block, or compare/1's "sources" key.
    const std::vector<dvmlens::SourceLocationChange> sourceChanges =
        dvmlens::compareIndexSources(*a, readA.map, *b, readB.map, options.runA, options.runB);
    if (parsed->json) {
        nlohmann::ordered_json document = nlohmann::ordered_json::parse(text);
        document["sources"] = dvmlens::sourceChangesJson(sourceChanges);
        text = document.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + '\n';
    } else {
        text += dvmlens::sourceChangesText(sourceChanges);
    }
    std::fwrite(text.data(), 1, text.size(), stdout);
    std::fflush(stdout);
    return parsed->failOnRegression && result.summary.regressions > 0 ? cli::ExitFailed : cli::ExitOk;
}

} // namespace
