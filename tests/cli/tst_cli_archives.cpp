// SPDX-License-Identifier: MIT
// Trees inside archives, as scripts see them: `scan --json` of a tar or zip of every fixture tree
// equals `scan --json` of the folder but for paths, in every format; check, compare and report read
// archives; the format is told by content; --archive-budget.
#include "archivewriter.h"
#include "testutil.h"

#include <QDir>
#include <QDirIterator>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

namespace {

using testutil::ArchiveFormat;

using Result = testutil::CliResult;

Result run(const QStringList& arguments)
{
    return testutil::runCli(arguments, 120000);
}

using testutil::sampleTree;

// Every fixture tree of the repository, and the real samples when they are there.
QStringList fixtureTrees()
{
    QStringList trees { sampleTree() };
    for (const char* relative : { "trees/small", "compare/before", "compare/after", "compare/runs_a",
             "compare/runs_b", "gui/torch_compile_debug", "reports/tree", "exportgui" })
        trees << testutil::fixture(QString::fromLatin1(relative));
    const QDir real(testutil::realSample(QString()));
    for (const QString& name : real.entryList(QDir::Dirs | QDir::NoDotAndDotDot))
        trees << QDir::cleanPath(real.filePath(name));
    return trees;
}

constexpr ArchiveFormat kFormats[] = { ArchiveFormat::Tar, ArchiveFormat::TarGz, ArchiveFormat::TarXz,
    ArchiveFormat::TarZst, ArchiveFormat::TarBz2, ArchiveFormat::Zip };

} // namespace

class TestCliArchives : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
    }

    // The acceptance test: for every fixture tree and format, the same scan/1 document, paths aside.
    void scanJsonEqualsFolder_data()
    {
        QTest::addColumn<QString>("tree");
        QTest::addColumn<int>("format");
        int n = 0;
        for (const QString& tree : fixtureTrees()) {
            for (const ArchiveFormat format : kFormats) {
                const QByteArray name =
                    (QFileInfo(tree).fileName() + QString::fromLatin1(testutil::archiveSuffix(format))
                        + QLatin1Char('#') + QString::number(n++))
                        .toUtf8();
                QTest::newRow(name.constData()) << tree << int(format);
            }
        }
    }
    void scanJsonEqualsFolder()
    {
        QFETCH(QString, tree);
        QFETCH(int, format);
        const QString archive = m_dir.filePath(QStringLiteral("t%1%2").arg(m_count++).arg(
            QString::fromLatin1(testutil::archiveSuffix(ArchiveFormat(format)))));
        QVERIFY(testutil::packFolder(tree, archive, ArchiveFormat(format)));
        const Result folder = run({ QStringLiteral("scan"), QStringLiteral("--json"), tree });
        const Result packed = run({ QStringLiteral("scan"), QStringLiteral("--json"), archive });
        QCOMPARE(packed.err, folder.err);
        QCOMPARE(packed.exitCode, folder.exitCode);
        const QString top = archive + QStringLiteral("!/") + QFileInfo(tree).fileName();
        QVERIFY(packed.out.contains(top)); // the paths say where in the archive
        QString expected = folder.out;
        QString actual = packed.out;
        expected.replace(tree, QStringLiteral("ROOT"));
        actual.replace(top, QStringLiteral("ROOT"));
        QVERIFY(!actual.contains(archive));
        QCOMPARE(actual, expected);
        // And the readable summary and the gate agree too.
        Result folderText = run({ QStringLiteral("scan"), tree });
        Result packedText = run({ QStringLiteral("scan"), archive });
        QCOMPARE(packedText.out.replace(top, QStringLiteral("ROOT")),
            folderText.out.replace(tree, QStringLiteral("ROOT")));
        QCOMPARE(run({ QStringLiteral("check"), archive }).exitCode,
            run({ QStringLiteral("check"), tree }).exitCode);
    }

    // Told by content: a .tar.zst renamed to .bin, a zip renamed .tar.gz.
    void formatFromContent()
    {
        const QString zst = m_dir.filePath(QStringLiteral("tree.bin"));
        const QString zip = m_dir.filePath(QStringLiteral("zip-named.tar.gz"));
        QVERIFY(testutil::packFolder(sampleTree(), zst, ArchiveFormat::TarZst));
        QVERIFY(testutil::packFolder(sampleTree(), zip, ArchiveFormat::Zip));
        for (const QString& archive : { zst, zip }) {
            const Result result = run({ QStringLiteral("scan"), archive });
            QCOMPARE(result.exitCode, 0);
            QVERIFY2(result.out.contains(QStringLiteral("verdict: partly 3/5 (1 without code)")),
                qPrintable(result.out));
        }
        // A text file is still judged as a file, not taken for an archive.
        const Result text =
            run({ QStringLiteral("scan"), testutil::sourcePath(QStringLiteral("README.md")) });
        QCOMPARE(text.exitCode, 2);
        QVERIFY(text.err.contains(QStringLiteral("not an Inductor output_code.py")));
    }

    void checkCompareReport()
    {
        const QString a = m_dir.filePath(QStringLiteral("before.tar.zst"));
        const QString b = m_dir.filePath(QStringLiteral("after.zip"));
        QVERIFY(testutil::packFolder(
            testutil::fixture(QStringLiteral("compare/before")), a, ArchiveFormat::TarZst));
        QVERIFY(
            testutil::packFolder(testutil::fixture(QStringLiteral("compare/after")), b, ArchiveFormat::Zip));
        const QString after = testutil::fixture(QStringLiteral("compare/after"));
        const QString before = testutil::fixture(QStringLiteral("compare/before"));
        // Archive vs folder and archive vs archive: the same answer as folder vs folder.
        const Result folders = run({ QStringLiteral("compare"), QStringLiteral("--json"), before, after });
        const Result mixed = run({ QStringLiteral("compare"), QStringLiteral("--json"), a, after });
        const Result archives = run({ QStringLiteral("compare"), QStringLiteral("--json"), a, b });
        QCOMPARE(mixed.exitCode, folders.exitCode);
        QCOMPARE(archives.exitCode, folders.exitCode);
        const QJsonObject expected = QJsonDocument::fromJson(folders.out.toUtf8()).object();
        const QJsonObject gotMixed = QJsonDocument::fromJson(mixed.out.toUtf8()).object();
        const QJsonObject gotArchives = QJsonDocument::fromJson(archives.out.toUtf8()).object();
        QVERIFY(!expected.value(QStringLiteral("graphs")).toArray().isEmpty());
        QCOMPARE(gotMixed.value(QStringLiteral("summary")), expected.value(QStringLiteral("summary")));
        QCOMPARE(gotArchives.value(QStringLiteral("summary")), expected.value(QStringLiteral("summary")));
        QCOMPARE(gotArchives.value(QStringLiteral("graphs")).toArray().size(),
            expected.value(QStringLiteral("graphs")).toArray().size());
        const Result failing =
            run({ QStringLiteral("compare"), QStringLiteral("--fail-on-regression"), a, b });
        QCOMPARE(failing.exitCode,
            run({ QStringLiteral("compare"), QStringLiteral("--fail-on-regression"), before, after })
                .exitCode);

        // The report reads kernel sources out of the archive: the same Markdown, paths aside.
        const QString tgz = m_dir.filePath(QStringLiteral("sample.tgz"));
        QVERIFY(testutil::packFolder(sampleTree(), tgz, ArchiveFormat::TarGz));
        Result folderReport =
            run({ QStringLiteral("report"), QStringLiteral("--format"), QStringLiteral("md"), sampleTree() });
        Result archiveReport =
            run({ QStringLiteral("report"), QStringLiteral("--format"), QStringLiteral("md"), tgz });
        QCOMPARE(archiveReport.exitCode, 0);
        QVERIFY(archiveReport.out.contains(QStringLiteral("@dvm.kernel"))); // a kernel's source, read again
        QCOMPARE(
            archiveReport.out.replace(tgz + QStringLiteral("!/torch_compile_debug"), QStringLiteral("ROOT")),
            folderReport.out.replace(sampleTree(), QStringLiteral("ROOT")));
    }

    void archiveBudget()
    {
        const QString archive = m_dir.filePath(QStringLiteral("budget.tgz"));
        QVERIFY(testutil::packFolder(sampleTree(), archive, ArchiveFormat::TarGz));
        const Result stopped = run({ QStringLiteral("scan"), QStringLiteral("--json"),
            QStringLiteral("--archive-budget"), QStringLiteral("8K"), archive });
        QCOMPARE(stopped.exitCode, 0);
        QVERIFY2(stopped.out.contains(QStringLiteral("\"archive-budget-exceeded\"")),
            qPrintable(stopped.out.left(2000)));
        QVERIFY(stopped.out.contains(QStringLiteral("stopped reading this archive at 8192 bytes")));
        const Result roomy = run({ QStringLiteral("scan"), QStringLiteral("--archive-budget=1G"), archive });
        QCOMPARE(roomy.exitCode, 0);
        QVERIFY(!roomy.out.contains(QStringLiteral("archive-budget")));
        for (const QString& bad : { QStringLiteral("lots"), QStringLiteral("0"), QStringLiteral("-5M") }) {
            const Result usage =
                run({ QStringLiteral("check"), QStringLiteral("--archive-budget"), bad, archive });
            QCOMPARE(usage.exitCode, 2);
            QVERIFY(usage.err.contains(QStringLiteral("--archive-budget wants a size")));
        }
        QCOMPARE(run({ QStringLiteral("scan"), archive, QStringLiteral("--archive-budget") }).exitCode, 2);
        const Result help = run({ QStringLiteral("--help") });
        QVERIFY(help.out.contains(QStringLiteral("--archive-budget SIZE")));
        QVERIFY(help.out.contains(QStringLiteral("default 4G")));
    }

private:
    QTemporaryDir m_dir;
    int m_count = 0;
};

QTEST_GUILESS_MAIN(TestCliArchives)
#include "tst_cli_archives.moc"
