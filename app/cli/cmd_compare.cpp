// SPDX-License-Identifier: MIT
// dvmlens-cli compare: did run B keep the DVM kernels run A had? Rules live in core/compare.h.
#include "command.h"
#include "compare/compare.h"
#include "indexargs.h"
#include "io/pathtext.h"
#include "json/comparejson.h"
#include "profile/profilecompare.h"
#include "profileargs.h"
#include "text/comparetext.h"
#include "text/profiletext.h"

#include <QFile>

#include <cstdio>
#include <optional>

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

int runCompare(const QStringList& args);

const cli::Command kCompare { "compare",
    "compare [--json] [--fail-on-regression] [--run-a NAME] [--run-b NAME] [--profile-a PROFILE] "
    "[--profile-b PROFILE] A B",
    "compare two runs or trees: graphs and fusions that left DVM, changed or regressed "
    "(NAME: a run folder name, pid or unique prefix; PROFILE: device time A → B per fusion and graph)",
    runCompare };
const cli::RegisterCommand kRegister(kCompare);

// Reads "--run-a NAME" or "--run-a=NAME" at args[i]; returns false (after the usage message) when
// the value is missing.
bool readRunOption(
    const QStringList& args, qsizetype& i, const QString& option, std::optional<std::string>& value)
{
    const QString& arg = args.at(i);
    const QString prefix = option + QLatin1Char('=');
    if (arg.startsWith(prefix)) {
        value = arg.mid(prefix.size()).toStdString();
    } else if (i + 1 < args.size()) {
        value = args.at(++i).toStdString();
    } else {
        cli::usageError(kCompare, option + QStringLiteral(" needs a run name, pid or prefix"));
        return false;
    }
    return true;
}

std::optional<CompareArgs> parseArgs(const QStringList& arguments)
{
    CompareArgs parsed;
    QStringList args = arguments;
    if (!cli::takeValueOption(kCompare, args, QStringLiteral("--profile-a"), parsed.profileA)
        || !cli::takeValueOption(kCompare, args, QStringLiteral("--profile-b"), parsed.profileB))
        return std::nullopt;
    QStringList paths;
    bool optionsEnded = false;
    for (qsizetype i = 0; i < args.size(); ++i) {
        const QString& arg = args.at(i);
        const auto isOption = [&arg](const char* name) {
            return arg == QLatin1String(name) || arg.startsWith(QLatin1String(name) + QLatin1Char('='));
        };
        if (optionsEnded || !arg.startsWith(QLatin1Char('-')) || arg == QLatin1String("-")) {
            paths << arg;
        } else if (arg == QLatin1String("--")) {
            optionsEnded = true;
        } else if (arg == QLatin1String("--json")) {
            parsed.json = true;
        } else if (arg == QLatin1String("--fail-on-regression")) {
            parsed.failOnRegression = true;
        } else if (isOption("--run-a")) {
            if (!readRunOption(args, i, QStringLiteral("--run-a"), parsed.runA))
                return std::nullopt;
        } else if (isOption("--run-b")) {
            if (!readRunOption(args, i, QStringLiteral("--run-b"), parsed.runB))
                return std::nullopt;
        } else {
            cli::usageError(kCompare, QStringLiteral("unknown option '%1'").arg(arg));
            return std::nullopt;
        }
    }
    if (paths.size() != 2 || paths.at(0).isEmpty() || paths.at(1).isEmpty()) {
        cli::usageError(kCompare, QStringLiteral("give two paths, A and B (got %1)").arg(paths.size()));
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
        cli::usageError(
            kCompare, QLatin1String(option) + QStringLiteral(": ") + QString::fromStdString(error));
    return selected.has_value();
}

int runCompare(const QStringList& args)
{
    const std::optional<CompareArgs> parsed = parseArgs(args);
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

    const dvmlens::CompareResult result = dvmlens::compareIndexes(*a, *b, options);
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
    std::fwrite(text.data(), 1, text.size(), stdout);
    std::fflush(stdout);
    return parsed->failOnRegression && result.summary.regressions > 0 ? cli::ExitFailed : cli::ExitOk;
}

} // namespace
