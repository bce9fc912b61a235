// SPDX-License-Identifier: MIT
// The diagnostics model (every Diagnostic of an Index, in tree order) and the dock's severity filter.
#include "gui/diagnostics/diagnosticsdock.h"
#include "gui/diagnostics/diagnosticsmodel.h"
#include "gui/document/knownfailures.h"
#include "gui/document/treedocument.h"
#include "gui/document/treewhy.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QtTest>

using namespace Qt::StringLiterals;

namespace {

dvmlens::Diagnostic diagnostic(
    dvmlens::Severity severity, const std::string& code, const std::string& path, std::optional<int> line)
{
    return { path, line, severity, code, "message " + code };
}

std::shared_ptr<const dvmlens::Index> sampleIndex()
{
    auto index = std::make_shared<dvmlens::Index>();
    index->root = "/t";
    index->diagnostics.push_back(diagnostic(dvmlens::Severity::Info, "cancelled", "/t", std::nullopt));
    dvmlens::Run run;
    dvmlens::Graph graph;
    graph.diagnostics.push_back(
        diagnostic(dvmlens::Severity::Warning, "missing-output-code", "/t/run/g", std::nullopt));
    graph.outputCode.emplace();
    graph.outputCode->diagnostics.push_back(
        diagnostic(dvmlens::Severity::Error, "truncated", "/t/run/g/output_code.py", 42));
    run.graphs.push_back(graph);
    index->runs.push_back(run);
    return index;
}

QStringList codesIn(const QAbstractItemModel& model)
{
    QStringList codes;
    for (int row = 0; row < model.rowCount(); ++row)
        codes << model.index(row, DiagnosticsModel::CodeColumn).data().toString();
    return codes;
}

} // namespace

class TestDiagnostics : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void modelRows()
    {
        DiagnosticsModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setIndex(sampleIndex());
        QCOMPARE(codesIn(model), QStringList({ u"cancelled"_s, u"missing-output-code"_s, u"truncated"_s }));
        const QModelIndex error = model.index(2, DiagnosticsModel::LocationColumn);
        QCOMPARE(error.data().toString(), QStringLiteral("run/g/output_code.py:42"));
        QCOMPARE(error.data(DiagnosticsModel::LineRole).toInt(), 42);
        QCOMPARE(
            error.data(DiagnosticsModel::PathRole).toString(), QStringLiteral("/t/run/g/output_code.py"));
        QCOMPARE(model.index(2, DiagnosticsModel::SeverityColumn).data().toString(), QStringLiteral("Error"));
        QCOMPARE(model.index(1, DiagnosticsModel::MessageColumn).data().toString(),
            QStringLiteral("message missing-output-code"));
        QCOMPARE(model.index(1, 0).data(DiagnosticsModel::LineRole).toInt(), 0);
        model.setIndex(nullptr);
        QCOMPARE(model.rowCount(), 0);
    }

    // Every kind of entry (a known failure in a run's log, a log that could not be read, a why-not-DVM
    // reason, the tree's, a graph folder's and an output_code.py's diagnostics, in two runs) says where
    // it is in one form: the path under the tree's root, ":line" when there is a line (issue 29 #26: some
    // were absolute, some a bare "debug.log", some with the run's pid in front).
    void locationsHaveOneForm()
    {
        auto index = std::make_shared<dvmlens::Index>();
        index->root = "/t";
        index->diagnostics.push_back(diagnostic(dvmlens::Severity::Info, "cancelled", "/t", std::nullopt));
        for (const std::string name : { "run_a-pid_1", "run_b-pid_2" }) {
            dvmlens::Run run;
            run.name = name;
            run.path = "/t/" + name;
            run.pid = name == "run_a-pid_1" ? 1 : 2;
            dvmlens::Graph graph;
            graph.diagnostics.push_back(
                diagnostic(dvmlens::Severity::Warning, "missing-output-code", run.path + "/g", std::nullopt));
            graph.outputCode.emplace();
            graph.outputCode->diagnostics.push_back(
                diagnostic(dvmlens::Severity::Error, "truncated", run.path + "/g/output_code.py", 42));
            run.graphs.push_back(graph);
            index->runs.push_back(run);
        }
        auto failures = std::make_shared<KnownFailures>();
        failures->index = index;
        dvmlens::Finding finding;
        finding.path = "/t/run_a-pid_1/torchdynamo/debug.log";
        finding.line = 7;
        failures->findings.push_back(finding);
        failures->findingDiagnostics.push_back(
            diagnostic(dvmlens::Severity::Error, "rule", finding.path, finding.line));
        failures->problems.push_back(diagnostic(
            dvmlens::Severity::Warning, "unreadable", "/t/run_b-pid_2/torchdynamo/debug.log", std::nullopt));
        auto why = std::make_shared<TreeWhy>();
        why->index = index;
        dvmlens::WhyGroup group;
        group.code = "why-code";
        group.examplePath = "/t/run_b-pid_2/g/output_code.py";
        group.exampleLine = 12;
        why->groups.push_back(group);

        DiagnosticsModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setIndex(index);
        model.setKnownFailures(failures);
        model.setWhy(why);
        QStringList locations;
        for (int row = 0; row < model.rowCount(); ++row)
            locations << model.index(row, DiagnosticsModel::LocationColumn).data().toString();
        QCOMPARE(locations,
            QStringList({ u"run_a-pid_1/torchdynamo/debug.log:7"_s, u"run_b-pid_2/torchdynamo/debug.log"_s,
                u"run_b-pid_2/g/output_code.py:12"_s, u"."_s, u"run_a-pid_1/g"_s,
                u"run_a-pid_1/g/output_code.py:42"_s, u"run_b-pid_2/g"_s,
                u"run_b-pid_2/g/output_code.py:42"_s }));
        // The tooltip keeps the full path.
        QVERIFY(model.index(0, DiagnosticsModel::LocationColumn)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .endsWith(u"/t/run_a-pid_1/torchdynamo/debug.log:7"_s));
    }

    void severityFilterAndActivation()
    {
        TreeDocument document;
        DiagnosticsDock dock(document);
        QAbstractItemModelTester tester(dock.proxy(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        document.setIndex(QStringLiteral("/t"), sampleIndex());
        QCOMPARE(dock.proxy()->rowCount(), 3);
        dock.setMinimumSeverity(dvmlens::Severity::Warning);
        QCOMPARE(codesIn(*dock.proxy()), QStringList({ u"missing-output-code"_s, u"truncated"_s }));
        dock.setMinimumSeverity(dvmlens::Severity::Error);
        QCOMPARE(codesIn(*dock.proxy()), QStringList({ u"truncated"_s }));

        QSignalSpy activated(&dock, &DiagnosticsDock::locationActivated);
        QVERIFY(dock.selectFirst());
        QCOMPARE(activated.count(), 1);
        QCOMPARE(activated.at(0).at(0).toString(), QStringLiteral("/t/run/g/output_code.py"));
        QCOMPARE(activated.at(0).at(1).toInt(), 42);

        dock.setMinimumSeverity(dvmlens::Severity::Info);
        QCOMPARE(dock.proxy()->rowCount(), 3);
        document.setIndex(QStringLiteral("/t"), std::make_shared<const dvmlens::Index>());
        QVERIFY(!dock.selectFirst());
    }
};

QTEST_MAIN(TestDiagnostics)
#include "tst_diagnostics.moc"
