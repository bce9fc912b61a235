// SPDX-License-Identifier: MIT
// 5,000 empty graph folders in a .tar.zst (issue 30 item 5): scan, check and scan --json list the
// first 20 and count the rest ("… and 4,980 more graph folders without output_code.py"; in JSON
// "diagnostics_left_out"), so text stays a few KB where it was 2 MB (444 MB for a million folders).
#include "archivewriter.h"
#include "testutil.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using testutil::ArchiveBuilder;
using testutil::ArchiveFormat;

class TestCliRepeatedDiagnostics : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_archive = m_dir.filePath(QStringLiteral("empty-graphs.tar.zst"));
        ArchiveBuilder builder(m_archive, ArchiveFormat::TarZst);
        const std::string base = "t/run_2026_07_20_10_15_30_123456-pid_4101/torchinductor/";
        for (int i = 0; i < kGraphs; ++i)
            builder.addFolder(base + "model__0_forward_" + std::to_string(i) + '.' + std::to_string(i));
        QVERIFY(builder.close());
    }

    void textListsTwentyAndCountsTheRest_data()
    {
        QTest::addColumn<QString>("command");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<int>("maxBytes");
        QTest::newRow("scan") << QStringLiteral("scan") << 0 << 16 * 1024;
        QTest::newRow("check") << QStringLiteral("check") << 1 << 4 * 1024;
    }
    void textListsTwentyAndCountsTheRest()
    {
        QFETCH(QString, command);
        QFETCH(int, exitCode);
        QFETCH(int, maxBytes);
        const testutil::CliResult result = testutil::runCli({ command, m_archive }, 120000);
        QVERIFY2(result.finished, qPrintable(result.err));
        QCOMPARE(result.exitCode, exitCode);
        QVERIFY2(result.rawOut.size() < maxBytes, qPrintable(QString::number(result.rawOut.size())));
        QVERIFY2(
            result.out.contains(QStringLiteral("… and 4,980 more graph folders without output_code.py\n")),
            qPrintable(result.out));
        QVERIFY(result.out.contains(QStringLiteral("model__0_forward_19.19")));
        QVERIFY(!result.out.contains(QStringLiteral("model__0_forward_20.20")));
        if (command == QStringLiteral("scan")) {
            QCOMPARE(result.out.count(QStringLiteral("[missing-output-code]")), 20);
            QVERIFY(result.out.contains(
                QStringLiteral("5000 graphs (0 with output_code.py"))); // totals count all
        }
    }

    void jsonListsEveryGraphAndCountsTheLeftOutDiagnostics()
    {
        const testutil::CliResult result =
            testutil::runCli({ QStringLiteral("scan"), QStringLiteral("--json"), m_archive }, 120000);
        QVERIFY2(result.finished, qPrintable(result.err));
        QCOMPARE(result.exitCode, 0);
        const QJsonObject scan = QJsonDocument::fromJson(result.rawOut).object();
        const QJsonArray graphs =
            scan[QStringLiteral("runs")].toArray().at(0)[QStringLiteral("graphs")].toArray();
        QCOMPARE(graphs.size(), kGraphs); // JSON is for machines: every graph, with its verdict
        int listed = 0;
        for (const QJsonValue& graph : graphs)
            listed += graph[QStringLiteral("diagnostics")].toArray().size();
        QCOMPARE(listed, 20);
        QCOMPARE(graphs.at(19)[QStringLiteral("diagnostics")].toArray().size(), 1);
        QCOMPARE(graphs.at(20)[QStringLiteral("diagnostics")].toArray().size(), 0);
        QCOMPARE(graphs.at(20)[QStringLiteral("verdict")].toString(), QStringLiteral("no code"));
        const QJsonObject leftOut = scan[QStringLiteral("diagnostics_left_out")].toObject();
        QCOMPARE(leftOut.size(), 1);
        QCOMPARE(leftOut[QStringLiteral("missing-output-code")].toInt(), kGraphs - 20);
        // Each graph keeps its object (with "origin", which names its folder once more): was 5.6 MB without
        // it.
        QVERIFY2(
            result.rawOut.size() < 5 * 1024 * 1024, QByteArray::number(result.rawOut.size()).constData());
    }

private:
    static constexpr int kGraphs = 5000;
    QTemporaryDir m_dir;
    QString m_archive;
};

QTEST_GUILESS_MAIN(TestCliRepeatedDiagnostics)
#include "tst_cli_repeateddiagnostics.moc"
