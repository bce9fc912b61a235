// SPDX-License-Identifier: MIT
// dvmlens-cli report on a tree it cannot read whole (a FIFO output_code.py, an output_code.py that
// links out of the tree): "Problems reading the tree" after the summary in Markdown and HTML, the
// additive "tree_problems" key in JSON, the baseline's with --compare, and none on a clean tree.
#include "testutil.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

#include <sys/stat.h>
#include <sys/types.h>

namespace {

const QString kRun = QStringLiteral("run_2026_01_01_00_00_00_000000-pid_9");

QByteArray readAll(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

void writeFile(const QString& path, const QByteArray& bytes)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size())
        qFatal("cannot write %s", qPrintable(path));
}

} // namespace

class TestCliReportProblems : public QObject
{
    Q_OBJECT

private:
    // dvmlens-cli ARGS… with no user rules file (an empty XDG_CONFIG_HOME).
    testutil::CliResult run(const QStringList& args)
    {
        testutil::RunOptions options;
        options.timeoutMs = 60000;
        options.setEnvironment = { QStringLiteral("XDG_CONFIG_HOME=") + m_config.path() };
        const testutil::CliResult result =
            testutil::runCli(QStringList { QStringLiteral("report") } + args, options);
        if (!result.finished)
            qFatal("dvmlens-cli did not finish: %s", qPrintable(result.err));
        return result;
    }

    QTemporaryDir m_config;
    QTemporaryDir m_dir;
    QString m_tree; // one readable DVM graph, a FIFO output_code.py and one that links outside
    QString m_outside;

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_config.isValid() && m_dir.isValid());
        m_tree = m_dir.filePath(QStringLiteral("tree"));
        const QString graphs = m_tree + QLatin1Char('/') + kRun + QStringLiteral("/torchinductor/");
        for (const char* name : { "model__0_inference_1.0", "model__1_forward_3.1", "model__2_forward_5.2" })
            QVERIFY(QDir().mkpath(graphs + QLatin1String(name)));
        writeFile(graphs + QStringLiteral("model__0_inference_1.0/output_code.py"),
            readAll(testutil::fixture(QStringLiteral("trees/small/dvm_output_code.py"))));
        QCOMPARE(
            ::mkfifo(QFile::encodeName(graphs + QStringLiteral("model__1_forward_3.1/output_code.py")), 0644),
            0);
        m_outside = m_dir.filePath(QStringLiteral("outside.py"));
        writeFile(m_outside, "x = 1\n");
        QVERIFY(QFile::link(m_outside, graphs + QStringLiteral("model__2_forward_5.2/output_code.py")));
    }

    // The section sits after the summary, before the toolchain and graph tables: one row a problem,
    // with its run, graph, path and message; the headline counts them.
    void markdownListsEachProblem()
    {
        const testutil::CliResult result = run({ m_tree });
        QCOMPARE(result.exitCode, 0);
        const QString out = QString::fromUtf8(result.rawOut);
        const QString graphs = kRun + QStringLiteral("/torchinductor/");
        const QString expected = QStringLiteral(
            "## Problems reading the tree\n\n"
            "4 problems reading the tree: what could not be read, or was read only in part, is not in the "
            "verdicts above.\n\n"
            "| Severity | Code | Run | Graph | Path | Message |\n"
            "|---|---|---|---|---|---|\n"
            "| warning | `link-outside-tree` | `%1` | `model__2_forward_5.2` | "
            "`%2model__2_forward_5.2/output_code.py` "
            "| This link leads out of the scanned tree (to %3); it is not followed, so the scan stays inside "
            "what "
            "it was asked to read. |\n"
            "| warning | `output-code-not-a-file` | `%1` | `model__1_forward_3.1` | "
            "`%2model__1_forward_3.1/output_code.py` | output_code.py here is a FIFO, not a regular file, so "
            "there "
            "is no Python wrapper to read; the graph cannot be checked for DVM kernels. |\n"
            "| error | `unreadable` | `%1` | `model__1_forward_3.1` | "
            "`%2model__1_forward_3.1/output_code.py` "
            "| The output_code.py file could not be read: it is a FIFO, not a regular file. |\n"
            "| error | `unreadable` | `%1` | `model__2_forward_5.2` | "
            "`%2model__2_forward_5.2/output_code.py` "
            "| The output_code.py file could not be read: it leads out of the scanned tree (to %3). |\n\n"
            "## Toolchain\n")
                                     .arg(kRun, graphs, m_outside);
        QVERIFY2(out.contains(expected), qPrintable(out.left(4000)));
        QVERIFY(out.contains(QStringLiteral("· 0 known failures · 4 problems reading the tree\n")));
        QVERIFY(out.indexOf(QStringLiteral("## Problems reading the tree"))
            < out.indexOf(QStringLiteral("## Graphs")));

        const testutil::CliResult html = run({ QStringLiteral("--format"), QStringLiteral("html"), m_tree });
        QCOMPARE(html.exitCode, 0);
        QVERIFY(html.out.contains(
            QStringLiteral("<h2>Problems reading the tree</h2>\n<p>4 problems reading the tree")));
        QVERIFY(html.out.contains(QStringLiteral(
            "<tr><td>warning</td><td><code>output-code-not-a-file</code></td><td><code>%1</code></td>"
            "<td><code>model__1_forward_3.1</code></td>")
                                      .arg(kRun)));
    }

    // JSON: "tree_problems" with each problem's code, place and message; bounds count none cut.
    void jsonHasTreeProblems()
    {
        const testutil::CliResult result =
            run({ QStringLiteral("--format"), QStringLiteral("json"), m_tree });
        QCOMPARE(result.exitCode, 0);
        const auto json = nlohmann::json::parse(result.rawOut.toStdString());
        const auto& problems = json["tree_problems"];
        QCOMPARE(problems.size(), std::size_t(4)); // each unreadable output_code.py also says so
        QVERIFY(problems[0]["code"] == "link-outside-tree");
        QVERIFY(problems[0]["severity"] == "warning");
        QCOMPARE(problems[0]["path"].get<std::string>(),
            QString(kRun + QStringLiteral("/torchinductor/model__2_forward_5.2/output_code.py"))
                .toStdString());
        QVERIFY(problems[0]["line"].is_null());
        QVERIFY(problems[0]["run"] == 0);
        QVERIFY(problems[0]["graph"] == 2);
        QVERIFY(problems[0]["baseline"] == false);
        QVERIFY(problems[1]["code"] == "output-code-not-a-file");
        QVERIFY(problems[1]["graph"] == 1);
        QVERIFY(problems[2]["code"] == "unreadable");
        QVERIFY(problems[3]["code"] == "unreadable");
        QVERIFY(problems[3]["graph"] == 2);
        QVERIFY(json["bounds"]["tree_problems_left_out"] == 0);
        QVERIFY(json["problems"].empty()); // the logs' problems stay where they were
    }

    // With --compare, the baseline's problems under their own heading; a clean tree has none.
    void baselineProblemsAndCleanTree()
    {
        const QString clean = testutil::fixture(QStringLiteral("reports/tree"));
        const testutil::CliResult compared = run({ QStringLiteral("--compare"), m_tree, clean });
        QCOMPARE(compared.exitCode, 0);
        QVERIFY2(compared.out.contains(
                     QStringLiteral("\n4 problems reading the trees: what could not be read, or was "
                                    "read only in part, is not in the verdicts above.\n\n"
                                    "### Baseline\n\n| Severity |")),
            qPrintable(compared.out.left(3000)));
        QVERIFY(!compared.out.contains(QStringLiteral("### This tree")));
        const testutil::CliResult comparedJson = run({ QStringLiteral("--format"), QStringLiteral("json"),
            QStringLiteral("--compare"), m_tree, clean });
        const auto json = nlohmann::json::parse(comparedJson.rawOut.toStdString());
        QCOMPARE(json["tree_problems"].size(), std::size_t(4));
        QVERIFY(json["tree_problems"][3]["baseline"] == true);

        // The sample tree's empty graph folder is a known failure (FX cache hit), listed there only.
        const testutil::CliResult sample = run({ testutil::sampleTree() });
        QCOMPARE(sample.exitCode, 0);
        QVERIFY(
            sample.out.contains(QStringLiteral("Graph folder without output_code.py (FX graph cache hit)")));
        QVERIFY(!sample.out.contains(QStringLiteral("Problems reading the tree")));
        for (const char* format : { "md", "html", "json" }) {
            const testutil::CliResult result =
                run({ QStringLiteral("--format"), QLatin1String(format), clean });
            QCOMPARE(result.exitCode, 0);
            QVERIFY(!result.out.contains(QStringLiteral("Problems reading the tree")));
            QVERIFY(!result.out.contains(QStringLiteral("problems reading the tree")));
            if (QLatin1String(format) == QLatin1String("json"))
                QVERIFY(nlohmann::json::parse(result.rawOut.toStdString())["tree_problems"].empty());
        }
    }
};

QTEST_GUILESS_MAIN(TestCliReportProblems)
#include "tst_cli_reportproblems.moc"
