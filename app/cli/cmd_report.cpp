// SPDX-License-Identifier: MIT
// dvmlens-cli report: the bug-report kit (core/report.h) as Markdown, HTML or dvmlens.report/1 JSON.
#include "command.h"
#include "indexargs.h"
#include "io/pathtext.h"
#include "profileargs.h"
#include "report/report.h"
#include "report/reportfile.h"
#include "rules/knownfailures.h"

#include <QFile>
#include <QTextStream>

#include <optional>

namespace cli {

namespace {

struct ReportArgs
{
    std::string path; // local 8-bit bytes, as the shell passed them
    std::optional<std::string> baseline;
    std::optional<std::string> rules;
    std::optional<std::string> profile; // --profile: "Where the time goes"
    std::optional<std::string> baselineProfile; // --baseline-profile: time regressions against BASELINE
    std::optional<QString> output;
    dvmlens::ReportFormat format = dvmlens::ReportFormat::Markdown;
};

int runReport(const QStringList& args);

const Command kReport { "report",
    "report [--format md|html|json] [--compare BASELINE] [--rules FILE] [--profile PROFILE] "
    "[--baseline-profile PROFILE] [-o FILE] PATH",
    "a bug report: verdicts, versions, DVM kernels, fallbacks, known failures with cause and fix "
    "(--compare: regressions against BASELINE first; --profile: where the device time goes)",
    runReport };

// "--name VALUE" or "--name=VALUE" at args[i]; nullopt (after the usage message) when the value is missing.
std::optional<QString> optionValue(const QStringList& args, qsizetype& i, const QString& name)
{
    const QString& arg = args.at(i);
    if (arg.startsWith(name + QLatin1Char('=')))
        return arg.mid(name.size() + 1);
    if (i + 1 < args.size())
        return args.at(++i);
    usageError(kReport, name + QStringLiteral(" needs a value"));
    return std::nullopt;
}

std::optional<ReportArgs> parseArgs(const QStringList& args)
{
    ReportArgs parsed;
    std::optional<QString> path;
    bool optionsEnded = false;
    for (qsizetype i = 0; i < args.size(); ++i) {
        const QString& arg = args.at(i);
        const auto is = [&arg](const char* name) {
            return arg == QLatin1String(name) || arg.startsWith(QLatin1String(name) + QLatin1Char('='));
        };
        if (optionsEnded || !arg.startsWith(QLatin1Char('-')) || arg == QLatin1String("-")) {
            if (path) {
                usageError(kReport, QStringLiteral("more than one PATH given ('%1')").arg(arg));
                return std::nullopt;
            }
            path = arg;
        } else if (arg == QLatin1String("--")) {
            optionsEnded = true;
        } else if (is("--format")) {
            const auto value = optionValue(args, i, QStringLiteral("--format"));
            if (!value)
                return std::nullopt;
            const auto format = dvmlens::reportFormatFromName(value->toStdString());
            if (!format) {
                usageError(kReport, QStringLiteral("--format wants md, html or json, not '%1'").arg(*value));
                return std::nullopt;
            }
            parsed.format = *format;
        } else if (is("--compare")) {
            const auto value = optionValue(args, i, QStringLiteral("--compare"));
            if (!value)
                return std::nullopt;
            parsed.baseline = dvmlens::pathBytes(*value);
        } else if (is("--profile") || is("--baseline-profile")) {
            const bool baseline = is("--baseline-profile");
            const auto value = optionValue(
                args, i, baseline ? QStringLiteral("--baseline-profile") : QStringLiteral("--profile"));
            if (!value)
                return std::nullopt;
            (baseline ? parsed.baselineProfile : parsed.profile) = dvmlens::pathBytes(*value);
        } else if (is("--rules")) {
            const auto value = optionValue(args, i, QStringLiteral("--rules"));
            if (!value)
                return std::nullopt;
            parsed.rules = dvmlens::pathBytes(*value);
        } else if (arg == QLatin1String("-o") || is("--output")) {
            const auto value =
                optionValue(args, i, arg == QLatin1String("-o") ? arg : QStringLiteral("--output"));
            if (!value)
                return std::nullopt;
            parsed.output = *value;
        } else {
            usageError(kReport, QStringLiteral("unknown option '%1'").arg(arg));
            return std::nullopt;
        }
    }
    if (!path || path->isEmpty()) {
        usageError(kReport, QStringLiteral("PATH is missing"));
        return std::nullopt;
    }
    if (parsed.baselineProfile && !parsed.baseline) {
        usageError(kReport, QStringLiteral("--baseline-profile needs --compare BASELINE"));
        return std::nullopt;
    }
    parsed.path = dvmlens::pathBytes(*path);
    return parsed;
}

int runReport(const QStringList& args)
{
    const std::optional<ReportArgs> parsed = parseArgs(args);
    if (!parsed)
        return ExitUsage;
    QTextStream err(stderr);
    // Rules first: a broken rule file should not cost a scan of a big tree.
    // A bad --rules file is a usage error; a bad user file is reported and the built-in rules apply.
    const dvmlens::LoadedRules loadedRules = dvmlens::loadRules(parsed->rules);
    for (const dvmlens::Diagnostic& problem : loadedRules.problems) {
        const bool named = parsed->rules && problem.path == *parsed->rules;
        std::string message = problem.message;
        if (named) // not "the built-in rules still apply": the command stops here
            message.resize(message.size() - dvmlens::kBuiltinRulesStillApply.size());
        err << "dvmlens-cli: report: " << QString::fromStdString(message) << '\n';
        if (named)
            return ExitUsage;
    }
    const dvmlens::RuleBook* rules = &loadedRules.book;
    IndexArgs indexArgs;
    indexArgs.path = parsed->path;
    const dvmlens::Index* index = loadIndex(kReport, indexArgs);
    if (!index)
        return ExitUsage;
    const dvmlens::Index* baseline = nullptr;
    if (parsed->baseline) {
        indexArgs.path = *parsed->baseline;
        baseline = loadIndex(kReport, indexArgs);
        if (!baseline)
            return ExitUsage;
    }

    dvmlens::ReportInput input;
    if (parsed->profile && !(input.profile = loadProfileJoin(kReport, *parsed->profile, *index)))
        return ExitUsage;
    if (parsed->baselineProfile
        && !(input.baselineProfile = loadProfileJoin(kReport, *parsed->baselineProfile, *baseline)))
        return ExitUsage;
    input.index = index;
    input.rules = &*rules;
    input.baseline = baseline;
    input.modelSources = true; // the "Where it fell back" section
    const std::string report = dvmlens::renderReport(input, parsed->format);
    if (!parsed->output) {
        writeOut(report);
        return ExitOk;
    }
    // Atomic, and never onto a device, FIFO, socket or folder (core/report/reportfile.h).
    const std::string failure =
        dvmlens::writeReportFile(QFile::encodeName(*parsed->output).toStdString(), report);
    if (!failure.empty()) {
        err << "dvmlens-cli: report: cannot write " << *parsed->output << ": "
            << QString::fromStdString(failure) << '\n';
        return ExitUsage;
    }
    return ExitOk;
}

const RegisterCommand registration(kReport);

} // namespace

} // namespace cli
