// SPDX-License-Identifier: MIT
// Names from the tree cannot drive the terminal or inject into a rendered report (issue 16, item 5):
// a graph folder named with ESC sequences, a BEL, a newline, backticks and HTML is printed by
// `scan`, `check` and `compare` with \x1b-style escapes, and the Markdown report shows it as text
// (entities, escaped backticks, code spans fenced longer than any backtick run).
#include "testutil.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

namespace {

const QString kRun = QStringLiteral("run_2026_07_20_10_15_30_123456-pid_4242");
// ESC [31m, an OSC title with BEL, a newline forging a line, HTML and two backticks.
const QByteArray kHostile =
    "g\x1b[31mred\x1b]0;pwned\x07\nFORGED <img src=x onerror=alert(1)> ``x`` [a](javascript:b)";

// The output as bytes: a control byte that reached it must be seen as it is.
struct Result
{
    int exitCode = -1;
    QByteArray out;
};

void copyFile(const QString& from, const QString& to)
{
    QDir().mkpath(QFileInfo(to).path());
    if (!QFile::copy(from, to))
        qFatal("cannot copy %s", qPrintable(from));
}

} // namespace

class TestCliHostile : public QObject
{
    Q_OBJECT

private:
    Result run(const QStringList& args)
    {
        testutil::RunOptions options;
        options.timeoutMs = 120000;
        options.setEnvironment = { QStringLiteral("XDG_CONFIG_HOME=") + m_dir.path() }; // no user rules
        const testutil::CliResult result = testutil::runCli(args, options);
        if (!result.finished)
            qFatal("dvmlens-cli did not finish: %s", qPrintable(result.err));
        return { result.exitCode, result.rawOut };
    }

    QString m_tree;
    QTemporaryDir m_dir;

    static void noRawControls(const QByteArray& out, bool namesTheGraph = true)
    {
        for (char c : out) {
            const auto byte = static_cast<unsigned char>(c);
            QVERIFY2(byte >= 0x20 || c == '\n' || c == '\t',
                qPrintable(QStringLiteral("raw byte 0x%1").arg(byte, 0, 16)));
            QVERIFY(byte != 0x7f);
        }
        if (namesTheGraph)
            QVERIFY2(out.contains("g\\x1b[31mred\\x1b]0;pwned\\x07\\x0aFORGED"), out.constData());
        for (const QByteArray& line : out.split('\n'))
            QVERIFY2(!line.startsWith("FORGED"), line.constData()); // the newline did not start a line
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_tree = m_dir.filePath(QStringLiteral("torch_compile_debug"));
        const QString source =
            testutil::fixture(QStringLiteral("reports/tree/%1/torchinductor/model__0_forward_1.0").arg(kRun));
        const QString graph =
            m_tree + QStringLiteral("/%1/torchinductor/").arg(kRun) + QFile::decodeName(kHostile);
        copyFile(source + QStringLiteral("/output_code.py"), graph + QStringLiteral("/output_code.py"));
        copyFile(source + QStringLiteral("/fx_graph_runnable.py"),
            graph + QStringLiteral("/fx_graph_runnable.py"));
    }

    void scanCheckAndCompareEscapeControls()
    {
        const Result scan = run({ QStringLiteral("scan"), m_tree });
        QCOMPARE(scan.exitCode, 0);
        noRawControls(scan.out);
        const Result check = run({ QStringLiteral("check"), m_tree });
        QCOMPARE(check.exitCode, 0);
        noRawControls(check.out, false); // a passing check need not name its graphs
        const QString other = testutil::fixture(QStringLiteral("reports/tree"));
        const Result compare = run({ QStringLiteral("compare"), other, m_tree });
        QCOMPARE(compare.exitCode, 0);
        noRawControls(compare.out);
    }

    void markdownShowsNamesAsText()
    {
        const Result report = run({ QStringLiteral("report"), m_tree });
        QCOMPARE(report.exitCode, 0);
        const QByteArray& md = report.out;
        for (char c : md)
            QVERIFY(static_cast<unsigned char>(c) >= 0x20 || c == '\n' || c == '\t');
        // HTML and the link stay raw only inside code spans and code blocks (shown as code) and the
        // HTML block of <details><summary> (not read as Markdown; there the tags are entities).
        const QByteArray codeSpan =
            "``` g\\x1b[31mred\\x1b]0;pwned\\x07\\x0aFORGED <img src=x onerror=alert(1)> ``x`` "
            "[a](javascript:b) ```";
        int raw = 0;
        for (const QByteArray& line : md.split('\n')) {
            QVERIFY2(!line.startsWith("FORGED"), line.constData());
            if (line.contains("<img") || line.contains("](javascript")) {
                ++raw;
                QVERIFY2(
                    line.contains("``` ") || line.startsWith("# ") || line.startsWith("<details><summary>g"),
                    line.constData());
                QVERIFY2(!line.startsWith("<details>") || !line.contains("<img"), line.constData());
            }
        }
        QCOMPARE(raw, 4); // graphs table, DVM kernels path, builder source comment, fallbacks summary
        // The DVM kernels heading and the fallbacks' <details><summary>: entities, escaped backticks.
        const QByteArray heading = "### g\\\\x1b[31mred\\\\x1b]0;pwned\\\\x07\\\\x0aFORGED &lt;img src=x "
                                   "onerror=alert(1)&gt; \\`\\`x\\`\\` [a]\\(javascript:b)\n";
        QVERIFY2(md.contains(heading), md.constData());
        QVERIFY(md.contains("<details><summary>g\\x1b[31mred\\x1b]0;pwned\\x07\\x0aFORGED &lt;img src=x "
                            "onerror=alert(1)&gt; ``x`` [a](javascript:b): 1 fallback call"));
        // In the graphs table the name is a code span: three backticks, more than its run of two.
        QVERIFY(md.contains(QByteArray("| ").append(codeSpan).append(" |")));
    }
};

QTEST_GUILESS_MAIN(TestCliHostile)
#include "tst_cli_hostile.moc"
