// SPDX-License-Identifier: MIT
// The missing-output-code warnings of empty graph folders say the same sentence: they share one
// buffer (a million empty folders in an archive would otherwise hold a million copies of it), and
// each still reads and prints as its own text.
#include "core/scan/graphfolder.h"
#include "core/scan/treescanner.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>

#include <string>
#include <vector>

using namespace dvmlens;

class TestSharedMessages : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void emptyFoldersShareTheirMessage()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString inductor =
            dir.filePath(QStringLiteral("run_2026_07_20_10_15_30_123456-pid_4101/torchinductor"));
        QVERIFY(QDir().mkpath(inductor + QStringLiteral("/model__0_forward_1.0")));
        QVERIFY(QDir().mkpath(inductor + QStringLiteral("/model__1_forward_2.1")));
        std::string error;
        const std::optional<Index> index = scanTree(dir.path().toStdString(), error);
        QVERIFY2(index, error.c_str());
        QCOMPARE(index->runs.size(), std::size_t(1));
        const std::vector<Graph>& graphs = index->runs[0].graphs;
        QCOMPARE(graphs.size(), std::size_t(2));
        QCOMPARE(graphs[0].diagnostics.size(), std::size_t(1));
        QCOMPARE(graphs[1].diagnostics.size(), std::size_t(1));
        const Diagnostic& first = graphs[0].diagnostics[0];
        const Diagnostic& second = graphs[1].diagnostics[0];
        QCOMPARE(first.code, std::string("missing-output-code"));
        QCOMPARE(second.code, std::string("missing-output-code"));
        QVERIFY(first.message.data() == second.message.data());
        QCOMPARE(first.message.str(),
            std::string("The graph folder is empty (hidden files aside), which usually means an FX graph "
                        "cache hit: Inductor reused a cached compile and wrote no files (or the compile "
                        "stopped before writing any). Set a fresh TORCHINDUCTOR_CACHE_DIR or disable the "
                        "FX graph cache (TORCHINDUCTOR_FX_GRAPH_CACHE=0) and rerun; until then there is "
                        "nothing to verify DVM against."));
        QCOMPARE(first.path, graphs[0].path);
        QCOMPARE(second.path, graphs[1].path);
        const std::optional<graphfolder::MissingOutputCode> read = graphfolder::readMissingOutputCode(second);
        QVERIFY(read);
        QCOMPARE(int(read->which), int(graphfolder::MissingOutputCode::Case::EmptyFolder));
    }

    void eachFixedSentenceIsKeptOnce()
    {
        const std::vector<std::string_view> none;
        const std::vector<std::string_view> aoti { "output_code.cpp" };
        const std::vector<std::string_view> fx { "fx_graph_readable.py" };
        const Diagnostic emptyA = graphfolder::missingOutputCode("/t/a", none, false, false);
        const Diagnostic emptyB = graphfolder::missingOutputCode("/t/b", none, false, false);
        QVERIFY(emptyA.message.data() == emptyB.message.data());
        const Diagnostic aotiA = graphfolder::missingOutputCode("/t/a", aoti, true, true);
        const Diagnostic aotiB = graphfolder::missingOutputCode("/t/b", aoti, true, true);
        QVERIFY(aotiA.message.data() == aotiB.message.data());
        QVERIFY(aotiA.message != emptyA.message);
        const Diagnostic nothingA = graphfolder::missingOutputCode("/t/a", aoti, true, false);
        const Diagnostic nothingB = graphfolder::missingOutputCode("/t/b", aoti, true, false);
        QVERIFY(nothingA.message.data() == nothingB.message.data());
        // The sentence that names the last file written differs by folder: its own text.
        const Diagnostic stopped = graphfolder::missingOutputCode("/t/c", fx, true, false);
        QVERIFY(stopped.message.find("fx_graph_readable.py") != std::string::npos);
        QCOMPARE(emptyA.path, std::string("/t/a"));
        QCOMPARE(emptyB.path, std::string("/t/b"));
    }
};

QTEST_GUILESS_MAIN(TestSharedMessages)
#include "tst_sharedmessages.moc"
