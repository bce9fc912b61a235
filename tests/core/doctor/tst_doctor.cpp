// SPDX-License-Identifier: MIT
// The checklist on fake Python environments written here: a good one, a release without DVM, two
// torch_npu installs (PYTHONPATH first), unpatched and patched ir.py, mismatched versions, a CUDA
// torch; the backend from the tree or the shell; item 8 from a tree; the smoke files.
#include "core/doctor/doctor.h"
#include "core/doctor/smoke.h"
#include "fakepythonenv.h"
#include "indexfixture.h"
#include "testutil.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <cstdio>

using namespace dvmlens;
using namespace Qt::StringLiterals;

namespace {

using fakepythonenv::FakeEnv;
using fakepythonenv::kIrPy;
using fakepythonenv::makeSite;

QString sitePackages(const QTemporaryDir& dir)
{
    return fakepythonenv::sitePackages(dir.path());
}

std::vector<CheckItem> doctor(const QString& path, const std::string& pythonPath = {},
    std::optional<std::string> backend = std::string("dvm"), const Index* tree = nullptr)
{
    DoctorInput input;
    input.env = readPythonEnv(path.toStdString(), pythonPath);
    input.shellBackend = std::move(backend);
    input.tree = tree;
    return runDoctor(input);
}

const CheckItem& itemOf(const std::vector<CheckItem>& items, const char* id)
{
    for (const CheckItem& item : items) {
        if (item.id == id)
            return item;
    }
    qFatal("no item %s", id);
}

CheckStatus statusOf(const std::vector<CheckItem>& items, const char* id)
{
    return itemOf(items, id).status;
}

} // namespace

class TestDoctor : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void goodEnvironmentPasses()
    {
        QTemporaryDir dir;
        makeSite(sitePackages(dir), FakeEnv {});
        const auto items = doctor(dir.filePath(QStringLiteral("prefix")));
        QCOMPARE(items.size(), std::size_t(9));
        QCOMPARE(items.front().id, std::string("versions"));
        QCOMPARE(items.back().id, std::string("dvm-in-code"));
        for (const char* id : { "versions", "dvm-release", "imported-torch-npu", "dvm-installed",
                 "ir-fallbackkernel-fix", "backend-requested" })
            QVERIFY2(statusOf(items, id) == CheckStatus::Pass,
                (std::string(id) + ": " + itemOf(items, id).evidence).c_str());
        QCOMPARE(statusOf(items, "smoke-static"), CheckStatus::Unknown);
        QCOMPARE(statusOf(items, "dvm-in-code"), CheckStatus::Unknown);
        QVERIFY(!anyFailed(items));
        QVERIFY(itemOf(items, "versions").evidence.find("torch 2.7.1+cpu") != std::string::npos);
        // The site-packages folder itself is an ENV too.
        QVERIFY(!anyFailed(doctor(sitePackages(dir))));
    }

    // A prefix named in Latin-1 ("caf\xe9"): its path's bytes reach the files as they are.
    void environmentUnderANonUtf8Folder()
    {
        QTemporaryDir dir;
        makeSite(sitePackages(dir), FakeEnv {});
        const std::string latin1 = QFile::encodeName(dir.path()).toStdString() + "/caf\xe9";
        QCOMPARE(
            ::rename(QFile::encodeName(dir.filePath(QStringLiteral("prefix"))).constData(), latin1.c_str()),
            0);
        DoctorInput input;
        input.env = readPythonEnv(latin1, {});
        input.shellBackend = "dvm";
        QCOMPARE(input.env.sitePackages.size(), std::size_t(1));
        QCOMPARE(input.env.sitePackages.front(), latin1 + "/lib/python3.12/site-packages");
        const std::vector<CheckItem> items = runDoctor(input);
        QCOMPARE(statusOf(items, "versions"), CheckStatus::Pass);
        QCOMPARE(statusOf(items, "ir-fallbackkernel-fix"), CheckStatus::Pass);
        QVERIFY(!anyFailed(items));
    }

    void releaseWithoutDvm()
    {
        QTemporaryDir dir;
        FakeEnv env;
        env.torchVersion = QStringLiteral("2.11.0+cpu");
        env.npuVersion = QStringLiteral("2.11.0");
        env.dvm = false;
        makeSite(sitePackages(dir), env);
        const auto items = doctor(dir.filePath(QStringLiteral("prefix")));
        QCOMPARE(statusOf(items, "versions"), CheckStatus::Pass);
        QCOMPARE(statusOf(items, "dvm-release"), CheckStatus::Fail);
        QCOMPARE(itemOf(items, "dvm-release").evidence,
            std::string("its dist-info RECORD does not list torch_npu/_inductor/dvm/"));
        QCOMPARE(statusOf(items, "dvm-installed"), CheckStatus::Fail);
        QVERIFY(anyFailed(items));
    }

    void twoTorchNpuInstalls()
    {
        QTemporaryDir dir;
        makeSite(sitePackages(dir), FakeEnv {});
        FakeEnv old;
        old.npuVersion = QStringLiteral("2.7.1.post4");
        old.dvm = false;
        const QString stale = dir.filePath(QStringLiteral("stale"));
        makeSite(stale, old);
        const auto items = doctor(dir.filePath(QStringLiteral("prefix")), stale.toStdString());
        const CheckItem& imported = itemOf(items, "imported-torch-npu");
        QCOMPARE(imported.status, CheckStatus::Fail);
        QVERIFY2(imported.evidence.starts_with(
                     "Python imports " + stale.toStdString() + "/torch_npu (2.7.1.post4, via PYTHONPATH)"),
            imported.evidence.c_str());
        QVERIFY(imported.evidence.find("also on the path: " + sitePackages(dir).toStdString())
            != std::string::npos);
        // The checks that follow look at the copy Python imports: the stale one has no DVM.
        QCOMPARE(statusOf(items, "dvm-installed"), CheckStatus::Fail);
        QVERIFY(!imported.fix.zh.empty());
    }

    void unpatchedIrPy()
    {
        QTemporaryDir dir;
        FakeEnv env;
        env.ir = kIrPy;
        makeSite(sitePackages(dir), env);
        const CheckItem ir = itemOf(doctor(dir.filePath(QStringLiteral("prefix"))), "ir-fallbackkernel-fix");
        QCOMPARE(ir.status, CheckStatus::Fail);
        QVERIFY2(
            ir.evidence.ends_with("ir.py: 0 of 3 early returns name FallbackKernel"), ir.evidence.c_str());
        const std::string path = "torch_npu/_inductor/ascend_npu_ir/ascend_npu_ir/npu/inductor_patch/ir.py";
        QCOMPARE(ir.fixDiff,
            "--- a/" + path + "\n+++ b/" + path
                + "\n@@ -6,1 +6,1 @@ def _patch_baseview_realize\n"
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
                  "ir.FallbackKernel)):\n");
        // The guide's multi-line fix counts as patched; one of three patched is still a fail.
        QCOMPARE(checkIrPatch(
                     "def _patch_mark_reuse(self):\n    if isinstance(buffer, (\n        ir.MultiOutput,\n"
                     "        ir.FallbackKernel,\n    )):\n        return r\n",
                     "ir.py")
                     .patched,
            1);
        QByteArray oneFixed = kIrPy;
        oneFixed.replace(
            oneFixed.lastIndexOf("ir.ConcatKernel))"), 17, "ir.ConcatKernel, ir.FallbackKernel))");
        const IrPatchCheck partly = checkIrPatch(oneFixed.toStdString(), "ir.py");
        QCOMPARE(partly.functions, 3);
        QCOMPARE(partly.patched, 1);
    }

    void mismatchedVersions()
    {
        QTemporaryDir dir;
        FakeEnv env;
        env.torchVersion = QStringLiteral("2.8.0+cpu");
        makeSite(sitePackages(dir), env);
        const CheckItem versions = itemOf(doctor(dir.filePath(QStringLiteral("prefix"))), "versions");
        QCOMPARE(versions.status, CheckStatus::Fail);
        QCOMPARE(versions.evidence.find("torch_npu requires torch==2.7.1+cpu") != std::string::npos, true);
        FakeEnv cuda;
        cuda.cuda = "'12.6'";
        QTemporaryDir other;
        makeSite(sitePackages(other), cuda);
        QCOMPARE(statusOf(doctor(other.filePath(QStringLiteral("prefix"))), "versions"), CheckStatus::Fail);
        QCOMPARE(baseVersion("2.7.1.post8+gitabc"), std::string("2.7.1"));
        QCOMPARE(baseVersion("2.14.0.dev20260719+cpu"), std::string("2.14.0"));
    }

    void backendFromTreeOrShell()
    {
        QTemporaryDir dir;
        makeSite(sitePackages(dir), FakeEnv {});
        const QString prefix = dir.filePath(QStringLiteral("prefix"));
        const CheckItem unset = itemOf(doctor(prefix, {}, std::nullopt), "backend-requested");
        QCOMPARE(unset.status, CheckStatus::Fail);
        QCOMPARE(unset.evidence, std::string("TORCHINDUCTOR_NPU_BACKEND is not set in the calling shell"));
        // The sample tree records TORCHINDUCTOR_NPU_BACKEND=dvm in its fx_graph_runnable.py, and run 4101 has
        // DVM.
        const Index tree = testutil::indexOf(testutil::sampleTree());
        const auto items = doctor(prefix, {}, std::nullopt, &tree);
        QCOMPARE(statusOf(items, "backend-requested"), CheckStatus::Pass);
        QCOMPARE(statusOf(items, "dvm-in-code"), CheckStatus::Pass);
    }

    void missingEnvironment()
    {
        const PythonEnv env = readPythonEnv("/nonexistent/dvmlens-env");
        QVERIFY(env.sitePackages.empty());
        QCOMPARE(env.problems.front(), std::string("/nonexistent/dvmlens-env: no such folder"));
    }

    void smokeFiles()
    {
        QTemporaryDir dir;
        std::string error;
        const auto written = writeSmokeFiles(dir.filePath(QStringLiteral("smoke")).toStdString(), error);
        QCOMPARE(written.size(), std::size_t(3));
        QFile script(dir.filePath(QStringLiteral("smoke/run_dvm_smoke.sh")));
        QVERIFY(script.permissions() & QFile::ExeOwner);
        QVERIFY(script.open(QIODevice::ReadOnly));
        const QByteArray text = script.readAll();
        QVERIFY(text.contains("TORCHINDUCTOR_NPU_BACKEND=dvm TORCH_COMPILE_DEBUG=1"));
        QVERIFY(text.contains("\"$CLI\" check \"smoke-$example/torch_compile_debug\""));
        QFile dynamic(dir.filePath(QStringLiteral("smoke/dvm_smoke_dynamic.py")));
        QVERIFY(dynamic.open(QIODevice::ReadOnly));
        QVERIFY(dynamic.readAll().contains("torch._dynamo.mark_dynamic(x, 0)"));
        QVERIFY(writeSmokeFiles("/proc/dvmlens-no", error).empty());
        QVERIFY(!error.empty());
    }
};

QTEST_GUILESS_MAIN(TestDoctor)
#include "tst_doctor.moc"
