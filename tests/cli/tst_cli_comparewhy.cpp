// SPDX-License-Identifier: MIT
// compare says which why-not-DVM reasons changed A → B (core/compare/comparewhy.h): "why: <op> ×N: <code A>
// → <code B>" under a pair, and "why_changes" per pair in dvmlens.compare/1. Trees made from the why fixture
// (whytree.h): A with the float64 add still a DVM kernel and no permute call, B the fixture, C the fixture
// with matmul fusion switched on in the recorded environment.
#include "testutil.h"
#include "whytree.h"

#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

using namespace Qt::StringLiterals;
using nlohmann::ordered_json;
using testutil::runCli;

namespace {

const QByteArray kAddImportFx =
    "dvm_fused_add_1 = async_compile.import_fx('dvm_fused_add_1', kernel_meta={'device_str': 'npu'})";
const QByteArray kAddDvm = "@dvm.kernel(ktype='vector', dyn_shape=False)\n"
                           "def dvm_fused_add_1_build(k):\n"
                           "    arg0_1 = k.load([8, 16], dvm.float32)\n"
                           "    arg1_1 = k.load([8, 16], dvm.float32)\n"
                           "    add = k.add(arg0_1, arg1_1)\n"
                           "    k.store(add, dvm.float32)\n"
                           "    k.set_kernel_info(\n"
                           "        'dvm_fused_add',  # kernel_name\n"
                           "        'dvm_fused_add_1',  # kernel_fullname\n"
                           "    )\n\n"
                           "dvm_fused_add_1 = dvm_fused_add_1_build";
const QByteArray kPermuteCall =
    "    # Topologically Sorted Source Nodes: [permute], Original ATen: [aten.permute]\n"
    "    buf1 = torch.ops.aten.permute.default(buf0, [1, 0])\n";

// The fixture's tree with its output_code.py rewritten by `edit`.
QString editedTree(const QTemporaryDir& dir, const QByteArray& environment, QByteArray (*edit)(QByteArray))
{
    const QString tree = whytree::makeTree(dir, environment);
    const QString code = tree + u"/"_s + whytree::kGraphFolder + u"/output_code.py"_s;
    testutil::writeTestFile(code, edit(whytree::fixtureText()));
    return tree;
}

QByteArray addStillDvm(QByteArray text)
{
    if (!text.contains(kAddImportFx) || !text.contains(kPermuteCall))
        qFatal("the why fixture changed");
    return text.replace(kAddImportFx, kAddDvm).replace(kPermuteCall, QByteArray());
}

QByteArray unchanged(QByteArray text)
{
    return text;
}

} // namespace

class TestCliCompareWhy : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_a.isValid() && m_b.isValid() && m_c.isValid());
        m_treeA = editedTree(m_a, whytree::kAskedForDvm, addStillDvm);
        m_treeB = whytree::makeTree(m_b);
        m_treeC = editedTree(m_c,
            whytree::kAskedForDvm + "\nos.environ['INDUCTOR_DVM_ENABLE_MATMUL_FUSION'] = '1'", unchanged);
    }

    // The add fell out of DVM for its float64 input, and B calls aten.permute that A did not.
    void newlyFallenBackText()
    {
        const testutil::CliResult result = runCli({ u"compare"_s, m_treeA, m_treeB });
        QCOMPARE(result.exitCode, 0);
        QVERIFY2(result.out.endsWith(u"    moved: fused_add dvm → import_fx (dvm_fused_add_1)\n"
                                     "    fallbacks: +aten.permute.default\n"
                                     "    why: fused_add ×1: DVM → group-placeholder-dtype\n"
                                     "    why: aten.permute.default ×1: none → not-in-lowering-list\n"_s),
            qPrintable(result.out));
    }

    // Matmul fusion switched on: the same mm call falls back for another reason, said under an otherwise
    // unchanged pair.
    void reasonChangedText()
    {
        const testutil::CliResult result = runCli({ u"compare"_s, m_treeB, m_treeC });
        QCOMPARE(result.exitCode, 0);
        QVERIFY2(result.out.endsWith(u"\nmatched  model__0_forward_0  DVM engaged → DVM engaged\n"
                                     "    why: aten.mm.default ×1: matmul-fusion-off → matmul-refused\n"_s),
            qPrintable(result.out));
    }

    // No reason changed: no why line, the pair stays one line.
    void unchangedText()
    {
        const testutil::CliResult result = runCli({ u"compare"_s, m_treeB, m_treeB });
        QCOMPARE(result.exitCode, 0);
        QVERIFY(result.out.endsWith(u"\nmatched  model__0_forward_0  DVM engaged → DVM engaged\n"_s));
        QVERIFY(!result.out.contains(u"why:"_s));
        const auto json =
            ordered_json::parse(runCli({ u"compare"_s, u"--json"_s, m_treeB, m_treeB }).out.toStdString());
        QCOMPARE(json["graphs"][0]["why_changes"].dump(), std::string("[]"));
    }

    void json()
    {
        const testutil::CliResult result = runCli({ u"compare"_s, u"--json"_s, m_treeA, m_treeB });
        QCOMPARE(result.exitCode, 0);
        const auto changes = ordered_json::parse(result.out.toStdString())["graphs"][0]["why_changes"];
        QCOMPARE(changes.size(), std::size_t(2));
        QCOMPARE(changes[0]["item"].get<std::string>(), std::string("kernel"));
        QCOMPARE(changes[0]["op"].get<std::string>(), std::string("fused_add"));
        QCOMPARE(changes[0]["count"].get<int>(), 1);
        QVERIFY(changes[0]["a"].is_null());
        QCOMPARE(changes[0]["b"].get<std::string>(), std::string("group-placeholder-dtype"));
        QCOMPARE(changes[0]["a_text"].get<std::string>(), std::string());
        QCOMPARE(changes[0]["b_text"].get<std::string>(),
            std::string("DVM skipped this fused group: input `arg1_1` is float64 (DVM loads only bfloat16, "
                        "float16, float32, int32, bool, int64)."));
        QCOMPARE(changes[1]["item"].get<std::string>(), std::string("fallback"));
        QCOMPARE(changes[1]["op"].get<std::string>(), std::string("aten.permute.default"));
        QVERIFY(changes[1]["a"].is_null());
        QCOMPARE(changes[1]["b"].get<std::string>(), std::string("not-in-lowering-list"));
    }

    // report --compare: a "Compile side" section under the regressions with the same lines, and
    // comparison.compile_side in the JSON report.
    void reportCompare()
    {
        const testutil::CliResult markdown = runCli({ u"report"_s, u"--compare"_s, m_treeA, m_treeB });
        QCOMPARE(markdown.exitCode, 0);
        QVERIFY2(
            markdown.out.contains(u"### Compile side\n\nWhat changed on the compile side and in the reasons "
                                  "for not using DVM, pair by pair.\n\n| Graph | Change |\n"_s),
            qPrintable(markdown.out));
        QVERIFY2(markdown.out.contains(
                     u"| `model__0_forward_0` | why: fused_add ×1: DVM → group-placeholder-dtype |\n"_s),
            qPrintable(markdown.out));
        const testutil::CliResult html =
            runCli({ u"report"_s, u"--format"_s, u"html"_s, u"--compare"_s, m_treeA, m_treeB });
        QVERIFY(html.out.contains(u"<h3>Compile side</h3>"_s));
        QVERIFY(html.out.contains(u"why: aten.permute.default ×1: none → not-in-lowering-list"_s));
        const auto json = ordered_json::parse(
            runCli({ u"report"_s, u"--format"_s, u"json"_s, u"--compare"_s, m_treeA, m_treeB })
                .out.toStdString());
        const auto& pairs = json["comparison"]["compile_side"]["pairs"];
        QCOMPARE(pairs.size(), std::size_t(1));
        QCOMPARE(pairs[0]["why_changes"].size(), std::size_t(2));
        QCOMPARE(json["comparison"]["compile_side"]["elsewhere"].dump(), std::string("[]"));
        // Nothing changed: no section.
        QVERIFY(!runCli({ u"report"_s, u"--compare"_s, m_treeB, m_treeB }).out.contains(u"Compile side"_s));
    }

private:
    QTemporaryDir m_a, m_b, m_c;
    QString m_treeA, m_treeB, m_treeC;
};

QTEST_GUILESS_MAIN(TestCliCompareWhy)
#include "tst_cli_comparewhy.moc"
