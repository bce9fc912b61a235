// SPDX-License-Identifier: MIT
// Hostile archives through every command of dvmlens-cli (issue 30): a 32,000-level entry name in a
// few hundred bytes is one diagnostic in scan, check, sources and report, at once; an archive in a
// compression DVM Lens does not read is refused, and the program a planted $PATH offers never runs.
#include "archivewriter.h"
#include "testutil.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using testutil::ArchiveBuilder;
using testutil::ArchiveFormat;

class TestCliHostileArchives : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void deepNameInEveryCommand_data()
    {
        QTest::addColumn<QStringList>("command");
        QTest::addColumn<int>("exitCode");
        QTest::newRow("scan") << QStringList { QStringLiteral("scan") } << 0;
        QTest::newRow("scan --json") << QStringList { QStringLiteral("scan"), QStringLiteral("--json") } << 0;
        QTest::newRow("check") << QStringList { QStringLiteral("check") } << 1; // no graph: nothing engaged
        QTest::newRow("sources") << QStringList { QStringLiteral("sources") } << 0;
        QTest::newRow("report") << QStringList { QStringLiteral("report") } << 0;
    }
    void deepNameInEveryCommand()
    {
        QFETCH(QStringList, command);
        QFETCH(int, exitCode);
        QVERIFY(m_dir.isValid());
        const QString path = m_dir.filePath(QStringLiteral("deep.tgz"));
        if (!QFileInfo::exists(path)) {
            std::string deep;
            for (int i = 0; i < 32000; ++i)
                deep += "a/";
            ArchiveBuilder builder(path, ArchiveFormat::TarGz);
            builder.addFile(deep + "x", QByteArray());
            QVERIFY(builder.close());
        }
        QVERIFY(QFileInfo(path).size() < 1024);
        const testutil::CliResult result = testutil::runCli(command << path, 30000);
        QVERIFY2(result.finished, qPrintable(result.err));
        QCOMPARE(result.exitCode, exitCode);
        if (command.size() == 1 && command.front() != QStringLiteral("check")) // check lists no tree problems
            QVERIFY2(result.out.contains(QStringLiteral("archive-name-too-long")), qPrintable(result.out));
        QVERIFY(result.rawOut.size() < 64 * 1024); // the name is quoted by its start only
    }

    void plantedDecoderNeverRuns()
    {
        QVERIFY(m_dir.isValid());
        const QString bin = m_dir.filePath(QStringLiteral("bin"));
        QVERIFY(QDir().mkpath(bin));
        const QString marker = m_dir.filePath(QStringLiteral("ran"));
        const QString script = bin + QStringLiteral("/lzop");
        QFile file(script);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("#!/bin/sh\ntouch '" + QFile::encodeName(marker) + "'\ncat >/dev/null\n");
        file.close();
        QVERIFY(QFile::setPermissions(script, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
        const QString archive = bin + QStringLiteral("/x.tar.lzo");
        QFile lzo(archive);
        QVERIFY(lzo.open(QIODevice::WriteOnly));
        lzo.write(
            QByteArray("\x89LZO\0\r\n\x1a\n\x10\x30\x20\xa0\x09\x40\x01\x05", 17) + QByteArray(2048, '\x55'));
        lzo.close();
        testutil::RunOptions options;
        options.timeoutMs = 30000;
        options.workingDirectory = bin; // the empty PATH element is the working folder
        options.setEnvironment << QStringLiteral("PATH=") + bin + QStringLiteral("::")
                + qEnvironmentVariable("PATH");
        const testutil::CliResult result = testutil::runCli({ QStringLiteral("scan"), archive }, options);
        QVERIFY(result.finished);
        QCOMPARE(result.exitCode, 2);
        QVERIFY2(
            result.err.contains(QStringLiteral("unsupported compression: lzop")), qPrintable(result.err));
        QVERIFY2(!QFileInfo::exists(marker), "the lzop planted on PATH was run");
    }

private:
    QTemporaryDir m_dir;
};

QTEST_GUILESS_MAIN(TestCliHostileArchives)
#include "tst_cli_hostilearchives.moc"
