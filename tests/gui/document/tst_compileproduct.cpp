// SPDX-License-Identifier: MIT
// The open tree's compile side (TreeDocument::compile): read off the GUI thread from the trace logs at
// the open path as `dvmlens-cli compile` reads them, announced once per index by compileChanged, null at
// indexChanged, dropped when the index it was read for is no longer open, and empty (not null, not an
// error) when the path holds no TORCH_TRACE log.
#include "core/compile/compiletext.h"
#include "core/compile/tracelogfiles.h"
#include "core/io/pathtext.h"
#include "gui/document/treedocument.h"
#include "indexfixture.h"
#include "testutil.h"
#ifndef Q_MOC_RUN // moc misreads the raw strings with unbalanced braces in it
#include "compilelogs.h"
#endif

#include <QDir>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using namespace Qt::StringLiterals;
using testutil::compileId;

namespace {

// The index as the CLI builds it, shared as the document holds it.
std::shared_ptr<const dvmlens::Index> indexOf(const QString& path)
{
    return std::make_shared<const dvmlens::Index>(testutil::indexOf(path));
}

QString sampleTree()
{
    return testutil::sourcePath(QStringLiteral("resources/samples/torch_compile_debug"));
}

// A TORCH_TRACE folder: forward [0/0] breaks at layers.py:210 (its code and its resume graph's), and a
// second log whose forward recompiles up to the limit.
void writeTraceFolder(const QDir& dir)
{
    QVERIFY(testutil::writeBytes(dir.filePath(u"dedicated_log_torch_trace_a.log"_s),
        testutil::breakLog() + testutil::outputCode(compileId(0, 0), "0_forward")
            + testutil::outputCode(compileId(1, 0), "1_forward")));
    QVERIFY(
        testutil::writeBytes(dir.filePath(u"dedicated_log_torch_trace_b.log"_s), testutil::recompileLog()));
}

} // namespace

class TestCompileProduct : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void readOffTheGuiThreadAndAnnouncedOnce()
    {
        QTemporaryDir dir;
        writeTraceFolder(QDir(dir.path()));
        const std::shared_ptr<const dvmlens::Index> index = indexOf(dir.path());
        QVERIFY(index);
        TreeDocument document;
        QSignalSpy changed(&document, &TreeDocument::compileChanged);
        bool nullAtIndexChanged = false;
        connect(
            &document, &TreeDocument::indexChanged, this, [&] { nullAtIndexChanged = !document.compile(); });
        document.setIndex(dir.path(), index);
        QVERIFY(nullAtIndexChanged);
        QVERIFY(document.isReadingCompile());
        QCOMPARE(changed.count(), 0);
        QTRY_VERIFY(!document.isReadingCompile());
        QTest::qWait(100); // room for a second announcement, which must not come
        QCOMPARE(changed.count(), 1);
        const std::shared_ptr<const CompileFacts>& compile = document.compile();
        QVERIFY(compile);
        QCOMPARE(compile->index, index.get());
        QVERIFY(compile->hasLogs());
        // What the CLI's compile command prints of the same path.
        const std::string root = dvmlens::pathBytes(QDir(dir.path()).absolutePath());
        const std::vector<dvmlens::CompileLog> cli =
            dvmlens::readCompileLogs(dvmlens::findTraceLogs(root), root);
        QCOMPARE(dvmlens::compileSummaryText(compile->logs, compile->summary),
            dvmlens::compileSummaryText(cli, dvmlens::summarizeCompile(cli)));
        QCOMPARE(compile->summary.logs, 2);
        QCOMPARE(compile->summary.breakCount(), 1);
        QCOMPARE(compile->summary.breaks[0].line, 210);
        QCOMPARE(compile->summary.recompiles, 3); // [0/1], [0/2], and [0/3] refused at the limit
        QVERIFY(compile->summary.frames.at(0).limitHit);
    }

    void noTraceLogIsEmptyNotAnError()
    {
        TreeDocument document;
        QSignalSpy changed(&document, &TreeDocument::compileChanged);
        document.setIndex(sampleTree(), indexOf(sampleTree()));
        QTRY_COMPARE(changed.count(), 1);
        QVERIFY(document.compile());
        QVERIFY(!document.compile()->hasLogs());
        QCOMPARE(document.compile()->summary.logs, 0);
        QCOMPARE(document.compile()->summary.graphs, 0);
    }

    void anOlderIndexsCompileSideIsDropped()
    {
        QTemporaryDir dir;
        writeTraceFolder(QDir(dir.path()));
        const std::shared_ptr<const dvmlens::Index> older = indexOf(dir.path());
        const std::shared_ptr<const dvmlens::Index> newer = indexOf(sampleTree());
        QVERIFY(older && newer);
        TreeDocument document;
        QSignalSpy changed(&document, &TreeDocument::compileChanged);
        document.setIndex(dir.path(), older);
        document.setIndex(sampleTree(), newer);
        QTRY_VERIFY(!document.isReadingCompile());
        QTest::qWait(100); // room for a stale delivery, which must not come
        QCOMPARE(changed.count(), 1);
        QCOMPARE(document.compile()->index, newer.get());
        QVERIFY(!document.compile()->hasLogs());
        // No index: no compile side, and nothing announced.
        document.setIndex(QString(), nullptr);
        QVERIFY(!document.compile());
        QTest::qWait(100);
        QCOMPARE(changed.count(), 1);
    }
};

QTEST_MAIN(TestCompileProduct)
#include "tst_compileproduct.moc"
