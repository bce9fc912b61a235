// SPDX-License-Identifier: MIT
// `dvmlens-cli doctor` as scripts see it: a fake Python environment with mismatched versions (exit 1,
// dvmlens.doctor/1 with its keys, the text form), --write-smoke, and a missing ENV (exit 2).
#include "fakepythonenv.h"
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

    // `report --env ENV TREE`: the "Environment checklist" section, exactly (a release without DVM,
    // ir.py without the FallbackKernel fix, the sample tree's recorded backend and DVM code).
    void reportChecklistSection()
    {
        QTemporaryDir dir;
        fakepythonenv::FakeEnv env;
        env.torchVersion = QStringLiteral("2.11.0+cpu");
        env.npuVersion = QStringLiteral("2.11.0");
        env.dvm = false;
        env.ir = fakepythonenv::kIrPy;
        fakepythonenv::makeSite(fakepythonenv::sitePackages(dir.path()), env);
        testutil::RunOptions options;
        options.unsetEnvironment = { QStringLiteral("PYTHONPATH"),
            QStringLiteral("TORCHINDUCTOR_NPU_BACKEND") };
        const Result report = testutil::runProgram(QStringLiteral(DVMLENS_CLI),
            { QStringLiteral("report"), QStringLiteral("--env"), dir.filePath(QStringLiteral("prefix")),
                testutil::sampleTree() },
            options);
        QCOMPARE(report.exitCode, 0);
        const qsizetype start = report.out.indexOf(QStringLiteral("## Environment checklist\n"));
        QVERIFY(start > 0);
        const qsizetype end = report.out.indexOf(QStringLiteral("\n## "), start);
        const QString section = report.out.mid(start, end < 0 ? -1 : end + 1 - start);
        const QString expected = QString::fromUtf8(
            "## Environment checklist\n"
            "\n"
            "| # | Item | Status | Evidence | Fix |\n"
            "|---|---|---|---|---|\n"
            "| 1 | torch and torch_npu versions match (versions) | pass | torch 2.11.0+cpu "
            "(@SITE@/torch/version.py), torch_npu 2.11.0 (@SITE@/torch_npu/version.py), torch_npu requires "
            "torch==2.11.0+cpu | — |\n"
            "| 2 | the torch_npu release ships DVM (dvm-release) | fail | its dist-info RECORD does not list "
            "torch_npu/_inductor/dvm/ | Install a torch_npu release with DVM (26.0 or 26.1 for PyTorch "
            "2.7.1/2.9.0/2.10.0, 26.2 or master), or build master as the guide shows. / 安装带 DVM 的 "
            "torch_npu（PyTorch 2.7.1/2.9.0/2.10.0 对应 26.0/26.1，或 26.2、master），或按指南编译 master。 "
            "|\n"
            "| 3 | Python imports the intended torch_npu (only one on the path) (imported-torch-npu) | pass "
            "| Python imports @SITE@/torch_npu (2.11.0, via site-packages) | — |\n"
            "| 4 | torch_npu/_inductor/dvm/ is installed (dvm-installed) | fail | "
            "@SITE@/torch_npu/_inductor/dvm is missing or incomplete | Install a torch_npu with DVM (see "
            "dvm-release). / 安装带 DVM 的 torch_npu（见 dvm-release）。 |\n"
            "| 5 | inductor_patch/ir.py returns early for FallbackKernel (ir-fallbackkernel-fix) | fail | "
            "@SITE@/torch_npu/_inductor/ascend_npu_ir/ascend_npu_ir/npu/inductor_patch/ir.py: 0 of 3 early "
            "returns name FallbackKernel | Add ir.FallbackKernel to the isinstance tuple in the three early "
            "returns (_patch_baseview_realize, _patch_baseview_realize_hint, _patch_mark_reuse); otherwise "
            "training stops with \"'FallbackKernel' object has no attribute 'data'\". / "
            "在三处提前返回（_patch_baseview_realize、_patch_baseview_realize_hint、_patch_mark_reuse）的 "
            "isinstance 元组中加入 ir.FallbackKernel，否则训练会报 'FallbackKernel' object has no attribute "
            "'data'。 |\n"
            "| 6 | TORCHINDUCTOR_NPU_BACKEND=dvm is set (backend-requested) | pass | "
            "TORCHINDUCTOR_NPU_BACKEND='dvm' in "
            "@TREE@/run_2026_07_20_10_15_30_123456-pid_4101/torchinductor/model__0_forward_1.0/"
            "fx_graph_runnable.py | — |\n"
            "| 7 | the static-shape example runs (smoke-static) | unknown | cannot be told from files | Run "
            "\\`dvmlens-cli doctor --write-smoke DIR ENV\\`, then DIR/run_dvm_smoke.sh on the NPU machine. / "
            "执行 \\`dvmlens-cli doctor --write-smoke DIR ENV\\`，再在 NPU 机器上运行 DIR/run_dvm_smoke.sh。 "
            "|\n"
            "| 8 | the dynamic-shape example runs (smoke-dynamic) | unknown | cannot be told from files | "
            "Run \\`dvmlens-cli doctor --write-smoke DIR ENV\\`, then DIR/run_dvm_smoke.sh on the NPU "
            "machine. / 执行 \\`dvmlens-cli doctor --write-smoke DIR ENV\\`，再在 NPU 机器上运行 "
            "DIR/run_dvm_smoke.sh。 |\n"
            "| 9 | output_code.py has the DVM import and @dvm.kernel (dvm-in-code) | pass | 3 of 5 graphs "
            "with output_code.py have DVM engaged in @TREE@ | — |\n"
            "\n"
            "```diff\n"
            "--- a/torch_npu/_inductor/ascend_npu_ir/ascend_npu_ir/npu/inductor_patch/ir.py\n"
            "+++ b/torch_npu/_inductor/ascend_npu_ir/ascend_npu_ir/npu/inductor_patch/ir.py\n"
            "@@ -6,1 +6,1 @@ def _patch_baseview_realize\n"
            "-    if isinstance(buffer, (ir.MultiOutput, ir.InputBuffer, ir.ConcatKernel)):\n"
            "+    if isinstance(buffer, (ir.MultiOutput, ir.InputBuffer, ir.ConcatKernel, "
            "ir.FallbackKernel)):\n"
            "@@ -11,1 +11,1 @@ def _patch_baseview_realize_hint\n"
            "-    if isinstance(buffer, (ir.MultiOutput, ir.InputBuffer, ir.ConcatKernel)):\n"
            "+    if isinstance(buffer, (ir.MultiOutput, ir.InputBuffer, ir.ConcatKernel, "
            "ir.FallbackKernel)):\n"
            "@@ -15,1 +15,1 @@ def _patch_mark_reuse\n"
            "-    if isinstance(buffer, (ir.MultiOutput, ir.InputBuffer, ir.ConcatKernel)):\n"
            "+    if isinstance(buffer, (ir.MultiOutput, ir.InputBuffer, ir.ConcatKernel, "
            "ir.FallbackKernel)):\n"
            "```\n"
            "\n")
                                     .replace(
                                         QStringLiteral("@SITE@"), fakepythonenv::sitePackages(dir.path()))
                                     .replace(QStringLiteral("@TREE@"), testutil::sampleTree());
        QCOMPARE(section, expected);

        const Result json = testutil::runProgram(QStringLiteral(DVMLENS_CLI),
            { QStringLiteral("report"), QStringLiteral("--format"), QStringLiteral("json"),
                QStringLiteral("--env"), dir.filePath(QStringLiteral("prefix")), testutil::sampleTree() },
            options);
        QCOMPARE(json.exitCode, 0);
        const auto checklist = ordered_json::parse(json.out.toStdString())["checklist"];
        QStringList statuses;
        for (const auto& item : checklist)
            statuses << QString::fromStdString(
                item["id"].get<std::string>() + "=" + item["status"].get<std::string>());
        QCOMPARE(statuses.join(QLatin1Char(' ')),
            QStringLiteral("versions=pass dvm-release=fail imported-torch-npu=pass dvm-installed=fail "
                           "ir-fallbackkernel-fix=fail backend-requested=pass smoke-static=unknown "
                           "smoke-dynamic=unknown dvm-in-code=pass"));
    }
};

QTEST_GUILESS_MAIN(TestCliDoctor)
#include "tst_cli_doctor.moc"
