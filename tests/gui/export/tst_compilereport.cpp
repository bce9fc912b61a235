// SPDX-License-Identifier: MIT
// The window's report of a folder of TORCH_TRACE logs has the CLI's Compile section, made of the compile
// side the document holds (TreeDocument::compile): the report equals `dvmlens-cli report` byte for byte.
#include "gui/document/treedocument.h"
#include "gui/export/exportactions.h"
#include "gui/shell/mainwindow.h"
#include "testutil.h"
#ifndef Q_MOC_RUN // moc misreads the raw strings with unbalanced braces in it
#include "compilelogs.h"
#endif

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

using namespace Qt::StringLiterals;
using testutil::compileId;

namespace {

QByteArray cliReport(const QString& format, const QString& path)
{
    QProcess cli;
    cli.start(QStringLiteral(DVMLENS_CLI), { u"report"_s, u"--format"_s, format, path });
    if (!cli.waitForFinished(60000) || cli.exitCode() != 0)
        return {};
    return cli.readAllStandardOutput();
}

QByteArray readAll(const QString& file)
{
    QFile in(file);
    return in.open(QIODevice::ReadOnly) ? in.readAll() : QByteArray();
}

} // namespace

class TestCompileReport : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
    }

    void reportHasTheCompileSectionOfTheCli()
    {
        QTemporaryDir logs;
        QVERIFY(testutil::writeBytes(QDir(logs.path()).filePath(u"dedicated_log_torch_trace_a.log"_s),
            testutil::breakLog() + testutil::outputCode(compileId(0, 0), "0_forward")
                + testutil::outputCode(compileId(1, 0), "1_forward")));
        QVERIFY(testutil::writeBytes(
            QDir(logs.path()).filePath(u"dedicated_log_torch_trace_b.log"_s), testutil::recompileLog()));
        MainWindow window;
        window.setQuiet(true);
        TreeDocument& document = *window.treeDocument();
        QSignalSpy opened(&window, &MainWindow::indexFinished);
        window.openPath(logs.path());
        QVERIFY(opened.wait(30000));
        QTRY_VERIFY(document.knownFailures() && document.modelSources() && document.compile());
        const ReportSubject subject = window.exportActions()->subject();
        QCOMPARE(subject.compile, document.compile());

        QTemporaryDir out;
        for (const QString& format : { u"md"_s, u"json"_s, u"html"_s }) {
            const QString file = QDir(out.path()).filePath(u"report."_s + format);
            QSignalSpy exported(window.exportActions(), &ExportActions::reportExported);
            window.exportActions()->exportReport(file);
            QVERIFY(exported.wait(60000));
            QCOMPARE(exported.at(0).at(1).toString(), QString());
            const QByteArray expected = cliReport(format, logs.path());
            QVERIFY(!expected.isEmpty());
            if (format == u"md"_s)
                QVERIFY(expected.contains("Compile"));
            QCOMPARE(readAll(file), expected);
        }
    }
};

QTEST_MAIN(TestCompileReport)
#include "tst_compilereport.moc"
