// SPDX-License-Identifier: MIT
// `dvmlens-cli doctor` as scripts see it: a fake Python environment with mismatched versions (exit 1,
// dvmlens.doctor/1 with its keys, the text form), --write-smoke, and a missing ENV (exit 2).
#include "testutil.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

namespace {

using Result = testutil::CliResult;
using nlohmann::ordered_json;
using testutil::runCli;

using testutil::writeTestFile;

} // namespace

class TestCliDoctor : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void doctorOnAFakeEnvironment()
    {
        QTemporaryDir dir;
        const QString site = dir.filePath(QStringLiteral("venv/lib/python3.11/site-packages"));
        writeTestFile(site + QStringLiteral("/torch/__init__.py"), "");
        writeTestFile(site + QStringLiteral("/torch/version.py"), "__version__ = '2.8.0+cpu'\ncuda = None\n");
        writeTestFile(site + QStringLiteral("/torch_npu/__init__.py"), "");
        writeTestFile(site + QStringLiteral("/torch_npu/version.py"), "__version__ = '2.7.1.post8'\n");
        testutil::RunOptions options;
        options.unsetEnvironment = { QStringLiteral("PYTHONPATH"),
            QStringLiteral("TORCHINDUCTOR_NPU_BACKEND") };
        const Result result = testutil::runProgram(QStringLiteral(DVMLENS_CLI),
            { QStringLiteral("doctor"), QStringLiteral("--json"), QStringLiteral("--write-smoke"),
                dir.filePath(QStringLiteral("smoke")), dir.filePath(QStringLiteral("venv")) },
            options);
        QCOMPARE(result.exitCode, 1);
        const auto json = ordered_json::parse(result.out.toStdString());
        QCOMPARE(json["schema"].get<std::string>(), std::string("dvmlens.doctor/1"));
        QCOMPARE(json["items"].size(), std::size_t(9));
        QStringList keys;
        for (auto it = json["items"][0].begin(); it != json["items"][0].end(); ++it)
            keys << QString::fromStdString(it.key());
        QCOMPARE(keys.join(QLatin1Char(',')), QStringLiteral("id,status,title,evidence,fix,fix_diff"));
        QCOMPARE(json["items"][0]["status"].get<std::string>(), std::string("fail")); // 2.8.0 against 2.7.1
        QCOMPARE(json["items"][5]["id"].get<std::string>(), std::string("backend-requested"));
        QCOMPARE(json["items"][5]["status"].get<std::string>(), std::string("fail"));
        QVERIFY(QFileInfo::exists(dir.filePath(QStringLiteral("smoke/run_dvm_smoke.sh"))));
        QVERIFY(result.err.contains(QStringLiteral("wrote ")));

        const Result text = testutil::runProgram(QStringLiteral(DVMLENS_CLI),
            { QStringLiteral("doctor"), dir.filePath(QStringLiteral("venv")) }, options);
        QCOMPARE(text.exitCode, 1);
        QVERIFY(text.out.contains(QStringLiteral("1. FAIL torch and torch_npu versions match [versions]\n")));
        // What files cannot decide is said in a word, not as "????".
        QVERIFY2(
            text.out.contains(QStringLiteral("7. UNKNOWN the static-shape example runs [smoke-static]\n")),
            qPrintable(text.out));
        // The report shows the same checklist for the environment given.
        const Result report = testutil::runProgram(QStringLiteral(DVMLENS_CLI),
            { QStringLiteral("report"), QStringLiteral("--env"), dir.filePath(QStringLiteral("venv")),
                testutil::sampleTree() },
            options);
        QCOMPARE(report.exitCode, 0);
        QVERIFY(report.out.contains(QStringLiteral("\n## Environment checklist\n\n")));
        QVERIFY2(report.out.contains(
                     QStringLiteral("| 1 | torch and torch_npu versions match (versions) | fail |")),
            qPrintable(report.out));
        QVERIFY(report.out.contains(QStringLiteral(
            "| 9 | output_code.py has the DVM import and @dvm.kernel (dvm-in-code) | pass |")));
        const Result missing = runCli({ QStringLiteral("doctor"), dir.filePath(QStringLiteral("nothing")) });
        QCOMPARE(missing.exitCode, 2);
    }
};

QTEST_GUILESS_MAIN(TestCliDoctor)
#include "tst_cli_doctor.moc"
