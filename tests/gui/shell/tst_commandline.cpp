// SPDX-License-Identifier: MIT
// dvmlens command-line parsing: every option, its defaults and each kind of bad input; --help in the
// language --lang (or the saved setting) asks for, from the built binary.
#include "gui/shell/commandline.h"

#include <QProcess>
#include <QRegularExpression>
#include <QtTest>

using namespace Qt::StringLiterals;

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
        const CommandLineResult result = parse({ u"--screenshot"_s, u"/tmp/a.png"_s, u"--select"_s,
            u"run_x/g.0/k"_s, u"--view"_s, u"diagnostics"_s, u"--size"_s, u"800x600"_s, u"--theme"_s,
            u"dark"_s, u"--lang"_s, u"zh_CN"_s, u"/data/tree"_s });
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
        QTest::newRow("absent") << QStringList { u"/data/tree"_s } << u"-"_s;
        QTest::newRow("separate value") << QStringList { u"--lang"_s, u"zh_CN"_s, u"--help"_s } << u"zh_CN"_s;
        QTest::newRow("joined value") << QStringList { u"--help"_s, u"--lang=zh_CN"_s } << u"zh_CN"_s;
        QTest::newRow("english") << QStringList { u"--lang"_s, u"en"_s } << u"en"_s;
        QTest::newRow("unknown keeps English")
            << QStringList { u"--lang"_s, u"fr"_s, u"--help"_s } << u"en"_s;
        QTest::newRow("unknown joined") << QStringList { u"--lang=zh_TW"_s } << u"en"_s;
        QTest::newRow("last wins") << QStringList { u"--lang"_s, u"en"_s, u"--lang=zh_CN"_s } << u"zh_CN"_s;
        QTest::newRow("missing value") << QStringList { u"--help"_s, u"--lang"_s } << u"-"_s;
        QTest::newRow("value is not an option") << QStringList { u"--screenshot"_s, u"--lang"_s } << u"-"_s;
        QTest::newRow("after --") << QStringList { u"--"_s, u"--lang"_s, u"zh_CN"_s } << u"-"_s;
        QTest::newRow("other option") << QStringList { u"--language"_s, u"zh_CN"_s } << u"-"_s;
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
        QTest::newRow("--lang zh_CN --help")
            << QStringList { u"--lang"_s, u"zh_CN"_s, u"--help"_s } << u""_s << true;
        QTest::newRow("-h --lang=zh_CN") << QStringList { u"-h"_s, u"--lang=zh_CN"_s } << u""_s << true;
        QTest::newRow("--lang en --help")
            << QStringList { u"--lang"_s, u"en"_s, u"--help"_s } << u""_s << false;
        QTest::newRow("unknown language")
            << QStringList { u"--lang"_s, u"fr"_s, u"--help"_s } << u""_s << false;
        QTest::newRow("saved zh_CN") << QStringList { u"--help"_s } << u"zh_CN"_s << true;
        QTest::newRow("--lang en over saved zh_CN")
            << QStringList { u"--lang=en"_s, u"-h"_s } << u"zh_CN"_s << false;
        QTest::newRow("nothing saved") << QStringList { u"--help"_s } << u""_s << false;
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
        QTest::newRow("size") << QStringList { u"--size"_s, u"big"_s } << u"--size"_s;
        QTest::newRow("size without height") << QStringList { u"--size"_s, u"800x"_s } << u"--size"_s;
        QTest::newRow("view") << QStringList { u"--view"_s, u"flames"_s } << u"flames"_s;
        QTest::newRow("theme") << QStringList { u"--theme"_s, u"pink"_s } << u"pink"_s;
        QTest::newRow("language") << QStringList { u"--lang"_s, u"fr"_s } << u"fr"_s;
        QTest::newRow("two paths") << QStringList { u"a"_s, u"b"_s } << u"one path"_s;
        QTest::newRow("unknown option") << QStringList { u"--frobnicate"_s } << u"frobnicate"_s;
        QTest::newRow("missing value") << QStringList { u"--screenshot"_s } << u"screenshot"_s;
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
