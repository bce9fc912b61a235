// SPDX-License-Identifier: MIT
// Live pick-up: a re-index (new graph folders of a training run) keeps the selected kernel and
// leaves the code where the user scrolled it, instead of jumping back to the kernel.
#include "gui/browse/browsepage.h"
#include "gui/browse/kernelpanel.h"
#include "gui/codeview/codeview.h"
#include "gui/shell/mainwindow.h"
#include "testutil.h"

#include <QDirIterator>
#include <QPlainTextEdit>
#include <QScrollBar>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

using namespace Qt::StringLiterals;

class TestLivePickup : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
    }

    void reindexDoesNotMoveTheCode()
    {
        MainWindow window;
        window.setQuiet(true);
        window.resize(1000, 500); // the 83-line file scrolls
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QSignalSpy finished(&window, &MainWindow::indexFinished);
        window.openPath(testutil::fixture(u"gui/torch_compile_debug"_s));
        QVERIFY(finished.wait(30000));
        BrowsePage* browse = window.browsePage();
        QCOMPARE(browse->selectBySpec(u"model__0_forward_0.0/dvm_fused_add_mul_relu_0"_s), QString());
        CodeView* code = browse->codeView();
        QTRY_VERIFY(!code->isLoading() && code->currentRange().first > 0);
        QScrollBar* bar = code->editor()->verticalScrollBar();
        QVERIFY(bar->maximum() > 20);
        const int away = bar->value() > 10 ? 0 : bar->maximum(); // far from the kernel
        bar->setValue(away);
        const QPair<int, int> range = code->currentRange();

        window.reindex();
        QVERIFY(finished.wait(30000));
        QCOMPARE(QString::fromStdString(browse->currentKernel()->name), u"dvm_fused_add_mul_relu_0"_s);
        QCOMPARE(code->currentRange(), range);
        QCOMPARE(bar->value(), away);
    }
};

QTEST_MAIN(TestLivePickup)
#include "tst_livepickup.moc"
