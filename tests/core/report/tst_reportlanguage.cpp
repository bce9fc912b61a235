// SPDX-License-Identifier: MIT
// The report's language (core/report/reportlanguage.h): every header of the tables both writers show
// has its Chinese, templates are filled, English stays as it was, and the verdict sentence and coverage
// read in Chinese.
#include "core/report/reportlanguage.h"
#include "core/report/reportmodel.h"
#include "core/report/reportproblems.h"
#include "core/report/reporttables.h"

#include <QTest>

using namespace dvmlens;

class TestReportLanguage : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void names()
    {
        QCOMPARE(reportLanguageFromName("en"), std::optional(ReportLanguage::English));
        QCOMPARE(reportLanguageFromName("zh"), std::optional(ReportLanguage::Chinese));
        QCOMPARE(reportLanguageFromName("zh_CN"), std::optional(ReportLanguage::Chinese));
        QCOMPARE(reportLanguageFromName("fr"), std::nullopt);
        QCOMPARE(reportLanguageFromName(""), std::nullopt);
    }

    void everyTableHeaderIsTranslated()
    {
        Index index;
        ReportModel model;
        model.index = &index;
        const CompileSummary compile;
        std::vector<ReportTable> tables { toolchainTable(model), regressionsTable(model),
            graphsTable(ReportRun {}), dvmKernelsTable(ReportGraph {}), whyItFellBackTable(model),
            checklistTable(model), whereItFellBackTable(model), treeProblemsTable(model, false),
            compileBreaksTable(compile), compileRecompilesTable(compile), compileFailuresTable(compile),
            compareSideTable(model) };
        QStringList missing;
        for (const ReportTable& table : tables) {
            QVERIFY(!table.headers.empty());
            for (const std::string& header : table.headers) {
                if (!hasReportTranslation(header))
                    missing << QString::fromStdString(header);
            }
        }
        QCOMPARE(missing, QStringList());
        for (const std::string_view label : { "Rule", "Where", "Evidence", "Cause", "Fix", "Tree", "Baseline",
                 "Generated", "Runs", "Graphs", "DVM engaged", "DVM coverage", "Kernels", "Fallback calls" })
            QVERIFY2(hasReportTranslation(label), label.data());
    }

    void textsAndTemplates()
    {
        QCOMPARE(reportText(ReportLanguage::English, "Known failures"), std::string("Known failures"));
        QCOMPARE(reportText(ReportLanguage::Chinese, "Known failures"), std::string("已知故障"));
        // A text the table does not hold stays English.
        QCOMPARE(reportText(ReportLanguage::Chinese, "no such text"), std::string("no such text"));
        QCOMPARE(reportFill(ReportLanguage::English, "%1 of %2 graphs", { "3", "4" }),
            std::string("3 of 4 graphs"));
        QCOMPARE(
            reportFill(ReportLanguage::Chinese, "%1 of %2 graphs", { "3", "4" }), std::string("3 / 4 个图"));
        // A value holding "%2" is not filled again.
        QCOMPARE(reportFill(ReportLanguage::English, "%1 of %2 graphs", { "%2", "4" }),
            std::string("%2 of 4 graphs"));
    }

    void verdictInChinese()
    {
        Summary summary;
        summary.verdict = Verdict::Partly;
        summary.verdicts.engaged = 1;
        summary.verdicts.withCode = 2;
        QCOMPARE(verdictSentence(summary, ReportLanguage::English), verdictSentence(summary));
        QCOMPARE(
            verdictSentence(summary, ReportLanguage::Chinese), std::string("DVM 部分生效（1 / 2 个图）"));
        summary.verdicts.unreadable = 2;
        QCOMPARE(verdictSentence(summary, ReportLanguage::Chinese),
            std::string("DVM 部分生效（1 / 2 个可读的图；2 个图无法读取）"));
        QCOMPARE(coverageText(0.5, summary, ReportLanguage::Chinese),
            std::string("50.0%（可读启动中）；2 个图无法读取"));
        QCOMPARE(coverageText(0.5, summary, ReportLanguage::English), coverageText(0.5, summary));
        summary.verdict = Verdict::NoCode;
        QCOMPARE(
            verdictSentence(summary, ReportLanguage::Chinese), std::string("没有可检查的 output_code.py"));
    }
};

QTEST_MAIN(TestReportLanguage)
#include "tst_reportlanguage.moc"
