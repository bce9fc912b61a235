// SPDX-License-Identifier: MIT
// Self-explaining states of the main window: the welcome page with nothing open (recent trees,
// the sample tree, Open Folder), the empty-tree page for a folder without runs, and the header
// over the browse code view naming run, graph and file (no other graph's code left for a run).
#include "core/index/indexer.h"
#include "gui/browse/browsepage.h"
#include "gui/browse/codeheader.h"
#include "gui/browse/runtreemodel.h"
#include "gui/codeview/codeview.h"
#include "gui/shell/mainwindow.h"
#include "gui/shell/recentfolders.h"
#include "gui/shell/welcomepage.h"
#include "testutil.h"

#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QStackedWidget>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTreeView>
#include <QtTest>

using namespace Qt::StringLiterals;

namespace {

const QString kRun = u"run_2026_01_02_03_04_05_000001-pid_100"_s;

bool open(MainWindow& window, const QString& path)
{
    QSignalSpy finished(&window, &MainWindow::indexFinished);
    window.openPath(path);
    return finished.wait(30000) && finished.at(0).at(1).toString().isEmpty();
}

} // namespace

class TestWelcomePage : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        RecentFolders().clear();
    }

    void nothingOpenShowsTheWelcomePage()
    {
        QTemporaryDir recent;
        QVERIFY(recent.isValid());
        RecentFolders().add(recent.path());
        MainWindow window;
        window.setQuiet(true);
        window.resize(1280, 800);
        window.show();
        WelcomePage* welcome = window.welcomePage();
        QCOMPARE(window.pages()->currentWidget(), static_cast<QWidget*>(welcome));
        QCOMPARE(welcome->state(), WelcomePage::State::Welcome);
        QCOMPARE(welcome->titleText(), u"Did DVM generate the kernels?"_s);
        QVERIFY(welcome->bodyText().contains(u"torch_compile_debug"_s));
        QCOMPARE(welcome->recentPaths(), QStringList { recent.path() });
        const QList<QPushButton*> recentButtons = welcome->findChildren<QPushButton*>(u"WelcomeRecent"_s);
        QCOMPARE(recentButtons.size(), 1);
        QCOMPARE(recentButtons[0]->toolTip(), QDir::toNativeSeparators(recent.path()));
        // It looks like what it does: a link to open.
        QCOMPARE(recentButtons[0]->cursor().shape(), Qt::PointingHandCursor);
        QCOMPARE(recentButtons[0]->palette().color(QPalette::ButtonText),
            welcome->palette().color(QPalette::Link));
        QVERIFY(welcome->findChild<QPushButton*>(u"WelcomeOpenFolder"_s)->isVisible());
        QVERIFY(welcome->findChild<QPushButton*>(u"WelcomeOpenFile"_s)->isVisible());

        // The sample tree of the source tree is offered and opens in browse.
        QVERIFY(welcome->sampleOffered());
        auto* sample = welcome->findChild<QPushButton*>(u"WelcomeSample"_s);
        QVERIFY(sample->isVisible());
        QSignalSpy finished(&window, &MainWindow::indexFinished);
        sample->click();
        QCOMPARE(
            window.pages()->currentWidget(), static_cast<QWidget*>(window.browsePage())); // while indexing
        QVERIFY(finished.wait(30000));
        QCOMPARE(finished.at(0).at(1).toString(), QString());
        QCOMPARE(window.pages()->currentWidget(), static_cast<QWidget*>(window.browsePage()));
        RecentFolders().clear();
    }

    void folderWithoutRunsShowsWhatToSet()
    {
        QTemporaryDir empty;
        QVERIFY(empty.isValid());
        QVERIFY(QDir(empty.path()).mkpath(u"not_a_debug_tree/sub"_s));
        MainWindow window;
        window.setQuiet(true);
        QVERIFY(open(window, empty.path()));
        WelcomePage* welcome = window.welcomePage();
        QCOMPARE(window.pages()->currentWidget(), static_cast<QWidget*>(welcome));
        QCOMPARE(welcome->state(), WelcomePage::State::EmptyTree);
        QCOMPARE(welcome->titleText(),
            u"No generated code found under\n%1"_s.arg(QDir::toNativeSeparators(empty.path())));
        QVERIFY(welcome->bodyText().contains(u"TORCH_COMPILE_DEBUG=1"_s));
        QVERIFY(welcome->recentPaths().isEmpty());

        // A real tree afterwards: back to browse.
        QVERIFY(open(window, testutil::fixture(u"gui/torch_compile_debug"_s)));
        QCOMPARE(window.pages()->currentWidget(), static_cast<QWidget*>(window.browsePage()));
    }

    void codeHeaderNamesRunGraphAndFile()
    {
        MainWindow window;
        window.setQuiet(true);
        QVERIFY(open(window, testutil::fixture(u"gui/torch_compile_debug"_s)));
        BrowsePage* browse = window.browsePage();
        QCOMPARE(browse->selectBySpec(u"model__0_forward_0.0"_s), QString());
        QTRY_VERIFY(!browse->codeView()->isLoading());
        const QString header = browse->codeHeader()->text();
        QVERIFY2(header.endsWith(u"  ▸  model__0_forward_0.0  ▸  output_code.py"_s), qPrintable(header));
        QVERIFY2(header.contains(u"pid"_s), qPrintable(header)); // the run's name comes first
        QVERIFY(browse->codeHeader()->toolTip().endsWith(u"output_code.py"_s));
        QVERIFY(!browse->codeView()->currentPath().isEmpty());

        // Selecting the run: no graph's code stays on screen.
        const QModelIndex run = browse->runModel()->index(0, RunTreeModel::NameColumn);
        QCOMPARE(browse->runModel()->kindAt(run), RunTreeModel::RunNode);
        browse->runTree()->setCurrentIndex(run);
        QCOMPARE(browse->codeView()->currentPath(), QString());
        QCOMPARE(browse->codeView()->editor()->document()->toPlainText(), QString());
        QCOMPARE(browse->codeHeader()->text(),
            u"%1  ▸  select a graph or a kernel to see its code"_s.arg(run.data().toString()));
    }

    // A run's torchdynamo/debug.log (where Diagnostics sends one) is not a node of the run tree: the
    // header still names the run, not just "debug.log".
    void codeHeaderNamesTheRunOfADebugLog()
    {
        const QString run = testutil::sourcePath(
            u"resources/samples/torch_compile_debug/run_2026_07_20_10_15_30_123456-pid_4101"_s);
        std::string error;
        auto index = dvmlens::buildIndex(run.toStdString(), {}, error);
        QVERIFY2(index, error.c_str());
        BrowsePage browse;
        browse.setIndex(std::make_shared<const dvmlens::Index>(std::move(*index)));
        browse.openLocation(run + u"/torchdynamo/debug.log"_s, 1);
        const QString runName = browse.runModel()->index(0, RunTreeModel::NameColumn).data().toString();
        QVERIFY(!runName.isEmpty());
        QCOMPARE(browse.codeHeader()->text(), runName + u"  ▸  torchdynamo/debug.log"_s);
    }
};

QTEST_MAIN(TestWelcomePage)
#include "tst_welcomepage.moc"
