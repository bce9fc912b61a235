// SPDX-License-Identifier: MIT
// MappedWindow: the file's bytes at any offset, readable padding after the window even where the
// file ends on a page boundary, and a file that shrinks while mapped: the pages past its end read
// as zeros and the window says so (no SIGBUS), while a bus error of anybody else's mapping still
// ends the process as it would have without the handler.
#include "core/io/mappedwindow.h"

#include <QCoreApplication>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <string>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

using namespace dvmlens;

namespace {

// Bytes that tell their offsets apart.
std::string pattern(std::size_t size)
{
    std::string bytes(size, '\0');
    for (std::size_t i = 0; i < size; ++i)
        bytes[i] = static_cast<char>('a' + (i * 7 + i / 251) % 26);
    return bytes;
}

// Writes `bytes` to `path` and opens it read-only (the descriptor is the caller's to close).
int writeAndOpen(const QString& path, const std::string& bytes)
{
    const QByteArray name = path.toLocal8Bit();
    const int out = ::open(name.constData(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    if (out < 0 || ::write(out, bytes.data(), bytes.size()) != static_cast<ssize_t>(bytes.size()))
        qFatal("cannot write %s", name.constData());
    ::close(out);
    return ::open(name.constData(), O_RDONLY);
}

} // namespace

class TestMappedWindow : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void mapsTheBytesAtAnyOffset()
    {
        QTemporaryDir dir;
        const std::string bytes = pattern(3 * 4096 + 100);
        const int fd = writeAndOpen(dir.filePath(u"f"_s), bytes);
        QVERIFY(fd >= 0);
        for (const auto& [offset, length] : { std::pair<std::size_t, std::size_t> { 0, bytes.size() },
                 { 5000, 7000 }, { 4096, 1 }, { 4095, 2 }, { bytes.size() - 1, 1 } }) {
            std::optional<MappedWindow> window = MappedWindow::map(fd, offset, length);
            QVERIFY(window);
            QCOMPARE(window->size(), length);
            QCOMPARE(std::string(window->data(), window->size()), bytes.substr(offset, length));
            QVERIFY(!window->shrank());
        }
        ::close(fd);
    }

    // The padding is there where nothing of the file follows: a file of whole pages, mapped to its
    // end (without the zero pages behind it, reading the padding would be a segmentation fault).
    void paddingIsReadableAtTheEndOfAFileOfWholePages()
    {
        QTemporaryDir dir;
        const std::string bytes = pattern(2 * 4096);
        const int fd = writeAndOpen(dir.filePath(u"f"_s), bytes);
        std::optional<MappedWindow> window = MappedWindow::map(fd, 100, bytes.size() - 100);
        QVERIFY(window);
        for (std::size_t i = 0; i < MappedWindow::kPadding; ++i)
            QCOMPARE(window->data()[window->size() + i], '\0');
        // Within the window's last page the padding is the file's next bytes; past it, zeros.
        std::optional<MappedWindow> inner = MappedWindow::map(fd, 10, 3990);
        QVERIFY(inner);
        QCOMPARE(std::string(inner->data() + inner->size(), MappedWindow::kPadding),
            bytes.substr(4000, MappedWindow::kPadding));
        std::optional<MappedWindow> pageEnd = MappedWindow::map(fd, 10, 4086);
        QVERIFY(pageEnd);
        QCOMPARE(std::string(pageEnd->data() + pageEnd->size(), MappedWindow::kPadding),
            std::string(MappedWindow::kPadding, '\0'));
        ::close(fd);
    }

    // Truncated while mapped: where SIGBUS would have killed the process, zeros are read, the window
    // is marked, and another window at the same time is not.
    void aFileThatShrinksReadsZerosAndIsMarked()
    {
        QTemporaryDir dir;
        const std::string bytes = pattern(16 * 4096);
        const QString path = dir.filePath(u"shrinks"_s);
        const int fd = writeAndOpen(path, bytes);
        const int otherFd = writeAndOpen(dir.filePath(u"stays"_s), bytes);
        std::optional<MappedWindow> window = MappedWindow::map(fd, 0, bytes.size());
        std::optional<MappedWindow> other = MappedWindow::map(otherFd, 0, bytes.size());
        QVERIFY(window && other);
        QCOMPARE(window->data()[0], bytes[0]);
        QCOMPARE(::truncate(path.toLocal8Bit().constData(), 3 * 4096 + 10), 0);
        QCOMPARE(window->data()[3 * 4096 + 9], bytes[3 * 4096 + 9]); // still the file's
        QCOMPARE(window->data()[3 * 4096 + 10], '\0'); // past its end, in its last page: zeros
        QVERIFY(!window->shrank()); // no page past the end touched yet
        std::size_t sum = 0;
        for (std::size_t i = 4 * 4096; i < bytes.size(); ++i)
            sum += static_cast<unsigned char>(window->data()[i]); // the pages past the end
        QCOMPARE(sum, std::size_t(0));
        QVERIFY(window->shrank());
        QCOMPARE(std::string(other->data(), other->size()), bytes);
        QVERIFY(!other->shrank());
        // A window mapped later in the same slot starts unmarked.
        window.reset();
        std::optional<MappedWindow> again = MappedWindow::map(otherFd, 0, 4096);
        QVERIFY(again && !again->shrank());
        ::close(fd);
        ::close(otherFd);
    }

    // The handler takes only its windows' faults: a truncated mapping of somebody else still ends
    // the process with SIGBUS (under ASan, its own handler reports it and exits). In a process of
    // its own, started afresh: Qt Test's crash handler, which ours would pass the fault on to here,
    // waits on a debugger for a stack trace.
    void otherBusErrorsStillEndTheProcess()
    {
        QTemporaryDir dir;
        const QByteArray path = dir.filePath(u"theirs"_s).toLocal8Bit();
        ::close(writeAndOpen(QString::fromLocal8Bit(path), pattern(4 * 4096)));
        const QByteArray program = QCoreApplication::applicationFilePath().toLocal8Bit();
        const pid_t child = ::fork();
        QVERIFY(child >= 0);
        if (child == 0) {
            const char* const arguments[] = { program.constData(), kBusErrorChild, path.constData(),
                nullptr };
            ::execv(program.constData(), const_cast<char* const*>(arguments));
            ::_exit(4);
        }
        int status = 0;
        QCOMPARE(::waitpid(child, &status, 0), child);
        QVERIFY2(!(WIFEXITED(status) && WEXITSTATUS(status) == 0), "the bus error was swallowed");
        QVERIFY2(!(WIFEXITED(status) && WEXITSTATUS(status) >= 2 && WEXITSTATUS(status) <= 4),
            "the child could not set up its bus error");
#if !defined(__SANITIZE_ADDRESS__)
        QVERIFY(WIFSIGNALED(status));
        QCOMPARE(WTERMSIG(status), SIGBUS);
#endif
    }

public:
    static constexpr const char* kBusErrorChild = "--bus-error-child";

    // The child of otherBusErrorsStillEndTheProcess: a window of its own (the handler installed,
    // SIGBUS's default action before it), then a mapping of `path` it truncates and touches.
    static int busErrorChild(const char* path)
    {
        const int fd = ::open(path, O_RDONLY);
        if (fd < 0 || !MappedWindow::map(fd, 0, 4096))
            return 2;
        void* const theirs = ::mmap(nullptr, 4 * 4096, PROT_READ, MAP_SHARED, fd, 0);
        if (theirs == MAP_FAILED || ::truncate(path, 0) != 0)
            return 3;
        const volatile char* touched = static_cast<const char*>(theirs) + 2 * 4096;
        (void)*touched;
        return 0; // reached only if the bus error was swallowed
    }
};

int main(int argc, char** argv)
{
    if (argc == 3 && std::strcmp(argv[1], TestMappedWindow::kBusErrorChild) == 0)
        return TestMappedWindow::busErrorChild(argv[2]);
    QCoreApplication app(argc, argv);
    TestMappedWindow test;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}
#include "tst_mappedwindow.moc"
