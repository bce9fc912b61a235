// SPDX-License-Identifier: MIT
// SafeFile: only regular files (FIFOs, sockets, devices and folders are refused at once, never
// waited on), only inside the tree (checked on the descriptor: links and linked folders that lead
// out are refused), a byte budget counted while reading (st_size is not trusted), typed errors.
#include "core/io/container.h"
#include "core/io/pathtext.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <cstdio>
#include <cstring>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

using namespace dvmlens;

namespace {

std::string native(const QString& path)
{
    return QFile::encodeName(path).toStdString();
}

void writeBytes(const std::string& path, const std::string& bytes)
{
    FILE* file = std::fopen(path.c_str(), "wb");
    if (!file || std::fwrite(bytes.data(), 1, bytes.size(), file) != bytes.size())
        qFatal("cannot write %s", path.c_str());
    std::fclose(file);
}

// Opens `path` inside `tree` and returns the problem (nullopt when it opened).
std::optional<FileProblem> problemOf(
    const std::string& path, const std::string& tree, std::string* message = nullptr)
{
    FileError error;
    const std::optional<SafeFile> file = SafeFile::open(path, tree, 1 << 20, error);
    if (file)
        return std::nullopt;
    if (message)
        *message = error.message;
    return error.problem;
}

} // namespace

class TestSafeFile : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // A relative path whose bytes are not UTF-8 (a Latin-1 folder) made absolute keeps its bytes;
    // QFileInfo::absoluteFilePath turned them into U+FFFD, so the GUI could not open "caf\xe9".
    void absolutePathKeepsEveryByte()
    {
        const QString relative = pathText("caf\xe9/./run");
        const std::string expected = QFile::encodeName(QDir::currentPath()).toStdString() + "/caf\xe9/run";
        QCOMPARE(pathBytes(absolutePathText(relative)), expected);
        QCOMPARE(pathBytes(absolutePathText(pathText("/tmp/caf\xe9/../x/"))), std::string("/tmp/x"));
        QCOMPARE(absolutePathText(QStringLiteral("/a/b")), QStringLiteral("/a/b"));
    }

    void init()
    {
        QVERIFY(m_dir.isValid());
        m_tree = native(m_dir.path()) + "/tree";
        QVERIFY(QDir().mkpath(m_dir.filePath(QStringLiteral("tree/graph"))));
        QVERIFY(QDir().mkpath(m_dir.filePath(QStringLiteral("outside"))));
        writeBytes(m_tree + "/graph/output_code.py", "x = 1\n");
        writeBytes(native(m_dir.path()) + "/outside/secret.txt", "secret\n");
    }

    void cleanup()
    {
        QDir(m_dir.filePath(QStringLiteral("tree"))).removeRecursively();
        QDir(m_dir.filePath(QStringLiteral("outside"))).removeRecursively();
    }

    void readsRegularFiles()
    {
        std::string buffer;
        std::size_t size = 0;
        FileError error;
        QVERIFY(
            readWholeFile(fileSystem(), m_tree + "/graph/output_code.py", m_tree, 100, buffer, size, error));
        QCOMPARE(std::string(buffer.data(), size), std::string("x = 1\n"));
        // Exactly the budget is fine, one byte less is too large.
        QVERIFY(
            readWholeFile(fileSystem(), m_tree + "/graph/output_code.py", m_tree, 6, buffer, size, error));
        QVERIFY(
            !readWholeFile(fileSystem(), m_tree + "/graph/output_code.py", m_tree, 5, buffer, size, error));
        QCOMPARE(error.problem, FileProblem::TooLarge);
        QCOMPARE(std::string(fileProblemName(error.problem)), std::string("too-large"));
    }

    // Regular files whose st_size says 0 (procfs) are read in full: the size is never trusted.
    void statSizeIsNotTrusted()
    {
        std::string buffer;
        std::size_t size = 0;
        FileError error;
        QVERIFY2(
            readWholeFile(fileSystem(), "/proc/self/status", std::string(), 1 << 20, buffer, size, error),
            error.message.c_str());
        QVERIFY(size > 100);
        QVERIFY(std::string(buffer.data(), size).find("VmRSS") != std::string::npos);
    }

    // Hung before (a FIFO blocked open(2) or read(2); /dev/zero never ended).
    void specialFilesAreRefusedAtOnce()
    {
        const std::string fifo = m_tree + "/graph/fx_graph_runnable.py";
        QVERIFY(::mkfifo(fifo.c_str(), 0644) == 0);
        const std::string socketPath = m_tree + "/graph/debug.log";
        const int sock = ::socket(AF_UNIX, SOCK_STREAM, 0);
        sockaddr_un address {};
        address.sun_family = AF_UNIX;
        std::strncpy(address.sun_path, socketPath.c_str(), sizeof(address.sun_path) - 1);
        QVERIFY(::bind(sock, reinterpret_cast<sockaddr*>(&address), sizeof(address)) == 0);
        QVERIFY(::symlink("/dev/zero", (m_tree + "/graph/zero.log").c_str()) == 0);

        QElapsedTimer timer;
        timer.start();
        std::string message;
        QCOMPARE(problemOf(fifo, m_tree, &message), std::optional<FileProblem>(FileProblem::NotRegular));
        QCOMPARE(message, std::string("it is a FIFO, not a regular file"));
        QCOMPARE(
            problemOf(socketPath, m_tree, &message), std::optional<FileProblem>(FileProblem::NotRegular));
        QCOMPARE(message, std::string("it is a socket, not a regular file"));
        QCOMPARE(problemOf("/dev/zero", std::string(), &message),
            std::optional<FileProblem>(FileProblem::NotRegular));
        QCOMPARE(message, std::string("it is a device, not a regular file"));
        QCOMPARE(problemOf(m_tree + "/graph", m_tree, &message),
            std::optional<FileProblem>(FileProblem::NotRegular));
        QCOMPARE(message, std::string("it is a folder, not a regular file"));
        // A link to a device inside no tree is still a device.
        QCOMPARE(problemOf(m_tree + "/graph/zero.log", std::string()),
            std::optional<FileProblem>(FileProblem::NotRegular));
        FileError headError;
        QVERIFY(!readFileHead(fileSystem(), fifo, m_tree, 64, headError));
        QCOMPARE(headError.problem, FileProblem::NotRegular);
        QVERIFY2(timer.elapsed() < 5000, "refusals must not wait");
        ::close(sock);
    }

    // Read /etc/passwd through a link before.
    void staysInsideTheTree()
    {
        const std::string secret = native(m_dir.path()) + "/outside/secret.txt";
        QVERIFY(::symlink(secret.c_str(), (m_tree + "/graph/out.py").c_str()) == 0);
        QVERIFY(::symlink("/etc/passwd", (m_tree + "/graph/passwd.py").c_str()) == 0);
        QVERIFY(::symlink("../outside", (m_tree + "/linked").c_str()) == 0); // a folder link out
        QVERIFY(::symlink("graph/output_code.py", (m_tree + "/inside.py").c_str()) == 0);
        std::string message;
        QCOMPARE(problemOf(m_tree + "/graph/out.py", m_tree, &message),
            std::optional<FileProblem>(FileProblem::OutsideTree));
        QCOMPARE(message, "it leads out of the scanned tree (to " + secret + ")");
        QCOMPARE(problemOf(m_tree + "/graph/passwd.py", m_tree),
            std::optional<FileProblem>(FileProblem::OutsideTree));
        QCOMPARE(problemOf(m_tree + "/linked/secret.txt", m_tree),
            std::optional<FileProblem>(FileProblem::OutsideTree));
        QCOMPARE(problemOf(m_tree + "/inside.py", m_tree), std::nullopt);
        QCOMPARE(problemOf(m_tree + "/graph/out.py", std::string()), std::nullopt); // no tree: anywhere
        // A tree that is one file bounds reads to its folder (a lone output_code.py and its siblings).
        writeBytes(m_tree + "/graph/fx_graph_runnable.py", "# torch version: 2.9\n");
        QCOMPARE(problemOf(m_tree + "/graph/fx_graph_runnable.py", m_tree + "/graph/output_code.py"),
            std::nullopt);
        QCOMPARE(problemOf(secret, m_tree + "/graph/output_code.py"),
            std::optional<FileProblem>(FileProblem::OutsideTree));
    }

    void linksThatGoNowhere()
    {
        QVERIFY(::symlink("self.py", (m_tree + "/self.py").c_str()) == 0);
        QVERIFY(::symlink("nothing.py", (m_tree + "/broken.py").c_str()) == 0);
        std::string message;
        QCOMPARE(problemOf(m_tree + "/self.py", m_tree), std::optional<FileProblem>(FileProblem::LinkLoop));
        QCOMPARE(problemOf(m_tree + "/broken.py", m_tree, &message),
            std::optional<FileProblem>(FileProblem::Missing));
        QCOMPARE(message, std::string("it is a link to nothing"));
        QCOMPARE(problemOf(m_tree + "/none.py", m_tree, &message),
            std::optional<FileProblem>(FileProblem::Missing));
        QCOMPARE(message, std::string("No such file or directory"));
    }

    void headsAndOddNames()
    {
        const std::string odd = m_tree + "/caf\xe9";
        QVERIFY(::mkdir(odd.c_str(), 0755) == 0);
        writeBytes(odd + "/output_code.py", std::string(100000, 'a'));
        FileError error;
        const std::optional<std::string> head =
            readFileHead(fileSystem(), odd + "/output_code.py", m_tree, 65536, error);
        QVERIFY2(head, error.message.c_str());
        QCOMPARE(head->size(), std::size_t(65536));
        std::string buffer;
        std::size_t size = 0;
        QVERIFY(readWholeFile(fileSystem(), odd + "/output_code.py", m_tree, 1 << 20, buffer, size, error));
        QCOMPARE(size, std::size_t(100000));
        ::unlink((odd + "/output_code.py").c_str());
        ::rmdir(odd.c_str());
    }

private:
    QTemporaryDir m_dir;
    std::string m_tree;
};

QTEST_GUILESS_MAIN(TestSafeFile)
#include "tst_safefile.moc"
