// SPDX-License-Identifier: MIT
// dvmlens command-line parsing: every option, its defaults and each kind of bad input.
#include "commandline.h"

#include <QtTest>

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
        QVERIFY(!result.options->language);
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
        QCOMPARE(*result.options->language, QStringLiteral("zh_CN"));
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
