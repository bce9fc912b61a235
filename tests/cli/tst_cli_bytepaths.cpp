// SPDX-License-Identifier: MIT
// A PATH argument whose bytes are not UTF-8 (a folder named in Latin-1) opens in the CLI and in
// the GUI (issue 16, item 7). QProcess would re-encode such an argument, so the programs are
// started with posix_spawn and the raw bytes.
#include "testutil.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <cerrno>
#include <fcntl.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

extern char** environ;

namespace {

const QString kRun = QStringLiteral("run_2026_07_20_10_15_30_123456-pid_4242");

// Runs `program` with `args` as bytes; stdout and stderr go to `output`. The exit code, or -1.
int spawn(const QByteArray& program, const std::vector<QByteArray>& args, const QByteArray& output)
{
    std::vector<char*> argv { const_cast<char*>(program.constData()) };
    for (const QByteArray& arg : args)
        argv.push_back(const_cast<char*>(arg.constData()));
    argv.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 1, output.constData(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_adddup2(&actions, 1, 2);
    pid_t pid = 0;
    const int failed = posix_spawn(&pid, program.constData(), &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    if (failed)
        return -1;
    int status = 0;
    if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
        return -1;
    return WEXITSTATUS(status);
}

QByteArray readAll(const QByteArray& path)
{
    QFile file(QFile::decodeName(path));
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// Copies fixture `name` to `target`, a path given by its bytes (QFile cannot name it), and makes
// every folder on the way below `base` (mkdir(2) by bytes).
void copyFixture(const QString& name, const QByteArray& base, const QByteArray& target)
{
    QByteArray made = base;
    const QList<QByteArray> parts = target.mid(base.size() + 1).split('/');
    for (qsizetype i = 0; i + 1 < parts.size(); ++i) {
        made += '/' + parts[i];
        QVERIFY2(::mkdir(made.constData(), 0755) == 0 || errno == EEXIST, made.constData());
    }
    QFile source(testutil::fixture(name));
    QVERIFY(source.open(QIODevice::ReadOnly));
    const QByteArray bytes = source.readAll();
    const int fd = ::open(target.constData(), O_WRONLY | O_CREAT | O_EXCL, 0644);
    QVERIFY(fd >= 0);
    QCOMPARE(::write(fd, bytes.constData(), size_t(bytes.size())), ssize_t(bytes.size()));
    ::close(fd);
}

} // namespace

class TestCliBytePaths : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QByteArray m_tree; // <tmp>/caf\xe9/torch_compile_debug, as bytes

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_tree = QFile::encodeName(m_dir.path()) + "/caf\xe9/torch_compile_debug";
        const QByteArray graph = m_tree + '/' + kRun.toUtf8() + "/torchinductor/model__0_forward_1.0";
        copyFixture(
            QStringLiteral("reports/tree/%1/torchinductor/model__0_forward_1.0/output_code.py").arg(kRun),
            QFile::encodeName(m_dir.path()), graph + "/output_code.py");
    }

    void cliScansIt()
    {
        const QByteArray out = QFile::encodeName(m_dir.filePath(QStringLiteral("scan.txt")));
        QCOMPARE(spawn(DVMLENS_CLI, { "scan", m_tree }, out), 0);
        const QByteArray text = readAll(out);
        QVERIFY2(
            text.contains("totals: 1 run, 1 graph (1 with output_code.py, 1 DVM engaged)"), text.constData());
    }

    void guiOpensIt()
    {
        const QByteArray gui = DVMLENS_GUI;
        if (gui.isEmpty())
            QSKIP("Built without the GUI (DVMLENS_BUILD_GUI=OFF)");
        const QByteArray picture = QFile::encodeName(m_dir.filePath(QStringLiteral("window.png")));
        const QByteArray out = QFile::encodeName(m_dir.filePath(QStringLiteral("gui.txt")));
        QCOMPARE(spawn(gui, { "--screenshot", picture, "--size", "800x600", m_tree }, out), 0);
        QVERIFY2(!readAll(out).contains("dvmlens: "), readAll(out).constData()); // no "Cannot open"
        QVERIFY(QFileInfo(QFile::decodeName(picture)).size() > 0);
    }

    // A profile and a report file under the same folder: --profile and --output keep the bytes too.
    void cliReadsAProfileAndWritesAReportThere()
    {
        const QByteArray profile = QFile::encodeName(m_dir.path()) + "/caf\xe9/h_ascend_pt";
        copyFixture(QStringLiteral("profile/sample-run/kernel_details.csv"), QFile::encodeName(m_dir.path()),
            profile + "/ASCEND_PROFILER_OUTPUT/kernel_details.csv");

        const QByteArray out = QFile::encodeName(m_dir.filePath(QStringLiteral("profile.txt")));
        QCOMPARE(spawn(DVMLENS_CLI, { "scan", "--profile", profile, m_tree }, out), 0);
        QVERIFY2(readAll(out).contains("Profile: 1 profile, 5 kernel rows"), readAll(out).constData());

        const QByteArray report = QFile::encodeName(m_dir.path()) + "/caf\xe9/report.md";
        QCOMPARE(spawn(DVMLENS_CLI, { "report", "--profile", profile, "--output", report, m_tree }, out), 0);
        struct stat info
        {
        };
        QVERIFY2(::stat(report.constData(), &info) == 0 && info.st_size > 0, readAll(out).constData());
    }

    // QTemporaryDir cannot remove a folder whose name is not UTF-8.
    void cleanupTestCase()
    {
        const QByteArray out = QFile::encodeName(m_dir.filePath(QStringLiteral("rm.txt")));
        QCOMPARE(spawn("/bin/rm", { "-rf", QFile::encodeName(m_dir.path()) + "/caf\xe9" }, out), 0);
    }
};

QTEST_GUILESS_MAIN(TestCliBytePaths)
#include "tst_cli_bytepaths.moc"
