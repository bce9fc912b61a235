// SPDX-License-Identifier: MIT
#include "gui/shell/screenshotflow.h"

#include "gui/browse/browsepage.h"
#include "gui/codeview/codehighlighter.h"
#include "gui/codeview/codeview.h"
#include "gui/compare/comparepage.h"
#include "gui/compare/sidebysideview.h"
#include "gui/compile/compiledock.h"
#include "gui/diagnostics/diagnosticsdock.h"
#include "gui/export/imageexport.h"
#include "gui/provenance/provenanceview.h"
#include "gui/shell/mainwindow.h"
#include "gui/shell/startupactions.h"
#include "gui/sources/sourcesdock.h"

#include <QDir>
#include <QFileInfo>
#include <QPixmap>

ScreenshotFlow::ScreenshotFlow(MainWindow& window, CommandLine options, QObject* parent)
    : QObject(parent)
    , m_window(window)
    , m_options(std::move(options))
{
    m_timeout.setSingleShot(true);
    m_timeout.setInterval(kTimeoutMs);
    connect(&m_timeout, &QTimer::timeout, this,
        [this] { fail(tr("Timed out waiting for the window to be ready.")); });
}

void ScreenshotFlow::start()
{
    m_timeout.start();
    if (!m_options.compareWith.isEmpty()) {
        connect(&m_window, &MainWindow::compareFinished, this, &ScreenshotFlow::onCompareFinished,
            Qt::SingleShotConnection);
        m_window.comparePaths(m_options.path, m_options.compareWith, m_options.runA, m_options.runB);
        return;
    }
    if (m_options.path.isEmpty()) {
        QTimer::singleShot(kSettleMs, this, &ScreenshotFlow::capture);
        return;
    }
    connect(&m_window, &MainWindow::indexFinished, this, &ScreenshotFlow::onIndexFinished,
        Qt::SingleShotConnection);
    m_window.openPath(m_options.path);
}

void ScreenshotFlow::onIndexFinished(const QString& path, const QString& error)
{
    if (!error.isEmpty()) {
        fail(tr("Cannot open %1: %2").arg(QDir::toNativeSeparators(path), error));
        return;
    }
    const QString selectError = applyStartupActions(m_window, m_options);
    if (!selectError.isEmpty()) {
        fail(selectError);
        return;
    }
    // --view sources shows the worst model line, which the dock may still be looking for.
    SourcesDock* sources = m_window.sourcesDock();
    if (m_options.view == QLatin1String("sources") && sources->isFinding()) {
        connect(
            sources, &SourcesDock::sourcesReady, this,
            [this, sources] {
                sources->selectFirstLocation();
                waitForCode();
            },
            Qt::SingleShotConnection);
        return;
    }
    // --view compile shows the compile side, which the document may still be reading.
    if (m_options.view == QLatin1String("compile") && m_window.compileDock()->isReading()) {
        connect(m_window.compileDock(), &CompileDock::factsShown, this, &ScreenshotFlow::waitForCode,
            Qt::SingleShotConnection);
        return;
    }
    // --view diagnostics shows the first known failure, which the dock is still looking for.
    DiagnosticsDock* dock = m_window.diagnosticsDock();
    if (m_options.view == QLatin1String("diagnostics") && dock->isSearchingKnownFailures()) {
        connect(dock, &DiagnosticsDock::knownFailuresSearched, this, &ScreenshotFlow::waitForCode,
            Qt::SingleShotConnection);
        return;
    }
    waitForCode();
}

void ScreenshotFlow::waitForCode()
{
    // Kernel Details lists a kernel's model source lines once the sources are found: the picture
    // (and the peak memory the bench reads from this run) is the same whichever comes first.
    SourcesDock* sources = m_window.sourcesDock();
    if (sources->isFinding()) {
        connect(sources, &SourcesDock::sourcesReady, this, &ScreenshotFlow::waitForCode,
            Qt::SingleShotConnection);
        return;
    }
    // The kernel table and details of a graph whose bodies the index left out show them once read.
    if (m_window.browsePage()->isReadingKernelBodies()) {
        connect(m_window.browsePage(), &BrowsePage::kernelBodiesRead, this, &ScreenshotFlow::waitForCode,
            Qt::SingleShotConnection);
        return;
    }
    // --view provenance: its links are computed off the GUI thread; the panes load after them.
    ProvenanceView* provenance = m_window.browsePage()->provenanceView();
    if (m_window.browsePage()->isProvenanceShown() && provenance->isComputingLinks()) {
        connect(provenance, &ProvenanceView::linksReady, this, &ScreenshotFlow::waitForCode,
            Qt::SingleShotConnection);
        return;
    }
    CodeView* code = m_window.browsePage()->codeView();
    if (!code->isLoading()) {
        waitForHighlighting();
        return;
    }
    connect(code, &CodeView::loaded, this, &ScreenshotFlow::waitForHighlighting, Qt::SingleShotConnection);
    // A file that cannot be shown (a FIFO, a link out of the tree, binary…) is no reason to fail:
    // the code view says why in its place, and the picture shows that with the rest of the window.
    connect(
        code, &CodeView::loadFailed, this,
        [this](const QString&, const QString&) {
            QTimer::singleShot(kSettleMs, this, &ScreenshotFlow::capture);
        },
        Qt::SingleShotConnection);
}

void ScreenshotFlow::waitForHighlighting()
{
    // The built-in highlighter colours big files in idle-time chunks; the picture should show colours.
    CodeHighlighter* highlighter = m_window.browsePage()->codeView()->highlighter();
    if (highlighter && !highlighter->isFinished()) {
        connect(
            highlighter, &CodeHighlighter::finished, this,
            [this] { QTimer::singleShot(kSettleMs, this, &ScreenshotFlow::capture); },
            Qt::SingleShotConnection);
        // A huge file is coloured from the top; do not wait for its very end.
        QTimer::singleShot(kMaxHighlightWaitMs, this, &ScreenshotFlow::capture);
        return;
    }
    QTimer::singleShot(kSettleMs, this, &ScreenshotFlow::capture);
}

void ScreenshotFlow::onCompareFinished(const QString& error)
{
    if (!error.isEmpty()) {
        fail(error);
        return;
    }
    const QString selectError = applyStartupActions(m_window, m_options);
    if (!selectError.isEmpty()) {
        fail(selectError);
        return;
    }
    waitForCompare();
}

void ScreenshotFlow::waitForCompare()
{
    // The selected pair's files must be loaded, diffed and coloured before the picture is taken.
    ComparePage* page = m_window.comparePage();
    if (!page->isReady()) {
        connect(page, &ComparePage::ready, this, &ScreenshotFlow::waitForCompare, Qt::SingleShotConnection);
        return;
    }
    for (SideBySideView::Side side : { SideBySideView::SideA, SideBySideView::SideB }) {
        CodeHighlighter* highlighter = page->sideBySide()->codeView(side)->highlighter();
        if (highlighter && !highlighter->isFinished()) {
            connect(highlighter, &CodeHighlighter::finished, this, &ScreenshotFlow::waitForCompare,
                Qt::SingleShotConnection);
            return;
        }
    }
    QTimer::singleShot(kSettleMs, this, &ScreenshotFlow::capture);
}

void ScreenshotFlow::capture()
{
    if (m_done)
        return;
    // The same writer as File ▸ Export Screenshot: PNG or JPEG, and the writer's reason on failure.
    const QString error = saveImage(renderWidget(m_window), m_options.screenshotFile);
    if (!error.isEmpty()) {
        fail(error);
        return;
    }
    m_done = true;
    m_timeout.stop();
    Q_EMIT finished(0, {});
}

void ScreenshotFlow::fail(const QString& message)
{
    if (m_done)
        return;
    m_done = true;
    m_timeout.stop();
    Q_EMIT finished(1, message);
}
