// SPDX-License-Identifier: MIT
#include "gui/shell/startupactions.h"

#include "gui/browse/browsepage.h"
#include "gui/compare/comparepage.h"
#include "gui/compile/compiledock.h"
#include "gui/diagnostics/diagnosticsdock.h"
#include "gui/shell/mainwindow.h"
#include "gui/sources/sourcesdock.h"

#include <QAction>
#include <QCoreApplication>

QString applyStartupActions(MainWindow& window, const CommandLine& options)
{
    if (!options.compareWith.isEmpty()) {
        window.setMode(
            options.view == QLatin1String("compare") ? MainWindow::Mode::Compare : MainWindow::Mode::Browse);
        if (!options.select.isEmpty() && !window.comparePage()->selectGraph(options.select))
            return QCoreApplication::translate("StartupActions", "No graph pair \"%1\" in the comparison.")
                .arg(options.select);
        if (options.view == QLatin1String("compare"))
            return {};
    }
    BrowsePage* browse = window.browsePage();
    if (!options.select.isEmpty() && options.compareWith.isEmpty()) {
        const QString error = browse->selectBySpec(options.select);
        if (!error.isEmpty())
            return error;
    } else if (!options.screenshotFile.isEmpty() || options.view == QLatin1String("browse")
        || options.view == QLatin1String("provenance")) {
        // Nothing named: show the first place where DVM engaged, which is what people open the tool
        // for, or else the first generated code there is.
        if (!browse->selectFirstDvmKernel())
            browse->selectFirstGraphWithCode();
    }
    if (options.view == QLatin1String("diagnostics")) {
        window.showDiagnosticsView();
        // The evidence a bug report wants: cause and fix visible.
        window.diagnosticsDock()->showFirstKnownFailure();
    }
    if (options.view == QLatin1String("provenance"))
        browse->provenanceAction()->setChecked(true); // the selected graph and kernel, three panes
    if (options.view == QLatin1String("sources")) {
        SourcesDock* dock = window.sourcesDock();
        dock->show();
        dock->raise();
        window.resizeDocks({ dock }, { window.height() * 3 / 5 }, Qt::Vertical);
        dock->selectFirstLocation(); // the worst line and its kernels and fallbacks in every rank
    }
    if (options.view == QLatin1String("compile")) {
        CompileDock* dock = window.compileDock();
        dock->show();
        dock->raise();
        window.resizeDocks({ dock }, { window.height() * 2 / 5 }, Qt::Vertical);
    }
    return {};
}
