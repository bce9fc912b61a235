// SPDX-License-Identifier: MIT
// dvmlens command-line parsing: every option, its defaults and each kind of bad input; --help in the
// language --lang (or the saved setting) asks for, from the built binary.
#include "shell/commandline.h"

#include <QProcess>
#include <QRegularExpression>
#include <QtTest>

namespace {

struct HelpRun
{
    int exitCode = -1;
    QString out;
};

// Runs the built dvmlens with its own settings folder (the saved language is `savedLanguage`, none
// when empty) so neither the user's settings nor other tests leak in.
HelpRun runGui(const QStringList& arguments, const QString& savedLanguage = {})
{
    HelpRun run;
    QTemporaryDir config;
    if (!config.isValid())
        return run;
    if (!savedLanguage.isEmpty()) {
        QDir(config.path()).mkpath(QStringLiteral("dvmlens"));
        QFile settings(config.filePath(QStringLiteral("dvmlens/dvmlens.conf")));
        if (!settings.open(QIODevice::WriteOnly))
            return run;
        settings.write("[ui]\nlanguage=" + savedLanguage.toUtf8() + "\n");
    }
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    environment.insert(QStringLiteral("XDG_CONFIG_HOME"), config.path());
    environment.insert(QStringLiteral("LC_ALL"), QStringLiteral("C.UTF-8"));
    environment.remove(QStringLiteral("LANGUAGE"));
    QProcess process;
    process.setProcessEnvironment(environment);
    process.start(QStringLiteral(DVMLENS_GUI), arguments);
    if (!process.waitForFinished(60000)) {
        process.kill();
        process.waitForFinished();
        return run;
    }
    run.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    run.out = QString::fromUtf8(process.readAllStandardOutput());
    return run;
}

bool hasHan(const QString& text)
{
    static const QRegularExpression han(QStringLiteral("\\p{Han}"));
    return han.match(text).hasMatch();
}

const auto kEnglishDescription = QStringLiteral(
    "Inspect PyTorch torch.compile debug trees and see whether Ascend DVM kernels were generated.");
const auto kChineseDescription =
    QStringLiteral("检查 PyTorch torch.compile 调试目录，查看是否生成了昇腾 DVM 内核。");

} // namespace

class TestCommandLine : public QObject
{
    Q_OBJECT

private:
    static CommandLineResult parse(QStringList arguments)
    {
        arguments.prepend(QStringLiteral("dvmlens"));
        return parseCommandLine(arguments);
    }

private Q_SLOTS:
    void defaults()
    {
        const CommandLineResult result = parse({});
        QVERIFY(result.options);
        QVERIFY(result.error.isEmpty());
        QCOMPARE(result.options->path, QString());
        QCOMPARE(result.options->screenshotFile, QString());
        QCOMPARE(result.options->view, QStringLiteral("browse"));
        QCOMPARE(result.options->size, QSize(1400, 900));
        QVERIFY(!result.options->theme);
    }

    void everyOption()
    {
        const CommandLineResult result =
            parse({ "--screenshot", "/tmp/a.png", "--select", "run_x/g.0/k", "--view", "diagnostics",
                "--size", "800x600", "--theme", "dark", "--lang", "zh_CN", "/data/tree" });
        QVERIFY2(result.options, qPrintable(result.error));
        QCOMPARE(result.options->path, QStringLiteral("/data/tree"));
        QCOMPARE(result.options->screenshotFile, QStringLiteral("/tmp/a.png"));
        QCOMPARE(result.options->select, QStringLiteral("run_x/g.0/k"));
        QCOMPARE(result.options->view, QStringLiteral("diagnostics"));
        QCOMPARE(result.options->size, QSize(800, 600));
        QCOMPARE(*result.options->theme, QStringLiteral("dark"));
    }

    void requestedLanguage_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("expected"); // "-" for none
        QTest::newRow("absent") << QStringList { "/data/tree" } << "-";
        QTest::newRow("separate value") << QStringList { "--lang", "zh_CN", "--help" } << "zh_CN";
        QTest::newRow("joined value") << QStringList { "--help", "--lang=zh_CN" } << "zh_CN";
        QTest::newRow("english") << QStringList { "--lang", "en" } << "en";
        QTest::newRow("unknown keeps English") << QStringList { "--lang", "fr", "--help" } << "en";
        QTest::newRow("unknown joined") << QStringList { "--lang=zh_TW" } << "en";
        QTest::newRow("last wins") << QStringList { "--lang", "en", "--lang=zh_CN" } << "zh_CN";
        QTest::newRow("missing value") << QStringList { "--help", "--lang" } << "-";
        QTest::newRow("value is not an option") << QStringList { "--screenshot", "--lang" } << "-";
        QTest::newRow("after --") << QStringList { "--", "--lang", "zh_CN" } << "-";
        QTest::newRow("other option") << QStringList { "--language", "zh_CN" } << "-";
    }

    void requestedLanguage()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, expected);
        arguments.prepend(QStringLiteral("dvmlens"));
        const std::optional<QString> language = ::requestedLanguage(arguments);
        QCOMPARE(language.value_or(QStringLiteral("-")), expected);
    }

    void helpLanguage_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("saved");
        QTest::addColumn<bool>("chinese");
        QTest::newRow("--lang zh_CN --help") << QStringList { "--lang", "zh_CN", "--help" } << "" << true;
        QTest::newRow("-h --lang=zh_CN") << QStringList { "-h", "--lang=zh_CN" } << "" << true;
        QTest::newRow("--lang en --help") << QStringList { "--lang", "en", "--help" } << "" << false;
        QTest::newRow("unknown language") << QStringList { "--lang", "fr", "--help" } << "" << false;
        QTest::newRow("saved zh_CN") << QStringList { "--help" } << "zh_CN" << true;
        QTest::newRow("--lang en over saved zh_CN") << QStringList { "--lang=en", "-h" } << "zh_CN" << false;
        QTest::newRow("nothing saved") << QStringList { "--help" } << "" << false;
    }

    void helpLanguage()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, saved);
        QFETCH(bool, chinese);
        if (QStringLiteral(DVMLENS_GUI).isEmpty())
            QSKIP("the dvmlens GUI is not built");
        const HelpRun run = runGui(arguments, saved);
        QCOMPARE(run.exitCode, 0);
        if (chinese) {
            QVERIFY2(run.out.contains(kChineseDescription), qPrintable(run.out));
            // The parser's own words and the option descriptions too, not only the description.
            QVERIFY2(run.out.startsWith(
                         QStringLiteral("用法：%1 [选项] [PATH]\n").arg(QStringLiteral(DVMLENS_GUI))),
                qPrintable(run.out));
            QVERIFY2(run.out.contains(QStringLiteral("界面语言：en 或 zh_CN。")), qPrintable(run.out));
            QVERIFY2(run.out.contains(QStringLiteral("显示命令行选项的帮助。")), qPrintable(run.out));
            QVERIFY2(!run.out.contains(QStringLiteral("Options:")), qPrintable(run.out));
        } else {
            QVERIFY2(run.out.startsWith(
                         QStringLiteral("Usage: %1 [options] [PATH]\n").arg(QStringLiteral(DVMLENS_GUI))),
                qPrintable(run.out));
            QVERIFY2(run.out.contains(kEnglishDescription), qPrintable(run.out));
            QVERIFY2(run.out.contains(QStringLiteral("User-interface language: en or zh_CN.")),
                qPrintable(run.out));
            QVERIFY2(!hasHan(run.out), qPrintable(run.out));
        }
    }

    void badInput_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("errorContains");
        QTest::newRow("size") << QStringList { "--size", "big" } << "--size";
        QTest::newRow("size without height") << QStringList { "--size", "800x" } << "--size";
        QTest::newRow("view") << QStringList { "--view", "flames" } << "flames";
        QTest::newRow("theme") << QStringList { "--theme", "pink" } << "pink";
        QTest::newRow("language") << QStringList { "--lang", "fr" } << "fr";
        QTest::newRow("two paths") << QStringList { "a", "b" } << "one path";
        QTest::newRow("unknown option") << QStringList { "--frobnicate" } << "frobnicate";
        QTest::newRow("missing value") << QStringList { "--screenshot" } << "screenshot";
    }

    void badInput()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, errorContains);
        const CommandLineResult result = parse(arguments);
        QVERIFY(!result.options);
        QVERIFY2(result.error.contains(errorContains), qPrintable(result.error));
    }
};

QTEST_MAIN(TestCommandLine)
#include "tst_commandline.moc"
