// SPDX-License-Identifier: MIT
// The explicit reader (io/container.h, docs/containers.md): an index reads its files through the
// container it was indexed with and nothing else. Two archives open at once each read their own
// members; the file system alone reads no archive member and no trace log record (there is no
// registry to fall back on); a trace log's graph files come from its records, on disk and inside an
// archive; members read ahead come from memory; an archive's pass is continued by the cursor of
// the container that started it, not by whichever thread asks next.
#include "archivewriter.h"
#include "core/archive/archivecontainer.h"
#include "core/archive/archiveprefetch.h"
#include "core/io/container.h"
#include "core/trace/tracecontainer.h"
#include "indexfixture.h"
#include "testutil.h"
#include "tracewriter.h"

#include <QTemporaryDir>
#include <QTest>

using namespace dvmlens;
using testutil::ArchiveFormat;
using testutil::indexOf;

namespace {

// The sample's engaged forward graph's output_code.py, under the sample tree.
QString forwardCode()
{
    return testutil::kSampleEngagedRun + QStringLiteral("/torchinductor/model__0_forward_1.0/output_code.py");
}

std::optional<std::string> readAll(
    const Container& files, const std::string& path, const std::string& tree, FileError& error)
{
    std::string buffer;
    std::size_t size = 0;
    if (!readWholeFile(files, path, tree, 1 << 26, buffer, size, error))
        return std::nullopt;
    buffer.resize(size);
    return buffer;
}

std::string sampleBytes(const QString& relative)
{
    return testutil::readText(testutil::sampleTree(relative));
}

// The output_code.py of the graph named `name` in `index`.
std::string outputCodeOf(const Index& index, const std::string& name)
{
    for (const Run& run : index.runs)
        for (const Graph& graph : run.graphs)
            if (graph.outputCode && graph.path.ends_with(name))
                return graph.outputCode->path;
    return {};
}

} // namespace

class TestContainers : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_tarGz;
    QString m_zip;

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_tarGz = m_dir.filePath(QStringLiteral("a.tar.gz"));
        m_zip = m_dir.filePath(QStringLiteral("b.zip"));
        QVERIFY(testutil::packFolder(testutil::sampleTree(), m_tarGz, ArchiveFormat::TarGz));
        QVERIFY(testutil::packFolder(testutil::sampleTree(), m_zip, ArchiveFormat::Zip));
    }

    // Each index reads the members of its own archive; neither reads the other's, and the file
    // system reads neither: a member path is no file on disk.
    void eachIndexReadsItsOwnArchive()
    {
        const Index a = indexOf(m_tarGz);
        const Index b = indexOf(m_zip);
        QVERIFY(a.files && b.files);
        QCOMPARE(archiveOf(*a.files)->archive(), QFile::encodeName(m_tarGz).toStdString());
        QCOMPARE(archiveOf(*b.files)->archive(), QFile::encodeName(m_zip).toStdString());
        const std::string inA = outputCodeOf(a, "model__0_forward_1.0");
        const std::string inB = outputCodeOf(b, "model__0_forward_1.0");
        QVERIFY(inA.find(".tar.gz!/") != std::string::npos);
        QVERIFY(inB.find(".zip!/") != std::string::npos);
        const std::string expected = sampleBytes(forwardCode());
        QVERIFY(!expected.empty());
        FileError error;
        QCOMPARE(readAll(*a.files, inA, a.root, error).value_or("?"), expected);
        QCOMPARE(readAll(*b.files, inB, b.root, error).value_or("?"), expected);
        QVERIFY(!readAll(*a.files, inB, std::string(), error));
        QCOMPARE(error.problem, FileProblem::Missing);
        QVERIFY(!readAll(*b.files, inA, std::string(), error));
        QCOMPARE(error.problem, FileProblem::Missing);
        QVERIFY(!readAll(fileSystem(), inA, std::string(), error));
        QCOMPARE(error.problem, FileProblem::Missing);
        QVERIFY(!SafeFile::open(inB, std::string(), 1 << 20, error));
        QCOMPARE(error.problem, FileProblem::Missing);
    }

    // A trace log's graph files are its records, read through the index's container; on disk the
    // same path names nothing.
    void traceLogGraphFiles()
    {
        const QString folder = m_dir.filePath(QStringLiteral("trace"));
        QVERIFY(QDir().mkpath(folder));
        const QString log = folder + QStringLiteral("/dedicated_log_torch_trace_rank_0_x.log");
        QVERIFY(testutil::writeBytes(
            log, testutil::traceOfSampleRun(testutil::sampleTree(testutil::kSampleEngagedRun), 4101, 0)));
        const Index index = indexOf(folder);
        const std::string code = outputCodeOf(index, "");
        QVERIFY2(code.find("!L") != std::string::npos, code.c_str());
        FileError error;
        const std::optional<std::string> bytes = readAll(*index.files, code, index.root, error);
        QVERIFY2(bytes, error.message.c_str());
        QCOMPARE(*bytes, sampleBytes(forwardCode())); // the log's first graph
        QVERIFY(!readAll(fileSystem(), code, index.root, error));
        QCOMPARE(error.problem, FileProblem::Missing);
        // A TraceLogContainer over the folder reads it as the index's does; a plain folder does not.
        const TraceLogContainer trace(std::make_shared<FolderContainer>(index.root));
        QCOMPARE(readAll(trace, code, index.root, error).value_or("?"), *bytes);
        QVERIFY(!readAll(FolderContainer(index.root), code, index.root, error));
        // Any other path is the base's: a file on disk is read, one out of the tree is refused.
        QCOMPARE(readAll(trace, QFile::encodeName(log).toStdString(), index.root, error).value_or("?"),
            testutil::readText(log));
        QVERIFY(!readAll(trace, QFile::encodeName(m_tarGz).toStdString(), index.root, error));
        QCOMPARE(error.problem, FileProblem::OutsideTree);

        // The same log inside an archive: its records through the archive's entries.
        const QString packed = m_dir.filePath(QStringLiteral("trace.tar.gz"));
        QVERIFY(testutil::packFolder(folder, packed, ArchiveFormat::TarGz));
        const Index archived = indexOf(packed);
        const std::string member = outputCodeOf(archived, "");
        QVERIFY2(member.find(".tar.gz!/") != std::string::npos && member.find("!L") != std::string::npos,
            member.c_str());
        QCOMPARE(readAll(*archived.files, member, archived.root, error).value_or("?"), *bytes);
        QVERIFY(!readAll(fileSystem(), member, archived.root, error));
        QVERIFY(!readAll(*index.files, member, std::string(), error));
    }

    // Members read ahead are served from memory (no pass); others go to the base, which bounds them.
    void prefetchedMembersComeFromMemory()
    {
        const Index index = indexOf(m_tarGz);
        const ArchiveTree& tree = *archiveOf(*index.files);
        const std::string path = outputCodeOf(index, "model__0_forward_1.0");
        const std::string inner = *tree.innerOf(path);
        const PrefetchedContainer ahead(*index.files, tree, { inner }, 1 << 26, newArchiveCursor());
        QCOMPARE(ahead.members(), std::size_t(1));
        QCOMPARE(ahead.wrapped(), index.files.get());
        const std::uint64_t passes = archivePassesStarted();
        FileError error;
        const std::optional<std::string> bytes = readAll(ahead, path, index.root, error);
        QVERIFY2(bytes, error.message.c_str());
        QCOMPARE(archivePassesStarted(), passes);
        QCOMPARE(*bytes, sampleBytes(forwardCode()));
        // Asked with a tree that does not hold it, it is not served: the base says why.
        QVERIFY(!readAll(ahead, path, index.root + "/elsewhere", error));
        QCOMPARE(error.problem, FileProblem::OutsideTree);
        // A budget below its size: too large, as from disk.
        std::string buffer;
        std::size_t size = 0;
        QVERIFY(!readWholeFile(ahead, path, index.root, 10, buffer, size, error));
        QCOMPARE(error.problem, FileProblem::TooLarge);
    }

    // Two members in archive order through one container cost one pass; a second container over
    // the same archive does not continue the first one's pass (its cursor is its own).
    void passCursorBelongsToItsContainer()
    {
        const Index index = indexOf(m_tarGz);
        const std::shared_ptr<const ArchiveTree> tree =
            dynamic_cast<const ArchiveContainer&>(*index.files->wrapped()).archivePointer();
        std::vector<std::pair<std::uint64_t, std::string>> members;
        for (const Run& run : index.runs)
            for (const Graph& graph : run.graphs)
                if (graph.outputCode) {
                    const std::string inner = *tree->innerOf(graph.outputCode->path);
                    members.emplace_back(tree->find(inner)->ordinal, graph.outputCode->path);
                }
        std::sort(members.begin(), members.end());
        QVERIFY(members.size() >= 3);
        const ArchiveContainer first(tree);
        const ArchiveContainer second(tree);
        FileError error;
        const std::uint64_t before = archivePassesStarted();
        QVERIFY(readAll(first, members[0].second, std::string(), error));
        QVERIFY(readAll(first, members[1].second, std::string(), error));
        QCOMPARE(archivePassesStarted() - before, std::uint64_t(1));
        QVERIFY(readAll(second, members[2].second, std::string(), error));
        QCOMPARE(archivePassesStarted() - before, std::uint64_t(2));
        QVERIFY(readAll(first, members[2].second, std::string(), error));
        QCOMPARE(archivePassesStarted() - before, std::uint64_t(2));
        // Back before the cursor: a new pass.
        QVERIFY(readAll(first, members[0].second, std::string(), error));
        QCOMPARE(archivePassesStarted() - before, std::uint64_t(3));
    }
};

QTEST_GUILESS_MAIN(TestContainers)
#include "tst_containers.moc"
