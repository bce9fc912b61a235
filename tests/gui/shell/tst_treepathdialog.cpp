// SPDX-License-Identifier: MIT
// File ▸ Compare With… takes an archive as well as a folder (as the CLI's compare does): the
// dialog accepts an archive file at once, a folder as a folder dialog does, and refuses a file that
// is no archive.
#include "archivewriter.h"
#include "gui/common/treepathdialog.h"
#include "gui/profile/profilepathdialog.h"
#include "testutil.h"

#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

using namespace Qt::StringLiterals;

class TestTreePathDialog : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_archive;

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        // Named without a known suffix: the content says it is an archive, as for the CLI.
        m_archive = m_dir.filePath(u"ci-artifact.bin"_s);
        QVERIFY(testutil::packFolder(
            testutil::fixture(u"gui/torch_compile_debug"_s), m_archive, testutil::ArchiveFormat::TarZst));
        QVERIFY(QDir(m_dir.path()).mkdir(u"tree"_s));
        QFile notes(m_dir.filePath(u"notes.txt"_s));
        QVERIFY(notes.open(QIODevice::WriteOnly));
        notes.write("not an archive\n");
    }

    void acceptsAnArchive()
    {
        TreePathDialog dialog(nullptr, u"Compare With (B)"_s, m_dir.path());
        QCOMPARE(dialog.fileMode(), QFileDialog::Directory);
        QVERIFY(dialog.testOption(QFileDialog::DontUseNativeDialog));
        QVERIFY(!dialog.testOption(QFileDialog::ShowDirsOnly));
        dialog.selectFile(m_archive);
        dialog.accept();
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
        QCOMPARE(dialog.chosenPath(), m_archive);
    }

    void acceptsAFolder()
    {
        TreePathDialog dialog(nullptr, u"Compare With (B)"_s, m_dir.path());
        dialog.selectFile(m_dir.filePath(u"tree"_s));
        dialog.accept();
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
        QCOMPARE(dialog.chosenPath(), m_dir.filePath(u"tree"_s));
    }

    void refusesAFileThatIsNoArchive()
    {
        TreePathDialog dialog(nullptr, u"Compare With (B)"_s, m_dir.path());
        dialog.selectFile(m_dir.filePath(u"notes.txt"_s));
        dialog.accept();
        QCOMPARE(dialog.result(), int(QDialog::Rejected));
    }

    // Open Profile… takes a kernel_details.csv as well as a folder, at a size where its columns show.
    void profileDialogTakesAKernelDetailsFile()
    {
        QFile csv(m_dir.filePath(u"kernel_details.csv"_s));
        QVERIFY(csv.open(QIODevice::WriteOnly));
        csv.write("Name,Type,Accelerator Core,Duration(us)\n");
        csv.close();
        ProfilePathDialog dialog(nullptr, m_dir.path());
        QVERIFY(dialog.width() >= 800);
        dialog.selectFile(csv.fileName());
        dialog.accept();
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
        QCOMPARE(dialog.chosenPath(), csv.fileName());
        ProfilePathDialog folder(nullptr, m_dir.path());
        folder.selectFile(m_dir.filePath(u"tree"_s));
        folder.accept();
        QCOMPARE(folder.chosenPath(), m_dir.filePath(u"tree"_s));
        ProfilePathDialog notes(nullptr, m_dir.path());
        notes.selectFile(m_dir.filePath(u"notes.txt"_s));
        notes.accept();
        QCOMPARE(notes.result(), int(QDialog::Rejected));
    }
};

QTEST_MAIN(TestTreePathDialog)
#include "tst_treepathdialog.moc"
