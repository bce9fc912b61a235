// SPDX-License-Identifier: MIT
// dvmlens: the desktop inspector. Parses the command line, applies language and theme, then
// either shows the main window or runs the --screenshot flow.
#include "core/io/pathtext.h"
#include "core/report/reportfile.h"
#include "gui/common/freedmemory.h"
#include "gui/common/themes.h"
#include "gui/shell/commandline.h"
#include "gui/shell/mainwindow.h"
#include "gui/shell/screenshotflow.h"
#include "gui/shell/startupactions.h"
#include "gui/shell/translations.h"
#include "version.h"

#include <QApplication>
#include <QIcon>
#include <QStatusBar>

#include <cstdio>
#include <cstring>

namespace {

// Over ssh without X forwarding there is no display, and QApplication would abort. --help,
// --version and --screenshot need none, so they run offscreen; a window gets a clear message.
bool prepareDisplay(int argc, char** argv)
{
    if (qEnvironmentVariableIsSet("QT_QPA_PLATFORM") || qEnvironmentVariableIsSet("DISPLAY")
        || qEnvironmentVariableIsSet("WAYLAND_DISPLAY"))
        return true;
    for (int i = 1; i < argc; ++i) {
        for (const char* option : { "-h", "--help", "-v", "--version", "--screenshot", "-platform" }) {
            if (std::strcmp(argv[i], option) == 0 || std::strncmp(argv[i], "--screenshot=", 13) == 0) {
                qputenv("QT_QPA_PLATFORM", "offscreen");
                return true;
            }
        }
    }
    std::fprintf(stderr,
        "dvmlens: no display (DISPLAY and WAYLAND_DISPLAY are unset). Use ssh -X, VNC or xvfb-run; "
        "dvmlens --screenshot and dvmlens-cli work without one.\n");
    return false;
}

// The theme's icon when installed; otherwise the PNGs embedded in the binary.
QIcon appIcon()
{
    QIcon embedded;
    for (int size : { 16, 22, 32, 48, 64, 128, 256 })
        embedded.addFile(QStringLiteral(":/icons/dvmlens-%1.png").arg(size), QSize(size, size));
    return QIcon::fromTheme(QStringLiteral("io.gitcode.dvmlens"), embedded);
}

} // namespace

int main(int argc, char** argv)
{
    shareMallocArenas(); // before any thread starts
    if (!prepareDisplay(argc, argv))
        return 2;
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("dvmlens"));
    QApplication::setApplicationName(QStringLiteral("dvmlens"));
    QApplication::setApplicationDisplayName(QStringLiteral("DVM Lens"));
    QApplication::setApplicationVersion(QStringLiteral(DVMLENS_VERSION));
    // The installed desktop entry's id, so Wayland and taskbars match the window to it.
    QApplication::setDesktopFileName(QStringLiteral("io.gitcode.dvmlens"));
    QApplication::setWindowIcon(appIcon());

    // Before parsing: --help prints and exits inside it, in the language asked for.
    // From argv as bytes (io/pathtext.h), as the CLI reads them: QApplication::arguments() turns
    // bytes that are not UTF-8 into U+FFFD, and such a PATH could not be opened. QApplication has
    // already taken its own options (-platform …) out of argv.
    QStringList arguments;
    for (int i = 0; i < argc; ++i)
        arguments << dvmlens::pathText(argv[i]);
    installTranslations(requestedLanguage(arguments).value_or(savedLanguage()));
    const CommandLineResult parsed = parseCommandLine(arguments);
    if (!parsed.options) {
        std::fprintf(stderr, "dvmlens: %s\n", qPrintable(parsed.error));
        return 2;
    }
    const CommandLine& options = *parsed.options;
    if (!options.screenshotFile.isEmpty()) {
        // A link, FIFO or device named as the picture is refused before anything is indexed: never
        // written through, never blocked on (core/report/reportfile.h, the writer saveImage uses).
        const std::string problem = dvmlens::reportTargetProblem(dvmlens::pathBytes(options.screenshotFile));
        if (!problem.empty()) {
            std::fprintf(stderr, "dvmlens: cannot write %s: %s\n", qPrintable(options.screenshotFile),
                problem.c_str());
            return 2;
        }
    }

    applyTheme(options.theme ? *themeFromKey(*options.theme) : savedTheme());

    MainWindow window;
    if (!options.screenshotFile.isEmpty()) {
        // Deterministic: default layout, no dialogs, nothing written to the settings.
        window.setQuiet(true);
        window.resize(options.size);
        ScreenshotFlow flow(window, options);
        QObject::connect(&flow, &ScreenshotFlow::finished, &app, [](int exitCode, const QString& message) {
            if (!message.isEmpty())
                std::fprintf(stderr, "dvmlens: %s\n", qPrintable(message));
            QCoreApplication::exit(exitCode);
        });
        window.show();
        flow.start();
        return app.exec();
    }

    window.restoreLayout();
    window.show();
    // --select / --view once the first result is in (a failed open already told the user).
    const auto applyOnce = [&window, options](const QString& error) {
        if (!error.isEmpty())
            return;
        const QString problem = applyStartupActions(window, options);
        if (!problem.isEmpty())
            window.statusBar()->showMessage(problem, 10000);
    };
    if (!options.compareWith.isEmpty()) {
        QObject::connect(&window, &MainWindow::compareFinished, &window, applyOnce, Qt::SingleShotConnection);
        window.comparePaths(options.path, options.compareWith, options.runA, options.runB);
    } else if (!options.path.isEmpty()) {
        QObject::connect(
            &window, &MainWindow::indexFinished, &window,
            [applyOnce](const QString&, const QString& error) { applyOnce(error); },
            Qt::SingleShotConnection);
        window.openPath(options.path);
    }
    return app.exec();
}
