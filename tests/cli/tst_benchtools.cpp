// SPDX-License-Identifier: MIT
// The benchmark generators answer --help (they said "unknown argument --help" before): exit 0, the
// usage and every option on stdout; a wrong argument is still a usage error (exit 2).
#include "testutil.h"

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
                                        u"--builders-only"_s, u"--identical-ranks"_s };
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
};

QTEST_MAIN(TestBenchTools)
#include "tst_benchtools.moc"
