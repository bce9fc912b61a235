// SPDX-License-Identifier: MIT
// File ▸ Check Environment… on a fake Python environment (a torch_npu release without DVM, ir.py
// without the FallbackKernel fix) with the sample tree open: the dialog checks off the GUI thread and
// its table shows exactly the items of `dvmlens-cli doctor --tree TREE ENV` (rows, statuses, words),
// Copy as Text copies the CLI's text, the environment is remembered, a folder without site-packages
// says so, the window's language is used, and the exported report is `dvmlens-cli report --env ENV TREE`,
// checklist included.
#include "fakepythonenv.h"
#include "gui/doctor/checkenvironmentdialog.h"
#include "gui/doctor/checklistmodel.h"
#include "gui/document/treedocument.h"
#include "gui/export/exportactions.h"
#include "gui/shell/mainwindow.h"
#include "gui/shell/translations.h"
#include "testutil.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

namespace {

QByteArray readAll(const QString& file)
{
    QFile in(file);
    return in.open(QIODevice::ReadOnly) ? in.readAll() : QByteArray();
}

QString cell(const QAbstractItemModel& model, int row, int column, int role = Qt::DisplayRole)
{
    return model.data(model.index(row, column), role).toString();
}

} // namespace

class TestCheckEnvironment : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_temp;
    QString m_env; // the fake prefix
    std::unique_ptr<MainWindow> m_window;

    // Clicks Check and waits (30 s) for the document's checklist.
    bool checkAndWait(CheckEnvironmentDialog& dialog, const QString& path)
    {
        QSignalSpy changed(m_window->treeDocument(), &TreeDocument::checklistChanged);
        dialog.pathEdit()->setText(path);
        QTest::mouseClick(dialog.checkButton(), Qt::LeftButton);
        return changed.wait(30000);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_temp.isValid());
        qputenv("XDG_CONFIG_HOME", m_temp.filePath(QStringLiteral("config")).toLocal8Bit());
        // As the CLI run beside it: no PYTHONPATH, no backend in the shell (the tree records dvm).
        qunsetenv("PYTHONPATH");
        qunsetenv("TORCHINDUCTOR_NPU_BACKEND");
        QSettings().remove(QLatin1String(CheckEnvironmentDialog::kEnvironmentSetting));
        fakepythonenv::FakeEnv env;
        env.torchVersion = QStringLiteral("2.11.0+cpu");
        env.npuVersion = QStringLiteral("2.11.0");
        env.dvm = false; // a release without DVM
        env.ir = fakepythonenv::kIrPy; // without the FallbackKernel fix
        fakepythonenv::makeSite(fakepythonenv::sitePackages(m_temp.path()), env);
        m_env = m_temp.filePath(QStringLiteral("prefix"));

        m_window = std::make_unique<MainWindow>();
        m_window->setQuiet(true);
        QSignalSpy finished(m_window.get(), &MainWindow::indexFinished);
        m_window->openPath(testutil::sampleTree());
        QVERIFY(finished.wait(30000));
        QCOMPARE(finished.at(0).at(1).toString(), QString());
    }

    void cleanupTestCase()
    {
        m_window.reset();
    }

    void menuOpensTheDialog()
    {
        QAction* action = m_window->fileMenu()->findChild<QAction*>(QStringLiteral("CheckEnvironmentAction"));
        QVERIFY(action);
        QVERIFY(m_window->fileMenu()->actions().contains(action));
        QCOMPARE(action->text(), QStringLiteral("Check &Environment…"));
        CheckEnvironmentDialog* dialog = m_window->checkEnvironmentDialog();
        QCOMPARE(m_window->checkEnvironmentDialog(), dialog); // one, kept
        QCOMPARE(dialog->pathEdit()->text(), QString()); // nothing remembered yet
        QVERIFY(!dialog->checkButton()->isEnabled());
        QVERIFY(!dialog->copyButton()->isEnabled());
        QCOMPARE(
            dialog->summaryLabel()->text(), QStringLiteral("Choose a Python environment and press Check."));
        QCOMPARE(dialog->table()->accessibleName(), QStringLiteral("Environment checklist"));
        QVERIFY(!dialog->table()->accessibleDescription().isEmpty());
        QCOMPARE(dialog->summaryLabel()->accessibleName(), QStringLiteral("Checklist summary"));
    }

    void checkShowsTheChecklistOfTheCli()
    {
        CheckEnvironmentDialog* dialog = m_window->checkEnvironmentDialog();
        QAbstractItemModelTester tester(
            dialog->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(checkAndWait(*dialog, m_env));
        QCOMPARE(dialog->table()->model(), dialog->model());
        const ChecklistModel& model = *dialog->model();
        const QStringList expected = {
            QStringLiteral("1|versions|pass"),
            QStringLiteral("2|dvm-release|fail"),
            QStringLiteral("3|imported-torch-npu|pass"),
            QStringLiteral("4|dvm-installed|fail"),
            QStringLiteral("5|ir-fallbackkernel-fix|fail"),
            QStringLiteral("6|backend-requested|pass"),
            QStringLiteral("7|smoke-static|unknown"),
            QStringLiteral("8|smoke-dynamic|unknown"),
            QStringLiteral("9|dvm-in-code|pass"),
        };
        QStringList rows;
        for (int row = 0; row < model.rowCount(); ++row)
            rows << cell(model, row, ChecklistModel::ItemColumn) + u'|'
                    + cell(model, row, ChecklistModel::ItemColumn, ChecklistModel::IdRole) + u'|'
                    + cell(model, row, ChecklistModel::StatusColumn);
        QCOMPARE(rows, expected);
        QCOMPARE(dialog->summaryLabel()->text(), QStringLiteral("4 pass, 3 fail, 2 unknown"));
        QCOMPARE(
            dialog->summaryLabel()->accessibleDescription(), QStringLiteral("4 pass, 3 fail, 2 unknown"));
        // The status is an icon and a word.
        QVERIFY(!model.data(model.index(1, ChecklistModel::StatusColumn), Qt::DecorationRole).isNull());
        QVERIFY(model.data(model.index(1, ChecklistModel::TitleColumn), Qt::DecorationRole).isNull());
        QVERIFY(dialog->checkButton()->isEnabled());
        QVERIFY(dialog->copyButton()->isEnabled());

        // Title, evidence and fix are the CLI's, item by item; a passing item shows no fix.
        const testutil::CliResult cli = testutil::runCli({ QStringLiteral("doctor"), QStringLiteral("--json"),
            QStringLiteral("--tree"), testutil::sampleTree(), m_env });
        QCOMPARE(cli.exitCode, 1);
        const auto json = nlohmann::json::parse(cli.out.toStdString());
        QCOMPARE(int(json["items"].size()), model.rowCount());
        for (int row = 0; row < model.rowCount(); ++row) {
            const auto& item = json["items"][std::size_t(row)];
            QCOMPARE(cell(model, row, ChecklistModel::TitleColumn),
                QString::fromStdString(item["title"]["en"].get<std::string>()));
            QCOMPARE(cell(model, row, ChecklistModel::EvidenceColumn),
                QString::fromStdString(item["evidence"].get<std::string>()));
            const bool pass = item["status"] == "pass";
            QCOMPARE(cell(model, row, ChecklistModel::FixColumn).isEmpty(), pass);
            if (!pass)
                QVERIFY(cell(model, row, ChecklistModel::FixColumn)
                            .startsWith(QString::fromStdString(item["fix"]["en"].get<std::string>())));
        }
        // The ir.py fix comes with its diff.
        QVERIFY(cell(model, 4, ChecklistModel::FixColumn).contains(QStringLiteral("+++ b/torch_npu/")));
        QVERIFY(cell(model, 4, ChecklistModel::FixColumn).contains(QStringLiteral("ir.FallbackKernel)):")));

        // Copy as Text: what `dvmlens-cli doctor --tree TREE ENV` prints.
        QApplication::clipboard()->clear();
        QTest::mouseClick(dialog->copyButton(), Qt::LeftButton);
        const testutil::CliResult text = testutil::runCli(
            { QStringLiteral("doctor"), QStringLiteral("--tree"), testutil::sampleTree(), m_env });
        QVERIFY(text.out.startsWith(QStringLiteral("DVM field guide checklist for ")));
        QCOMPARE(QApplication::clipboard()->text(), text.out);
    }

    void environmentIsRemembered()
    {
        QCOMPARE(
            QSettings().value(QLatin1String(CheckEnvironmentDialog::kEnvironmentSetting)).toString(), m_env);
        TreeDocument document; // another window: nothing checked there yet
        CheckEnvironmentDialog dialog(document);
        QCOMPARE(dialog.pathEdit()->text(), m_env);
        QVERIFY(dialog.checkButton()->isEnabled());
        QCOMPARE(dialog.model()->rowCount(), 0);
    }

    // Markdown, HTML and JSON: the window's report is `report --env ENV TREE`'s, byte for byte.
    void reportIncludesTheChecklist()
    {
        const ReportSubject subject = m_window->exportActions()->subject();
        QVERIFY(subject.checklist);
        for (const QString& format :
            { QStringLiteral("md"), QStringLiteral("html"), QStringLiteral("json") }) {
            const QString file = m_temp.filePath(QStringLiteral("report.") + format);
            QCOMPARE(ExportActions::writeReport(subject, file), QString());
            const testutil::CliResult cli = testutil::runCli({ QStringLiteral("report"),
                QStringLiteral("--format"), format, QStringLiteral("--env"), m_env, testutil::sampleTree() });
            QCOMPARE(cli.exitCode, 0);
            QCOMPARE(QString::fromUtf8(readAll(file)), cli.out);
        }
        QVERIFY(readAll(m_temp.filePath(QStringLiteral("report.md")))
                    .contains("\n## Environment checklist\n\n| # | Item | Status |"));
        QVERIFY(readAll(m_temp.filePath(QStringLiteral("report.html")))
                    .contains("<h2>Environment checklist</h2>"));
        const auto json =
            nlohmann::json::parse(readAll(m_temp.filePath(QStringLiteral("report.json"))).toStdString());
        QCOMPARE(json["checklist"].size(), std::size_t(9));
        QCOMPARE(json["checklist"][4]["status"].get<std::string>(), std::string("fail"));
    }

    // Titles and fixes in the window's language (core's zh texts), status words and summary translated.
    void inTheWindowsLanguage()
    {
        CheckEnvironmentDialog* dialog = m_window->checkEnvironmentDialog();
        const ChecklistModel& model = *dialog->model();
        const dvmlens::CheckItem& release = m_window->treeDocument()->checklist()->items.at(1);
        QCOMPARE(installTranslations(QStringLiteral("zh_CN")), QStringLiteral("zh_CN"));
        QCoreApplication::sendPostedEvents();
        QCOMPARE(dialog->summaryLabel()->text(), QStringLiteral("4 项通过，3 项失败，2 项未知"));
        QCOMPARE(dialog->windowTitle(), QStringLiteral("检查环境"));
        QCOMPARE(model.headerData(ChecklistModel::StatusColumn, Qt::Horizontal).toString(),
            QStringLiteral("状态"));
        QCOMPARE(cell(model, 1, ChecklistModel::StatusColumn), QStringLiteral("失败"));
        QVERIFY(!release.title.zh.empty());
        QCOMPARE(cell(model, 1, ChecklistModel::TitleColumn), QString::fromStdString(release.title.zh));
        QCOMPARE(cell(model, 1, ChecklistModel::FixColumn), QString::fromStdString(release.fix.zh));

        QCOMPARE(installTranslations(QStringLiteral("en")), QStringLiteral("en"));
        QCoreApplication::sendPostedEvents();
        QCOMPARE(dialog->summaryLabel()->text(), QStringLiteral("4 pass, 3 fail, 2 unknown"));
        QCOMPARE(cell(model, 1, ChecklistModel::TitleColumn), QString::fromStdString(release.title.en));
    }

    void folderWithoutSitePackages()
    {
        CheckEnvironmentDialog* dialog = m_window->checkEnvironmentDialog();
        const QString missing = m_temp.filePath(QStringLiteral("nothing-here"));
        QVERIFY(checkAndWait(*dialog, missing));
        QCOMPARE(dialog->model()->rowCount(), 0);
        QCOMPARE(dialog->summaryLabel()->text(),
            QStringLiteral("Nothing to check: %1: no such folder").arg(missing));
        QVERIFY(!dialog->copyButton()->isEnabled());
        // No checklist, no section.
        QVERIFY(!m_window->exportActions()->subject().checklist);
    }
};

QTEST_MAIN(TestCheckEnvironment)
#include "tst_checkenvironment.moc"
