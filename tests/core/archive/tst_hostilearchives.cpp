// SPDX-License-Identifier: MIT
// Hostile archives (core/archive): names that would leave the folder, links out of the archive and
// round loops, links inside it (resolved), duplicate entries, special files, a decompression bomb
// against the budget, a cut stream, encrypted zip entries. Each gets its diagnostic; nothing is
// written anywhere, nothing outside the archive is read, the index keeps what was read before.
#include "archivewriter.h"
#include "core/archive/archivecontainer.h"
#include "core/archive/archivetree.h"
#include "core/index/indexer.h"
#include "core/io/safefile.h"
#include "core/verdict/verdict.h"
#include "testutil.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

using namespace dvmlens;
using testutil::ArchiveBuilder;
using testutil::ArchiveFormat;

namespace {

QByteArray sampleFile(const char* run, const char* graph)
{
    QFile file(testutil::sourcePath(
        QStringLiteral("resources/samples/torch_compile_debug/%1/torchinductor/%2/output_code.py")
            .arg(QLatin1String(run), QLatin1String(graph))));
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

const char* const kRun = "run_2026_07_20_10_15_30_123456-pid_4101";
const char* const kLostRun = "run_2026_07_20_11_02_07_654321-pid_4102";
const std::string kGraphs = "t/run_2026_07_20_10_15_30_123456-pid_4101/torchinductor/";

int count(const Index& index, std::string_view code)
{
    int n = 0;
    for (const Diagnostic& diagnostic : index.diagnostics)
        n += diagnostic.code == code;
    for (const Run& run : index.runs) {
        for (const Graph& graph : run.graphs) {
            for (const Diagnostic& diagnostic : graph.diagnostics)
                n += diagnostic.code == code;
        }
    }
    return n;
}

const Graph* graphNamed(const Index& index, std::string_view name)
{
    for (const Run& run : index.runs) {
        for (const Graph& graph : run.graphs) {
            if (graph.name == name)
                return &graph;
        }
    }
    return nullptr;
}

std::optional<Index> indexOf(const QString& archive, std::uint64_t budget = 0)
{
    IndexOptions options;
    options.archiveBudget = budget;
    std::string error;
    std::optional<Index> index = buildIndex(QFile::encodeName(archive).toStdString(), options, error);
    if (!index)
        qWarning("buildIndex: %s", error.c_str());
    return index;
}

} // namespace

class TestHostileArchives : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_engaged = sampleFile(kRun, "model__0_forward_1.0");
        m_lost = sampleFile(kLostRun, "model__0_forward_1.0");
        QVERIFY(m_engaged.contains("@dvm.kernel"));
        QVERIFY(!m_lost.contains("@dvm.kernel"));
    }

    // "../" and absolute names are left out with a diagnostic and never joined to anything.
    void unsafeNames()
    {
        const QString path = m_dir.filePath(QStringLiteral("names.tar"));
        {
            ArchiveBuilder builder(path, ArchiveFormat::Tar);
            builder.addFile(kGraphs + "model__0_forward_1.0/output_code.py", m_engaged);
            builder.addFile("../escape/model__0_forward_1.0/output_code.py", m_lost);
            builder.addFile("t/../../up/output_code.py", m_lost);
            builder.addFile("/etc/dvmlens-absolute/output_code.py", m_lost);
            QVERIFY(builder.close());
        }
        const std::optional<Index> index = indexOf(path);
        QVERIFY(index);
        QCOMPARE(count(*index, "archive-unsafe-name"), 3);
        QCOMPARE(index->runs.size(), std::size_t(1));
        QCOMPARE(index->runs[0].graphs.size(), std::size_t(1));
        QVERIFY(index->runs[0].graphs[0].outputCode->dvmEngaged);
        QVERIFY(!QFileInfo::exists(m_dir.filePath(QStringLiteral("../escape"))));
        QVERIFY(!QFileInfo::exists(QStringLiteral("/etc/dvmlens-absolute")));
    }

    void links()
    {
        const QString path = m_dir.filePath(QStringLiteral("links.tgz"));
        {
            ArchiveBuilder builder(path, ArchiveFormat::TarGz);
            builder.addFile(kGraphs + "model__0_forward_1.0/output_code.py", m_engaged);
            // Inside the archive: resolved and parsed like the file it names.
            builder.addSymlink(
                kGraphs + "model__0_forward_2.1/output_code.py", "../model__0_forward_1.0/output_code.py");
            builder.addHardlink(kGraphs + "model__0_forward_3.2/output_code.py",
                kGraphs + "model__0_forward_1.0/output_code.py");
            // Out of the archive: never followed.
            builder.addSymlink(kGraphs + "model__0_forward_4.3/output_code.py", "/etc/passwd");
            builder.addSymlink(
                kGraphs + "model__0_forward_5.4/output_code.py", "../../../../../outside/output_code.py");
            // Round a loop.
            builder.addSymlink(kGraphs + "model__0_forward_6.5/output_code.py", "loop");
            builder.addSymlink(kGraphs + "model__0_forward_6.5/loop", "output_code.py");
            // A hard link to nothing before it.
            builder.addHardlink(kGraphs + "model__0_forward_7.6/output_code.py", "t/nothing/output_code.py");
            QVERIFY(builder.close());
        }
        const std::optional<Index> index = indexOf(path);
        QVERIFY(index);
        for (const char* name : { "model__0_forward_1.0", "model__0_forward_2.1", "model__0_forward_3.2" }) {
            const Graph* graph = graphNamed(*index, name);
            QVERIFY2(graph && graph->outputCode && graph->outputCode->dvmEngaged, name);
            QCOMPARE(graph->outputCode->kernels.size(), std::size_t(4));
        }
        QCOMPARE(count(*index, "link-outside-tree"), 2);
        QCOMPARE(count(*index, "link-loop"), 2); // both links of the loop, as on disk
        QCOMPARE(count(*index, "archive-bad-link"), 1);
        for (const char* name : { "model__0_forward_4.3", "model__0_forward_5.4", "model__0_forward_6.5" }) {
            const Graph* graph = graphNamed(*index, name);
            // Named but not followed: unreadable, never "no output_code.py" (issue 30, item 14).
            QVERIFY2(graph && graph->outputCode && isUnreadable(*graph), name);
        }
        // Opening the member by its path obeys the same rules.
        const std::string archive = QFile::encodeName(path).toStdString();
        FileError error;
        QVERIFY(!index->files->open(
            archive + "!/" + kGraphs + "model__0_forward_4.3/output_code.py", std::string(), 1 << 20, error));
        QCOMPARE(error.problem, FileProblem::OutsideTree);
        QVERIFY(!index->files->open(
            archive + "!/" + kGraphs + "model__0_forward_6.5/output_code.py", std::string(), 1 << 20, error));
        QCOMPARE(error.problem, FileProblem::LinkLoop);
        std::string bytes;
        std::size_t size = 0;
        QVERIFY(readWholeFile(*index->files, archive + "!/" + kGraphs + "model__0_forward_2.1/output_code.py",
            index->root, 1 << 20, bytes, size, error));
        QCOMPARE(QByteArray(bytes.data(), qsizetype(size)), m_engaged);
        // A member read by its fd (QFile, the code view) holds the same bytes.
        std::optional<SafeFile> file = index->files->open(
            archive + "!/" + kGraphs + "model__0_forward_3.2/output_code.py", index->root, UINT64_MAX, error);
        QVERIFY(file);
        QFile viaFd;
        QVERIFY(viaFd.open(file->release(), QIODevice::ReadOnly, QFileDevice::AutoCloseHandle));
        QCOMPARE(viaFd.readAll(), m_engaged);
    }

    // The last copy wins, as unpacking leaves it; a file over a folder drops what was below it.
    void duplicates()
    {
        const QString path = m_dir.filePath(QStringLiteral("dups.zip"));
        {
            ArchiveBuilder builder(path, ArchiveFormat::Zip);
            builder.addFile(kGraphs + "model__0_forward_1.0/output_code.py", m_lost);
            builder.addFile(kGraphs + "model__0_forward_1.0/output_code.py", m_engaged);
            builder.addFile(kGraphs + "model__0_forward_2.1/output_code.py", m_engaged);
            builder.addFile(kGraphs + "model__0_forward_2.1", "now a file");
            QVERIFY(builder.close());
        }
        const std::optional<Index> index = indexOf(path);
        QVERIFY(index);
        QCOMPARE(count(*index, "archive-duplicate-entry"), 2);
        const Graph* graph = graphNamed(*index, "model__0_forward_1.0");
        QVERIFY(graph && graph->outputCode && graph->outputCode->dvmEngaged);
        QVERIFY(!graphNamed(*index, "model__0_forward_2.1"));
    }

    void specialFiles()
    {
        const QString path = m_dir.filePath(QStringLiteral("fifo.tar"));
        {
            ArchiveBuilder builder(path, ArchiveFormat::Tar);
            builder.addFifo(kGraphs + "model__0_forward_1.0/output_code.py");
            builder.addFifo("t/run_2026_07_20_10_15_30_123456-pid_4101/debug.log");
            QVERIFY(builder.close());
        }
        const std::optional<Index> index = indexOf(path);
        QVERIFY(index);
        QCOMPARE(count(*index, "output-code-not-a-file"), 1);
        QCOMPARE(count(*index, "log-not-a-file"), 1);
    }

    // 256 MiB of zeros in a few hundred KiB: the budget stops the pass, what came first stays.
    void bomb()
    {
        const QString path = m_dir.filePath(QStringLiteral("bomb.tar.zst"));
        {
            ArchiveBuilder builder(path, ArchiveFormat::TarZst);
            builder.addFile(kGraphs + "model__0_forward_1.0/output_code.py", m_engaged);
            const QByteArray zeros(16 << 20, '\0');
            for (int i = 0; i < 16; ++i)
                builder.addFile("t/zeros/" + std::to_string(i) + ".bin", zeros);
            builder.addFile(kGraphs + "model__0_forward_2.1/output_code.py", m_engaged);
            QVERIFY(builder.close());
        }
        QVERIFY(QFileInfo(path).size() < (4 << 20));
        const std::optional<Index> index = indexOf(path, 64ull << 20);
        QVERIFY(index);
        QCOMPARE(count(*index, "archive-budget-exceeded"), 1);
        QVERIFY(graphNamed(*index, "model__0_forward_1.0"));
        QVERIFY(!graphNamed(*index, "model__0_forward_2.1"));
        const std::optional<Index> roomy = indexOf(path, 1ull << 30);
        QVERIFY(roomy);
        QCOMPARE(count(*roomy, "archive-budget-exceeded"), 0);
        QVERIFY(graphNamed(*roomy, "model__0_forward_2.1"));
    }

    // A stream cut short: the entries before the cut stay, the cut is a diagnostic.
    void truncated_data()
    {
        QTest::addColumn<int>("format");
        QTest::newRow("tar") << int(ArchiveFormat::Tar);
        QTest::newRow("tgz") << int(ArchiveFormat::TarGz);
        QTest::newRow("tar.xz") << int(ArchiveFormat::TarXz);
        QTest::newRow("tar.zst") << int(ArchiveFormat::TarZst);
    }
    void truncated()
    {
        QFETCH(int, format);
        const QString whole = m_dir.filePath(QStringLiteral("whole%1").arg(format));
        {
            ArchiveBuilder builder(whole, ArchiveFormat(format));
            builder.addFile(kGraphs + "model__0_forward_1.0/output_code.py", m_engaged);
            QByteArray noise;
            for (int i = 0; i < 200000; ++i)
                noise += QByteArray::number(i * 2654435761u);
            builder.addFile("t/noise.bin", noise);
            builder.addFile(kGraphs + "model__0_forward_2.1/output_code.py", m_engaged);
            QVERIFY(builder.close());
        }
        QFile in(whole);
        QVERIFY(in.open(QIODevice::ReadOnly));
        const QByteArray bytes = in.readAll();
        const QString cut = m_dir.filePath(QStringLiteral("cut%1").arg(format));
        QFile out(cut);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(bytes.left(bytes.size() / 2));
        out.close();
        const std::optional<Index> index = indexOf(cut);
        QVERIFY(index);
        QCOMPARE(count(*index, "archive-corrupt"), 1);
        const Graph* first = graphNamed(*index, "model__0_forward_1.0");
        QVERIFY(first && first->outputCode && first->outputCode->dvmEngaged);
        QVERIFY(!graphNamed(*index, "model__0_forward_2.1"));
    }

    void encryptedZip()
    {
        const QString path = m_dir.filePath(QStringLiteral("secret.zip"));
        {
            ArchiveBuilder builder(path, ArchiveFormat::Zip, "secret");
            QVERIFY2(builder.ok(), qPrintable(builder.error()));
            builder.addFile(kGraphs + "model__0_forward_1.0/output_code.py", m_engaged);
            QVERIFY(builder.close());
        }
        const std::optional<Index> index = indexOf(path);
        QVERIFY(index);
        QCOMPARE(count(*index, "archive-encrypted-entry"), 1);
        const Graph* graph = graphNamed(*index, "model__0_forward_1.0");
        QVERIFY(graph && graph->outputCode);
        QVERIFY(!graph->outputCode->dvmEngaged);
        QCOMPARE(count(*index, "unreadable"), 1); // the parser says it could not read it, and why
        const auto unreadable = std::find_if(graph->diagnostics.begin(), graph->diagnostics.end(),
            [](const Diagnostic& d) { return d.code == "unreadable"; });
        QVERIFY(unreadable != graph->diagnostics.end());
        QVERIFY(unreadable->message.find("encrypted") != std::string::npos);
    }

    // Not an archive, or not readable as one: a clear error, no index.
    void notAnArchive()
    {
        const QString path = m_dir.filePath(QStringLiteral("garbage.tar.gz"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("\x1f\x8b\x08\x00 this is no gzip stream at all");
        file.close();
        std::string error;
        QVERIFY(!buildIndex(QFile::encodeName(path).toStdString(), IndexOptions(), error));
        QVERIFY2(error.find("cannot be read as an archive") != std::string::npos, error.c_str());
        // Cut before its first entry ends: the same.
        const QString cut = m_dir.filePath(QStringLiteral("early-cut.bin"));
        {
            ArchiveBuilder builder(m_dir.filePath(QStringLiteral("full.tgz")), ArchiveFormat::TarGz);
            builder.addFile(kGraphs + "model__0_forward_1.0/output_code.py", m_engaged);
            QVERIFY(builder.close());
            QFile full(m_dir.filePath(QStringLiteral("full.tgz")));
            QVERIFY(full.open(QIODevice::ReadOnly));
            QFile out(cut);
            QVERIFY(out.open(QIODevice::WriteOnly));
            out.write(full.read(40));
        }
        error.clear();
        QVERIFY(!buildIndex(QFile::encodeName(cut).toStdString(), IndexOptions(), error));
        QVERIFY2(error.find("cannot be read as an archive") != std::string::npos, error.c_str());
        // A Python file is no archive, whatever bytes it holds.
        error.clear();
        const std::optional<Index> plain = buildIndex(
            testutil::sourcePath(
                QStringLiteral(
                    "resources/samples/torch_compile_debug/run_2026_07_20_10_15_30_123456-pid_4101/"
                    "torchinductor/model__0_forward_1.0/output_code.py"))
                .toStdString(),
            IndexOptions(), error);
        QVERIFY(plain);
        QCOMPARE(plain->runs.at(0).graphs.size(), std::size_t(1));
    }

private:
    QTemporaryDir m_dir;
    QByteArray m_engaged;
    QByteArray m_lost;
};

QTEST_GUILESS_MAIN(TestHostileArchives)
#include "tst_hostilearchives.moc"
