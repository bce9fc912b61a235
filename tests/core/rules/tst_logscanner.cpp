// SPDX-License-Identifier: MIT
// LogLineReader: lines split exactly as in the file whatever the chunk size, any bytes, any line
// length, and a 200 MB log read through a fixed buffer.
#include "core/io/container.h"
#include "core/rules/knownfailures.h"
#include "core/rules/logscanner.h"
#include "testutil.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <sys/resource.h>
#include <sys/stat.h>

using namespace dvmlens;

namespace {

struct ReadLine
{
    std::int64_t number;
    std::string text;
    bool cut;
};

std::vector<ReadLine> readAll(LogLineReader& reader, const QString& path, bool* ok = nullptr)
{
    std::vector<ReadLine> lines;
    std::string error;
    const bool read = reader.read(
        fileSystem(), path.toStdString(),
        [&](const LogLine& line) {
            lines.push_back({ line.number, std::string(line.text), line.cut });
            return true;
        },
        error);
    if (ok)
        *ok = read;
    return lines;
}

QString writeFile(const QTemporaryDir& dir, const QString& name, const QByteArray& bytes)
{
    const QString path = dir.filePath(name);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size())
        qFatal("cannot write %s", qPrintable(path));
    return path;
}

long maxResidentKiB()
{
    rusage usage {};
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_maxrss;
}

} // namespace

class TestLogScanner : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void splitsLinesAcrossChunks_data()
    {
        QTest::addColumn<int>("chunkBytes");
        for (int chunk : { 1, 2, 3, 5, 7, 16, 64, 65536 })
            QTest::addRow("chunk %d", chunk) << chunk;
    }

    void splitsLinesAcrossChunks()
    {
        QFETCH(int, chunkBytes);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        static const char raw[] = "first\r\n\nthird has \0 a NUL\ncaf\xe9 not utf-8\r\nlast without newline";
        const QByteArray bytes(raw, sizeof raw - 1);
        const QString path = writeFile(dir, QStringLiteral("a.log"), bytes);
        LogLineReader reader(static_cast<std::size_t>(chunkBytes), 1024);
        bool ok = false;
        const auto lines = readAll(reader, path, &ok);
        QVERIFY(ok);
        QCOMPARE(lines.size(), std::size_t(5));
        QCOMPARE(lines[0].text, std::string("first"));
        QCOMPARE(lines[1].text, std::string());
        QCOMPARE(lines[2].text, std::string("third has \0 a NUL", 17));
        QCOMPARE(lines[3].text, std::string("caf\xe9 not utf-8"));
        QCOMPARE(lines[4].text, std::string("last without newline"));
        for (std::size_t i = 0; i < lines.size(); ++i) {
            QCOMPARE(lines[i].number, std::int64_t(i + 1));
            QVERIFY(!lines[i].cut);
        }
        QCOMPARE(reader.linesRead(), std::int64_t(5));
    }

    void cutsOverlongLinesAndKeepsCounting_data()
    {
        QTest::addColumn<int>("chunkBytes");
        QTest::addRow("line spans chunks") << 8;
        QTest::addRow("line inside one chunk") << 4096;
    }

    void cutsOverlongLinesAndKeepsCounting()
    {
        QFETCH(int, chunkBytes);
        QTemporaryDir dir;
        const QByteArray longLine(1000, 'x');
        const QString path = writeFile(dir, QStringLiteral("long.log"), "a\n" + longLine + "\nb\n");
        LogLineReader reader(static_cast<std::size_t>(chunkBytes), 100);
        const auto lines = readAll(reader, path);
        QCOMPARE(lines.size(), std::size_t(3));
        QCOMPARE(lines[1].text, std::string(100, 'x'));
        QVERIFY(lines[1].cut);
        QCOMPARE(lines[2].text, std::string("b"));
        QCOMPARE(lines[2].number, std::int64_t(3));
        QVERIFY(!lines[2].cut);
        QVERIFY(reader.peakBufferedBytes() <= static_cast<std::size_t>(chunkBytes) + 128);
    }

    void emptyFileHasNoLines()
    {
        QTemporaryDir dir;
        LogLineReader reader;
        bool ok = false;
        QVERIFY(readAll(reader, writeFile(dir, QStringLiteral("empty.log"), QByteArray()), &ok).empty());
        QVERIFY(ok);
    }

    void stopsWhenAsked()
    {
        QTemporaryDir dir;
        LogLineReader reader(4);
        std::string error;
        int seen = 0;
        QVERIFY(reader.read(
            fileSystem(), writeFile(dir, QStringLiteral("s.log"), "1\n2\n3\n4\n").toStdString(),
            [&](const LogLine&) { return ++seen < 2; }, error));
        QCOMPARE(seen, 2);
    }

    void reportsMissingAndNonRegularFiles()
    {
        QTemporaryDir dir;
        LogLineReader reader;
        std::string error;
        QVERIFY(!reader.read(
            fileSystem(), dir.filePath(QStringLiteral("missing.log")).toStdString(),
            [](const LogLine&) { return true; }, error));
        QVERIFY2(error.find("cannot open") != std::string::npos, error.c_str());
        error.clear();
        QVERIFY(!reader.read(
            fileSystem(), dir.path().toStdString(), [](const LogLine&) { return true; }, error));
        QVERIFY2(error.find("not a regular file") != std::string::npos, error.c_str());
    }

    // A FIFO named *.log blocked the reader before; /dev/zero never ended; a log linked out of
    // the tree was read.
    void refusesFifosDevicesAndLinksOut()
    {
        QTemporaryDir dir;
        QTemporaryDir outside;
        const std::string fifo = QFile::encodeName(dir.filePath(QStringLiteral("fifo.log"))).toStdString();
        QVERIFY(::mkfifo(fifo.c_str(), 0644) == 0);
        const QString secret = writeFile(outside, QStringLiteral("secret.log"), "secret\n");
        QVERIFY(QFile::link(secret, dir.filePath(QStringLiteral("out.log"))));
        LogLineReader reader;
        std::string error;
        const auto all = [](const LogLine&) { return true; };
        QVERIFY(!reader.read(fileSystem(), fifo, all, error));
        QCOMPARE(error, "cannot open " + fifo + ": it is a FIFO, not a regular file");
        QVERIFY(!reader.read(fileSystem(), "/dev/zero", all, error));
        QCOMPARE(error, std::string("cannot open /dev/zero: it is a device, not a regular file"));
        const std::string out = dir.filePath(QStringLiteral("out.log")).toStdString();
        QVERIFY(!reader.read(fileSystem(), out, all, error, dir.path().toStdString()));
        QVERIFY2(error.find("leads out of the scanned tree") != std::string::npos, error.c_str());
        QVERIFY(reader.read(fileSystem(), out, all, error)); // no tree named: read
    }

    // A 200 MB debug.log with the failure near its end: found at the right line, with the reader's
    // buffer and the process's peak memory staying small.
    void scansHugeLogInBoundedMemory()
    {
#if defined(__SANITIZE_ADDRESS__)
        QSKIP("ASan shadows every byte and quarantines freed memory: the resident-memory bound of this "
              "test cannot hold in a sanitizer build (the release suite checks it).");
#endif
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("debug.log"));
        constexpr qint64 kTargetBytes = 200LL * 1024 * 1024;
        const QByteArray filler("[2026-07-20 10:15:30,123] torch._dynamo.guards: [DEBUG] GUARDS: "
                                "___check_obj_id(L['self'], 1401) "
                                "hccl port 16666 mentioned in an unrelated INFO line\n");
        QByteArray block;
        while (block.size() < 1024 * 1024)
            block += filler;
        const qint64 linesPerBlock = block.count('\n');
        qint64 lines = 0;
        {
            QFile file(path);
            QVERIFY(file.open(QIODevice::WriteOnly));
            qint64 written = 0;
            while (written < kTargetBytes) {
                QCOMPARE(file.write(block), qint64(block.size()));
                written += block.size();
                lines += linesPerBlock;
            }
            // One line longer than the reader's line limit, then the failure.
            QVERIFY(file.write(QByteArray(300 * 1024, 'z') + '\n') > 0);
            QVERIFY(file.write("AttributeError: 'FallbackKernel' object has no attribute 'data'\n") > 0);
            QVERIFY(file.write("tail line\n") > 0);
            lines += 2;
        }
        QVERIFY(QFileInfo(path).size() > kTargetBytes);

        const long residentBefore = maxResidentKiB();
        QElapsedTimer timer;
        timer.start();
        std::string error;
        const auto findings =
            scanLogForKnownFailures(fileSystem(), path.toStdString(), builtinRules(), error);
        const qint64 elapsed = timer.elapsed();
        const long residentGrowthKiB = maxResidentKiB() - residentBefore;
        QVERIFY2(findings.has_value(), error.c_str());
        QCOMPARE(findings->size(), std::size_t(1));
        QCOMPARE(findings->front().rule.id, std::string("fallbackkernel-no-data"));
        QCOMPARE(findings->front().line, std::optional<int>(static_cast<int>(lines)));
        qInfo("200 MB log scanned in %lld ms; peak resident memory grew by %ld KiB", elapsed,
            residentGrowthKiB);
        QVERIFY2(residentGrowthKiB < 32 * 1024, qPrintable(QString::number(residentGrowthKiB)));

        LogLineReader reader;
        std::int64_t counted = 0;
        QVERIFY(reader.read(
            fileSystem(), path.toStdString(), [&](const LogLine&) { return ++counted > 0; }, error));
        QCOMPARE(counted, std::int64_t(lines + 1));
        QVERIFY(reader.peakBufferedBytes()
            <= LogLineReader::kDefaultChunkBytes + LogLineReader::kDefaultMaxLineBytes);
    }
};

QTEST_GUILESS_MAIN(TestLogScanner)
#include "tst_logscanner.moc"
