// SPDX-License-Identifier: MIT
#include "gui/shell/commandline.h"

#include "core/install/datadir.h"
#include "gui/common/themes.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QRegularExpression>

namespace {

// QCommandLineParser's own words in --help. Listed for lupdate so the .ts carries them: the help is
// then whole in Chinese even where Qt's translations (qt6-translations-l10n) are not installed.
[[maybe_unused]] const char* const kQtHelpWords[] = {
    QT_TRANSLATE_NOOP("QCommandLineParser", "Usage: %1"),
    QT_TRANSLATE_NOOP("QCommandLineParser", "[options]"),
    QT_TRANSLATE_NOOP("QCommandLineParser", "Options:"),
    QT_TRANSLATE_NOOP("QCommandLineParser", "Arguments:"),
    QT_TRANSLATE_NOOP("QCommandLineParser", "Displays help on commandline options."),
    QT_TRANSLATE_NOOP("QCommandLineParser", "Displays help including Qt specific options."),
    QT_TRANSLATE_NOOP("QCommandLineParser", "Displays version information."),
};

} // namespace

QStringList knownViews()
{
    return { QStringLiteral("browse"), QStringLiteral("diagnostics"), QStringLiteral("compare"),
        QStringLiteral("sources"), QStringLiteral("provenance"), QStringLiteral("compile") };
}

QStringList knownLanguages()
{
    return { QStringLiteral("en"), QStringLiteral("zh_CN") };
}

std::optional<QString> requestedLanguage(const QStringList& arguments)
{
    // The last --lang wins, as in QCommandLineParser::value.
    std::optional<QString> value;
    static const auto withValue = QStringLiteral("--lang=");
    for (qsizetype i = 1; i < arguments.size(); ++i) {
        const QString& argument = arguments[i];
        if (argument == QLatin1String("--"))
            break;
        if (argument == QLatin1String("--lang") && i + 1 < arguments.size())
            value = arguments[++i];
        else if (argument.startsWith(withValue))
            value = argument.mid(withValue.size());
    }
    if (value && !knownLanguages().contains(*value))
        return QStringLiteral("en");
    return value;
}

CommandLineResult parseCommandLine(const QStringList& arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QCoreApplication::translate("CommandLine",
        "Inspect PyTorch torch.compile debug trees and see whether Ascend DVM kernels were generated."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("path"),
        QCoreApplication::translate("CommandLine",
            "A torch_compile_debug folder (or a run_* or graph folder, or one output_code.py), a "
            "TORCH_TRACE folder or log, tlparse's output folder, the Inductor cache folder, or an "
            "archive of one of them."),
        QStringLiteral("[PATH]"));
    const QCommandLineOption sample(QStringLiteral("sample"),
        QCoreApplication::translate(
            "CommandLine", "Open the sample debug tree that comes with DVM Lens as PATH."));
    const QCommandLineOption screenshot(QStringLiteral("screenshot"),
        QCoreApplication::translate("CommandLine", "Render the main window to <file> (PNG) and exit."),
        QStringLiteral("file"));
    const QCommandLineOption select(QStringLiteral("select"),
        QCoreApplication::translate("CommandLine",
            "Select a graph (folder name, optionally RUN/GRAPH) and optionally a kernel: "
            "[RUN/]GRAPH[/KERNEL]."),
        QStringLiteral("graph"));
    const QCommandLineOption view(QStringLiteral("view"),
        QCoreApplication::translate("CommandLine", "Start in <view>: %1.")
            .arg(knownViews().join(QLatin1String(", "))),
        QStringLiteral("view"));
    const QCommandLineOption size(QStringLiteral("size"),
        QCoreApplication::translate("CommandLine", "Window size for screenshots, e.g. 1400x900."),
        QStringLiteral("WxH"));
    const QCommandLineOption theme(QStringLiteral("theme"),
        QCoreApplication::translate("CommandLine", "Colour theme: system, light or dark."),
        QStringLiteral("theme"));
    const QCommandLineOption language(QStringLiteral("lang"),
        QCoreApplication::translate("CommandLine", "User-interface language: en or zh_CN."),
        QStringLiteral("language"));
    const QCommandLineOption compare(QStringLiteral("compare"),
        QCoreApplication::translate("CommandLine", "Compare PATH (A, before) with <path> (B, after)."),
        QStringLiteral("path"));
    const QCommandLineOption runA(QStringLiteral("run-a"),
        QCoreApplication::translate(
            "CommandLine", "With --compare: compare only this run of A (folder name, pid or unique prefix)."),
        QStringLiteral("name"));
    const QCommandLineOption runB(QStringLiteral("run-b"),
        QCoreApplication::translate("CommandLine", "With --compare: compare only this run of B."),
        QStringLiteral("name"));
    parser.addOptions({ sample, screenshot, select, view, size, theme, language, compare, runA, runB });

    CommandLineResult result;
    if (!parser.parse(arguments)) {
        result.error = parser.errorText();
        return result;
    }
    if (parser.isSet(QStringLiteral("help")))
        parser.showHelp(0);
    if (parser.isSet(QStringLiteral("version")))
        parser.showVersion();

    CommandLine options;
    const QStringList positional = parser.positionalArguments();
    if (positional.size() > 1) {
        result.error = QCoreApplication::translate("CommandLine", "Only one path can be opened at a time.");
        return result;
    }
    if (!positional.isEmpty())
        options.path = positional.first();
    if (parser.isSet(sample)) {
        if (!options.path.isEmpty()) {
            result.error = QCoreApplication::translate(
                "CommandLine", "--sample opens the sample tree: give no PATH with it.");
            return result;
        }
        options.path = dvmlens::sampleTreePath();
        if (options.path.isEmpty()) {
            result.error = QCoreApplication::translate("CommandLine",
                "The sample tree is not installed (share/dvmlens/samples/ beside the program's folder).");
            return result;
        }
    }
    options.screenshotFile = parser.value(screenshot);
    options.compareWith = parser.value(compare);
    options.runA = parser.value(runA);
    options.runB = parser.value(runB);
    if (!options.compareWith.isEmpty()) {
        if (options.path.isEmpty()) {
            result.error =
                QCoreApplication::translate("CommandLine", "--compare needs a PATH to compare with.");
            return result;
        }
        options.view = QStringLiteral("compare");
    } else if (parser.isSet(runA) || parser.isSet(runB)) {
        result.error = QCoreApplication::translate("CommandLine", "--run-a and --run-b need --compare.");
        return result;
    }
    options.select = parser.value(select);
    if (parser.isSet(view)) {
        options.view = parser.value(view);
        if (!knownViews().contains(options.view)) {
            result.error =
                QCoreApplication::translate("CommandLine", "Unknown view \"%1\"; expected one of: %2.")
                    .arg(options.view, knownViews().join(QLatin1String(", ")));
            return result;
        }
        if (options.view == QLatin1String("compare") && options.compareWith.isEmpty()) {
            result.error = QCoreApplication::translate("CommandLine", "--view compare needs --compare.");
            return result;
        }
    }
    if (parser.isSet(size)) {
        static const QRegularExpression sizePattern(QStringLiteral("^(\\d{2,5})[xX](\\d{2,5})$"));
        const QRegularExpressionMatch match = sizePattern.match(parser.value(size));
        if (!match.hasMatch()) {
            result.error = QCoreApplication::translate(
                "CommandLine", "Invalid --size \"%1\"; expected WxH such as 1400x900.")
                               .arg(parser.value(size));
            return result;
        }
        options.size = QSize(match.captured(1).toInt(), match.captured(2).toInt());
    }
    if (parser.isSet(theme)) {
        if (!themeFromKey(parser.value(theme))) {
            result.error = QCoreApplication::translate(
                "CommandLine", "Unknown theme \"%1\"; expected system, light or dark.")
                               .arg(parser.value(theme));
            return result;
        }
        options.theme = parser.value(theme);
    }
    if (parser.isSet(language) && !knownLanguages().contains(parser.value(language))) {
        result.error =
            QCoreApplication::translate("CommandLine", "Unknown language \"%1\"; expected en or zh_CN.")
                .arg(parser.value(language));
        return result;
    }
    result.options = options;
    return result;
}
