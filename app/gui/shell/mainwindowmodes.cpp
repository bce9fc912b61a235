// SPDX-License-Identifier: MIT
// MainWindow's two modes: browsing the open tree, and comparing it with another (the compare
// job's progress and outcome), and which central page each shows.
#include "core/io/pathtext.h"
#include "gui/browse/browsepage.h"
#include "gui/common/throttledprogressbar.h"
#include "gui/compare/comparepage.h"
#include "gui/compare/comparesummarymodel.h"
#include "gui/compile/compiledock.h"
#include "gui/diagnostics/diagnosticsdock.h"
#include "gui/document/treedocument.h"
#include "gui/export/exportactions.h"
#include "gui/profile/hotkernelsdock.h"
#include "gui/profile/profilecontroller.h"
#include "gui/shell/mainwindow.h"
#include "gui/shell/recentfolders.h"
#include "gui/shell/welcomepage.h"
#include "gui/sources/sourcesdock.h"

#include <QAction>
#include <QDir>
#include <QDockWidget>
#include <QLabel>
#include <QMessageBox>
#include <QStackedWidget>
#include <QTimer>
#include <QToolButton>

void MainWindow::comparePaths(
    const QString& pathA, const QString& pathB, const QString& runA, const QString& runB)
{
    m_comparePathA = dvmlens::absolutePathText(pathA);
    m_comparePathB = dvmlens::absolutePathText(pathB);
    m_progress->showBusy();
    m_progress->show();
    m_cancel->show();
    m_cancel->setEnabled(true);
    m_totals->setText(
        tr("Comparing %1 with %2…")
            .arg(QDir::toNativeSeparators(m_comparePathA), QDir::toNativeSeparators(m_comparePathB)));
    m_statusText = StatusText::Progress;
    m_document->compare({ m_comparePathA, m_comparePathB, runA, runB });
    updateTitle();
}

bool MainWindow::isComparing() const
{
    return m_document->isComparing();
}

void MainWindow::onCompareProgress(int side, int done, int total)
{
    m_progress->setFormat(side == 0 ? tr("Indexing A %p%") : tr("Indexing B %p%"));
    m_progress->showProgress(done, total);
}

void MainWindow::onCompareFinished(const QString& error)
{
    m_progress->hide();
    m_cancel->hide();
    m_progress->setFormat(tr("Indexing %p%"));
    if (!error.isEmpty()) {
        m_totals->setText(error);
        m_statusText = StatusText::Error;
        if (!m_quiet)
            QMessageBox::warning(this, tr("Cannot Compare"), error);
        updateTitle();
        Q_EMIT compareFinished(error);
        return;
    }
    // Side A became the open tree when nothing else was (TreeDocument::compare); the compare page
    // shows the comparison already (it follows the document).
    m_compareModeAction->setEnabled(true);
    setMode(Mode::Compare);
    Q_EMIT compareFinished({});
}

void MainWindow::setMode(Mode mode)
{
    if (mode == Mode::Compare && m_mode != Mode::Compare) {
        // The browse docks describe one tree; the compare page has its own tables.
        m_browseDocksShown.clear();
        for (QDockWidget* dock : { m_runsDock, m_kernelsDock, m_detailsDock,
                 static_cast<QDockWidget*>(m_diagnosticsDock), static_cast<QDockWidget*>(m_profile->dock()),
                 static_cast<QDockWidget*>(m_sourcesDock), static_cast<QDockWidget*>(m_compileDock) }) {
            if (dock->isVisible())
                m_browseDocksShown << dock;
            dock->hide();
        }
    } else if (mode == Mode::Browse && m_mode != Mode::Browse) {
        for (QDockWidget* dock : std::as_const(m_browseDocksShown))
            dock->show();
    }
    m_mode = mode;
    m_export->setCompareMode(mode == Mode::Compare);
    updateCentralPage();
    (mode == Mode::Compare ? m_compareModeAction : m_browseModeAction)->setChecked(true);
    const auto& result = m_compare->outcome() ? m_compare->outcome()->result : nullptr;
    if (mode == Mode::Compare && result) {
        m_totals->setText(CompareSummaryModel::summaryText(result->summary));
        m_statusText = StatusText::Totals;
    } else if (mode == Mode::Browse && m_document->index()) {
        m_totals->setText(totalsText(*m_document->index()));
        m_statusText = StatusText::Totals;
    }
    updateTitle();
}

void MainWindow::updateCentralPage()
{
    // The welcome page while nothing is open, the empty-tree page for a tree without runs.
    QWidget* page = m_browse;
    if (m_mode == Mode::Compare) {
        page = m_compare;
    } else if (m_document->path().isEmpty() && !m_document->isIndexing()) {
        m_welcome->showWelcome(m_recent->paths());
        page = m_welcome;
    } else if (!m_document->isIndexing() && m_document->summaries()
        && m_document->summaries()->tree.runs == 0) {
        m_welcome->showEmptyTree(m_document->path());
        page = m_welcome;
    }
    m_pages->setCurrentWidget(page);
}

void MainWindow::showDiagnosticsView()
{
    m_diagnosticsDock->show();
    m_diagnosticsDock->raise();
    // Half the height for the findings and the selected one's cause and fix (the dock spans the window's
    // width). Above it, the run tree takes two thirds of what is left, so the graph a finding names is in
    // view with its neighbours (at 1280x800 it showed three rows), and Kernel Details keeps a third.
    resizeDocks({ m_diagnosticsDock }, { height() / 2 }, Qt::Vertical);
    resizeDocks({ m_runsDock, m_detailsDock }, { height() * 2 / 6, height() / 6 }, Qt::Vertical);
    // Once laid out, the list gets its rows' height and the cause and fix the rest (again when the known
    // failures arrive); the run tree widens if the selected finding's file row needs it.
    const auto fit = [this] {
        m_diagnosticsDock->fitListToRows();
        if (m_layoutSized)
            widenRunsDockToColumns();
    };
    QTimer::singleShot(0, this, fit);
    connect(m_diagnosticsDock, &DiagnosticsDock::knownFailuresSearched, this, fit, Qt::SingleShotConnection);
}
