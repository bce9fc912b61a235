// SPDX-License-Identifier: MIT
// The window on a tree inside an archive: the same totals as on the folder, the code view and the
// kernel details read out of the archive, the archive remembered in File ▸ Open Recent, and a
// dropped archive opened.
#include "archivewriter.h"
#include "gui/browse/browsepage.h"
#include "gui/browse/kerneldetails.h"
#include "gui/browse/kernelpanel.h"
#include "gui/codeview/codeview.h"
#include "gui/codeview/filetextloader.h"
#include "gui/shell/mainwindow.h"
#include "gui/shell/recentfolders.h"
#include "testutil.h"

#include <QLabel>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

namespace {

bool open(MainWindow& window, const QString& path)
{
    QSignalSpy finished(&window, &MainWindow::indexFinished);
    window.openPath(path);
    return finished.wait(30000) && finished.at(0).at(1).toString().isEmpty();
}

int cursorLine(const CodeView& code)
{
    return code.editor()->textCursor().blockNumber() + 1;
}

} // namespace

class TestArchiveWindow : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
        m_archive = m_dir.filePath(QStringLiteral("gui-tree.tar.zst"));
        QVERIFY(testutil::packFolder(testutil::fixture(QStringLiteral("gui/torch_compile_debug")), m_archive,
            testutil::ArchiveFormat::TarZst));
    }

    void browseAnArchive()
    {
        MainWindow window;
        window.setQuiet(true);
        QVERIFY(open(window, m_archive));
        QCOMPARE(window.totalsLabel()->text(),
            QStringLiteral("1 run · 2 graphs · engaged 1/1 · 2 DVM kernels · 1 fallback"));
        BrowsePage* browse = window.browsePage();
        QCOMPARE(
            browse->selectBySpec(QStringLiteral("model__0_forward_0.0/dvm_fused__to_copy_exp_1")), QString());
        const QString member = m_archive + QStringLiteral("!/torch_compile_debug/");
        QTRY_VERIFY(!browse->codeView()->isLoading());
        QVERIFY2(browse->codeView()->currentPath().startsWith(member),
            qPrintable(browse->codeView()->currentPath()));
        QVERIFY(browse->codeView()->editor()->toPlainText().contains(QLatin1String("@dvm.kernel")));
        QTRY_COMPARE(cursorLine(*browse->codeView()), 45);
        // The FX graph dump above the kernel, read again from the archive.
        QVERIFY(browse->details()->toPlainText().contains(
            QLatin1String("exp: \"f32[s0, 64][64, 1]npu:0\" = torch.ops.aten.exp.default")));
    }

    // Remembered (by a window that is not quiet), so File ▸ Open Recent opens the archive again.
    void recentArchive()
    {
        MainWindow window;
        QVERIFY(open(window, m_archive));
        QCOMPARE(RecentFolders().paths().value(0), m_archive);
        MainWindow again;
        again.setQuiet(true);
        QSignalSpy finished(&again, &MainWindow::indexFinished);
        RecentFolders recent;
        QObject::connect(&recent, &RecentFolders::openRequested, &again, &MainWindow::openPath);
        Q_EMIT recent.openRequested(RecentFolders().paths().value(0));
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 30000);
        QCOMPARE(finished.at(0).at(1).toString(), QString());
    }

    // Any artifact of the archive opens in the code view; a folder member or a missing one says why.
    void artifactsFromTheArchive()
    {
        MainWindow window;
        window.setQuiet(true);
        QVERIFY(open(window, m_archive));
        const QString graph = m_archive
            + QStringLiteral("!/torch_compile_debug/run_2026_01_02_03_04_05_000001-pid_100/"
                             "torchinductor/model__0_forward_0.0");
        // Read through the open index's container, as the code view reads it.
        QVERIFY(window.browsePage()->treeIndex() && window.browsePage()->treeIndex()->files);
        const dvmlens::Container& files = *window.browsePage()->treeIndex()->files;
        const FileText text = readFileText(graph + QStringLiteral("/output_code.py"), files, 1 << 20);
        QCOMPARE(int(text.status), int(FileText::Status::Ok));
        QVERIFY(text.bytes > 0);
        QCOMPARE(int(readFileText(graph + QStringLiteral("/absent.py"), files, 1 << 20).status),
            int(FileText::Status::Missing));
        QCOMPARE(int(readFileText(graph, files, 1 << 20).status), int(FileText::Status::Unreadable));
    }

    // A dropped archive opens; Shift+drop of an archive compares it with the open folder.
    void dropAnArchive()
    {
        struct DropWindow : MainWindow
        {
            using MainWindow::dropEvent;
        } window;
        window.setQuiet(true);
        QSignalSpy finished(&window, &MainWindow::indexFinished);
        QMimeData mime;
        mime.setUrls({ QUrl::fromLocalFile(m_archive) });
        QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        window.dropEvent(&drop); // QApplication only delivers drops that a real drag started
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 30000);
        QCOMPARE(finished.at(0).at(0).toString(), m_archive);
        QCOMPARE(finished.at(0).at(1).toString(), QString());
        QCOMPARE(window.totalsLabel()->text(),
            QStringLiteral("1 run · 2 graphs · engaged 1/1 · 2 DVM kernels · 1 fallback"));

        QVERIFY(open(window, testutil::fixture(QStringLiteral("gui/torch_compile_debug"))));
        QSignalSpy compared(&window, &MainWindow::compareFinished);
        QDropEvent shiftDrop(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::ShiftModifier);
        window.dropEvent(&shiftDrop);
        QVERIFY(compared.wait(60000));
        QCOMPARE(compared.at(0).at(0).toString(), QString());
        QCOMPARE(window.mode(), MainWindow::Mode::Compare);
    }

private:
    QTemporaryDir m_dir;
    QString m_archive;
};

QTEST_MAIN(TestArchiveWindow)
#include "tst_archivewindow.moc"
