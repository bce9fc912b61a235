// SPDX-License-Identifier: MIT
// The Inductor cache folder as an Index (index/cacheindex.h): wrapper modules told apart from
// Triton kernel, benchmark and helper modules by content, oldest first, AOT ID from their first
// line, one run "Inductor cache" with no pid or rank; fxgraph/, aotautograd/, triton/, locks/ and
// traced_graph_cache/ passed over without a word; a link out of the cache is never followed.
#include "core/cache/cachefolder.h"
#include "core/index/cacheindex.h"
#include "core/index/indexer.h"
#include "core/io/container.h"
#include "core/trace/codehash.h"
#include "indexfixture.h"
#include "testutil.h"
#include "tracewriter.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <sys/stat.h>
#include <utime.h>

using namespace Qt::StringLiterals;
using namespace dvmlens;
using testutil::indexOf;

namespace {

// Writes `text` as PyCodeCache does: <root>/<hash[1:3]>/<hash>.py, modified at `mtime` (seconds).
QString writeModule(const QString& root, const std::string& text, long mtime)
{
    const QString hash = QString::fromStdString(inductorCodeHash(text));
    QDir(root).mkpath(hash.mid(1, 2));
    const QString path = root + u'/' + hash.mid(1, 2) + u'/' + hash + u".py"_s;
    if (!testutil::writeBytes(path, text))
        qFatal("cannot write %s", qPrintable(path));
    const utimbuf times { mtime, mtime };
    ::utime(QFile::encodeName(path).constData(), &times);
    return path;
}

QString sampleFile(const QString& run, const char* graph)
{
    return testutil::sampleTree(
        run + u"/torchinductor/"_s + QString::fromLatin1(graph) + u"/output_code.py"_s);
}

// A cache with two DVM wrappers (written last), one without DVM (written first), a Triton kernel,
// a benchmark module and the folders PyCodeCache's neighbours keep.
QString makeCache(const QString& root)
{
    writeModule(
        root, testutil::readText(sampleFile(testutil::kSampleEngagedRun, "model__0_forward_1.0")), 3000);
    writeModule(
        root, testutil::readText(sampleFile(testutil::kSampleEngagedRun, "model__1_inference_3.2")), 2000);
    writeModule(root, testutil::readText(sampleFile(testutil::kSampleLostRun, "model__0_forward_1.0")), 1000);
    writeModule(root,
        "import triton\nimport triton.language as tl\nfrom torch._inductor.runtime import triton_helpers, "
        "triton_heuristics\n\n@triton.jit\ndef triton_poi_fused_0(in_ptr0, xnumel):\n    pass\n",
        500);
    writeModule(root, "import torch\n\ndef benchmark(args):\n    return 0\n", 600);
    QDir dir(root);
    for (const QString& folder : { u"fxgraph/ab/fabc"_s, u"aotautograd/aabc"_s, u"triton/0/XYZ"_s, u"locks"_s,
             u"traced_graph_cache/0/deadbeef"_s })
        dir.mkpath(folder);
    testutil::writeBytes(root + u"/fxgraph/ab/fabc/0123"_s, std::string("\x80\x04pickle", 8));
    testutil::writeBytes(root + u"/locks/cabc.lock"_s, "");
    testutil::writeBytes(root + u"/traced_graph_cache/0/deadbeef/deadbeef.py"_s, "class GraphModule: pass\n");
    return root;
}

} // namespace

class TestCacheIndex : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void wrappersOfTheCacheOldestFirst()
    {
        QTemporaryDir dir;
        const QString root = makeCache(dir.path());
        QVERIFY(isInductorCacheFolder(root.toStdString()));
        const CacheListing listing = listCacheFolder(fileSystem(), root.toStdString());
        QCOMPARE(listing.wrappers.size(), std::size_t(3));
        QCOMPARE(listing.kernelModules, 1);
        QCOMPARE(listing.otherModules, 1);

        const Index index = indexOf(root);
        QCOMPARE(index.runs.size(), std::size_t(1));
        const Run& run = index.runs[0];
        QCOMPARE(run.name, std::optional<std::string>(kCacheRunName));
        QCOMPARE(run.pid, std::optional<std::int64_t>());
        QCOMPARE(run.rank, std::optional<std::int64_t>());
        QCOMPARE(run.started, std::optional<std::string>());
        QCOMPARE(run.graphs.size(), std::size_t(3));
        // Oldest first: the lost forward (1000), the inference (2000), the engaged forward (3000).
        QVERIFY(!run.graphs[0].outputCode->dvmEngaged);
        QCOMPARE(run.graphs[1].kind, std::optional<std::string>("inference"));
        QVERIFY(run.graphs[2].outputCode->dvmEngaged);
        const std::string hash = inductorCodeHash(
            testutil::readText(sampleFile(testutil::kSampleEngagedRun, "model__0_forward_1.0")));
        QCOMPARE(run.graphs[2].name, "0_forward " + hash.substr(0, 9));
        const GraphOrigin origin = graphOrigin(run.graphs[2]);
        QCOMPARE(origin.kind, "cache");
        QCOMPARE(origin.codeHash, std::optional<std::string>(hash));
        QCOMPARE(origin.file, run.graphs[2].outputCode->path);
        QCOMPARE(origin.line, std::optional<int>());
        // One note about the cache, nothing about the folders beside the modules.
        QCOMPARE(index.diagnostics.size(), std::size_t(1));
        QCOMPARE(index.diagnostics[0].code, "inductor-cache");
    }

    void noDiagnosticAssumesOneProcess()
    {
        QTemporaryDir dir;
        const Index index = indexOf(makeCache(dir.path()));
        for (const Graph& graph : index.runs[0].graphs)
            for (const Diagnostic& diagnostic : graph.diagnostics)
                QVERIFY2(diagnostic.code != "graph-without-dvm-kernel", diagnostic.message.c_str());
    }

    void aLinkOutOfTheCacheIsNotFollowed()
    {
        QTemporaryDir outside;
        QTemporaryDir dir;
        const QString root = makeCache(dir.path());
        const QString secret = outside.filePath(u"secret.py"_s);
        QVERIFY(testutil::writeBytes(secret, testutil::wrapperModule("9_forward")));
        const QString hash = QString::fromStdString(inductorCodeHash("link"));
        QDir(root).mkpath(hash.mid(1, 2));
        QVERIFY(QFile::link(secret, root + u'/' + hash.mid(1, 2) + u'/' + hash + u".py"_s));
        QCOMPARE(listCacheFolder(fileSystem(), root.toStdString()).wrappers.size(), std::size_t(3));
        QCOMPARE(listCacheFolder(fileSystem(), root.toStdString()).unreadable, 1); // said, not passed over
        // A FIFO under a module's name is never opened (no hang) and is counted as unreadable too.
        const QString fifoHash = QString::fromStdString(inductorCodeHash("fifo"));
        QDir(root).mkpath(fifoHash.mid(1, 2));
        const QByteArray fifo =
            QFile::encodeName(root + u'/' + fifoHash.mid(1, 2) + u'/' + fifoHash + u".py"_s);
        QCOMPARE(::mkfifo(fifo.constData(), 0600), 0);
        const CacheListing listing = listCacheFolder(fileSystem(), root.toStdString());
        QCOMPARE(listing.wrappers.size(), std::size_t(3));
        QCOMPARE(listing.unreadable, 2);
        // Each is named with why, and the warning sits at the cache folder (it had no path).
        QCOMPARE(listing.unreadableNamed.size(), std::size_t(2));
        const Index index = indexOf(root);
        const auto warning = std::find_if(index.diagnostics.begin(), index.diagnostics.end(),
            [](const Diagnostic& d) { return d.code == "cache-unreadable-modules"; });
        QVERIFY(warning != index.diagnostics.end());
        QCOMPARE(warning->path, root.toStdString());
        const std::string fifoName = QString(fifoHash.mid(1, 2) + u'/' + fifoHash + u".py"_s).toStdString();
        QVERIFY2(warning->message.str().starts_with("2 cache modules could not be read: "),
            warning->message.c_str());
        QVERIFY2(warning->message.find(fifoName + " (it is a FIFO, not a regular file)") != std::string::npos,
            warning->message.c_str());
        QVERIFY2(warning->message.find("(it leads out of the scanned tree") != std::string::npos,
            warning->message.c_str());
        const auto summary = std::find_if(index.diagnostics.begin(), index.diagnostics.end(),
            [](const Diagnostic& d) { return d.code == "inductor-cache"; });
        QVERIFY(summary != index.diagnostics.end());
        QVERIFY2(
            summary->message.str().starts_with("An Inductor cache folder: 3 wrapper modules, 1 Triton kernel "
                                               "module and 1 other module."),
            summary->message.c_str());
        // A folder with no module folder is no cache.
        QVERIFY(!isInductorCacheFolder(outside.path().toStdString()));
    }
};

QTEST_GUILESS_MAIN(TestCacheIndex)
#include "tst_cacheindex.moc"
