// SPDX-License-Identifier: MIT
// dvmlens: the desktop inspector. Parses the command line, applies language and theme, then
// either shows the main window or runs the --screenshot flow.
#include "commandline.h"
#include "mainwindow.h"
#include "screenshotflow.h"
#include "startupactions.h"
#include "themes.h"
#include "translations.h"
#include "version.h"

#include <QApplication>
#include <QStatusBar>

#include <cstdio>

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("dvmlens"));
    QApplication::setApplicationName(QStringLiteral("dvmlens"));
    QApplication::setApplicationDisplayName(QStringLiteral("DVM Lens"));
    QApplication::setApplicationVersion(QStringLiteral(DVMLENS_VERSION));
    QApplication::setDesktopFileName(QStringLiteral("dvmlens"));

    const CommandLineResult parsed = parseCommandLine(QApplication::arguments());
    if (!parsed.options) {
        std::fprintf(stderr, "dvmlens: %s\n", qPrintable(parsed.error));
        return 2;
    }
    const CommandLine& options = *parsed.options;

    installTranslations(options.language.value_or(savedLanguage()));
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
    if (!options.compareWith.isEmpty()) {
        QObject::connect(
            &window, &MainWindow::compareFinished, &window,
            [&window, options](const QString& error) {
                if (!error.isEmpty())
                    return;
                const QString problem = applyStartupActions(window, options);
                if (!problem.isEmpty())
                    window.statusBar()->showMessage(problem, 10000);
            },
            Qt::SingleShotConnection);
        window.comparePaths(options.path, options.compareWith, options.runA, options.runB);
    } else if (!options.path.isEmpty()) {
        QObject::connect(
            &window, &MainWindow::indexFinished, &window,
            [&window, options](const QString&, const QString& error) {
                if (!error.isEmpty())
                    return;
                const QString problem = applyStartupActions(window, options);
                if (!problem.isEmpty())
                    window.statusBar()->showMessage(problem, 10000);
            },
            Qt::SingleShotConnection);
        window.openPath(options.path);
    }
    return app.exec();
}
