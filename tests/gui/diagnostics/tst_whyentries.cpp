// SPDX-License-Identifier: MIT
// The Diagnostics dock lists the open tree's why-not-DVM reasons, one entry per reason (core's
// groups, worst first), on the why fixture whose reasons core's tests know: code, title and count,
// the fix in the tooltip and the details (Copy Fix), and a click opening the example's line.
#include "core/index/indexer.h"
#include "core/io/pathtext.h"
#include "gui/diagnostics/diagnosticsdock.h"
#include "gui/diagnostics/diagnosticsmodel.h"
#include "gui/diagnostics/findingdetails.h"
#include "gui/document/treedocument.h"
#include "testutil.h"
#include "whytree.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QTreeView>
#include <QtTest>

using namespace Qt::StringLiterals;

class TestWhyEntries : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void oneEntryPerReason()
    {
        QTemporaryDir dir;
        const QString tree = whytree::makeTree(dir);
        std::string error;
        auto built = dvmlens::buildIndex(dvmlens::pathBytes(tree), {}, error);
        QVERIFY2(built, error.c_str());
        const auto index = std::make_shared<const dvmlens::Index>(std::move(*built));
        TreeDocument document;
        DiagnosticsDock dock(document);
        QAbstractItemModelTester tester(dock.model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy changed(&document, &TreeDocument::whyChanged);
        document.setIndex(tree, index);
        QTRY_COMPARE(changed.count(), 1);
        QTRY_VERIFY(!document.isSearchingKnownFailures());
        DiagnosticsModel* model = dock.model();
        QStringList codes;
        QStringList messages;
        int first = -1;
        for (int row = 0; row < model->rowCount(); ++row) {
            if (!model->whyGroupAt(row))
                continue;
            first = first < 0 ? row : first;
            codes << model->index(row, DiagnosticsModel::CodeColumn).data().toString();
            messages << model->index(row, DiagnosticsModel::MessageColumn).data().toString();
        }
        // After the known failures (here the tree rule "dvm-named-import-fx"), before the index's own
        // diagnostics.
        QCOMPARE(first, 1);
        QCOMPARE(model->index(0, DiagnosticsModel::CodeColumn).data().toString(), u"dvm-named-import-fx"_s);
        // Core's groups, worst first, each once.
        QCOMPARE(codes,
            QStringList({ u"kept-whole"_s, u"not-in-lowering-list"_s, u"dtype-refused"_s, u"special-form"_s,
                u"matmul-fusion-off"_s, u"no-lowering"_s, u"group-placeholder-dtype"_s, u"group-no-emitter"_s,
                u"group-node-dtype"_s, u"group-forced"_s, u"unknown"_s }));
        QCOMPARE(messages.at(1), u"Why not DVM: Op not in DVM's lowering list (×1)"_s);
        QCOMPARE(messages.last(), u"Why not DVM: No known rule explains it (×2)"_s);
        QCOMPARE(model->index(first, DiagnosticsModel::SeverityColumn).data().toString(), u"Info"_s);

        const int notListed = first + 1;
        const dvmlens::WhyGroup* group = model->whyGroupAt(notListed);
        QVERIFY(group);
        const QString tip =
            model->index(notListed, DiagnosticsModel::MessageColumn).data(Qt::ToolTipRole).toString();
        QVERIFY2(tip.endsWith(u"\nFix: "_s + QString::fromStdString(group->fix.en)), qPrintable(tip));

        // Selected: the details say the count, the example and the fix; Copy Fix copies it.
        const QModelIndex shown = dock.proxy()->mapFromSource(model->index(notListed, 0));
        dock.view()->setCurrentIndex(shown);
        const QString details = dock.details()->text()->toPlainText();
        QVERIFY2(details.startsWith(u"Op not in DVM's lowering list\nnot-in-lowering-list · 0 kernels and 1 "
                                    "fallback calls\n"_s),
            qPrintable(details));
        QVERIFY(details.contains(u"Example: `aten.permute.default`"_s));
        QVERIFY(details.contains(u"torch_npu releases: 26.2b-pt2.7"_s));
        QCOMPARE(dock.details()->fixText(), QString::fromStdString(group->fix.en));

        // Activated: the example's line opens.
        QSignalSpy activated(&dock, &DiagnosticsDock::locationActivated);
        Q_EMIT dock.view()->activated(shown);
        QCOMPARE(activated.count(), 1);
        QCOMPARE(activated.at(0).at(0).toString(), QString::fromStdString(group->examplePath));
        QCOMPARE(activated.at(0).at(1).toInt(), group->exampleLine);
        QVERIFY(group->exampleLine > 0);

        // A new index: its own reasons, none of the old.
        document.setIndex(tree, std::make_shared<const dvmlens::Index>(*index));
        for (int row = 0; row < model->rowCount(); ++row)
            QVERIFY(!model->whyGroupAt(row));
        QTRY_COMPARE(changed.count(), 2);
        QVERIFY(model->whyGroupAt(10));
    }
};

QTEST_MAIN(TestWhyEntries)
#include "tst_whyentries.moc"
