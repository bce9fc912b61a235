// SPDX-License-Identifier: MIT
// Graphs of an archive read again in one pass (archive/archivegraphpass.h): every item worked on
// once with its members served from memory, and scan --json's model sources and kernel bodies and
// the model sources' map of an archive whose entries run opposite to the index's order cost one
// pass over it after the index's, with the folder's answers (paths aside).
#include "archivewriter.h"
#include "core/archive/archivecontainer.h"
#include "core/archive/archivegraphpass.h"
#include "core/archive/archiveprefetch.h"
#include "core/index/indexer.h"
#include "core/json/scanjson.h"
#include "core/sources/sourcemap.h"
#include "indexfixture.h"
#include "testutil.h"

#include <QDirIterator>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <atomic>
#include <mutex>

using namespace dvmlens;
using testutil::ArchiveFormat;
using testutil::indexOf;

namespace {

// The files of `folder` as "<folder name>/…", in descending name order: the last graph's files
// first, so reading graphs in index order would ask for every member behind the one before.
bool packBackwards(const QString& folder, const QString& archive)
{
    const QDir base = QFileInfo(folder).dir();
    QStringList names;
    QDirIterator it(
        folder, QDir::Files | QDir::Dirs | QDir::Hidden | QDir::NoDotAndDotDot, QDirIterator::Subdirectories);
    while (it.hasNext())
        names << base.relativeFilePath(it.next());
    std::sort(names.begin(), names.end(), std::greater<QString>());
    testutil::ArchiveBuilder builder(archive, ArchiveFormat::TarZst);
    for (const QString& name : names) {
        if (QFileInfo(base.filePath(name)).isDir()) { // after what it holds (empty graph folders stay)
            builder.addFolder(QFile::encodeName(name).toStdString());
            continue;
        }
        QFile file(base.filePath(name));
        if (!file.open(QIODevice::ReadOnly))
            return false;
        builder.addFile(QFile::encodeName(name).toStdString(), file.readAll());
    }
    return builder.close();
}

std::string withRoot(std::string text, const std::string& root)
{
    for (std::size_t at = text.find(root); at != std::string::npos; at = text.find(root, at + 6))
        text.replace(at, root.size(), "@ROOT@");
    return text;
}

} // namespace

class TestArchiveGraphPass : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_archive = m_dir.filePath(QStringLiteral("sample.tar.zst"));
        QVERIFY(packBackwards(testutil::sampleTree(), m_archive));
        m_archiveRoot = QFile::encodeName(m_archive).toStdString() + "!/torch_compile_debug";
    }

    // Each item once, on a worker, its members served from memory (no pass of its own).
    void everyItemOnceFromMemory()
    {
        const Index index = indexOf(m_archive);
        const ArchiveTree* tree = archiveOf(*index.files);
        QVERIFY(tree);
        std::vector<std::vector<std::string>> inners;
        for (const Run& run : index.runs) {
            for (const Graph& graph : run.graphs) {
                if (graph.outputCode)
                    inners.push_back({ *tree->innerOf(graph.outputCode->path) });
            }
        }
        QVERIFY(inners.size() >= 4);
        std::vector<int> done(inners.size(), 0);
        std::atomic<int> served { 0 };
        const std::uint64_t before = archivePassesStarted();
        // An in-flight budget of one byte: items are handed over one at a time, still in one pass.
        runInArchiveOrder(
            *index.files, *tree, inners,
            [&](std::size_t item, const Container& files) {
                ++done[item];
                const auto* ahead = dynamic_cast<const PrefetchedContainer*>(&files);
                if (ahead && ahead->members() == 1 && ahead->wrapped() == index.files.get())
                    ++served;
            },
            2, 1);
        QCOMPARE(archivePassesStarted() - before, std::uint64_t(1));
        QVERIFY(std::all_of(done.begin(), done.end(), [](int n) { return n == 1; }));
        QCOMPARE(served.load(), int(inners.size()));
    }

    void scanJsonInOnePass_data()
    {
        QTest::addColumn<bool>("withBodies");
        QTest::newRow("bodies kept") << true;
        QTest::newRow("bodies read again") << false;
    }

    // scan --json (model sources; kernel bodies when the index has none): the folder's bytes
    // but for paths, after one pass over the archive beyond the index's.
    void scanJsonInOnePass()
    {
        QFETCH(bool, withBodies);
        const KernelDetail detail = withBodies ? KernelDetail::Full : KernelDetail::Summary;
        const Index folder = indexOf(testutil::sampleTree());
        const Index packed = indexOf(m_archive, detail);
        std::string json;
        const std::uint64_t before = archivePassesStarted();
        writeScanJson(
            packed, [&](std::string_view piece) { json += piece; }, 2, nullptr, true);
        const std::uint64_t passes = archivePassesStarted() - before;
        QVERIFY2(passes == 1, qPrintable(QStringLiteral("%1 passes over the archive").arg(passes)));
        QVERIFY(json.find("\"sources\"") != std::string::npos);
        const std::string got = withRoot(json, m_archiveRoot);
        const std::string expected = withRoot(scanJsonText(folder, nullptr, true), folder.root);
        const auto differs = std::mismatch(got.begin(), got.end(), expected.begin(), expected.end());
        const std::size_t at = std::size_t(differs.first - got.begin());
        QVERIFY2(got == expected,
            qPrintable(QStringLiteral("differs at byte %1: …%2… against …%3…")
                           .arg(at)
                           .arg(QString::fromStdString(got.substr(at > 200 ? at - 200 : 0, 400)),
                               QString::fromStdString(expected.substr(at > 200 ? at - 200 : 0, 400)))));
    }

    // The model sources' map (compare, sources, the GUI): one pass, the folder's map.
    void sourceMapInOnePass()
    {
        const Index folder = indexOf(testutil::sampleTree());
        const Index packed = indexOf(m_archive);
        const std::uint64_t before = archivePassesStarted();
        const SourceMap map = buildSourceMap(packed, 2);
        QCOMPARE(archivePassesStarted() - before, std::uint64_t(1));
        const SourceMap expected = buildSourceMap(folder, 2);
        QCOMPARE(map.graphs.size(), expected.graphs.size());
        std::size_t framed = 0;
        for (std::size_t r = 0; r < map.graphs.size(); ++r) {
            QCOMPARE(map.graphs[r].size(), expected.graphs[r].size());
            for (std::size_t g = 0; g < map.graphs[r].size(); ++g) {
                const GraphSources& a = map.graphs[r][g];
                const GraphSources& b = expected.graphs[r][g];
                QCOMPARE(a.frames.size(), b.frames.size());
                QCOMPARE(a.kernels.size(), b.kernels.size());
                for (std::size_t k = 0; k < a.kernels.size(); ++k) {
                    QCOMPARE(a.kernels[k].nodes, b.kernels[k].nodes);
                    QCOMPARE(a.kernels[k].frames, b.kernels[k].frames);
                    framed += a.kernels[k].frames.empty() ? 0 : 1;
                }
            }
        }
        QVERIFY(framed > 0); // the FX graph files were read from the archive
        QCOMPARE(map.diagnostics.size(), expected.diagnostics.size());
    }

private:
    QTemporaryDir m_dir;
    QString m_archive;
    std::string m_archiveRoot;
};

QTEST_GUILESS_MAIN(TestArchiveGraphPass)
#include "tst_archivegraphpass.moc"
