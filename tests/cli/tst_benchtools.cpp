// SPDX-License-Identifier: MIT
// The benchmark generators answer --help (they said "unknown argument --help" before): exit 0, the
// usage and every option on stdout; a wrong argument is still a usage error (exit 2). The cache
// folder the bench times is one the cache reader takes whole: every wrapper a graph, every kernel
// module counted.
#include "testutil.h"

#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

class TestBenchTools : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void help_data()
    {
        QTest::addColumn<QString>("program");
        QTest::addColumn<QStringList>("options");
        QTest::addRow("gentree") << QStringLiteral(DVMLENS_BINARY_DIR "/bin/dvmlens-gentree")
                                 << QStringList { u"--ranks"_s, u"--graphs"_s, u"--file-kb"_s, u"--seed"_s,
                                        u"--builders-only"_s, u"--identical-ranks"_s, u"--trace"_s,
                                        u"--cache"_s };
        QTest::addRow("genprofile") << QStringLiteral(DVMLENS_BINARY_DIR "/bin/dvmlens-genprofile")
                                    << QStringList { u"--rows"_s, u"--seed"_s };
    }

    void help()
    {
        QFETCH(QString, program);
        QFETCH(QStringList, options);
        for (const QString& flag : { u"--help"_s, u"-h"_s }) {
            const testutil::CliResult result = testutil::runProgram(program, { flag }, {});
            QCOMPARE(result.exitCode, 0);
            QCOMPARE(result.err, QString());
            QVERIFY2(result.out.startsWith(u"usage: dvmlens-gen"_s), qPrintable(result.out));
            for (const QString& option : options)
                QVERIFY2(result.out.contains(option), qPrintable(option));
        }
        const testutil::CliResult wrong = testutil::runProgram(program, { u"--bogus"_s }, {});
        QCOMPARE(wrong.exitCode, 2);
        QVERIFY(wrong.err.contains(u"unknown argument --bogus"_s));
    }

    void cacheFolder()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString cache = dir.filePath(u"cache"_s);
        const QString gentree = QStringLiteral(DVMLENS_BINARY_DIR "/bin/dvmlens-gentree");
        const testutil::CliResult written = testutil::runProgram(gentree,
            { cache, u"--ranks"_s, u"2"_s, u"--graphs"_s, u"3"_s, u"--file-kb"_s, u"16"_s, u"--cache"_s,
                u"4"_s },
            {});
        QCOMPARE(written.exitCode, 0);
        QCOMPARE(written.out, u"dvmlens-gentree: wrote 30 files, 0 MiB under "_s + cache + u"\n"_s);
        const testutil::CliResult scan = testutil::runCli({ u"scan"_s, cache });
        QCOMPARE(scan.exitCode, 0);
        QVERIFY2(scan.out.contains(u"run Inductor cache  engaged 6/6, 6 graphs"_s), qPrintable(scan.out));
        QVERIFY2(scan.out.contains(u"6 wrapper modules, 24 Triton kernel modules and 0 other modules"_s),
            qPrintable(scan.out));
        const testutil::CliResult both =
            testutil::runProgram(gentree, { cache, u"--trace"_s, u"--cache"_s, u"1"_s }, {});
        QCOMPARE(both.exitCode, 2);
        QVERIFY(both.err.contains(u"--trace and --cache"_s));
    }
};

QTEST_MAIN(TestBenchTools)
#include "tst_benchtools.moc"
