// SPDX-License-Identifier: MIT
#include "startupactions.h"

#include "browsepage.h"
#include "diagnosticsdock.h"
#include "mainwindow.h"

QString applyStartupActions(MainWindow& window, const CommandLine& options)
{
    BrowsePage* browse = window.browsePage();
    if (!options.select.isEmpty()) {
        const QString error = browse->selectBySpec(options.select);
        if (!error.isEmpty())
            return error;
    } else if (!options.screenshotFile.isEmpty() || options.view == QLatin1String("browse")) {
        // Nothing named: show the first place where DVM engaged, which is what people open the tool
        // for, or else the first generated code there is.
        if (!browse->selectFirstDvmKernel())
            browse->selectFirstGraphWithCode();
    }
    if (options.view == QLatin1String("diagnostics")) {
        DiagnosticsDock* dock = window.diagnosticsDock();
        dock->show();
        dock->raise();
        dock->selectFirst();
    }
    return {};
}
