// SPDX-License-Identifier: MIT
// dvmlens-cli: the same answers as the GUI, for scripts and CI.
#include "archiveargs.h"
#include "command.h"
#include "commandoptions.h"
#include "core/io/pathtext.h"
#include "version.h"

#include <QCoreApplication>
#include <QTextStream>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>

using namespace Qt::StringLiterals;

namespace cli {

static std::vector<Command>& registry()
{
    static std::vector<Command> all;
    return all;
}

const std::vector<Command>& commands()
{
    return registry();
}

RegisterCommand::RegisterCommand(const Command& command)
{
    auto& all = registry();
    all.push_back(command);
    std::sort(all.begin(), all.end(),
        [](const Command& a, const Command& b) { return qstrcmp(a.name, b.name) < 0; });
}

int usageError(const Command& command, const QString& message)
{
    QTextStream err(stderr);
    err << "dvmlens-cli: " << message << "\nusage: dvmlens-cli " << command.synopsis << "\n";
    return ExitUsage;
}

static void printHelp(QTextStream& out)
{
    out << "DVM Lens " DVMLENS_VERSION " - inspect PyTorch torch.compile debug output (torch_compile_debug)\n"
           "and tell whether the Ascend DVM code generator really produced the kernels.\n\n"
           "usage: dvmlens-cli <command> [options] PATH\n\ncommands:\n";
    // A synopsis too long for its column puts the summary on the next line, in the column, as GNU tools do
    // (and as help2man reads it for the manual page).
    constexpr int kSynopsisWidth = 58;
    for (const Command& command : commands()) {
        const QString synopsis = QString::fromLatin1(command.synopsis);
        out << "  " << synopsis.leftJustified(kSynopsisWidth);
        if (synopsis.size() >= kSynopsisWidth)
            out << '\n' << QString(2 + kSynopsisWidth, QLatin1Char(' '));
        out << ' ' << command.summary << '\n';
    }
    out << "\noptions:\n  -h, --help     show this help\n  -V, --version  show the version\n"
           "  --archive-budget SIZE\n"
           "                 (every command) PATH may be an archive (.tar, .tar.gz/.tgz, .tar.xz, .tar.zst,\n"
           "                 .tar.bz2, .zip, told by content), read without unpacking it; reading stops\n"
           "                 after SIZE bytes of entry data (K, M, G, T suffixes; default 4G)\n"
           "\ninputs (PATH): a debug tree (TORCH_COMPILE_DEBUG=1: torch_compile_debug/, a run or graph "
           "folder,\n"
           "  an output_code.py); TORCH_TRACE logs (TORCH_TRACE=/tmp/trace: the folder, one\n"
           "  dedicated_log_torch_trace_*.log or .log.gz, or tlparse's output folder); the Inductor cache\n"
           "  folder (TORCHINDUCTOR_CACHE_DIR, default /tmp/torchinductor_<user>); or an archive of them\n"
           "\nexit codes: 0 ok; 1 the check or gate failed; 2 bad usage or unreadable PATH\n";
}

} // namespace cli

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("dvmlens-cli"));
    QCoreApplication::setApplicationVersion(QStringLiteral(DVMLENS_VERSION));
    // From argv as bytes (io/pathtext.h): QCoreApplication::arguments() turns bytes that are not
    // UTF-8 into U+FFFD, and such a PATH would then name nothing.
    QStringList args;
    for (int i = 1; i < argc; ++i)
        args << dvmlens::pathText(argv[i]);
    QTextStream out(stdout);
    if (args.isEmpty()) {
        QTextStream err(stderr);
        cli::printHelp(err);
        return cli::ExitUsage;
    }
    const QString first = args.takeFirst();
    if (first == QLatin1StringView("-h") || first == QLatin1StringView("--help")
        || first == QLatin1StringView("help")) {
        cli::printHelp(out);
        return cli::ExitOk;
    }
    if (first == QLatin1StringView("-V") || first == QLatin1StringView("--version")) {
        out << "dvmlens-cli " DVMLENS_VERSION " (Qt " << qVersion() << ")\n";
        return cli::ExitOk;
    }
    for (const cli::Command& command : cli::commands()) {
        if (first == QLatin1StringView(command.name)) {
            cli::CommandOptions options;
            command.declare(options);
            cli::declareArchiveBudget(options);
            const bool parsed = options.parse(command, args);
            if (options.helpRequested()) {
                out << "usage: dvmlens-cli " << command.synopsis << "\n"
                    << command.summary << "\n"
                    << options.helpText();
                return cli::ExitOk;
            }
            if (!parsed || !cli::readArchiveBudget(command, options))
                return cli::ExitUsage;
            const int status = command.run(options);
            // A full disk or a closed stream must not pass for a complete answer.
            if (std::fflush(stdout) != 0 || std::ferror(stdout)) {
                QTextStream(stderr) << "dvmlens-cli: " << command.name << ": cannot write the output: "
                                    << QString::fromLocal8Bit(std::strerror(errno)) << '\n';
                return cli::ExitUsage;
            }
            return status;
        }
    }
    QTextStream err(stderr);
    err << "dvmlens-cli: unknown command '" << first << "' (see dvmlens-cli --help)\n";
    return cli::ExitUsage;
}
