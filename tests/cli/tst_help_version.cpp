// SPDX-License-Identifier: MIT
// `--help` and `--version` of both programs: exit code 0, the version, and the documented options. The GUI
// runs on the offscreen platform (set by CTest), so no display is needed.
#include "testutil.h"

#include <QRegularExpression>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {

using Result = testutil::CliResult;

Result run(const QString& program, const QStringList& arguments)
{
    testutil::RunOptions options;
    options.timeoutMs = 30000;
    return testutil::runProgram(program, arguments, options);
}

const QString kCli = QStringLiteral(DVMLENS_CLI);
const QString kGui = QStringLiteral(DVMLENS_GUI);

// The subcommand names listed under "commands:" in `dvmlens-cli --help`.
QStringList listedCommands(const QString& help)
{
    QStringList names;
    const QString section =
        help.section(QStringLiteral("\ncommands:\n"), 1).section(QStringLiteral("\n\n"), 0, 0);
    static const QRegularExpression entry(
        QStringLiteral("^  ([a-z][a-z-]*)\\b"), QRegularExpression::MultilineOption);
    for (auto it = entry.globalMatch(section); it.hasNext();)
        names << it.next().captured(1);
    return names;
}

} // namespace

class TestHelpVersion : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cliVersion_data();
    void cliVersion();
    void cliHelp_data();
    void cliHelp();
    void cliHelpOfEveryCommand();
    void cliHelpListsTheOptions_data();
    void cliHelpListsTheOptions();
    void cliWithoutArgumentsIsUsageError();
    void cliUnknownCommandIsUsageError();
    void guiVersion_data();
    void guiVersion();
    void guiHelp_data();
    void guiHelp();
};

void TestHelpVersion::cliVersion_data()
{
    QTest::addColumn<QString>("option");
    QTest::newRow("long") << QStringLiteral("--version");
    QTest::newRow("short") << QStringLiteral("-V");
}

void TestHelpVersion::cliVersion()
{
    QFETCH(QString, option);
    const Result result = run(kCli, { option });
    QCOMPARE(result.exitCode, 0);
    QVERIFY2(QRegularExpression(QStringLiteral("^dvmlens-cli 0\\.1\\.0 \\(Qt 6\\.\\d+\\.\\d+\\)\n$"))
                 .match(result.out)
                 .hasMatch(),
        qPrintable(result.out));
    QCOMPARE(result.err, QString());
}

void TestHelpVersion::cliHelp_data()
{
    QTest::addColumn<QString>("option");
    QTest::newRow("long") << QStringLiteral("--help");
    QTest::newRow("short") << QStringLiteral("-h");
    QTest::newRow("word") << QStringLiteral("help");
}

void TestHelpVersion::cliHelp()
{
    QFETCH(QString, option);
    const Result result = run(kCli, { option });
    QCOMPARE(result.exitCode, 0);
    QVERIFY2(result.out.startsWith(QLatin1String("DVM Lens 0.1.0 - ")), qPrintable(result.out));
    for (const char* documented :
        { "usage: dvmlens-cli <command> [options] PATH", "\ncommands:\n", "\noptions:\n", "-h, --help",
            "-V, --version", "exit codes: 0 ok; 1 the check or gate failed; 2 bad usage" })
        QVERIFY2(result.out.contains(QLatin1String(documented)), documented);
}

void TestHelpVersion::cliHelpOfEveryCommand()
{
    const QStringList commands = listedCommands(run(kCli, { u"--help"_s }).out);
    if (commands.isEmpty())
        QSKIP("dvmlens-cli has no subcommands yet");
    for (const QString& command : commands) {
        const Result result = run(kCli, { command, QStringLiteral("--help") });
        QVERIFY2(result.exitCode == 0, qPrintable(command));
        QVERIFY2(result.out.startsWith(QStringLiteral("usage: dvmlens-cli %1").arg(command)),
            qPrintable(result.out));
    }
}

void TestHelpVersion::cliHelpListsTheOptions_data()
{
    QTest::addColumn<QString>("command");
    QTest::addColumn<QStringList>("options");
    QTest::newRow("scan") << u"scan"_s
                          << QStringList { u"\n  -h, --help "_s, u"\n  --json "_s, u"\n  --jobs N "_s,
                                 u"\n  --rules FILE "_s, u"\n  --profile PROFILE "_s };
    QTest::newRow("check") << u"check"_s
                           << QStringList { u"\n  --ranks "_s, u"\n  --jobs N "_s, u"\n  --no-recompiles "_s,
                                  u"\n  --max-breaks N "_s };
    QTest::newRow("compile") << u"compile"_s
                             << QStringList { u"\n  --json "_s, u"\n  --against A "_s,
                                    u"\n  --no-recompiles "_s, u"\n  --max-breaks N "_s };
    QTest::newRow("report") << u"report"_s
                            << QStringList { u"\n  --format md|html|json "_s, u"\n  -o, --output FILE "_s };
    QTest::newRow("why") << u"why"_s << QStringList { u"\n  --json "_s, u"\n  --why-rules FILE "_s };
    QTest::newRow("doctor") << u"doctor"_s
                            << QStringList { u"\n  --json "_s, u"\n  --tree TREE "_s,
                                   u"\n  --write-smoke DIR "_s };
}

// `<command> --help` lists the options the command reads (one declaration serves both).
void TestHelpVersion::cliHelpListsTheOptions()
{
    QFETCH(QString, command);
    QFETCH(QStringList, options);
    const Result result = run(kCli, { command, u"--help"_s });
    QCOMPARE(result.exitCode, 0);
    QVERIFY2(result.out.contains(u"\n\noptions:\n"_s), qPrintable(result.out));
    for (const QString& option : options)
        QVERIFY2(result.out.contains(option), qPrintable(option + u" in:\n"_s + result.out));
    // check has no --json: its help does not offer it.
    if (command == u"check"_s)
        QVERIFY(!result.out.contains(u"--json"_s));
}

void TestHelpVersion::cliWithoutArgumentsIsUsageError()
{
    const Result result = run(kCli, {});
    QCOMPARE(result.exitCode, 2);
    QCOMPARE(result.out, QString());
    QVERIFY2(result.err.contains(QLatin1String("usage: dvmlens-cli <command>")), qPrintable(result.err));
}

void TestHelpVersion::cliUnknownCommandIsUsageError()
{
    const Result result = run(kCli, { u"frobnicate"_s });
    QCOMPARE(result.exitCode, 2);
    QCOMPARE(
        result.err, QStringLiteral("dvmlens-cli: unknown command 'frobnicate' (see dvmlens-cli --help)\n"));
}

void TestHelpVersion::guiVersion_data()
{
    QTest::addColumn<QString>("option");
    QTest::newRow("long") << QStringLiteral("--version");
    QTest::newRow("short") << QStringLiteral("-v");
}

void TestHelpVersion::guiVersion()
{
    if (kGui.isEmpty())
        QSKIP("Built without the GUI (DVMLENS_BUILD_GUI=OFF)");
    QFETCH(QString, option);
    const Result result = run(kGui, { option });
    QCOMPARE(result.exitCode, 0);
    QVERIFY2(
        QRegularExpression(QStringLiteral("^(dvmlens|DVM Lens) 0\\.1\\.0\n$")).match(result.out).hasMatch(),
        qPrintable(result.out + result.err));
}

void TestHelpVersion::guiHelp_data()
{
    QTest::addColumn<QString>("option");
    QTest::newRow("long") << QStringLiteral("--help");
    QTest::newRow("short") << QStringLiteral("-h");
}

void TestHelpVersion::guiHelp()
{
    if (kGui.isEmpty())
        QSKIP("Built without the GUI (DVMLENS_BUILD_GUI=OFF)");
    QFETCH(QString, option);
    const Result result = run(kGui, { option });
    QCOMPARE(result.exitCode, 0);
    QVERIFY2(result.out.startsWith(QLatin1String("Usage: ")), qPrintable(result.out + result.err));
    for (const char* documented : { "[PATH]", "-h, --help", "-v, --version", "--lang <language>",
             "--screenshot <file>", "--select <graph>", "--view <view>", "--size <WxH>", "--theme <theme>" })
        QVERIFY2(result.out.contains(QLatin1String(documented)), documented);
}

QTEST_GUILESS_MAIN(TestHelpVersion)
#include "tst_help_version.moc"
