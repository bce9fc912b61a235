// SPDX-License-Identifier: MIT
// Hostile input, third campaign (issue 30), what the CLI writes and says: `report -o` never writes
// through a symbolic link or into a FIFO (exit 2, the target untouched), `-o -` and `-o /dev/stdout`
// are standard output (items 9, 19); an output_code.py that cannot be read is "unreadable", never
// NOT ENGAGED, and `check` exits 2 for it (item 14); profile Type and Name values, lone C1 bytes
// and bidi controls in names are escaped for the terminal and the Markdown report (items 12, 13);
// a profile file that is a link out of its *_ascend_pt folder is refused (item 11).
#include "testutil.h"
#include "tracewriter.h"

#include <QDir>
#include <QFile>
#include <QStringDecoder>
#include <QTemporaryDir>
#include <QTest>

#include <cstdio>
#include <sys/stat.h>

using namespace Qt::StringLiterals;

namespace {

const QString kRun = u"run_2026_07_20_10_15_30_123456-pid_4242"_s;
const QString kGraph = u"model__0_forward_1.0"_s;

void copyFile(const QString& from, const QString& to)
{
    QDir().mkpath(QFileInfo(to).path());
    if (!QFile::copy(from, to))
        qFatal("cannot copy %s", qPrintable(from));
}

void writeFile(const QString& path, const QByteArray& bytes)
{
    QDir().mkpath(QFileInfo(path).path());
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size())
        qFatal("cannot write %s", qPrintable(path));
}

QByteArray readFile(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// An engaged graph copied from the report fixture into `tree`, under `graphName`.
void addEngagedGraph(const QString& tree, const QString& graphName)
{
    const QString source = testutil::fixture(u"reports/tree/%1/torchinductor/%2"_s.arg(kRun, kGraph));
    copyFile(
        source + u"/output_code.py"_s, tree + u"/%1/torchinductor/%2/output_code.py"_s.arg(kRun, graphName));
}

} // namespace

class TestCliHostileOutput : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    testutil::CliResult run(const QStringList& args, const testutil::RunOptions& extra = {})
    {
        testutil::RunOptions options = extra;
        options.timeoutMs = 60000;
        options.setEnvironment << (u"XDG_CONFIG_HOME="_s + m_dir.path()); // no user rules
        const testutil::CliResult result = testutil::runCli(args, options);
        if (!result.finished)
            qFatal("dvmlens-cli did not finish: %s", qPrintable(result.err));
        return result;
    }

    QString engagedTree(const QString& name)
    {
        const QString tree = m_dir.filePath(name);
        addEngagedGraph(tree, kGraph);
        return tree;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
    }

    // Item 9: an untrusted tree's report.md -> /anywhere/file is refused, the target untouched.
    void reportRefusesToWriteThroughALink()
    {
        const QString tree = engagedTree(u"linked"_s);
        const QString victim = m_dir.filePath(u"victim.txt"_s);
        writeFile(victim, "precious\n");
        const QString link = tree + u"/report.md"_s;
        QVERIFY(QFile::link(victim, link));
        const testutil::CliResult result = run({ u"report"_s, u"-o"_s, link, tree });
        QCOMPARE(result.exitCode, 2);
        QVERIFY2(result.err.contains(
                     u"cannot write %1: it is a symbolic link; refusing to write through it"_s.arg(link)),
            qPrintable(result.err));
        QCOMPARE(readFile(victim), QByteArray("precious\n"));
        QVERIFY(QFileInfo(link).isSymLink());
        // A dangling link is refused as well (it would create its target).
        const QString dangling = tree + u"/new.md"_s;
        QVERIFY(QFile::link(m_dir.filePath(u"created-by-the-report"_s), dangling));
        QCOMPARE(run({ u"report"_s, u"-o"_s, dangling, tree }).exitCode, 2);
        QVERIFY(!QFileInfo::exists(m_dir.filePath(u"created-by-the-report"_s)));
        // A regular file is replaced (atomically), as before.
        const QString plain = tree + u"/plain.md"_s;
        writeFile(plain, "old");
        QCOMPARE(run({ u"report"_s, u"-o"_s, plain, tree }).exitCode, 0);
        QVERIFY(readFile(plain).startsWith("# DVM Lens report"));
    }

    void reportRefusesAFifoAtOnce()
    {
        const QString tree = engagedTree(u"fifo"_s);
        const QString fifo = tree + u"/report.md"_s;
        QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
        const testutil::CliResult result = run({ u"report"_s, u"-o"_s, fifo, tree });
        QCOMPARE(result.exitCode, 2);
        QVERIFY2(result.err.contains(u"it is a FIFO, not a regular file"_s), qPrintable(result.err));
    }

    // A read-only file is not replaced by the rename (which needs only the folder's w bit, and
    // which root could do to any file): exit 2, the file and its mode untouched.
    void reportRefusesToReplaceAReadOnlyFile()
    {
        const QString tree = engagedTree(u"readonly"_s);
        const QString kept = tree + u"/report.md"_s;
        writeFile(kept, "signed off\n");
        QVERIFY(QFile::setPermissions(kept, QFile::ReadOwner | QFile::ReadGroup | QFile::ReadOther));
        const testutil::CliResult result = run({ u"report"_s, u"-o"_s, kept, tree });
        QCOMPARE(result.exitCode, 2);
        QVERIFY2(result.err.contains(
                     u"cannot write %1: it is read-only; refusing to replace it (nothing was written)"_s.arg(
                         kept)),
            qPrintable(result.err));
        QCOMPARE(readFile(kept), QByteArray("signed off\n"));
        QCOMPARE(QFileInfo(kept).permissions() & (QFile::WriteOwner | QFile::WriteGroup | QFile::WriteOther),
            QFile::Permissions());
        QVERIFY(QDir(tree).entryList({ u".dvmlens-report-*"_s }, QDir::Hidden | QDir::Files).isEmpty());
    }

    // Item 19: "-" and /dev/stdout are standard output, a pipe here.
    void reportToStandardOutput()
    {
        const QString tree = engagedTree(u"stdout"_s);
        testutil::RunOptions inTree;
        inTree.workingDirectory = tree;
        for (const QString& name : { u"-"_s, u"/dev/stdout"_s }) {
            const testutil::CliResult result = run({ u"report"_s, u"-o"_s, name, tree }, inTree);
            QVERIFY2(result.exitCode == 0, qPrintable(result.err));
            QVERIFY2(result.rawOut.startsWith("# DVM Lens report"), result.rawOut.left(200).constData());
        }
        QVERIFY(!QFileInfo::exists(tree + u"/-"_s));
    }

    // Item 14 / issue 29.5-6: a binary output_code.py beside an engaged graph is "unreadable": not
    // a NOT ENGAGED, not in "engaged in X of N", and check exits 2 (undecided), not 1.
    void unreadableOutputCodeIsItsOwnRung()
    {
        const QString tree = engagedTree(u"unreadable"_s);
        writeFile(tree + u"/%1/torchinductor/model__1_forward_2.0/output_code.py"_s.arg(kRun),
            QByteArray("\x7f"
                       "ELF\0\0\0binary",
                12));
        const testutil::CliResult check = run({ u"check"_s, tree });
        QCOMPARE(check.exitCode, 2);
        QVERIFY2(!check.out.contains(u"FAIL"_s), qPrintable(check.out));
        QVERIFY2(
            check.out.contains(
                u"UNREADABLE %1/model__1_forward_2.0: output_code.py is binary, not verified"_s.arg(kRun)),
            qPrintable(check.out));
        QVERIFY2(check.out.contains(
                     u"check undecided: DVM engaged in all 1 readable graphs; 1 graph unreadable"_s),
            qPrintable(check.out));

        const testutil::CliResult scan = run({ u"scan"_s, tree });
        QCOMPARE(scan.exitCode, 0);
        QVERIFY2(scan.out.contains(u"UNREADABLE"_s), qPrintable(scan.out));
        QVERIFY2(!scan.out.contains(u"NOT ENGAGED"_s), qPrintable(scan.out));
        QVERIFY2(scan.out.contains(u"verdict: engaged 1/1 (1 unreadable)"_s), qPrintable(scan.out));
        QVERIFY2(!scan.out.contains(u"dvm-never-engaged"_s), qPrintable(scan.out));

        const testutil::CliResult json = run({ u"scan"_s, u"--json"_s, tree });
        QCOMPARE(json.exitCode, 0);
        QVERIFY2(json.out.contains(u"\"verdict\": \"unreadable\""_s)
                || json.out.contains(u"\"verdict\":\"unreadable\""_s),
            qPrintable(json.out.left(4000)));

        const testutil::CliResult report = run({ u"report"_s, tree });
        QCOMPARE(report.exitCode, 0);
        QVERIFY2(report.out.contains(u"DVM engaged in 1 of 1 readable graphs; 1 graph unreadable"_s),
            qPrintable(report.out.left(2000)));
        QVERIFY2(report.out.contains(u"of readable launches; 1 graph unreadable"_s),
            qPrintable(report.out.left(2000)));

        // Only unreadable graphs: nothing to decide from, still not a failure.
        const QString alone = m_dir.filePath(u"alone"_s);
        writeFile(alone + u"/%1/torchinductor/model__1_forward_2.0/output_code.py"_s.arg(kRun),
            QByteArray("\0\0\0\0", 4));
        const testutil::CliResult undecided = run({ u"check"_s, alone });
        QCOMPARE(undecided.exitCode, 2);
        QVERIFY2(undecided.out.contains(
                     u"check undecided: DVM engaged in 0 of 0 readable graphs; 1 graph unreadable"_s),
            qPrintable(undecided.out));
        QVERIFY2(
            undecided.out.contains(u"verdict: unreadable 0/0 (1 unreadable)"_s), qPrintable(undecided.out));
    }

    // Item 14 beyond permissions: an output_code.py that is there but cannot be followed (a dangling
    // link, a link out of the tree, a loop, a folder, a FIFO) is unreadable, never "no output_code.py"
    // (whose check advice, "is TORCH_COMPILE_DEBUG=1 set", would send the user the wrong way).
    void outputCodeThatCannotBeFollowedIsUnreadable()
    {
        const QString outside = m_dir.filePath(u"outside.py"_s);
        writeFile(outside, "from torch_npu._inductor import dvm\n");
        const QList<QPair<QString, QString>> cases { { u"dangling"_s, u"it is a link to nothing"_s },
            { u"out"_s, u"it leads out of the scanned tree"_s },
            { u"loop"_s, u"it is a link that leads round a loop"_s },
            { u"folder"_s, u"it is a folder, not a regular file"_s },
            { u"fifo"_s, u"it is a FIFO, not a regular file"_s } };
        for (const auto& [kind, why] : cases) {
            const QString graph =
                m_dir.filePath(u"follow-%1/%2/torchinductor/model__0_forward_1.0"_s.arg(kind, kRun));
            QVERIFY(QDir().mkpath(graph));
            const QString code = graph + u"/output_code.py"_s;
            if (kind == u"dangling"_s)
                QVERIFY(QFile::link(m_dir.filePath(u"gone.py"_s), code));
            else if (kind == u"out"_s)
                QVERIFY(QFile::link(outside, code));
            else if (kind == u"loop"_s)
                QVERIFY(QFile::link(u"output_code.py"_s, code));
            else if (kind == u"folder"_s)
                QVERIFY(QDir().mkpath(code));
            else
                QCOMPARE(::mkfifo(QFile::encodeName(code).constData(), 0644), 0);
            const QString tree = m_dir.filePath(u"follow-"_s + kind);
            const testutil::CliResult check = run({ u"check"_s, tree });
            QCOMPARE(check.exitCode, 2);
            QVERIFY2(check.out.contains(
                         u"check undecided: DVM engaged in 0 of 0 readable graphs; 1 graph unreadable"_s),
                qPrintable(kind + u": "_s + check.out));
            QVERIFY2(!check.out.contains(u"TORCH_COMPILE_DEBUG"_s), qPrintable(kind + u": "_s + check.out));
            const testutil::CliResult scan = run({ u"scan"_s, tree });
            QCOMPARE(scan.exitCode, 0);
            QVERIFY2(scan.out.contains(u"UNREADABLE  model__0_forward_1.0"_s), qPrintable(kind + scan.out));
            QVERIFY2(scan.out.contains(u"The output_code.py file could not be read: "_s + why),
                qPrintable(kind + scan.out));
            QVERIFY2(!scan.out.contains(u"NO CODE"_s), qPrintable(kind + scan.out));
        }
    }

    // Item 1's shape in JSON: millions of '[' (a few MB, under every size cap) in a trace record's
    // metadata or payload, a rules file or a why-rules file crashed on the stack (nlohmann copies a
    // value recursively). Each is now refused with a diagnostic; nothing crashes.
    void deeplyNestedJsonIsRefusedNotACrash()
    {
        const std::string deep = std::string(2000000, '[') + std::string(2000000, ']');
        const QString logs = m_dir.filePath(u"deepjson"_s);
        const std::string head = "V0721 16:11:56.002000 98102 torch/_dynamo/guards.py:3564] ";
        writeFile(logs + u"/dedicated_log_torch_trace_rank_0_meta.log"_s,
            QByteArray::fromStdString(head + "{\"dynamo_start\": {\"stack\": " + deep
                + "}, \"frame_id\": 0, \"frame_compile_id\": 0, \"attempt\": 0}" + "\n"));
        writeFile(logs + u"/dedicated_log_torch_trace_rank_1_payload.log"_s,
            QByteArray::fromStdString(head
                + "{\"artifact\": {\"name\": \"recompile_reasons\", \"encoding\": \"json\"}, \"frame_id\": "
                  "0, "
                + "\"frame_compile_id\": 1, \"attempt\": 0, \"has_payload\": \"" + testutil::md5Hex(deep)
                + "\"}\n\t" + deep + "\n"));
        for (const QString& command : { u"scan"_s, u"compile"_s, u"report"_s, u"sources"_s }) {
            const testutil::CliResult result = run({ command, logs });
            QVERIFY2(result.exitCode == 0 || result.exitCode == 1,
                qPrintable(command + u" exit "_s + QString::number(result.exitCode)));
        }
        const testutil::CliResult json = run({ u"scan"_s, u"--json"_s, logs });
        QCOMPARE(json.exitCode, 0);
        const testutil::CliResult scan = run({ u"scan"_s, logs });
        QVERIFY2(scan.out.contains(u"the record's metadata nests more than 256 levels deep"_s),
            qPrintable(scan.out.left(3000)));

        const QString rules = m_dir.filePath(u"deeprules.json"_s);
        writeFile(rules,
            QByteArray::fromStdString(
                "{\"schema\": \"dvmlens.rules/1\", \"rules\": [{\"id\": \"x\", \"x\": " + deep + "}]}"));
        const testutil::CliResult ruled = run({ u"scan"_s, u"--rules"_s, rules, testutil::sampleTree() });
        QCOMPARE(ruled.exitCode, 2);
        QVERIFY2(ruled.err.contains(u"nested more than 256 levels deep"_s), qPrintable(ruled.err));

        const QString why = m_dir.filePath(u"deepwhy.json"_s);
        writeFile(
            why, QByteArray::fromStdString("{\"schema\": \"dvmlens.whyrules/1\", \"x\": " + deep + "}"));
        const testutil::CliResult whyResult =
            run({ u"why"_s, u"--why-rules"_s, why, testutil::sampleTree() });
        QCOMPARE(whyResult.exitCode, 2); // as for any why-rules file it cannot use
        QVERIFY2(whyResult.err.contains(u"nested more than 256 levels deep"_s), qPrintable(whyResult.err));
    }

    // Items 12 and 13: profile values and names with ESC, BEL, lone C1 bytes and U+202E.
    void profileValuesAndNamesAreEscaped()
    {
        const QString tree = m_dir.filePath(u"escapes/torch_compile_debug"_s);
        // A graph folder whose name holds a lone CSI byte (not UTF-8) and an RLO.
        const QByteArray graphName = "model__0_forward_1.0\x9b"
                                     "2J\xe2\x80\xae"
                                     "gpj";
        const QString source = testutil::fixture(u"reports/tree/%1/torchinductor/%2"_s.arg(kRun, kGraph));
        const QString parent = tree + u"/%1/torchinductor"_s.arg(kRun);
        QVERIFY(QDir().mkpath(parent));
        const QByteArray target = QFile::encodeName(parent) + "/" + graphName;
        QCOMPARE(::mkdir(target.constData(), 0755), 0);
        const QByteArray code = readFile(source + u"/output_code.py"_s);
        const QByteArray file = target + QByteArray("/output_code.py");
        FILE* out = std::fopen(file.constData(), "wb");
        QVERIFY(out);
        QCOMPARE(std::fwrite(code.constData(), 1, std::size_t(code.size()), out), std::size_t(code.size()));
        std::fclose(out);
        const QString profile =
            m_dir.filePath(u"escapes/host_1_ascend_pt/ASCEND_PROFILER_OUTPUT/kernel_details.csv"_s);
        writeFile(profile,
            "Name,Type,Accelerator Core,Duration(us)\n"
            "\"x\x1b]0;pwned\x07\",\"T\x1b[2J\x07<img src=x onerror=alert(1)>|\",AI_CORE,10\n");
        const QString ascend = m_dir.filePath(u"escapes/host_1_ascend_pt"_s);
        const testutil::CliResult scan = run({ u"scan"_s, u"--profile"_s, ascend, tree });
        QCOMPARE(scan.exitCode, 0);
        for (char c : scan.rawOut) {
            const auto byte = static_cast<unsigned char>(c);
            QVERIFY2(byte >= 0x20 || c == '\n' || c == '\t', qPrintable(u"raw 0x%1"_s.arg(byte, 0, 16)));
            QVERIFY2(byte != 0x9b, "a raw CSI byte reached the terminal");
        }
        QVERIFY2(!scan.rawOut.contains("\xe2\x80\xae"), "a raw U+202E reached the terminal");
        QVERIFY2(scan.rawOut.contains("model__0_forward_1.0\\x9b2J\\u202egpj"), scan.rawOut.constData());
        QVERIFY2(scan.rawOut.contains("T\\x1b[2J\\x07<img"), scan.rawOut.constData());

        const testutil::CliResult report = run({ u"report"_s, u"--profile"_s, ascend, tree });
        QCOMPARE(report.exitCode, 0);
        QVERIFY2(!report.rawOut.contains("<img"), report.rawOut.constData());
        QVERIFY2(report.rawOut.contains("T\\\\x1b[2J\\\\x07&lt;img src=x onerror=alert(1)&gt;\\|"),
            report.rawOut.constData());
        // Decoded, not byte by byte: the report's Chinese fixes hold 0x9b as a UTF-8 continuation byte.
        QStringDecoder utf8(QStringDecoder::Utf8);
        const QString reportText = utf8(report.rawOut);
        QVERIFY2(!utf8.hasError(), "the report is not UTF-8: a lone byte reached it");
        QVERIFY2(!reportText.contains(QChar(0x9b)) && !reportText.contains(QChar(0x202e)),
            "raw controls in the report");
    }

    // Item 11: kernel_details.csv -> a file outside the *_ascend_pt folder is not read.
    void profileLinkOutOfItsFolderIsRefused()
    {
        const QString tree = engagedTree(u"profilelink/torch_compile_debug"_s);
        const QString secret = m_dir.filePath(u"secret.csv"_s);
        writeFile(secret, "Name,Type,Accelerator Core,Duration(us)\nSECRET_ROW,SECRET,AI_CORE,1\n");
        const QString ascend = m_dir.filePath(u"profilelink/host_1_ascend_pt"_s);
        QVERIFY(QDir().mkpath(ascend + u"/ASCEND_PROFILER_OUTPUT"_s));
        QVERIFY(QFile::link(secret, ascend + u"/ASCEND_PROFILER_OUTPUT/kernel_details.csv"_s));
        const testutil::CliResult scan = run({ u"scan"_s, u"--profile"_s, ascend, tree });
        QCOMPARE(scan.exitCode, 2);
        QVERIFY2(
            scan.err.contains(u"it is a link that leads out of the profile folder"_s), qPrintable(scan.err));
        QVERIFY(!scan.out.contains(u"SECRET"_s));
    }
};

QTEST_GUILESS_MAIN(TestCliHostileOutput)
#include "tst_cli_hostileoutput.moc"
