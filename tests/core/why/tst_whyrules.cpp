// SPDX-License-Identifier: MIT
// The why-not-DVM rule table is data: the shipped file parses, says what the reference's tables
// say (§2.1 read from ../shared/reference/dvm-fallback-rules.md when it is there, §2.2 rows
// spelled out here), and a user file replaces keys and reasons or is refused with a diagnostic.
#include "core/why/whyrules.h"
#include "testutil.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace dvmlens;

namespace {

bool listed(const WhyRules& rules, const char* packet, const char* release)
{
    const WhyRelease* column = rules.release(release);
    if (!column)
        qFatal("no release %s", release);
    return rules.inGenerateList(packet, *column);
}

std::vector<std::string> inputs(const WhyRules& rules, const char* release, const char* target)
{
    const WhyOpRule* rule = rules.opRule(*rules.release(release), target);
    return rule && rule->in ? *rule->in : std::vector<std::string> {};
}

std::vector<std::string> outputs(const WhyRules& rules, const char* release, const char* target)
{
    const WhyOpRule* rule = rules.opRule(*rules.release(release), target);
    return rule && rule->out ? *rule->out : std::vector<std::string> {};
}

const std::vector<std::string> kF { "bfloat16", "float16", "float32" };
const std::vector<std::string> kFi32 { "bfloat16", "float16", "float32", "int32" };
const std::vector<std::string> kFI { "bfloat16", "float16", "float32", "int32", "int64" };
const std::vector<std::string> kS { "bfloat16", "float16", "float32", "int32", "bool" };

// The reference's op names as packets: "mul" -> "aten.mul"; higher-order ops and namespaced names kept.
QString packetOf(QString name)
{
    name = name.trimmed().remove(QLatin1Char('`'));
    name = name.section(QLatin1Char(' '), 0, 0);
    if (name.contains(QLatin1Char('.')))
        return name;
    static const QStringList higherOrder { QStringLiteral("triton_kernel_wrapper_mutation"),
        QStringLiteral("control_deps"), QStringLiteral("while_loop_stack_output") };
    return (higherOrder.contains(name) ? QStringLiteral("higher_order.") : QStringLiteral("aten.")) + name;
}

} // namespace

class TestWhyRules : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void builtinTableLoads()
    {
        const WhyRules& rules = builtinWhyRules();
        QCOMPARE(rules.releases.size(), std::size_t(10));
        QCOMPARE(rules.releases.front().id, std::string("26.0"));
        QCOMPARE(rules.releases.back().id, std::string("master"));
        QVERIFY(rules.reason("unknown"));
        // Every reason has a fix in both languages.
        for (const WhyReasonText& reason : rules.reasons) {
            QVERIFY2(!reason.fix.en.empty() && !reason.fix.zh.empty(), reason.code.c_str());
            QVERIFY2(!reason.title.zh.empty(), reason.code.c_str());
        }
        // Worst (most general) first.
        QCOMPARE(rules.reasons.front().code, std::string("backend-not-requested"));
        QCOMPARE(rules.reasons.back().code, std::string("unknown"));
    }

    // §2.1 rows the issue names.
    void generateListPerRelease()
    {
        const WhyRules& rules = builtinWhyRules();
        for (const WhyRelease& release : rules.releases) {
            QVERIFY(!rules.inGenerateList("aten.permute", release));
            QVERIFY(!rules.inGenerateList("aten.mm", release)); // only through the matmul variable
            QVERIFY(rules.inGenerateList("aten.mul", release));
        }
        QVERIFY(listed(rules, "aten.unsqueeze", "26.0"));
        QVERIFY(!listed(rules, "aten.unsqueeze", "26.0-pt2.8"));
        QVERIFY(!listed(rules, "aten.amax", "26.0"));
        QVERIFY(listed(rules, "aten.amax", "26.1-pt2.7"));
        QVERIFY(listed(rules, "aten.lift_fresh_copy", "26.1-pt2.9"));
        QVERIFY(!listed(rules, "aten.lift_fresh_copy", "26.1-pt2.10"));
        QVERIFY(!listed(rules, "aten.copy_", "26.2-0day"));
        QVERIFY(listed(rules, "aten.copy_", "26.2b-pt2.7"));
        QVERIFY(listed(rules, "higher_order.while_loop", "master"));
        QVERIFY(!listed(rules, "higher_order.while_loop", "26.2b-pt2.10"));
        QVERIFY(rules.release("26.2b-pt2.13")->matmulFusionVariable);
        QVERIFY(!rules.release("26.2-0day")->matmulFusionVariable);
    }

    // §2.2 rows: per-op dtype limits per release.
    void registryPerRelease()
    {
        const WhyRules& rules = builtinWhyRules();
        QCOMPARE(inputs(rules, "26.0", "aten.add.Tensor"), kF);
        QCOMPARE(outputs(rules, "26.0", "aten.add.Tensor"), kS);
        QCOMPARE(inputs(rules, "26.1-pt2.9", "aten.add.Tensor"), kFi32);
        QCOMPARE(inputs(rules, "master", "aten.add.Tensor"), kFI);
        QCOMPARE(inputs(rules, "master", "aten.mul.Tensor"), kFi32); // no int64 mul
        QCOMPARE(outputs(rules, "master", "aten.lt.Tensor"), std::vector<std::string> { "bool" });
        QCOMPARE(
            inputs(rules, "26.1-pt2.7", "aten.logical_and.default"), std::vector<std::string> { "bool" });
        QVERIFY(!rules.opRule(*rules.release("26.0"), "aten.copy_.default"));
        QVERIFY(rules.opRule(*rules.release("26.1-pt2.7"), "aten.copy_.default"));
        QVERIFY(!rules.opRule(*rules.release("26.1-pt2.7"), "aten.baddbmm.default"));
        QVERIFY(rules.opRule(*rules.release("master"), "aten.baddbmm.default")->mm);
        QCOMPARE(rules.opRule(*rules.release("master"), "aten.where.self")->inFrom, 1);
        QVERIFY(!rules.opRule(*rules.release("master"), "aten.cat.default"));
        QVERIFY(!rules.opRule(*rules.release("master"), "aten.lift_fresh_copy.default"));
        QCOMPARE(rules.release("26.1-pt2.7")->placeholderDtypes, kS);
        QCOMPARE(rules.release("master")->placeholderDtypes.back(), std::string("int64"));
        QVERIFY(rules.release("26.0")->dtypeOnlyGroupCheck);
        QVERIFY(rules.isKeptWhole("aten._softmax", *rules.release("26.0")));
        QVERIFY(!rules.isKeptWhole("aten._softmax", *rules.release("26.1-pt2.7")));
    }

    // The table of §2.1, read from the reference itself: every Y and - of every column agrees.
    void generateListMatchesTheReference()
    {
        QFile file(QStringLiteral(DVMLENS_SHARED_DIR "/reference/dvm-fallback-rules.md"));
        if (!file.open(QIODevice::ReadOnly))
            QSKIP("../shared/reference is not here");
        const QString text = QString::fromUtf8(file.readAll());
        const qsizetype start = text.indexOf(QStringLiteral("### 2.1"));
        const qsizetype end = text.indexOf(QStringLiteral("### 2.2"));
        QVERIFY(start > 0 && end > start);
        // The columns, in the table's order: "26.2β (2.13) = master" is both of the last two.
        const std::vector<std::vector<std::string>> columns { { "26.0" }, { "26.1-pt2.7" }, { "26.1-pt2.9" },
            { "26.1-pt2.10" }, { "26.2-0day" }, { "26.2b-pt2.7" }, { "26.2b-pt2.10" },
            { "26.2b-pt2.13", "master" } };
        const WhyRules& rules = builtinWhyRules();
        int checked = 0;
        for (const QString& line : text.mid(start, end - start).split(QLatin1Char('\n'))) {
            if (!line.startsWith(QLatin1String("| ")) || line.startsWith(QLatin1String("| op"))
                || line.contains(QLatin1String("env `")))
                continue;
            QStringList cells = line.split(QLatin1Char('|'));
            cells = cells.mid(1, cells.size() - 2);
            if (cells.size() != 9)
                continue;
            QString names = cells[0];
            names.remove(QRegularExpression(QStringLiteral("\\(.*\\)")));
            for (const QString& name : names.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
                const std::string packet = packetOf(name).toStdString();
                for (std::size_t c = 0; c < columns.size(); ++c) {
                    const bool yes = cells[qsizetype(c) + 1].trimmed() == QLatin1String("Y");
                    for (const std::string& id : columns[c]) {
                        QVERIFY2(rules.inGenerateList(packet, *rules.release(id)) == yes,
                            (packet + " in " + id).c_str());
                        ++checked;
                    }
                }
            }
        }
        QVERIFY2(checked > 400, qPrintable(QString::number(checked)));
    }

    void userFileReplacesKeysAndReasons()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("why.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(R"({"generateList": [{"ops": ["aten.permute"], "releases": ["master"]}],
            "reasons": [{"code": "kept-whole", "rank": 6, "title": {"en": "t"}, "text": "local {op}",
            "fix": {"en": "local fix", "zh": "本地"}}]})");
        file.close();
        const LoadedWhyRules loaded = loadWhyRules(path.toStdString());
        QVERIFY(loaded.problems.empty());
        QVERIFY(loaded.rules.inGenerateList("aten.permute", *loaded.rules.release("master")));
        QVERIFY(!loaded.rules.inGenerateList("aten.mul", *loaded.rules.release("master"))); // key replaced
        QCOMPARE(loaded.rules.reason("kept-whole")->fix.en, std::string("local fix"));
        QVERIFY(loaded.rules.reason("not-in-lowering-list")); // other reasons kept
        QVERIFY(loaded.rules.origin.find("why.json") != std::string::npos);
    }

    void badUserFileIsADiagnostic()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("why.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(R"({"releases": [{"id": "x"}]})");
        file.close();
        const LoadedWhyRules loaded = loadWhyRules(path.toStdString());
        QCOMPARE(loaded.problems.size(), std::size_t(1));
        QCOMPARE(loaded.problems[0].code, std::string("bad-why-rules-file"));
        QVERIFY2(loaded.problems[0].message.find("missing \"torchNpu\"") != std::string::npos,
            loaded.problems[0].message.c_str());
        QCOMPARE(loaded.rules.releases.size(), std::size_t(10)); // the built-in table still applies
        const LoadedWhyRules missing = loadWhyRules(dir.filePath(QStringLiteral("none.json")).toStdString());
        QCOMPARE(missing.problems.size(), std::size_t(1));
        std::string error;
        QVERIFY(!parseWhyRules("[1]", "x.json", error));
        QCOMPARE(error, std::string("x.json: not a JSON object"));
    }

    // A misspelt key or a reason without a code would leave the built-in table in force unsaid.
    void unknownKeysAndCodelessReasonsAreSaid()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("why.json"));
        const auto load = [&](const QByteArray& text) {
            QFile file(path);
            if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
                return LoadedWhyRules {};
            file.write(text);
            file.close();
            return loadWhyRules(path.toStdString());
        };
        const LoadedWhyRules typo = load(R"({"reason": [{"code": "kept-whole"}]})");
        QCOMPARE(typo.problems.size(), std::size_t(1));
        QCOMPARE(typo.problems[0].code, std::string("bad-why-rules-file"));
        QVERIFY2(typo.problems[0].message.rfind(
                     path.toStdString() + ": unknown key \"reason\" (the table has: ", 0)
                == 0,
            typo.problems[0].message.c_str());
        QVERIFY(typo.problems[0].message.find("reasons") != std::string::npos);
        const LoadedWhyRules codeless = load(R"({"reasons": [{"text": "x"}]})");
        QCOMPARE(codeless.problems.size(), std::size_t(1));
        QVERIFY2(codeless.problems[0].message.find("every entry of \"reasons\" needs a \"code\" string")
                != std::string::npos,
            codeless.problems[0].message.c_str());
        QVERIFY(codeless.rules.reason("kept-whole")); // the built-in table still applies
    }
};

QTEST_GUILESS_MAIN(TestWhyRules)
#include "tst_whyrules.moc"
