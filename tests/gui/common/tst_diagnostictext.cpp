// SPDX-License-Identifier: MIT
// What the window says for a diagnostic: core's English message for the CLI and JSON, the window's
// own text chosen by the code (missing-output-code, in each of its four cases) in the interface
// language; and the Findings details' headings ("Evidence:") in Chinese around an English log line.
#include "core/index/indexer.h"
#include "core/parse/outputcodeparser.h"
#include "core/scan/graphfolder.h"
#include "gui/common/diagnostictext.h"
#include "gui/diagnostics/findingdetails.h"
#include "gui/shell/translations.h"
#include "testutil.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QTranslator>
#include <QtTest>

using namespace Qt::StringLiterals;

namespace {

// The four cases as the tree walk words them.
std::vector<dvmlens::Diagnostic> missingOutputCodeCases()
{
    using dvmlens::graphfolder::missingOutputCode;
    return { missingOutputCode("/t/g.0", {}, false, false),
        missingOutputCode("/t/g.0", { "output_code.cpp" }, true, true),
        missingOutputCode("/t/g.0", { "fx_graph_readable.py", "ir_pre_fusion.txt" }, true, false),
        missingOutputCode("/t/g.0", { "notes.txt" }, true, false) };
}

void removeTranslators()
{
    for (QTranslator* translator : qApp->findChildren<QTranslator*>())
        QCoreApplication::removeTranslator(translator);
}

// aot-id-mismatch and link-loop as indexing a tree really words them, empty-file and binary-file as
// the parser does.
std::vector<dvmlens::Diagnostic> moreCodeCases(const QTemporaryDir& dir)
{
    std::vector<dvmlens::Diagnostic> cases;
    for (const dvmlens::Diagnostic& d : dvmlens::parseOutputCode({}, "/t/output_code.py").diagnostics)
        cases.push_back(d);
    for (const dvmlens::Diagnostic& d :
        dvmlens::parseOutputCode(std::string_view("\0\1binary", 8), "/t/output_code.py").diagnostics)
        cases.push_back(d);
    const QString run = dir.filePath(u"run_2026_07_20_10_15_30_123456-pid_7"_s);
    const QString graph = run + u"/torchinductor/model__0_forward_1.0"_s;
    QDir().mkpath(graph);
    QFile fixture(testutil::fixture(u"output_code/dvm_mlir_fusion.py"_s));
    if (!fixture.open(QIODevice::ReadOnly))
        qFatal("missing fixture");
    QFile code(graph + u"/output_code.py"_s);
    if (!code.open(QIODevice::WriteOnly))
        qFatal("cannot write");
    code.write(fixture.readAll().replace("# AOT ID: ['0_forward']", "# AOT ID: ['14_backward']"));
    code.close();
    QFile::link(u"."_s, run + u"/torchinductor/self"_s);
    QFile::link(u"loop"_s, run + u"/torchinductor/loop"_s);
    std::string error;
    const std::optional<dvmlens::Index> index = dvmlens::buildIndex(run.toStdString(), {}, error);
    if (!index)
        qFatal("%s", error.c_str());
    for (const dvmlens::Diagnostic& d : index->diagnostics)
        cases.push_back(d);
    for (const dvmlens::Run& r : index->runs) {
        for (const dvmlens::Graph& g : r.graphs)
            cases.insert(cases.end(), g.diagnostics.begin(), g.diagnostics.end());
    }
    return cases;
}

bool hasHan(const QString& text)
{
    return std::any_of(text.begin(), text.end(), [](QChar c) { return c.script() == QChar::Script_Han; });
}

} // namespace

class TestDiagnosticText : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cleanup()
    {
        removeTranslators();
    }

    // In English the window's text is core's, word for word, so the two never drift apart.
    void englishIsCoresMessage()
    {
        const std::vector<dvmlens::Diagnostic> cases = missingOutputCodeCases();
        QSet<QString> distinct;
        for (const dvmlens::Diagnostic& diagnostic : cases) {
            QVERIFY(dvmlens::graphfolder::readMissingOutputCode(diagnostic).has_value());
            QCOMPARE(diagnosticText(diagnostic), QString::fromStdString(diagnostic.message));
            distinct.insert(diagnosticText(diagnostic));
        }
        QCOMPARE(distinct.size(), 4);
        const auto stopped = dvmlens::graphfolder::readMissingOutputCode(cases[2]);
        QCOMPARE(stopped->which, dvmlens::graphfolder::MissingOutputCode::Case::StoppedAfter);
        QCOMPARE(stopped->lastWritten, std::string("ir_pre_fusion.txt"));
    }

    void chineseChosenByCode()
    {
        QCOMPARE(installTranslations(u"zh_CN"_s), u"zh_CN"_s);
        const std::vector<dvmlens::Diagnostic> cases = missingOutputCodeCases();
        for (const dvmlens::Diagnostic& diagnostic : cases) {
            const QString text = diagnosticText(diagnostic);
            QVERIFY2(hasHan(text), qPrintable(text));
            QVERIFY(!text.contains(u"The graph folder"_s));
        }
        QVERIFY(diagnosticText(cases[2]).contains(u"ir_pre_fusion.txt"_s));
        QVERIFY(diagnosticText(cases[0]).contains(u"TORCHINDUCTOR_FX_GRAPH_CACHE=0"_s));

        // Another code, or a message core did not write under that code: core's text as it is.
        dvmlens::Diagnostic other = cases[0];
        other.code = "binary-file";
        QCOMPARE(diagnosticText(other), QString::fromStdString(other.message));
        dvmlens::Diagnostic changed = cases[0];
        changed.message = "Something else.";
        QCOMPARE(diagnosticText(changed), u"Something else."_s);

        // The Findings details: the heading of a diagnostic in Chinese.
        FindingDetails details;
        details.showEntry(&cases[1], nullptr);
        QVERIFY(details.text()->toPlainText().contains(u"AOTInductor 的 C++ 包装代码"_s));
    }

    // aot-id-mismatch, link-loop, binary-file and empty-file: core's English in English, Chinese in
    // Chinese with the path or AOT IDs kept.
    void moreCodesInChinese()
    {
        QTemporaryDir dir;
        const std::vector<dvmlens::Diagnostic> cases = moreCodeCases(dir);
        QStringList codes;
        for (const dvmlens::Diagnostic& d : cases) {
            codes << QString::fromStdString(d.code);
            QCOMPARE(diagnosticText(d), QString::fromStdString(d.message));
        }
        codes.sort();
        QCOMPARE(codes,
            QStringList(
                { u"aot-id-mismatch"_s, u"binary-file"_s, u"empty-file"_s, u"link-loop"_s, u"link-loop"_s }));
        QCOMPARE(installTranslations(u"zh_CN"_s), u"zh_CN"_s);
        for (const dvmlens::Diagnostic& d : cases) {
            const QString text = diagnosticText(d);
            QVERIFY2(hasHan(text), qPrintable(QString::fromStdString(d.code) + u": "_s + text));
            if (d.code == "aot-id-mismatch") {
                QVERIFY2(text.contains(u"14"_s), qPrintable(text));
            }
        }
    }

    void evidenceLineInChinese()
    {
        QCOMPARE(installTranslations(u"zh_CN"_s), u"zh_CN"_s);
        dvmlens::Finding finding;
        finding.rule.id = "hccl-port-in-use";
        finding.rule.title.en = "HCCL port in use";
        finding.rule.cause.en = "cause";
        finding.rule.fix.en = "fix";
        finding.path = "/t/run/debug.log";
        finding.line = 3;
        finding.excerpt = "EI0006: bind port 16666 failed";
        FindingDetails details;
        details.showEntry(nullptr, &finding);
        const QString text = details.text()->toPlainText();
        QVERIFY2(text.contains(u"证据："_s), qPrintable(text));
        QVERIFY(text.contains(u"位置："_s));
        QVERIFY(text.contains(u"原因："_s));
        QVERIFY(!text.contains(u"Evidence"_s));
        QVERIFY(!text.contains(u"Where:"_s));
        QVERIFY(text.contains(u"EI0006: bind port 16666 failed"_s)); // the log line itself stays as logged
    }
};

QTEST_MAIN(TestDiagnosticText)
#include "tst_diagnostictext.moc"
