// SPDX-License-Identifier: MIT
// Hostile archives, third campaign (issue 30): entry names over the bounds of archivepath.h (long,
// deep) are left out and cost little; hard link chains, link chains longer than the hop limit,
// libarchive's warnings and damaged headers, and compressions outside the documented four.
#include "archivewriter.h"
#include "core/archive/archivecontainer.h"
#include "core/archive/archivetree.h"
#include "core/index/indexer.h"
#include "core/io/safefile.h"
#include "testutil.h"

#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

using namespace dvmlens;
using testutil::ArchiveBuilder;
using testutil::ArchiveFormat;

namespace {

const std::string kGraphs = "t/run_2026_07_20_10_15_30_123456-pid_4101/torchinductor/";

QByteArray engagedSample()
{
    QFile file(testutil::sampleTree(
        testutil::kSampleEngagedRun + QStringLiteral("/torchinductor/model__0_forward_1.0/output_code.py")));
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

std::vector<const Diagnostic*> diagnosticsOf(const Index& index, std::string_view code)
{
    std::vector<const Diagnostic*> found;
    for (const Diagnostic& diagnostic : index.diagnostics) {
        if (diagnostic.code == code)
            found.push_back(&diagnostic);
    }
    for (const Run& run : index.runs) {
        for (const Graph& graph : run.graphs) {
            for (const Diagnostic& diagnostic : graph.diagnostics) {
                if (diagnostic.code == code)
                    found.push_back(&diagnostic);
            }
        }
    }
    return found;
}

const Graph* graph(const Index& index, std::string_view name)
{
    for (const Run& run : index.runs) {
        for (const Graph& each : run.graphs) {
            if (each.name == name)
                return &each;
        }
    }
    return nullptr;
}

bool engaged(const Index& index, std::string_view name)
{
    const Graph* found = graph(index, name);
    return found && found->outputCode && found->outputCode->dvmEngaged;
}

std::optional<Index> indexOf(const QString& archive, std::string* error = nullptr)
{
    std::string ignored;
    return buildIndex(QFile::encodeName(archive).toStdString(), IndexOptions(), error ? *error : ignored);
}

QByteArray readAll(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

bool writeAll(const QString& path, const QByteArray& bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

void putLe(QByteArray& to, quint32 value, int bytes)
{
    for (int i = 0; i < bytes; ++i)
        to.append(char((value >> (8 * i)) & 0xff));
}

// A zip of one stored entry whose CRC field is `crc` (the right one or not): what `unzip -t` checks.
QByteArray storedZip(const QByteArray& name, const QByteArray& data, quint32 crc)
{
    QByteArray zip;
    putLe(zip, 0x04034b50, 4);
    putLe(zip, 20, 2); // version needed
    putLe(zip, 0, 2); // flags
    putLe(zip, 0, 2); // stored
    putLe(zip, 0, 4); // time, date
    putLe(zip, crc, 4);
    putLe(zip, quint32(data.size()), 4);
    putLe(zip, quint32(data.size()), 4);
    putLe(zip, quint32(name.size()), 2);
    putLe(zip, 0, 2);
    zip += name + data;
    const quint32 central = quint32(zip.size());
    putLe(zip, 0x02014b50, 4);
    putLe(zip, 20, 2);
    putLe(zip, 20, 2);
    putLe(zip, 0, 2);
    putLe(zip, 0, 2);
    putLe(zip, 0, 4);
    putLe(zip, crc, 4);
    putLe(zip, quint32(data.size()), 4);
    putLe(zip, quint32(data.size()), 4);
    putLe(zip, quint32(name.size()), 2);
    putLe(zip, 0, 2); // extra
    putLe(zip, 0, 2); // comment
    putLe(zip, 0, 2); // disk
    putLe(zip, 0, 2); // internal attributes
    putLe(zip, 0, 4); // external attributes
    putLe(zip, 0, 4); // offset of the local header
    zip += name;
    const quint32 centralSize = quint32(zip.size()) - central;
    putLe(zip, 0x06054b50, 4);
    putLe(zip, 0, 4);
    putLe(zip, 1, 2);
    putLe(zip, 1, 2);
    putLe(zip, centralSize, 4);
    putLe(zip, central, 4);
    putLe(zip, 0, 2);
    return zip;
}

} // namespace

class TestArchiveBounds : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_engaged = engagedSample();
        QVERIFY(m_engaged.contains("@dvm.kernel"));
    }

    // 32,000 levels in a few hundred bytes and a 512 KiB name (libarchive itself stops at 1 MiB):
    // left out at once, the rest is read.
    void namesOverTheBounds()
    {
        const QString path = m_dir.filePath(QStringLiteral("deep.tgz"));
        std::string deep;
        for (int i = 0; i < 32000; ++i)
            deep += "a/";
        deep += "x";
        const std::string longName = "t/" + std::string(512 << 10, 'n');
        std::string deepest; // exactly at the depth bound: kept
        for (std::size_t i = 1; i < kMaxEntryDepth; ++i)
            deepest += "d/";
        deepest += "f";
        {
            ArchiveBuilder builder(path, ArchiveFormat::TarGz);
            builder.addFile(kGraphs + "model__0_forward_1.0/output_code.py", m_engaged);
            builder.addFile(deep, QByteArray());
            builder.addFile(longName, QByteArray());
            builder.addFile(deepest, "kept");
            builder.addFile(
                std::string(300, 'd') + "/" + deep.substr(0, 600) + "y", QByteArray()); // 301 deep
            QVERIFY(builder.close());
        }
        QVERIFY(QFileInfo(path).size() < 8 * 1024);
        QElapsedTimer timer;
        timer.start();
        const std::optional<Index> index = indexOf(path);
        QVERIFY(index);
        QVERIFY2(timer.elapsed() < 10000, qPrintable(QString::number(timer.elapsed())));
        const std::vector<const Diagnostic*> tooLong = diagnosticsOf(*index, "archive-name-too-long");
        QCOMPARE(tooLong.size(), std::size_t(3));
        for (const Diagnostic* diagnostic : tooLong) // named by a bounded start, not the whole name
            QVERIFY(diagnostic->path.size() < 1024);
        QVERIFY(engaged(*index, "model__0_forward_1.0"));
        const ArchiveTree* tree = archiveOf(*index->files);
        QVERIFY(tree);
        QVERIFY(tree->find(deepest));
        QVERIFY(!tree->find("a"));
        QVERIFY(!tree->find("t/n"));
        std::string bytes;
        std::size_t size = 0;
        FileError error;
        QVERIFY(readWholeFile(*index->files, QFile::encodeName(path).toStdString() + "!/" + deepest,
            std::string(), 64, bytes, size, error));
        QCOMPARE(std::string(bytes.data(), size), std::string("kept"));
    }

    // c -> b -> a: both links read a's bytes.
    void hardLinkChain()
    {
        const QString path = m_dir.filePath(QStringLiteral("hardlinks.tar"));
        const std::string a = kGraphs + "model__0_forward_1.0/output_code.py";
        const std::string b = kGraphs + "model__0_forward_2.1/output_code.py";
        const std::string c = kGraphs + "model__0_forward_3.2/output_code.py";
        {
            ArchiveBuilder builder(path, ArchiveFormat::Tar);
            builder.addFile(a, m_engaged);
            builder.addHardlink(b, a);
            builder.addHardlink(c, b);
            QVERIFY(builder.close());
        }
        const std::optional<Index> index = indexOf(path);
        QVERIFY(index);
        for (const char* name : { "model__0_forward_1.0", "model__0_forward_2.1", "model__0_forward_3.2" })
            QVERIFY2(engaged(*index, name), name);
        std::string bytes;
        std::size_t size = 0;
        FileError error;
        QVERIFY(readWholeFile(*index->files, QFile::encodeName(path).toStdString() + "!/" + c, std::string(),
            1 << 20, bytes, size, error));
        QCOMPARE(QByteArray(bytes.data(), qsizetype(size)), m_engaged);
    }

    // 61 links in a row end at a file: too long a chain, not a loop; a real loop still says loop.
    void linkChainTooLong()
    {
        const QString path = m_dir.filePath(QStringLiteral("chain.tar"));
        const std::string folder = kGraphs + "model__0_forward_1.0/";
        {
            ArchiveBuilder builder(path, ArchiveFormat::Tar);
            builder.addFile(folder + "real.py", m_engaged);
            builder.addSymlink(folder + "output_code.py", "l1");
            for (int i = 1; i < 61; ++i) { // QString: GCC 12 -O3 misreads "l" + std::to_string() (bug 105329)
                builder.addSymlink(folder + QStringLiteral("l%1").arg(i).toStdString(),
                    QStringLiteral("l%1").arg(i + 1).toStdString());
            }
            builder.addSymlink(folder + "l61", "real.py");
            builder.addSymlink(kGraphs + "model__0_forward_2.1/output_code.py", "output_code.py");
            QVERIFY(builder.close());
        }
        const std::optional<Index> index = indexOf(path);
        QVERIFY(index);
        const std::vector<const Diagnostic*> chains = diagnosticsOf(*index, "link-chain-too-long");
        const std::string start = QFile::encodeName(path).toStdString() + "!/" + folder + "output_code.py";
        const auto said = std::find_if(
            chains.begin(), chains.end(), [&start](const Diagnostic* each) { return each->path == start; });
        QVERIFY(said != chains.end());
        QVERIFY((*said)->message.find("too long a chain of links") != std::string::npos);
        const std::vector<const Diagnostic*> loops = diagnosticsOf(*index, "link-loop");
        QCOMPARE(loops.size(), std::size_t(1));
        QVERIFY(loops.front()->path.ends_with("model__0_forward_2.1/output_code.py"));
        FileError error;
        QVERIFY(!index->files->open(QFile::encodeName(path).toStdString() + "!/" + folder + "output_code.py",
            std::string(), 1 << 20, error));
        QVERIFY2(error.message.find("too long a chain of links") != std::string::npos, error.message.c_str());
        QVERIFY(!index->files->open(
            QFile::encodeName(path).toStdString() + "!/" + kGraphs + "model__0_forward_2.1/output_code.py",
            std::string(), 1 << 20, error));
        QCOMPARE(error.problem, FileProblem::LinkLoop);
        // 40 links in a row are followed, as Linux follows them.
        const ArchiveTree* tree = archiveOf(*index->files);
        QVERIFY(tree);
        const ArchiveTree::Resolved resolved = tree->resolve(folder + "l22", true);
        QCOMPARE(resolved.error, 0);
        QCOMPARE(resolved.inner, folder + "real.py");
    }

    // A zip entry whose CRC fails is read, and said: "ZIP bad CRC".
    void zipBadCrc()
    {
        const QString path = m_dir.filePath(QStringLiteral("badcrc.zip"));
        QVERIFY(writeAll(path, storedZip("t/notes.txt", "hello, world\n", 0x12345678)));
        const std::optional<Index> index = indexOf(path);
        QVERIFY(index);
        const std::vector<const Diagnostic*> warnings = diagnosticsOf(*index, "archive-warning");
        QCOMPARE(warnings.size(), std::size_t(1));
        QVERIFY2(warnings.front()->message.find("bad CRC") != std::string::npos,
            warnings.front()->message.c_str());
        QVERIFY(warnings.front()->path.ends_with("!/t/notes.txt"));
        // The right CRC: no warning.
        const QString good = m_dir.filePath(QStringLiteral("goodcrc.zip"));
        QVERIFY(writeAll(good, storedZip("t/notes.txt", "hello, world\n", 0xf4247453)));
        const std::optional<Index> clean = indexOf(good);
        QVERIFY(clean);
        QCOMPARE(diagnosticsOf(*clean, "archive-warning").size(), std::size_t(0));
    }

    // A tar header whose checksum fails (ARCHIVE_RETRY) is skipped with a warning; the entries
    // after it are read, and nothing is taken for an entry that is not there.
    void damagedHeader()
    {
        const QString path = m_dir.filePath(QStringLiteral("damaged.tar"));
        {
            ArchiveBuilder builder(path, ArchiveFormat::Tar);
            builder.addFile("t/first.txt", QByteArray(100, 'x'));
            builder.addFile("t/second.txt", QByteArray(100, 'y'));
            builder.addFile(kGraphs + "model__0_forward_1.0/output_code.py", m_engaged);
            QVERIFY(builder.close());
        }
        QByteArray bytes = readAll(path);
        QCOMPARE(bytes.mid(1024, 12), QByteArray("t/second.txt"));
        bytes[1024 + 148] = '7'; // the second header's checksum
        bytes[1024 + 149] = '7';
        QVERIFY(writeAll(path, bytes));
        const std::optional<Index> index = indexOf(path);
        QVERIFY(index);
        QCOMPARE(diagnosticsOf(*index, "archive-corrupt").size(), std::size_t(0));
        const std::vector<const Diagnostic*> warnings = diagnosticsOf(*index, "archive-warning");
        QCOMPARE(warnings.size(), std::size_t(1));
        QVERIFY2(warnings.front()->message.find("damaged header") != std::string::npos,
            warnings.front()->message.c_str());
        QVERIFY(engaged(*index, "model__0_forward_1.0"));
        const ArchiveTree* tree = archiveOf(*index->files);
        QVERIFY(tree && tree->find("t/first.txt") && !tree->find("t/second.txt"));
    }

    // lzop (and lz4, lrzip, grzip…) are no format DVM Lens reads: a clear error, and no program
    // found through $PATH is ever run, not even one planted beside the archive.
    void unsupportedCompressionRunsNothing()
    {
        const QString bin = m_dir.filePath(QStringLiteral("bin"));
        QVERIFY(QDir().mkpath(bin));
        const QString marker = m_dir.filePath(QStringLiteral("ran"));
        for (const char* program : { "lzop", "lrzip", "grzip", "lz4", "gzip", "xz", "zstd", "bzip2" }) {
            const QString script = bin + QLatin1Char('/') + QLatin1String(program);
            QVERIFY(
                writeAll(script, "#!/bin/sh\ntouch '" + QFile::encodeName(marker) + "'\ncat >/dev/null\n"));
            QVERIFY(QFile::setPermissions(script, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
        }
        const QByteArray oldPath = qgetenv("PATH");
        qputenv("PATH", QFile::encodeName(bin) + "::" + oldPath);
        struct Case
        {
            const char* file;
            QByteArray head;
            const char* name;
        };
        const Case cases[] = {
            { "x.tar.lzo", QByteArray("\x89LZO\0\r\n\x1a\n\x10\x30\x20\xa0\x09\x40\x01\x05", 17), "lzop" },
            { "x.tar.lz4", QByteArray("\x04\x22\x4d\x18\x64\x40\xa7", 7), "lz4" },
            { "x.tar.lrz", QByteArray("LRZI\0\x06", 6), "lrzip" },
            { "x.tar.grz", QByteArray("GRZipII\0\x02\x04:)", 12), "grzip" },
        };
        for (const Case& each : cases) {
            const QString path = m_dir.filePath(QLatin1String(each.file));
            QVERIFY(writeAll(path, each.head + QByteArray(2048, '\x55')));
            std::string error;
            QVERIFY(!indexOf(path, &error));
            QVERIFY2(error.find(std::string("unsupported compression: ") + each.name) != std::string::npos,
                error.c_str());
        }
        qputenv("PATH", oldPath);
        QVERIFY2(!QFileInfo::exists(marker), "a program found through $PATH was run");
    }

private:
    QTemporaryDir m_dir;
    QByteArray m_engaged;
};

QTEST_GUILESS_MAIN(TestArchiveBounds)
#include "tst_archivebounds.moc"
