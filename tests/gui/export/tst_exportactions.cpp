// SPDX-License-Identifier: MIT
// File ▸ Export Screenshot / Export Report and Edit ▸ Copy Summary as Markdown on the exportgui
// fixture tree: pictures that load back at the window's size, the CLI's report bytes (with a
// profile joined too: device time included), made from the products the document holds, errors
// returned (never a dialog) for paths that cannot be written, and the summary on the clipboard.
#include "core/index/indexer.h"
#include "core/report/reportmarkdown.h"
#include "gui/compare/comparepage.h"
#include "gui/diagnostics/diagnosticsdock.h"
#include "gui/document/comparejob.h"
#include "gui/document/treedocument.h"
#include "gui/export/exportactions.h"
#include "gui/export/imageexport.h"
#include "gui/shell/mainwindow.h"
#include "gui/shell/translations.h"
#include "gui/whyfixture.h"
#include "testutil.h"
#ifndef Q_MOC_RUN // moc misreads the raw strings with unbalanced braces in it
#include "compilelogs.h"
#endif

#include <QApplication>
#include <QClipboard>
#include <QDir>
#include <QFileDialog>
#include <QImage>
#include <QImageReader>
#include <QInputDialog>
#include <QLineEdit>
#include <QMenu>
#include <QProcess>
#include <QSignalSpy>
#include <QStackedWidget>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTimer>
#include <QTreeView>
#include <QtTest>

#include <sys/stat.h>

using namespace Qt::StringLiterals;

namespace {

QString fixtureTree()
{
    return testutil::fixture(QStringLiteral("exportgui"));
}

QByteArray cliReport(const QString& format, const QString& path, const QString& baseline = {},
    const QString& profile = {}, const QString& language = {})
{
    QStringList arguments { QStringLiteral("report"), QStringLiteral("--format"), format };
    if (!language.isEmpty())
        arguments << QStringLiteral("--lang") << language;
    if (!baseline.isEmpty())
        arguments << QStringLiteral("--compare") << baseline;
    if (!profile.isEmpty())
        arguments << QStringLiteral("--profile") << profile;
    QProcess cli;
    cli.start(QStringLiteral(DVMLENS_CLI), arguments << path);
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

class TestExportActions : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_temp;
    std::unique_ptr<MainWindow> m_window;

    ExportActions& actions()
    {
        return *m_window->exportActions();
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_temp.isValid());
        // No user rules file: the GUI and the CLI (which inherits this) apply the built-in rules only.
        qputenv("XDG_CONFIG_HOME", m_temp.filePath(QStringLiteral("config")).toLocal8Bit());
        m_window = std::make_unique<MainWindow>();
        m_window->setQuiet(true);
        m_window->resize(1000, 700);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
        QSignalSpy finished(m_window.get(), &MainWindow::indexFinished);
        m_window->openPath(fixtureTree());
        QVERIFY(finished.wait(30000));
        QCOMPARE(finished.at(0).at(1).toString(), QString());
    }

    void cleanupTestCase()
    {
        m_window.reset();
    }

    void actionsInTheMenus()
    {
        QVERIFY(m_window->fileMenu()->actions().contains(actions().exportReportAction()));
        QVERIFY(actions().exportReportAction()->isEnabled());
        QVERIFY(actions().copySummaryAction()->isEnabled());
        QCOMPARE(actions().screenshotWindowAction()->text(), QStringLiteral("&Window…"));
    }

    void screenshotOfTheWindow_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QByteArray>("format");
        QTest::newRow("png") << QStringLiteral("window.png") << QByteArray("png");
        QTest::newRow("jpeg") << QStringLiteral("window.JPG") << QByteArray("jpeg");
    }

    void screenshotOfTheWindow()
    {
        QFETCH(QString, name);
        QFETCH(QByteArray, format);
        const QString file = m_temp.filePath(name);
        QCOMPARE(actions().exportScreenshot(file, ExportActions::ScreenshotTarget::Window), QString());
        QImageReader reader(file);
        QCOMPARE(reader.format(), format);
        const QImage image = reader.read();
        QCOMPARE(image.size(), m_window->size() * m_window->devicePixelRatio());
    }

    void screenshotOfTheFocusedDock()
    {
        DiagnosticsDock* dock = m_window->diagnosticsDock();
        dock->show();
        dock->raise();
        dock->view()->setFocus();
        QTRY_COMPARE(QApplication::focusWidget(), static_cast<QWidget*>(dock->view()));
        QCOMPARE(actions().currentView(), static_cast<QWidget*>(dock));
        const QString file = m_temp.filePath(QStringLiteral("dock.png"));
        QCOMPARE(actions().exportScreenshot(file, ExportActions::ScreenshotTarget::CurrentView), QString());
        QCOMPARE(QImage(file).size(), dock->size() * dock->devicePixelRatio());
        m_window->pages()->currentWidget()->setFocus();
    }

    void screenshotErrors()
    {
        const QString missingFolder = m_temp.filePath(QStringLiteral("no/such/folder/shot.png"));
        const QString error =
            actions().exportScreenshot(missingFolder, ExportActions::ScreenshotTarget::Window);
        QVERIFY2(error.startsWith(QStringLiteral("Cannot write %1: ").arg(missingFolder)), qPrintable(error));
        QVERIFY(error.size() > QStringLiteral("Cannot write %1: ").arg(missingFolder).size()); // the reason
        QVERIFY(!QFile::exists(missingFolder));
        QCOMPARE(QApplication::activeModalWidget(), nullptr);

        const QString bitmap = m_temp.filePath(QStringLiteral("shot.bmp"));
        QCOMPARE(saveImage(QImage(4, 4, QImage::Format_RGB32), bitmap),
            QStringLiteral("Cannot write %1: use a .png or .jpg file name.").arg(bitmap));
        QVERIFY(!QFile::exists(bitmap));
    }

    void reportEqualsTheCli_data()
    {
        QTest::addColumn<QString>("format");
        QTest::addColumn<QString>("name");
        QTest::newRow("md") << QStringLiteral("md") << QStringLiteral("report.md");
        QTest::newRow("json") << QStringLiteral("json") << QStringLiteral("report.json");
        QTest::newRow("html") << QStringLiteral("html") << QStringLiteral("report.HTML");
    }

    void reportEqualsTheCli()
    {
        QFETCH(QString, format);
        QFETCH(QString, name);
        const QString file = m_temp.filePath(name);
        QSignalSpy exported(&actions(), &ExportActions::reportExported);
        actions().exportReport(file);
        QVERIFY(actions().isExporting());
        QVERIFY(!actions().exportReportAction()->isEnabled()); // one export at a time
        QVERIFY(exported.wait(60000));
        QCOMPARE(exported.at(0).at(0).toString(), file);
        QCOMPARE(exported.at(0).at(1).toString(), QString());
        QVERIFY(actions().exportReportAction()->isEnabled());
        const QByteArray expected = cliReport(format, fixtureTree());
        QVERIFY(expected.contains("fallbackkernel-no-data"));
        QCOMPARE(readAll(file), expected);
    }

    // A folder of TORCH_TRACE logs: the CLI's Compile section, made of the document's compile side.
    // Export Report in the Chinese window offers the report's language set to Chinese, and writes what
    // `dvmlens-cli report --lang zh` writes (issue 29 #14: it wrote English); in English, English.
    void chineseWindowExportsAChineseReport_data()
    {
        QTest::addColumn<QString>("window");
        QTest::addColumn<QString>("language");
        QTest::newRow("zh_CN") << QStringLiteral("zh_CN") << QStringLiteral("zh");
        QTest::newRow("en") << QStringLiteral("en") << QStringLiteral("en");
    }

    void chineseWindowExportsAChineseReport()
    {
        QFETCH(QString, window);
        QFETCH(QString, language);
        QCOMPARE(installTranslations(window), window);
        const auto english = qScopeGuard([] { installTranslations(QStringLiteral("en")); });
        QCOMPARE(ExportActions::windowReportLanguage(),
            language == QLatin1String("zh") ? dvmlens::ReportLanguage::Chinese
                                            : dvmlens::ReportLanguage::English);

        // The two dialogs, answered as a user would: the language as offered, then the file.
        const QString file = m_temp.filePath(u"report-%1.md"_s.arg(window));
        QString offered;
        bool fileChosen = false;
        int saveTicks = 0;
        QTimer answer;
        connect(&answer, &QTimer::timeout, this, [&] {
            QWidget* modal = QApplication::activeModalWidget();
            if (auto* ask = qobject_cast<QInputDialog*>(modal)) {
                offered = ask->textValue();
                ask->accept();
            } else if (auto* save = qobject_cast<QFileDialog*>(modal)) {
                // Named again until the dialog has settled (it selects its suggested name as its
                // folder loads), then accepted.
                save->selectFile(file);
                if (auto* name = save->findChild<QLineEdit*>(u"fileNameEdit"_s))
                    name->setText(file); // Qt's own dialog's name field
                if (++saveTicks >= 4) {
                    static_cast<QDialog*>(save)->accept(); // QFileDialog::accept is protected
                    fileChosen = true;
                }
            }
        });
        answer.start(50);
        QSignalSpy exported(&actions(), &ExportActions::reportExported);
        actions().exportReportAction()->trigger();
        QVERIFY(fileChosen);
        QCOMPARE(offered, language == QLatin1String("zh") ? u"中文"_s : u"English"_s);
        QVERIFY(exported.wait(60000));
        QCOMPARE(exported.at(0).at(1).toString(), QString());
        QCOMPARE(exported.at(0).at(0).toString(), file);
        const QByteArray written = readAll(file);
        QCOMPARE(written, cliReport(QStringLiteral("md"), fixtureTree(), {}, {}, language));
        QVERIFY(
            written.startsWith(language == QLatin1String("zh") ? QStringLiteral("# DVM Lens 报告\n").toUtf8()
                                                               : QByteArray("# DVM Lens report\n")));
    }

    void reportHasTheCompileSectionOfTheCli()
    {
        QTemporaryDir logs;
        QVERIFY(testutil::writeBytes(
            QDir(logs.path()).filePath(QStringLiteral("dedicated_log_torch_trace_a.log")),
            testutil::breakLog() + testutil::outputCode(testutil::compileId(0, 0), "0_forward")
                + testutil::outputCode(testutil::compileId(1, 0), "1_forward")));
        QVERIFY(testutil::writeBytes(
            QDir(logs.path()).filePath(QStringLiteral("dedicated_log_torch_trace_b.log")),
            testutil::recompileLog()));
        MainWindow window;
        window.setQuiet(true);
        TreeDocument& document = *window.treeDocument();
        QSignalSpy opened(&window, &MainWindow::indexFinished);
        window.openPath(logs.path());
        QVERIFY(opened.wait(30000));
        QTRY_VERIFY_WITH_TIMEOUT(
            document.knownFailures() && document.modelSources() && document.compile(), 30000);
        const ReportSubject subject = window.exportActions()->subject();
        QCOMPARE(subject.compile, document.compile());

        for (const QString& format :
            { QStringLiteral("md"), QStringLiteral("json"), QStringLiteral("html") }) {
            const QString file = m_temp.filePath(QStringLiteral("compile.") + format);
            QSignalSpy exported(window.exportActions(), &ExportActions::reportExported);
            window.exportActions()->exportReport(file);
            QVERIFY(exported.wait(60000));
            QCOMPARE(exported.at(0).at(1).toString(), QString());
            const QByteArray expected = cliReport(format, logs.path());
            QVERIFY(!expected.isEmpty());
            if (format == QStringLiteral("md"))
                QVERIFY(expected.contains("Compile"));
            QCOMPARE(readAll(file), expected);
        }
    }

    void reportWithDeviceTimeEqualsTheCli()
    {
        // The sample's engaged run and its profile: the window's report is `report --profile`'s.
        const QString run = testutil::sampleTree(testutil::kSampleEngagedRun);
        const QString profile = testutil::fixture(QStringLiteral("profile/sample-run/kernel_details.csv"));
        MainWindow window;
        window.setQuiet(true);
        TreeDocument& document = *window.treeDocument();
        QSignalSpy opened(&window, &MainWindow::indexFinished);
        window.openPath(run);
        QVERIFY(opened.wait(30000));
        QSignalSpy joined(&document, &TreeDocument::profileJoined);
        document.loadProfile(profile);
        QVERIFY(joined.wait(30000));
        QCOMPARE(joined.at(0).at(1).toString(), QString());
        QTRY_VERIFY_WITH_TIMEOUT(
            document.knownFailures() && document.modelSources() && document.why(), 30000);

        // The report is made of what the document holds: nothing is searched, decided or summed again.
        const ReportSubject subject = window.exportActions()->subject();
        QCOMPARE(subject.index, document.index());
        QCOMPARE(subject.knownFailures, document.knownFailures());
        QCOMPARE(subject.modelSources, document.modelSources());
        QCOMPARE(subject.why, document.why());
        QCOMPARE(subject.profile, document.profileJoin());
        QVERIFY(subject.profile);

        for (const auto& [format, name] : { std::pair(QStringLiteral("md"), QStringLiteral("time.md")),
                 std::pair(QStringLiteral("json"), QStringLiteral("time.json")),
                 std::pair(QStringLiteral("html"), QStringLiteral("time.html")) }) {
            const QString file = m_temp.filePath(name);
            QSignalSpy exported(window.exportActions(), &ExportActions::reportExported);
            window.exportActions()->exportReport(file);
            QVERIFY(exported.wait(60000));
            QCOMPARE(exported.at(0).at(1).toString(), QString());
            const QByteArray expected = cliReport(format, run, {}, profile);
            QVERIFY(!expected.isEmpty());
            if (format == QLatin1String("md"))
                QVERIFY(expected.contains("## Where the time goes"));
            QCOMPARE(readAll(file), expected);
        }
    }

    void reportErrors()
    {
        const QString missingFolder = m_temp.filePath(QStringLiteral("no/such/folder/report.md"));
        QSignalSpy exported(&actions(), &ExportActions::reportExported);
        actions().exportReport(missingFolder);
        QVERIFY(exported.wait(60000));
        const QString error = exported.at(0).at(1).toString();
        QVERIFY2(error.startsWith(QStringLiteral("Cannot write %1: ").arg(missingFolder)), qPrintable(error));
        QVERIFY(!QFile::exists(missingFolder));
        QCOMPARE(QApplication::activeModalWidget(), nullptr);

        const QString text = m_temp.filePath(QStringLiteral("report.txt"));
        QCOMPARE(ExportActions::writeReport(actions().subject(), text),
            QStringLiteral("Cannot write %1: use a .md, .html or .json file name.").arg(text));
        QCOMPARE(ExportActions::writeReport({}, m_temp.filePath(QStringLiteral("r.md"))),
            QStringLiteral("Cannot write %1: no tree is open.").arg(m_temp.filePath(QStringLiteral("r.md"))));

        // The CLI's writer: a FIFO named like a report is refused and stays a FIFO.
        const QString fifo = m_temp.filePath(QStringLiteral("fifo.md"));
        QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0644), 0);
        QCOMPARE(ExportActions::writeReport(actions().subject(), fifo),
            QStringLiteral("Cannot write %1: it is a FIFO, not a regular file (nothing was written)")
                .arg(fifo));
        struct stat info
        {
        };
        QCOMPARE(::stat(QFile::encodeName(fifo).constData(), &info), 0);
        QVERIFY(S_ISFIFO(info.st_mode));
    }

    // Issue 30.9: Export Report and Export Screenshot never write through a symbolic link (an
    // untrusted tree's report.md -> /anywhere/file); a FIFO named as a picture is refused at once.
    void exportsNeverWriteThroughALink()
    {
        const QString victim = m_temp.filePath(QStringLiteral("victim.txt"));
        QFile file(victim);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("precious");
        file.close();
        const QString report = m_temp.filePath(QStringLiteral("linked.md"));
        const QString shot = m_temp.filePath(QStringLiteral("linked.png"));
        QVERIFY(QFile::link(victim, report));
        QVERIFY(QFile::link(victim, shot));
        const QString refused =
            QStringLiteral(": it is a symbolic link; refusing to write through it (nothing was written)");
        QCOMPARE(ExportActions::writeReport(actions().subject(), report),
            QStringLiteral("Cannot write %1").arg(report) + refused);
        QCOMPARE(actions().exportScreenshot(shot, ExportActions::ScreenshotTarget::Window),
            QStringLiteral("Cannot write %1").arg(shot) + refused);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.readAll(), QByteArray("precious"));
        QVERIFY(QFileInfo(report).isSymLink() && QFileInfo(shot).isSymLink());

        const QString fifo = m_temp.filePath(QStringLiteral("fifo.png"));
        QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0644), 0);
        QCOMPARE(saveImage(QImage(4, 4, QImage::Format_RGB32), fifo),
            QStringLiteral("Cannot write %1: it is a FIFO, not a regular file (nothing was written)")
                .arg(fifo));
    }

    void reportTakesTheDocumentsReasons()
    {
        // "Why it fell back" is summed from the reasons the subject holds, not decided again.
        const std::unique_ptr<whyfixture::Explained> fixture = whyfixture::explained(true);
        QVERIFY2(fixture->index, fixture->error.c_str());
        auto held = std::make_shared<TreeWhy>(*fixture->why);
        for (dvmlens::WhyReason& reason : held->why.graphs.at(0).at(0)->fallbacks)
            reason.title.en = "Reason the document holds";
        ReportSubject subject;
        subject.index = fixture->index;
        const QString file = m_temp.filePath(QStringLiteral("held-why.md"));
        QCOMPARE(ExportActions::writeReport(subject, file), QString());
        QVERIFY(readAll(file).contains("## Why it fell back"));
        QVERIFY(!readAll(file).contains("Reason the document holds"));
        subject.why = held;
        QCOMPARE(ExportActions::writeReport(subject, file), QString());
        QVERIFY(readAll(file).contains("Reason the document holds"));
    }

    void reportFormatBySuffix()
    {
        QCOMPARE(ExportActions::reportFormatForFile(QStringLiteral("a.markdown")),
            dvmlens::ReportFormat::Markdown);
        QCOMPARE(ExportActions::reportFormatForFile(QStringLiteral("a.htm")), dvmlens::ReportFormat::Html);
        QCOMPARE(ExportActions::reportFormatForFile(QStringLiteral("a.Json")), dvmlens::ReportFormat::Json);
        QVERIFY(!ExportActions::reportFormatForFile(QStringLiteral("a.pdf")));
    }

    void compareModeReportsBAgainstA()
    {
        MainWindow window;
        window.setQuiet(true);
        const QString before = testutil::fixture(QStringLiteral("compare/before"));
        const QString after = testutil::fixture(QStringLiteral("compare/after"));
        QSignalSpy compared(&window, &MainWindow::compareFinished);
        window.comparePaths(before, after);
        QVERIFY(compared.wait(60000));
        QCOMPARE(compared.at(0).at(0).toString(), QString());
        QCOMPARE(
            window.exportActions()->subject().baseline.get(), window.comparePage()->outcome()->indexA.get());
        const QString file = m_temp.filePath(QStringLiteral("compare.md"));
        QCOMPARE(ExportActions::writeReport(window.exportActions()->subject(), file), QString());
        const QByteArray expected = cliReport(QStringLiteral("md"), after, before);
        QVERIFY(expected.contains("Regressions"));
        QCOMPARE(readAll(file), expected);
    }

    void copySummary()
    {
        QApplication::clipboard()->clear();
        QSignalSpy copied(&actions(), &ExportActions::summaryCopied);
        actions().copySummaryAction()->trigger();
        QVERIFY(copied.wait(30000));
        std::string error;
        const std::optional<dvmlens::Index> index =
            dvmlens::buildIndex(testutil::fixturePath(QStringLiteral("exportgui")), {}, error);
        QVERIFY(index);
        const QString expected = QString::fromStdString(dvmlens::summaryMarkdown(*index));
        QVERIFY(expected.contains(QStringLiteral("DVM partly engaged (1 of 2 graphs)")));
        QVERIFY(expected.contains(QStringLiteral("'FallbackKernel' object has no attribute 'data'")));
        QCOMPARE(copied.at(0).at(0).toString(), expected);
        QCOMPARE(QApplication::clipboard()->text(), expected);
    }

    // Copy Summary as Markdown in the Chinese window gives the Chinese summary (issue 29 #14).
    void copySummaryInTheChineseWindow()
    {
        QCOMPARE(installTranslations(QStringLiteral("zh_CN")), QStringLiteral("zh_CN"));
        const auto english = qScopeGuard([] { installTranslations(QStringLiteral("en")); });
        QSignalSpy copied(&actions(), &ExportActions::summaryCopied);
        actions().copySummaryAction()->trigger();
        QVERIFY(copied.wait(30000));
        std::string error;
        const std::optional<dvmlens::Index> index =
            dvmlens::buildIndex(testutil::fixturePath(QStringLiteral("exportgui")), {}, error);
        QVERIFY(index);
        const QString expected =
            QString::fromStdString(dvmlens::summaryMarkdown(*index, dvmlens::ReportLanguage::Chinese));
        QVERIFY(expected.startsWith(QStringLiteral("**DVM Lens：** DVM 部分生效（1 / 2 个图）")));
        QVERIFY(expected.contains(QStringLiteral("\n- 内核：")));
        QVERIFY(!expected.contains(QStringLiteral("Kernels")));
        QCOMPARE(copied.at(0).at(0).toString(), expected);
        QCOMPARE(QApplication::clipboard()->text(), expected);
    }
};

QTEST_MAIN(TestExportActions)
#include "tst_exportactions.moc"
