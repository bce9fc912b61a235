// SPDX-License-Identifier: MIT
// The run tree over the gui fixture tree: structure, verdict text, counts, greyed graphs, paths; and
// the known-failure marks (severity icon by the verdict, titles in the tooltip) on the sample tree,
// a run-level log failure and a tree-wide one, in English and Chinese; why a graph did not engage DVM
// in both languages.
// Over 600 lines: the cases of one model, each short; split by feature when it grows further.
#include "core/index/indexer.h"
#include "gui/browse/browsepage.h"
#include "gui/browse/kerneldetails.h"
#include "gui/browse/runtreemodel.h"
#include "gui/codeview/codecolors.h"
#include "gui/codeview/codeview.h"
#include "gui/common/themes.h"
#include "gui/document/findingsjob.h"
#include "gui/shell/translations.h"
#include "testutil.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QHeaderView>
#include <QPalette>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTranslator>
#include <QTreeView>
#include <QtTest>

#include <filesystem>
#include <fstream>

using namespace Qt::StringLiterals;

namespace {

std::shared_ptr<const dvmlens::Index> indexOf(const QString& path)
{
    std::string error;
    std::optional<dvmlens::Index> index = dvmlens::buildIndex(path.toStdString(), {}, error);
    if (!index)
        qWarning("%s", error.c_str());
    return index ? std::make_shared<const dvmlens::Index>(std::move(*index)) : nullptr;
}

QString samplePath(const QString& relative = {})
{
    return testutil::sourcePath(QStringLiteral("resources/samples/torch_compile_debug/") + relative);
}

const auto kImportFx = QStringLiteral("DVM-named kernel is an import_fx fallback");
const auto kWithoutDvm = QStringLiteral("Graph compiled without any DVM kernel while other graphs have them");
const auto kCacheHit = QStringLiteral("Graph folder without output_code.py (FX graph cache hit)");
const auto kNeverEngaged = QStringLiteral("DVM was requested but no graph has a DVM kernel");
const auto kFallbackKernel = QStringLiteral("'FallbackKernel' object has no attribute 'data'");

QVariant severityOf(const QModelIndex& node)
{
    return node.data(RunTreeModel::KnownFailureSeverityRole);
}

QStringList titlesOf(const QModelIndex& node)
{
    return node.data(RunTreeModel::KnownFailuresRole).toStringList();
}

QImage verdictDecoration(const QModelIndex& node)
{
    return node.siblingAtColumn(RunTreeModel::VerdictColumn)
        .data(Qt::DecorationRole)
        .value<QIcon>()
        .pixmap(16)
        .toImage();
}

// The mark is a triangle filled with the severity's colour; (4, 12) is inside it, clear of the "!".
QColor markColour(const QImage& decoration)
{
    return decoration.pixelColor(4, 12);
}

QColor colourOf(dvmlens::Severity severity)
{
    return severityColor(severity, QApplication::palette());
}

} // namespace

class TestRunTreeModel : public QObject
{
    Q_OBJECT

private:
    std::shared_ptr<const dvmlens::Index> m_index;
    QString m_runPath;
    QTemporaryDir m_config;

private Q_SLOTS:
    void initTestCase()
    {
        // The user's own rules file must not add findings.
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_config.isValid());
        qputenv("XDG_CONFIG_HOME", m_config.path().toLocal8Bit());
        std::string error;
        auto built =
            dvmlens::buildIndex(testutil::fixturePath(QStringLiteral("gui/torch_compile_debug")), {}, error);
        QVERIFY2(built, error.c_str());
        m_index = std::make_shared<const dvmlens::Index>(std::move(*built));
        QCOMPARE(m_index->runs.size(), size_t(1));
        m_runPath = QString::fromStdString(m_index->runs[0].path);
    }

    void structureAndCounts()
    {
        RunTreeModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.rowCount(), 0);
        model.setIndex(m_index);

        QCOMPARE(model.rowCount(), 1);
        QCOMPARE(model.columnCount(), int(RunTreeModel::DeviceTimeColumn)); // no profile: no time columns
        const QModelIndex run = model.index(0, RunTreeModel::NameColumn);
        QCOMPARE(run.data().toString(), QStringLiteral("2026-01-02 03:04:05 · pid 100"));
        QCOMPARE(model.kindAt(run), RunTreeModel::RunNode);
        // engaged / graphs with code: the folder without output_code.py is not counted against it.
        QCOMPARE(run.siblingAtColumn(RunTreeModel::VerdictColumn).data().toString(),
            QStringLiteral("engaged 1/1"));
        QCOMPARE(run.siblingAtColumn(RunTreeModel::DvmColumn).data().toInt(), 2);
        QCOMPARE(run.siblingAtColumn(RunTreeModel::OtherColumn).data().toInt(), 1);
        QCOMPARE(run.siblingAtColumn(RunTreeModel::FallbacksColumn).data().toInt(), 1);

        QCOMPARE(model.rowCount(run), 2);
        const QModelIndex forward = model.index(0, RunTreeModel::NameColumn, run);
        const QModelIndex backward = model.index(1, RunTreeModel::NameColumn, run);
        QCOMPARE(forward.data().toString(), QStringLiteral("model__0_forward_0.0"));
        QCOMPARE(backward.data().toString(), QStringLiteral("model__0_backward_1.1"));
        QCOMPARE(forward.parent(), run);
        QCOMPARE(model.kindAt(forward), RunTreeModel::GraphNode);

        QCOMPARE(
            forward.siblingAtColumn(RunTreeModel::VerdictColumn).data().toString(), QStringLiteral("DVM"));
        QCOMPARE(forward.siblingAtColumn(RunTreeModel::DvmColumn).data().toInt(), 2);
        QCOMPARE(forward.siblingAtColumn(RunTreeModel::OtherColumn).data().toInt(), 1);
        QCOMPARE(forward.siblingAtColumn(RunTreeModel::FallbacksColumn).data().toInt(), 1);
        QVERIFY(!forward.data(Qt::DecorationRole).value<QIcon>().isNull());

        // No output_code.py: marked as such, greyed, counts left empty, the diagnostic in the tooltip.
        QCOMPARE(backward.siblingAtColumn(RunTreeModel::VerdictColumn).data().toString(),
            QStringLiteral("no code"));
        QVERIFY(!backward.siblingAtColumn(RunTreeModel::DvmColumn).data().isValid());
        QCOMPARE(backward.data(Qt::ForegroundRole).value<QColor>(), mutedTextColor(QApplication::palette()));
        QVERIFY(backward.data(Qt::ToolTipRole).toString().contains(QLatin1String("no output_code.py")));

        // Artifacts below graphs.
        QCOMPARE(model.rowCount(forward), 1);
        const QModelIndex code = model.index(0, 0, forward);
        QCOMPARE(code.data().toString(), QStringLiteral("output_code.py"));
        QCOMPARE(code.parent(), forward);
        QCOMPARE(model.kindAt(code), RunTreeModel::FileNode);
        QCOMPARE(model.graphAt(code), &m_index->runs[0].graphs[0]);
        QCOMPARE(model.rowCount(backward), 1);
        QCOMPARE(model.index(0, 0, backward).data().toString(), QStringLiteral("fx_graph_readable.py"));
        QCOMPARE(model.rowCount(code), 0);
    }

    // Every rung in words (what a screen reader reads), its own colour, and never green for a run
    // where some graphs failed.
    void ladderInEveryCell()
    {
        auto graph = [](const char* name, bool hasCode, bool engaged, bool indexed) {
            dvmlens::Graph g;
            g.name = name;
            g.path = std::string("/t/run_2026_01_02_03_04_05_000000-pid_1/torchinductor/") + name;
            if (hasCode) {
                dvmlens::OutputCode code;
                code.path = g.path + "/output_code.py";
                code.dvmEngaged = engaged;
                code.dvmImport = engaged;
                code.indexed = indexed;
                g.outputCode = code;
            }
            return g;
        };
        auto index = std::make_shared<dvmlens::Index>();
        index->root = "/t";
        dvmlens::Run partly;
        partly.name = "run_2026_01_02_03_04_05_000000-pid_1";
        partly.path = "/t/" + *partly.name;
        partly.pid = 1;
        partly.graphs = { graph("model__0_forward_0.0", true, true, true),
            graph("model__1_forward_1.1", true, false, true),
            graph("model__2_forward_2.2", true, false, true),
            graph("model__3_forward_3.3", true, false, true),
            graph("model__4_backward_4.4", false, false, true) };
        dvmlens::Run cancelled = partly;
        cancelled.name = "run_2026_01_02_03_04_06_000000-pid_2";
        cancelled.path = "/t/" + *cancelled.name;
        cancelled.pid = 2;
        cancelled.graphs = { graph("model__0_forward_0.0", true, true, true),
            graph("model__1_forward_1.1", true, false, false) };
        index->runs = { partly, cancelled };

        RunTreeModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setIndex(index);
        const QModelIndex first = model.index(0, RunTreeModel::VerdictColumn);
        const QModelIndex second = model.index(1, RunTreeModel::VerdictColumn);
        QCOMPARE(first.data().toString(), QStringLiteral("partly 1/4"));
        QCOMPARE(second.data().toString(), QStringLiteral("1 of 2 indexed, DVM 1/1"));
        const QModelIndex firstName = first.siblingAtColumn(RunTreeModel::NameColumn);
        QCOMPARE(firstName.data(Qt::AccessibleTextRole).toString(),
            firstName.data().toString() + QStringLiteral(", partly 1/4"));
        const QColor partlyColour = first.data(Qt::ForegroundRole).value<QColor>();
        QCOMPARE(partlyColour, verdictColor(dvmlens::Verdict::Partly, QApplication::palette()));
        QVERIFY(partlyColour != verdictColor(dvmlens::Verdict::Engaged, QApplication::palette()));
        QVERIFY(first.siblingAtColumn(RunTreeModel::NameColumn)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .contains(QStringLiteral("DVM partly engaged: 1 of 4 graphs with code; 1 without code")));

        QStringList cells;
        for (int row = 0; row < model.rowCount(model.index(0, 0)); ++row)
            cells << model.index(row, RunTreeModel::VerdictColumn, model.index(0, 0)).data().toString();
        QCOMPARE(cells, QStringList({ u"DVM"_s, u"no DVM"_s, u"no DVM"_s, u"no DVM"_s, u"no code"_s }));

        // Cancelled: grey, "not indexed", no counts, and the tooltip says how to see it.
        const QModelIndex unparsed = model.index(1, 0, model.index(1, 0));
        QCOMPARE(unparsed.siblingAtColumn(RunTreeModel::VerdictColumn).data().toString(),
            QStringLiteral("not indexed"));
        QCOMPARE(unparsed.data(Qt::AccessibleTextRole).toString(),
            QStringLiteral("model__1_forward_1.1, not indexed"));
        QVERIFY(!unparsed.siblingAtColumn(RunTreeModel::DvmColumn).data().isValid());
        QVERIFY(unparsed.data(Qt::ToolTipRole)
                    .toString()
                    .contains(QStringLiteral("Indexing was cancelled: re-index (F5) to see this graph")));
        QVERIFY(!unparsed.data(Qt::ToolTipRole).toString().contains(QStringLiteral("Not DVM")));
        QCOMPARE(
            unparsed.siblingAtColumn(RunTreeModel::VerdictColumn).data(Qt::ForegroundRole).value<QColor>(),
            QApplication::palette().color(QPalette::Disabled, QPalette::Text));
    }

    void pathsRoundTrip()
    {
        RunTreeModel model;
        model.setIndex(m_index);
        const QModelIndex run = model.index(0, 0);
        const QModelIndex forward = model.index(0, 0, run);
        const QModelIndex code = model.index(0, 0, forward);
        QCOMPARE(model.pathAt(run), m_runPath);
        QCOMPARE(model.pathAt(code), QString::fromStdString(m_index->runs[0].graphs[0].outputCode->path));
        for (const QModelIndex& node : { run, forward, code })
            QCOMPARE(model.indexForPath(model.pathAt(node)), node);
        QCOMPARE(model.indexForPath(model.pathAt(forward) + QStringLiteral("/")), forward);
        QVERIFY(!model.indexForPath(QStringLiteral("/nowhere/at/all")).isValid());
        QCOMPARE(model.indexForGraph(0, 1), model.index(1, 0, run));
        QVERIFY(!model.graphAt(run));
        QCOMPARE(model.runAt(code), &m_index->runs[0]);
    }

    // A folder name that is not UTF-8 (Latin-1 "café"): the path the model hands out finds its
    // node again, as the code header and links need.
    void pathsRoundTripUnderNonUtf8Folder()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        // QTemporaryDir cannot remove a name that is not UTF-8: removed by its bytes.
        const auto removeBytes = qScopeGuard([&dir] {
            std::error_code ec;
            std::filesystem::remove_all(QFile::encodeName(dir.path()).toStdString(), ec);
        });
        const std::string root = QFile::encodeName(dir.path()).toStdString() + "/caf\xe9";
        const std::string graph =
            root + "/run_2026_07_20_10_15_30_123456-pid_1/torchinductor/model__0_forward_0.0";
        // The bytes themselves: QString paths cannot carry a lone 0xE9.
        std::filesystem::create_directories(graph);
        std::ofstream(graph + "/output_code.py") << "def call(args):\n    return ()\n";
        std::string error;
        std::optional<dvmlens::Index> built = dvmlens::buildIndex(root, dvmlens::IndexOptions(), error);
        QVERIFY2(built, error.c_str());
        RunTreeModel model;
        model.setIndex(std::make_shared<const dvmlens::Index>(std::move(*built)));
        const QModelIndex run = model.index(0, 0);
        const QModelIndex forward = model.index(0, 0, run);
        QVERIFY(forward.isValid());
        for (const QModelIndex& node : { run, forward, model.index(0, 0, forward) })
            QCOMPARE(model.indexForPath(model.pathAt(node)), node);
    }

    void sortsTheSampleTree_data()
    {
        // Runs by pid; graphs by the word after "model__N_": f(orward), b(ackward), i(nference).
        // pid 4101 engaged 3/3, counts 8/1/5; pid 4102 0/3, 0/6/4, its backward has no code.
        QTest::addColumn<int>("column");
        QTest::addColumn<Qt::SortOrder>("order");
        QTest::addColumn<QString>("runs");
        QTest::addColumn<QString>("graphs4101");
        QTest::addColumn<QString>("graphs4102");
        const auto up = Qt::AscendingOrder;
        const auto down = Qt::DescendingOrder;
        QTest::newRow("scan order") << -1 << up << "4101 4102"
                                    << "f b i"
                                    << "f b i";
        QTest::newRow("name up") << int(RunTreeModel::NameColumn) << up << "4101 4102"
                                 << "b f i"
                                 << "b f i";
        QTest::newRow("name down") << int(RunTreeModel::NameColumn) << down << "4102 4101"
                                   << "i f b"
                                   << "i f b";
        // Worst first: not engaged, then no code, then engaged; runs by their engaged share.
        QTest::newRow("verdict up") << int(RunTreeModel::VerdictColumn) << up << "4102 4101"
                                    << "f b i"
                                    << "f i b";
        QTest::newRow("verdict down") << int(RunTreeModel::VerdictColumn) << down << "4101 4102"
                                      << "f b i"
                                      << "b f i";
        // A graph without code has no counts and comes before every count.
        QTest::newRow("dvm up") << int(RunTreeModel::DvmColumn) << up << "4102 4101"
                                << "b i f"
                                << "b f i";
        QTest::newRow("dvm down") << int(RunTreeModel::DvmColumn) << down << "4101 4102"
                                  << "f b i"
                                  << "f i b";
        QTest::newRow("other up") << int(RunTreeModel::OtherColumn) << up << "4101 4102"
                                  << "f i b"
                                  << "b i f";
        QTest::newRow("other down") << int(RunTreeModel::OtherColumn) << down << "4102 4101"
                                    << "b f i"
                                    << "f i b";
        QTest::newRow("fallbacks up") << int(RunTreeModel::FallbacksColumn) << up << "4102 4101"
                                      << "i f b"
                                      << "b f i";
        QTest::newRow("fallbacks down") << int(RunTreeModel::FallbacksColumn) << down << "4101 4102"
                                        << "b f i"
                                        << "f i b";
    }

    void sortsTheSampleTree()
    {
        QFETCH(int, column);
        QFETCH(Qt::SortOrder, order);
        QFETCH(QString, runs);
        QFETCH(QString, graphs4101);
        QFETCH(QString, graphs4102);
        RunTreeModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setIndex(indexOf(samplePath()));
        // Sorting from another order, so every case moves rows the tester watches.
        model.sort(RunTreeModel::FallbacksColumn,
            order == Qt::AscendingOrder ? Qt::DescendingOrder : Qt::AscendingOrder);
        model.sort(column, order);

        QStringList runPids;
        QMap<QString, QString> graphsOfRun;
        for (int r = 0; r < model.rowCount(); ++r) {
            const QModelIndex run = model.index(r, 0);
            const QString pid = run.data().toString().right(4);
            runPids << pid;
            QStringList graphs;
            for (int g = 0; g < model.rowCount(run); ++g) {
                const QModelIndex graph = model.index(g, 0, run);
                graphs << graph.data().toString().split(QLatin1Char('_')).at(3).left(1);
                QCOMPARE(graph.parent(), run);
                QCOMPARE(model.indexForPath(model.pathAt(graph)), graph);
                // Files keep their folder order: the same as in the Index.
                const dvmlens::Graph* data = model.graphAt(graph);
                for (int f = 0; f < model.rowCount(graph); ++f)
                    QCOMPARE(model.index(f, 0, graph).data().toString(),
                        QString::fromStdString(data->files[size_t(f)]));
            }
            graphsOfRun[pid] = graphs.join(QLatin1Char(' '));
        }
        QCOMPARE(runPids.join(QLatin1Char(' ')), runs);
        QCOMPARE(graphsOfRun.value(QStringLiteral("4101")), graphs4101);
        QCOMPARE(graphsOfRun.value(QStringLiteral("4102")), graphs4102);

        // indexForGraph takes positions in the Index (scan order), wherever they are shown.
        const auto& index = model.treeIndex();
        for (int r = 0; r < int(index->runs.size()); ++r) {
            for (int g = 0; g < int(index->runs[size_t(r)].graphs.size()); ++g)
                QCOMPARE(model.graphAt(model.indexForGraph(r, g)), &index->runs[size_t(r)].graphs[size_t(g)]);
        }
        QVERIFY(!model.indexForGraph(2, 0).isValid());
    }

    void sortsGraphNamesNaturally()
    {
        QTemporaryDir temp;
        QVERIFY(temp.isValid());
        const QString inductor = temp.filePath(
            QStringLiteral("torch_compile_debug/run_2026_01_01_00_00_00_000000-pid_7/torchinductor"));
        const QString code = samplePath(QStringLiteral(
            "run_2026_07_20_10_15_30_123456-pid_4101/torchinductor/model__0_forward_1.0/output_code.py"));
        for (const QString& graph : { QStringLiteral("model__10_forward_10.0"),
                 QStringLiteral("model__2_forward_2.0"), QStringLiteral("model__1_forward_1.0") }) {
            QVERIFY(QDir().mkpath(inductor + QLatin1Char('/') + graph));
            QVERIFY(
                QFile::copy(code, inductor + QLatin1Char('/') + graph + QStringLiteral("/output_code.py")));
        }
        RunTreeModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setIndex(indexOf(temp.filePath(QStringLiteral("torch_compile_debug"))));
        QCOMPARE(model.rowCount(), 1);
        const auto names = [&model] {
            QStringList names;
            for (int g = 0; g < model.rowCount(model.index(0, 0)); ++g)
                names
                    << model.index(g, 0, model.index(0, 0)).data().toString().section(QLatin1Char('_'), 0, 2);
            return names;
        };
        model.sort(RunTreeModel::NameColumn, Qt::AscendingOrder);
        QCOMPARE(names(), QStringList({ u"model__1"_s, u"model__2"_s, u"model__10"_s }));
        model.sort(RunTreeModel::NameColumn, Qt::DescendingOrder);
        QCOMPARE(names(), QStringList({ u"model__10"_s, u"model__2"_s, u"model__1"_s }));

        // The sort holds across a new index of the same tree (a re-index while training writes it).
        QVERIFY(QDir().mkpath(inductor + QStringLiteral("/model__9_forward_9.0")));
        QVERIFY(QFile::copy(code, inductor + QStringLiteral("/model__9_forward_9.0/output_code.py")));
        model.setIndex(indexOf(temp.filePath(QStringLiteral("torch_compile_debug"))));
        QCOMPARE(names(), QStringList({ u"model__10"_s, u"model__9"_s, u"model__2"_s, u"model__1"_s }));
    }

    // "Launched at line N" in Kernel Details moves the code to the launch and keeps the graph and
    // the kernel selected (it switched the run tree to the file row and lost the kernel).
    void launchLineKeepsTheKernel()
    {
        BrowsePage page;
        page.setIndex(indexOf(samplePath()));
        QCOMPARE(page.selectBySpec(QStringLiteral(
                     "run_2026_07_20_10_15_30_123456-pid_4101/model__0_forward_1.0/dvm_fused_add_mul_1")),
            QString());
        const dvmlens::Kernel* kernel = page.currentKernel();
        QVERIFY(kernel);
        QVERIFY(!kernel->launchLines.empty());
        const QString path = page.currentPath();
        QTRY_VERIFY(!page.codeView()->isLoading());
        const int launch = kernel->launchLines.front();
        Q_EMIT page.details()->anchorClicked(QUrl(QStringLiteral("line:%1").arg(launch)));
        QTRY_COMPARE(page.codeView()->cursorLine(), launch);
        QCOMPARE(page.currentPath(), path);
        QCOMPARE(page.currentKernel(), kernel);
        QVERIFY(page.details()->toPlainText().contains(u"dvm_fused_add_mul_1"_s));
    }

    void browsePageSortKeepsSelectionAndExpansion()
    {
        BrowsePage page;
        QTreeView* tree = page.runTree();
        RunTreeModel* model = page.runModel();
        QAbstractItemModelTester tester(model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        page.setIndex(indexOf(samplePath()));
        // A fresh tree shows the scan order, without an indicator.
        QCOMPARE(tree->header()->sortIndicatorSection(), -1);
        QVERIFY(tree->isSortingEnabled());

        QCOMPARE(page.selectBySpec(
                     QStringLiteral("run_2026_07_20_11_02_07_654321-pid_4102/model__1_inference_3.2")),
            QString());
        const QString selected = page.currentPath();
        const QModelIndex run4102 = model->index(1, 0);
        const QModelIndex run4101 = model->index(0, 0);
        tree->collapse(run4101);
        QVERIFY(tree->isExpanded(run4102));
        QCOMPARE(tree->currentIndex().row(), 2);

        // A header click: the view asks the model, rows move, selection and expansion follow them.
        tree->header()->setSortIndicator(RunTreeModel::VerdictColumn, Qt::AscendingOrder);
        QCOMPARE(model->index(0, 0).data().toString().right(4), QStringLiteral("4102"));
        QCOMPARE(page.currentPath(), selected);
        QCOMPARE(tree->currentIndex().row(), 1); // forward, inference (no DVM), backward (no code)
        QCOMPARE(tree->currentIndex().parent().row(), 0);
        QVERIFY(tree->isExpanded(model->index(0, 0)));
        QVERIFY(!tree->isExpanded(model->index(1, 0)));

        // --select and findings jumps name graphs by their place in the Index: still the right row.
        QCOMPARE(page.selectBySpec(
                     QStringLiteral("run_2026_07_20_10_15_30_123456-pid_4101/model__0_backward_2.1")),
            QString());
        QCOMPARE(QString::fromStdString(page.currentGraph()->name), QStringLiteral("model__0_backward_2.1"));
        QCOMPARE(page.currentPath(), model->pathAt(tree->currentIndex()));
        QCOMPARE(page.selectBySpec(
                     QStringLiteral("run_2026_07_20_11_02_07_654321-pid_4102/model__1_inference_3.2")),
            QString());

        // A re-index keeps the sort and the selected node.
        page.setIndex(indexOf(samplePath()));
        QCOMPARE(tree->header()->sortIndicatorSection(), int(RunTreeModel::VerdictColumn));
        QCOMPARE(model->index(0, 0).data().toString().right(4), QStringLiteral("4102"));
        QCOMPARE(page.currentPath(), selected);
        QCOMPARE(tree->currentIndex().row(), 1);

        // Ascending, descending, then the indicator clears and the scan order is back.
        tree->header()->setSortIndicator(RunTreeModel::VerdictColumn, Qt::DescendingOrder);
        QCOMPARE(model->index(0, 0).data().toString().right(4), QStringLiteral("4101"));
        tree->header()->setSortIndicator(-1, Qt::AscendingOrder);
        QCOMPARE(model->index(0, 0).data().toString().right(4), QStringLiteral("4101"));
        QCOMPARE(
            model->index(0, 0, model->index(1, 0)).data().toString(), QStringLiteral("model__0_forward_1.0"));
        QCOMPARE(page.currentPath(), selected);
        QCOMPARE(tree->currentIndex().row(), 2);
    }

    void resetToNothing()
    {
        RunTreeModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setIndex(m_index);
        QCOMPARE(model.rowCount(), 1);
        model.setIndex(nullptr);
        QCOMPARE(model.rowCount(), 0);
        QVERIFY(!model.indexForPath(m_runPath).isValid());
    }

    void knownFailureMarksOnTheSampleTree()
    {
        const std::shared_ptr<const dvmlens::Index> index = indexOf(samplePath());
        QVERIFY(index);
        RunTreeModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setIndex(index);
        QCOMPARE(model.rowCount(), 2);
        const QModelIndex run0 = model.index(0, 0);
        const QModelIndex run1 = model.index(1, 0);
        QCOMPARE(model.rowCount(run0), 3);
        QCOMPARE(model.rowCount(run1), 3);
        const QModelIndex nodes[] = { run0, model.index(0, 0, run0), model.index(1, 0, run0),
            model.index(2, 0, run0), run1, model.index(0, 0, run1), model.index(1, 0, run1),
            model.index(2, 0, run1) };
        // Before the search: no marks, no room kept for them.
        QStringList tipsBefore;
        for (const QModelIndex& node : nodes) {
            QVERIFY(!severityOf(node).isValid());
            QVERIFY(titlesOf(node).isEmpty());
            QVERIFY(node.siblingAtColumn(RunTreeModel::VerdictColumn).data(Qt::DecorationRole).isNull());
            tipsBefore << node.data(Qt::ToolTipRole).toString();
        }

        // A result for another index (an older search) changes nothing.
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
        model.setKnownFailures(FindingsJob::search(indexOf(samplePath())));
        QCOMPARE(changed.count(), 0);
        QVERIFY(!severityOf(nodes[2]).isValid());

        const std::shared_ptr<const KnownFailures> result = FindingsJob::search(index);
        QCOMPARE(result->findings.size(), std::size_t(6));
        model.setKnownFailures(result);
        QCOMPARE(reset.count(), 0); // selection and expansion survive
        QCOMPARE(changed.count(), 3); // the runs, then each run's graphs

        const auto warning = QVariant(int(dvmlens::Severity::Warning));
        // Exactly these rows carry a mark, with these titles.
        const QVariant expectedSeverity[] = { warning, {}, warning, {}, warning, warning, warning, warning };
        const QStringList expectedTitles[] = { {}, {}, { kImportFx }, {}, {}, { kWithoutDvm, kImportFx },
            { kCacheHit }, { kWithoutDvm, kImportFx } };
        const QString expectedTipEnd[] = { QStringLiteral("\nKnown failures in 1 graph(s)"), QString(),
            QStringLiteral("\nKnown failure: ") + kImportFx, QString(),
            QStringLiteral("\nKnown failures in 3 graph(s)"),
            QStringLiteral("\nKnown failure: %1\nKnown failure: %2").arg(kWithoutDvm, kImportFx),
            QStringLiteral("\nKnown failure: ") + kCacheHit,
            QStringLiteral("\nKnown failure: %1\nKnown failure: %2").arg(kWithoutDvm, kImportFx) };
        for (int i = 0; i < int(std::size(nodes)); ++i) {
            const QModelIndex& node = nodes[i];
            const QString name = node.data().toString();
            QVERIFY2(severityOf(node) == expectedSeverity[i], qPrintable(name));
            QVERIFY2(titlesOf(node) == expectedTitles[i], qPrintable(name));
            // The same tooltip on every column: what it said before, then the findings.
            for (int column = 0; column < model.columnCount(); ++column)
                QCOMPARE(node.siblingAtColumn(column).data(Qt::ToolTipRole).toString(),
                    tipsBefore[i] + expectedTipEnd[i]);
            const QImage decoration = verdictDecoration(node);
            if (expectedSeverity[i].isValid()) {
                QCOMPARE(markColour(decoration), colourOf(dvmlens::Severity::Warning));
            } else {
                // A transparent placeholder keeps the verdict words aligned.
                QCOMPARE(decoration.size(), QSize(16, 16));
                QCOMPARE(decoration.pixelColor(8, 8).alpha(), 0);
            }
            QVERIFY(node.siblingAtColumn(RunTreeModel::DvmColumn).data(Qt::DecorationRole).isNull());
            // findingsAt hands out the search's own findings.
            for (const dvmlens::Finding* finding : model.findingsAt(node)) {
                QVERIFY(finding >= result->findings.data()
                    && finding < result->findings.data() + result->findings.size());
                QVERIFY(titlesOf(node).contains(QString::fromStdString(finding->rule.title.en)));
            }
            QCOMPARE(int(model.findingsAt(node).size()), expectedTitles[i].size());
        }
        // Artifacts carry none; the name column keeps the verdict icon.
        const QModelIndex file = model.index(0, 0, nodes[2]);
        QVERIFY(!severityOf(file).isValid());
        QVERIFY(model.findingsAt(file).empty());
        QVERIFY(!nodes[2].data(Qt::DecorationRole).value<QIcon>().isNull());
        QCOMPARE(nodes[2].data(Qt::DecorationRole).value<QIcon>().pixmap(16).toImage().pixelColor(8, 3),
            verdictColor(dvmlens::Verdict::Engaged, QApplication::palette()));

        // A new index starts unmarked.
        model.setIndex(index);
        QVERIFY(!severityOf(model.index(1, 0, model.index(0, 0))).isValid());
        QVERIFY(model.findingsAt(model.index(0, 0)).empty());
    }

    void runLevelAndTreeWideFindings()
    {
        // A training log beside the run's graphs: an error on the run itself.
        const std::shared_ptr<const dvmlens::Index> training =
            indexOf(testutil::fixture(QStringLiteral("exportgui")));
        QVERIFY(training);
        RunTreeModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setIndex(training);
        model.setKnownFailures(FindingsJob::search(training));
        const QModelIndex run = model.index(0, 0);
        QCOMPARE(severityOf(run), QVariant(int(dvmlens::Severity::Error)));
        QCOMPARE(titlesOf(run), QStringList { kFallbackKernel }); // two matches in the log, one title
        QVERIFY(run.data(Qt::ToolTipRole)
                    .toString()
                    .endsWith(QStringLiteral("\nKnown failure: %1\nKnown failures in 1 graph(s)")
                                  .arg(kFallbackKernel)));
        QCOMPARE(markColour(verdictDecoration(run)), colourOf(dvmlens::Severity::Error));
        QCOMPARE(model.rowCount(run), 2);
        QCOMPARE(model.index(1, 0, run).data().toString(), QStringLiteral("model__1_forward_3.1"));
        QCOMPARE(severityOf(model.index(1, 0, run)), QVariant(int(dvmlens::Severity::Warning)));
        QVERIFY(!severityOf(model.index(0, 0, run)).isValid());

        // One run opened alone, where no graph engaged: the tree-wide error marks the run.
        const std::shared_ptr<const dvmlens::Index> lone =
            indexOf(samplePath(QStringLiteral("run_2026_07_20_11_02_07_654321-pid_4102")));
        QVERIFY(lone);
        model.setIndex(lone);
        model.setKnownFailures(FindingsJob::search(lone));
        const QModelIndex loneRun = model.index(0, 0);
        QCOMPARE(severityOf(loneRun), QVariant(int(dvmlens::Severity::Error)));
        QCOMPARE(titlesOf(loneRun), QStringList { kNeverEngaged });
        QCOMPARE(titlesOf(model.index(0, 0, loneRun)), QStringList { kImportFx });
        QCOMPARE(titlesOf(model.index(1, 0, loneRun)), QStringList { kCacheHit });
        QCOMPARE(titlesOf(model.index(2, 0, loneRun)), QStringList { kImportFx });
        QVERIFY(
            loneRun.data(Qt::ToolTipRole)
                .toString()
                .endsWith(
                    QStringLiteral("\nKnown failure: %1\nKnown failures in 3 graph(s)").arg(kNeverEngaged)));
    }

    void sameFailureInTwoLogsNamedOnce()
    {
        // Two ranks' logs of one run hit the same rule: two findings, one title.
        QTemporaryDir tree;
        QVERIFY(tree.isValid());
        const QString run = tree.filePath(QStringLiteral("run_2026_01_01_00_00_00_000000-pid_7"));
        const QString graph = run + QStringLiteral("/torchinductor/model__0_forward_0.0");
        QVERIFY(QDir().mkpath(graph));
        QVERIFY(QFile::copy(samplePath(QStringLiteral("run_2026_07_20_10_15_30_123456-pid_4101/torchinductor/"
                                                      "model__0_forward_1.0/output_code.py")),
            graph + QStringLiteral("/output_code.py")));
        for (const QString& log : { QStringLiteral("rank0.log"), QStringLiteral("rank1.log") }) {
            QFile file(run + QLatin1Char('/') + log);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write("Traceback (most recent call last):\n"
                       "AttributeError: 'FallbackKernel' object has no attribute 'data'\n");
        }
        const std::shared_ptr<const dvmlens::Index> index = indexOf(tree.path());
        QVERIFY(index);
        RunTreeModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setIndex(index);
        model.setKnownFailures(FindingsJob::search(index));
        const QModelIndex runNode = model.index(0, 0);
        QCOMPARE(model.findingsAt(runNode).size(), std::size_t(2));
        QCOMPARE(titlesOf(runNode), QStringList { kFallbackKernel });
        QVERIFY(runNode.data(Qt::ToolTipRole)
                    .toString()
                    .endsWith(QStringLiteral("\nKnown failure: ") + kFallbackKernel));
        QCOMPARE(severityOf(runNode), QVariant(int(dvmlens::Severity::Error)));
        QVERIFY(!severityOf(model.index(0, 0, runNode)).isValid()); // its one graph engaged DVM
    }

    void marksFollowTheTheme()
    {
        const std::shared_ptr<const dvmlens::Index> index = indexOf(samplePath());
        QVERIFY(index);
        RunTreeModel model;
        model.setIndex(index);
        model.setKnownFailures(FindingsJob::search(index));
        const QModelIndex backward = model.index(1, 0, model.index(0, 0));
        const QColor before = markColour(verdictDecoration(backward));
        applyTheme(Theme::Dark);
        const QColor dark = markColour(verdictDecoration(backward));
        const QColor expected = colourOf(dvmlens::Severity::Warning);
        applyTheme(Theme::System);
        QCOMPARE(dark, expected);
        QVERIFY(dark != before);
        QCOMPARE(markColour(verdictDecoration(backward)), before);
    }

    void noCodeRowsReadableInDark()
    {
        // A graph without output_code.py is greyed, but still 4.5:1 against both row colours.
        RunTreeModel model;
        model.setIndex(m_index);
        const QModelIndex backward = model.index(1, RunTreeModel::NameColumn, model.index(0, 0));
        for (Theme theme : { Theme::Dark, Theme::Light }) {
            applyTheme(theme);
            const QColor grey = backward.data(Qt::ForegroundRole).value<QColor>();
            const QPalette palette = QApplication::palette();
            QVERIFY2(contrastRatio(grey, palette.color(QPalette::Base)) >= 4.5, qPrintable(grey.name()));
            QVERIFY2(
                contrastRatio(grey, palette.color(QPalette::AlternateBase)) >= 4.5, qPrintable(grey.name()));
        }
        applyTheme(Theme::System);
    }

    void titlesInChinese()
    {
        QCOMPARE(installTranslations(QStringLiteral("zh_CN")), QStringLiteral("zh_CN"));
        const std::shared_ptr<const dvmlens::Index> index = indexOf(samplePath());
        QVERIFY(index);
        RunTreeModel model;
        model.setIndex(index);
        model.setKnownFailures(FindingsJob::search(index));
        const QModelIndex run1 = model.index(1, 0);
        const QModelIndex forward = model.index(0, 0, run1);
        const QStringList titles = titlesOf(forward);
        const QString tip = forward.data(Qt::ToolTipRole).toString();
        const QString runTip = run1.data(Qt::ToolTipRole).toString();
        for (QTranslator* translator : qApp->findChildren<QTranslator*>())
            QCoreApplication::removeTranslator(translator);
        QCOMPARE(titles,
            QStringList({ QStringLiteral("该图没有 DVM kernel，而同一目录中的其他图有"),
                QStringLiteral("以 dvm 命名的 kernel 实际是 import_fx 回退") }));
        QVERIFY2(tip.endsWith(QStringLiteral("\n已知故障：该图没有 DVM kernel，而同一目录中的其他图有"
                                             "\n已知故障：以 dvm 命名的 kernel 实际是 import_fx 回退")),
            qPrintable(tip));
        QVERIFY2(runTip.endsWith(QStringLiteral("\n3 个图中有已知故障")), qPrintable(runTip));
    }

    // Why run 4102's forward graph did not engage DVM, one "Not DVM" line per reason of core's
    // notEngagedReasonList, in the user's language.
    void notEngagedReasonsInTheTooltip_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<QString>("reasons");
        QTest::newRow("en") << QStringLiteral("en")
                            << QStringLiteral("\nNot DVM: no `from torch_npu._inductor import dvm`"
                                              "\nNot DVM: no @dvm.kernel definitions"
                                              "\nNot DVM: only import_fx FX fallbacks named like DVM kernels "
                                              "(dvm_fused_silu_view_2), which are not DVM code");
        QTest::newRow("zh_CN") << QStringLiteral("zh_CN")
                               << QStringLiteral("\nDVM 未生效：缺少 `from torch_npu._inductor import dvm`"
                                                 "\nDVM 未生效：没有 @dvm.kernel 定义"
                                                 "\nDVM 未生效：只有名称像 DVM 内核的 import_fx FX 回退"
                                                 "（dvm_fused_silu_view_2），它们不是 DVM 代码");
    }

    void notEngagedReasonsInTheTooltip()
    {
        QFETCH(QString, language);
        QFETCH(QString, reasons);
        const std::shared_ptr<const dvmlens::Index> index = indexOf(samplePath());
        QVERIFY(index);
        const QString applied = installTranslations(language);
        RunTreeModel model;
        model.setIndex(index);
        const QModelIndex run4102 = model.index(1, 0);
        const QModelIndex forward = model.index(0, 0, run4102);
        const QString runName = run4102.data().toString();
        const QString graphName = forward.data().toString();
        const QString tip = forward.data(Qt::ToolTipRole).toString();
        for (QTranslator* translator : qApp->findChildren<QTranslator*>())
            QCoreApplication::removeTranslator(translator);
        QCOMPARE(applied, language);
        QVERIFY2(runName.endsWith(QLatin1String(" 4102")), qPrintable(runName));
        QCOMPARE(graphName, QStringLiteral("model__0_forward_1.0"));
        QVERIFY2(tip.endsWith(reasons), qPrintable(tip));
    }
};

QTEST_MAIN(TestRunTreeModel)
#include "tst_runtreemodel.moc"
