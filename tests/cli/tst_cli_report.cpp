// SPDX-License-Identifier: MIT
// dvmlens-cli report: formats, -o, --compare, --rules, and exit codes for bad usage and paths.
#include "testutil.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

#include <nlohmann/json.hpp>

#include <sys/stat.h>
#include <sys/types.h>

namespace {

struct Result
{
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

QString fixtureTree()
{
    return testutil::fixture(QStringLiteral("reports/tree"));
}

void writeFile(const QString& path, const QByteArray& bytes)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size())
        qFatal("cannot write %s", qPrintable(path));
}

} // namespace

class TestCliReport : public QObject
{
    Q_OBJECT

private:
    Result run(const QStringList& args)
    {
        return runCommand(QStringList { QStringLiteral("report") } + args);
    }

    // dvmlens-cli ARGS… with no user rules file (an empty XDG_CONFIG_HOME).
    Result runCommand(const QStringList& args)
    {
        testutil::RunOptions options;
        options.timeoutMs = 120000;
        options.setEnvironment = { QStringLiteral("XDG_CONFIG_HOME=") + m_config.path() };
        const testutil::CliResult result = testutil::runCli(args, options);
        if (!result.finished)
            qFatal("dvmlens-cli did not finish: %s", qPrintable(result.err));
        return { result.exitCode, result.rawOut, result.rawErr };
    }

    QTemporaryDir m_config;

private Q_SLOTS:
    void markdownToStdout()
    {
        const Result result = run({ fixtureTree() });
        QCOMPARE(result.exitCode, 0);
        QVERIFY(result.err.isEmpty());
        QVERIFY(result.out.startsWith("# DVM Lens report\n"));
        QVERIFY(result.out.contains("### 1. ❌ 'FallbackKernel' object has no attribute 'data'\n"));
        QVERIFY(result.out.contains(
            "- **Where:** `run_2026_07_20_10_15_30_123456-pid_4242/torchdynamo/debug.log:10` (2 "
            "occurrences"));
        QVERIFY(
            result.out.contains("| `run_2026_07_20_10_15_30_123456-pid_4242` | `2.14.0.dev20260719+cpu` |"));
        QVERIFY(
            result.out.contains("| `9f2c1d3b4a5e` | — | — | `9.1.0` | `dvm` | `dvm, import_fx, triton` |\n"));
        QCOMPARE(run({ QStringLiteral("--format=md"), fixtureTree() }).out, result.out); // deterministic
    }

    void jsonToFile()
    {
        QTemporaryDir dir;
        const QString output = dir.filePath(QStringLiteral("report.json"));
        const Result result = run({ QStringLiteral("--format"), QStringLiteral("json"), QStringLiteral("-o"),
            output, fixtureTree() });
        QCOMPARE(result.exitCode, 0);
        QVERIFY(result.out.isEmpty());
        QFile file(output);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const auto json = nlohmann::json::parse(file.readAll().toStdString());
        QCOMPARE(json["schema"].get<std::string>(), std::string("dvmlens.report/1"));
        QCOMPARE(json["root"].get<std::string>(), QDir(fixtureTree()).absolutePath().toStdString());
        QCOMPARE(json["known_failures"][0]["id"].get<std::string>(), std::string("fallbackkernel-no-data"));
        QCOMPARE(json["known_failures"][0]["title"]["zh"].get<std::string>(),
            std::string("FallbackKernel 没有 data 属性"));
        QCOMPARE(json["runs"][0]["versions"]["npu_backend"].get<std::string>(), std::string("dvm"));
        QVERIFY(json["comparison"].is_null());
    }

    void htmlIsWellFormed()
    {
        const Result result = run({ QStringLiteral("--format=html"), fixtureTree() });
        QCOMPARE(result.exitCode, 0);
        QXmlStreamReader reader(result.out);
        while (!reader.atEnd())
            reader.readNext();
        QVERIFY2(!reader.hasError(), qPrintable(reader.errorString()));
        QVERIFY(result.out.contains("<style>"));
    }

    void compareWithBaseline()
    {
        const Result result = run({ QStringLiteral("--compare"), fixtureTree(), fixtureTree() });
        QCOMPARE(result.exitCode, 0);
        const qsizetype regressions =
            result.out.indexOf("## Regressions against the baseline\n\nNo graph lost DVM kernels");
        QVERIFY(regressions > 0);
        QVERIFY(regressions < result.out.indexOf("## Known failures"));
        QVERIFY(result.out.contains("| Baseline | `"));
    }

    void userRulesFile()
    {
        QTemporaryDir dir;
        const QString rules = dir.filePath(QStringLiteral("team.json"));
        writeFile(rules,
            R"({"rules": [{"id": "team-debug-trace", "severity": "info", "title": "Debug trace folder logged",
                "cause": "c", "fix": "f", "match": {"allOf": ["debug trace:"]}}]})");
        const Result result =
            run({ QStringLiteral("--rules"), rules, QStringLiteral("--format=json"), fixtureTree() });
        QCOMPARE(result.exitCode, 0);
        const auto json = nlohmann::json::parse(result.out.toStdString());
        std::vector<std::string> ids;
        for (const auto& finding : json["known_failures"])
            ids.push_back(finding["id"].get<std::string>());
        QVERIFY(std::find(ids.begin(), ids.end(), "team-debug-trace") != ids.end());

        writeFile(rules, "{\n  \"rules\": [ oops ]\n}\n");
        const Result bad = run({ QStringLiteral("--rules"), rules, fixtureTree() });
        QCOMPARE(bad.exitCode, 2);
        QVERIFY(bad.out.isEmpty());
        QVERIFY2(bad.err.contains("team.json:2:14: invalid JSON"), bad.err.constData());
    }

    // A real PyTorch 2.7.1 CUDA tree: versions read, and no DVM failure claimed for a tree that
    // never asked for DVM.
    void realCudaTreeHasNoKnownFailures()
    {
        const QString tree = testutil::realSample(QStringLiteral("mlp-cuda-templates-v2.7.1/debug-tree"));
        if (!QFileInfo::exists(tree))
            QSKIP("real samples are not available");
        const Result result = run({ QStringLiteral("--format=json"), tree });
        QCOMPARE(result.exitCode, 0);
        const auto json = nlohmann::json::parse(result.out.toStdString());
        QCOMPARE(json["runs"][0]["versions"]["torch"].get<std::string>(), std::string("2.7.1+cu126"));
        QVERIFY(json["runs"][0]["versions"]["npu_backend"].is_null());
        QCOMPARE(json["known_failures"].size(), std::size_t(0));
        QCOMPARE(
            json["verdict"]["sentence"].get<std::string>(), std::string("DVM not engaged (0 of 1 graphs)"));
    }

    // scan applies the same rules (built-in, user file, --rules) as diagnostics.
    void scanShowsKnownFailures()
    {
        QTemporaryDir dir;
        const QString rules = dir.filePath(QStringLiteral("team.json"));
        writeFile(rules,
            R"({"rules": [{"id": "team-debug-trace", "severity": "info", "title": "Debug trace folder logged",
                "cause": "c", "fix": "f", "match": {"allOf": ["debug trace:"]}}]})");
        const Result scan = runCommand({ QStringLiteral("scan"), QStringLiteral("--json"),
            QStringLiteral("--rules=") + rules, fixtureTree() });
        QCOMPARE(scan.exitCode, 0);
        const auto json = nlohmann::json::parse(scan.out.toStdString());
        std::vector<std::string> codes;
        for (const auto& diagnostic : json["diagnostics"])
            codes.push_back(diagnostic["code"].get<std::string>());
        QCOMPARE(codes, (std::vector<std::string> { "fallbackkernel-no-data", "team-debug-trace" }));
        QCOMPARE(json["diagnostics"][0]["line"].get<int>(), 10);

        writeFile(rules, "{ \"rules\": [ }");
        const Result bad =
            runCommand({ QStringLiteral("scan"), QStringLiteral("--rules"), rules, fixtureTree() });
        QCOMPARE(bad.exitCode, 2);
        QVERIFY(bad.err.contains("team.json:1:14: invalid JSON"));
    }

    // --lang zh: the report's own words in Chinese (headings, the header's labels and sentence, table
    // headers, the known failures' fields), names and paths as they are; --lang en is the report without
    // the option, byte for byte; JSON is the same in both (issue 29 #14: the Chinese window wrote English).
    void chineseReport()
    {
        const Result english = run({ fixtureTree() });
        QCOMPARE(english.exitCode, 0);
        QCOMPARE(run({ QStringLiteral("--lang"), QStringLiteral("en"), fixtureTree() }).out, english.out);
        const Result chinese = run({ QStringLiteral("--lang=zh"), fixtureTree() });
        QCOMPARE(chinese.exitCode, 0);
        QVERIFY(chinese.err.isEmpty());
        const auto headings = [](const QByteArray& report) {
            QStringList found;
            for (const QByteArray& line : report.split('\n')) {
                if (line.startsWith("# ") && found.isEmpty())
                    found << QString::fromUtf8(line);
                else if (line.startsWith("## "))
                    found << QString::fromUtf8(line);
            }
            return found;
        };
        QCOMPARE(headings(english.out),
            QStringList({ QStringLiteral("# DVM Lens report"), QStringLiteral("## Toolchain"),
                QStringLiteral("## Where it fell back"), QStringLiteral("## Why it fell back"),
                QStringLiteral("## Known failures"), QStringLiteral("## Graphs"),
                QStringLiteral("## DVM kernels"), QStringLiteral("## Fallback calls") }));
        QCOMPARE(headings(chinese.out),
            QStringList({ QStringLiteral("# DVM Lens 报告"), QStringLiteral("## 工具链"),
                QStringLiteral("## 回退位置"), QStringLiteral("## 回退原因"), QStringLiteral("## 已知故障"),
                QStringLiteral("## 图"), QStringLiteral("## DVM 内核"), QStringLiteral("## 回退调用") }));
        const QString text = QString::fromUtf8(chinese.out);
        QVERIFY2(text.contains(QStringLiteral("| 目录树 | `")), qPrintable(text.left(2000)));
        QVERIFY(text.contains(QStringLiteral(
            "| 运行 | torch | torch git | torch_npu | python | CANN | NPU 后端 | 内核来自 |\n")));
        QVERIFY(text.contains(QStringLiteral(
            "- **位置：** `run_2026_07_20_10_15_30_123456-pid_4242/torchdynamo/debug.log:10`")));
        QVERIFY(!text.contains(QStringLiteral("## Known failures")));
        // JSON has no language.
        QCOMPARE(run({ QStringLiteral("--lang=zh"), QStringLiteral("--format=json"), fixtureTree() }).out,
            run({ QStringLiteral("--format=json"), fixtureTree() }).out);
        // HTML says its language, and stays well formed.
        const Result html =
            run({ QStringLiteral("--lang=zh"), QStringLiteral("--format=html"), fixtureTree() });
        QCOMPARE(html.exitCode, 0);
        QVERIFY(html.out.contains("<html lang=\"zh-CN\">"));
        QVERIFY(html.out.contains(QStringLiteral("<h2>已知故障</h2>").toUtf8()));
        QXmlStreamReader reader(html.out);
        while (!reader.atEnd())
            reader.readNext();
        QVERIFY2(!reader.hasError(), qPrintable(reader.errorString()));
    }

    void badUsageAndPaths_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::addRow("no PATH") << QStringList() << "PATH is missing";
        QTest::addRow("two PATHs") << QStringList { QStringLiteral("a"), QStringLiteral("b") }
                                   << "more than one PATH";
        QTest::addRow("unknown option")
            << QStringList { QStringLiteral("--pdf"), QStringLiteral("x") } << "unknown option '--pdf'";
        QTest::addRow("bad format") << QStringList { QStringLiteral("--format"), QStringLiteral("pdf"),
            QStringLiteral("x") } << "--format wants md, html or json, not 'pdf'";
        QTest::addRow("bad language") << QStringList { QStringLiteral("--lang"), QStringLiteral("fr"),
            QStringLiteral("x") } << "--lang wants en or zh, not 'fr'";
        QTest::addRow("format without value")
            << QStringList { QStringLiteral("--format") } << "--format needs a value";
        QTest::addRow("-o without value")
            << QStringList { QStringLiteral("x"), QStringLiteral("-o") } << "dvmlens-cli: -o needs a value";
        QTest::addRow("--output without value") << QStringList { QStringLiteral("x"),
            QStringLiteral("--output") } << "dvmlens-cli: --output needs a value";
        QTest::addRow("flag given a value") << QStringList { QStringLiteral("--help=1"), QStringLiteral("x") }
                                            << "dvmlens-cli: unknown option '--help=1'";
        QTest::addRow("missing PATH") << QStringList { QStringLiteral("/nonexistent/torch_compile_debug") }
                                      << "cannot read /nonexistent/torch_compile_debug";
        QTest::addRow("missing baseline")
            << QStringList { QStringLiteral("--compare"), QStringLiteral("/nonexistent/b"), fixtureTree() }
            << "cannot read /nonexistent/b";
        QTest::addRow("missing rules file")
            << QStringList { QStringLiteral("--rules"), QStringLiteral("/nonexistent/r.json"), fixtureTree() }
            << "/nonexistent/r.json: cannot read the rule file";
    }

    void badUsageAndPaths()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const Result result = run(args);
        QCOMPARE(result.exitCode, 2);
        QVERIFY(result.out.isEmpty());
        QVERIFY2(QString::fromUtf8(result.err).contains(message), result.err.constData());
    }

    void unwritableOutput()
    {
        QTemporaryDir dir;
        const QString blocker = dir.filePath(QStringLiteral("file.txt"));
        writeFile(blocker, "not a folder");
        const QString output = blocker + QStringLiteral("/report.md");
        const Result result = run({ QStringLiteral("-o"), output, fixtureTree() });
        QCOMPARE(result.exitCode, 2);
        const QByteArray expected = QByteArray("dvmlens-cli: report: cannot write ") + output.toUtf8() + ": ";
        QVERIFY2(result.err.startsWith(expected), result.err.constData());
        QVERIFY(!QFileInfo::exists(output));
    }

    // -o onto a FIFO, a device or a folder is refused and leaves the node as it was (as root, the
    // old writer replaced /dev/null with a regular file and exited 0).
    void specialFilesAreRefused()
    {
        QTemporaryDir dir;
        const QString fifo = dir.filePath(QStringLiteral("fifo.md"));
        QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0644), 0);
        const struct
        {
            QString path;
            const char* kind;
            mode_t type;
        } cases[] = { { fifo, "a FIFO", S_IFIFO },
            { QStringLiteral("/dev/null"), "a character device", S_IFCHR },
            { dir.path(), "a folder", S_IFDIR } };
        for (const auto& each : cases) {
            const Result result = run({ QStringLiteral("-o"), each.path, fixtureTree() });
            QCOMPARE(result.exitCode, 2);
            QCOMPARE(result.err,
                QByteArray("dvmlens-cli: report: cannot write ") + each.path.toUtf8() + ": it is " + each.kind
                    + ", not a regular file (nothing was written)\n");
            struct stat info
            {
            };
            QCOMPARE(::stat(QFile::encodeName(each.path).constData(), &info), 0);
            QCOMPARE(info.st_mode & S_IFMT, each.type);
        }
        QCOMPARE(
            QDir(dir.path()).entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot),
            QStringList { QStringLiteral("fifo.md") }); // no temporary file left behind
    }

    // A regular file is replaced whole and keeps its mode; a new one gets 0666 less the umask; a
    // link is refused, never written through (issue 30.9): exit 2, its target untouched.
    void regularFilesAreReplacedAtomically()
    {
        QTemporaryDir dir;
        const QString existing = dir.filePath(QStringLiteral("old.md"));
        writeFile(existing, QByteArray(100000, 'x'));
        QFile::setPermissions(existing, QFileDevice::ReadOwner | QFileDevice::WriteOwner);
        QCOMPARE(run({ QStringLiteral("-o"), existing, fixtureTree() }).exitCode, 0);
        QFile written(existing);
        QVERIFY(written.open(QIODevice::ReadOnly));
        const QByteArray bytes = written.readAll();
        QVERIFY(bytes.startsWith("# DVM Lens report\n"));
        QVERIFY(!bytes.contains("xxx"));
        struct stat kept
        {
        };
        QCOMPARE(::stat(QFile::encodeName(existing).constData(), &kept), 0);
        QCOMPARE(kept.st_mode & 07777, mode_t(0600));

        const mode_t mask = ::umask(022);
        ::umask(mask); // children inherit it: the new file must show it
        const QString fresh = dir.filePath(QStringLiteral("new.html"));
        QCOMPARE(run({ QStringLiteral("--format"), QStringLiteral("html"), QStringLiteral("-o"), fresh,
                         fixtureTree() })
                     .exitCode,
            0);
        struct stat info
        {
        };
        QCOMPARE(::stat(QFile::encodeName(fresh).constData(), &info), 0);
        QCOMPARE(info.st_mode & 07777, mode_t(0666 & ~mask));

        const QString link = dir.filePath(QStringLiteral("link.md"));
        QVERIFY(QFile::link(existing, link));
        QCOMPARE(run({ QStringLiteral("--format"), QStringLiteral("json"), QStringLiteral("-o"), link,
                         fixtureTree() })
                     .exitCode,
            2);
        QVERIFY(QFileInfo(link).isSymLink());
        QFile target(existing);
        QVERIFY(target.open(QIODevice::ReadOnly));
        QVERIFY(target.readAll().startsWith("# DVM Lens report\n"));
        QCOMPARE(
            QDir(dir.path()).entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot),
            QStringList({ QStringLiteral("link.md"), QStringLiteral("new.html"), QStringLiteral("old.md") }));
    }
};

QTEST_GUILESS_MAIN(TestCliReport)
#include "tst_cli_report.moc"
