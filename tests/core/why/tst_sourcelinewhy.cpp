// SPDX-License-Identifier: MIT
// Why not DVM per model source line (core/why/sourcelinewhy.h) on the why fixture tree with model
// lines (tests/whytree.h): each line's reasons grouped by code, worst first, with the exact ops and
// counts; parallel to the sources summary's rows; and summarizeWhy's model lines from the same join.
#include "core/index/indexer.h"
#include "core/io/pathtext.h"
#include "core/sources/sourcemap.h"
#include "core/sources/sourcesummary.h"
#include "core/why/sourcelinewhy.h"
#include "core/why/whyindex.h"
#include "core/why/whyrules.h"
#include "core/why/whysummary.h"
#include "whytree.h"

#include <QTemporaryDir>
#include <QTest>

using namespace dvmlens;

namespace {

struct Explained
{
    Index index;
    SourceSummary summary;
    SourceMap map;
    IndexWhy why;
};

Explained explain(const QString& tree)
{
    std::string error;
    std::optional<Index> index = buildIndex(pathBytes(tree), {}, error);
    if (!index)
        qFatal("%s", error.c_str());
    Explained out { std::move(*index), {}, {}, {} };
    out.map = buildSourceMap(out.index);
    out.summary = summarizeSources(out.index, out.map);
    out.why = explainIndex(out.index, builtinWhyRules());
    return out;
}

// "code ×count: op ×n, …" for each reason of a line.
QStringList described(const std::vector<LineWhy>& reasons)
{
    QStringList out;
    for (const LineWhy& reason : reasons) {
        QString ops;
        for (const auto& [op, count] : reason.ops)
            ops += (ops.isEmpty() ? QString() : QStringLiteral(", ")) + QString::fromStdString(op)
                + QStringLiteral(" ×") + QString::number(count);
        out << QStringLiteral("%1 ×%2: %3")
                   .arg(QString::fromStdString(reason.code))
                   .arg(reason.count)
                   .arg(ops);
    }
    return out;
}

QString location(const SourceLocationSummary& location)
{
    return QString::fromStdString(shortLocation(location.frame));
}

} // namespace

class TestSourceLineWhy : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void reasonsPerLine()
    {
        QTemporaryDir dir;
        const Explained e = explain(whytree::makeTreeWithSources(dir));
        const SourceLinesWhy lines = whyBySourceLine(e.index, e.why, e.summary);
        QCOMPARE(lines.size(), e.summary.locations.size());
        QStringList rows;
        for (std::size_t i = 0; i < lines.size(); ++i)
            rows << location(e.summary.locations[i]) + QStringLiteral(" | ")
                    + described(lines[i]).join(QStringLiteral(" | "));
        QCOMPARE(rows,
            QStringList({
                QStringLiteral("layers.py:124 | group-forced ×1: import_fx kernel ×1 | unknown ×2: "
                               "aten.add.Tensor ×1, aten.sum.dim_IntList ×1"),
                QStringLiteral("layers.py:118 | not-in-lowering-list ×1: aten.permute.default ×1 | "
                               "matmul-fusion-off ×1: aten.mm.default ×1"),
                QStringLiteral("layers.py:120 | special-form ×1: aten.div.Tensor_mode ×1"),
            }));
        // The title and fix are the rule table's.
        const LineWhy& mm = lines[1][1];
        QCOMPARE(mm.title.en, std::string("DVM matmul fusion off"));
        QCOMPARE(mm.title.zh, std::string("DVM matmul 融合未开启"));
        QCOMPARE(mm.rank, 10);
        QVERIFY(!mm.fix.en.empty());
        QCOMPARE(lineWhyOpsText(lines[0][1]), std::string("aten.add.Tensor ×1, aten.sum.dim_IntList ×1"));
    }

    void reasonsCountEveryNonDvmItem()
    {
        // Every non-DVM item a line counts has exactly one reason there.
        QTemporaryDir dir;
        const Explained e = explain(whytree::makeTreeWithSources(dir));
        const SourceLinesWhy lines = whyBySourceLine(e.index, e.why, e.summary);
        for (std::size_t i = 0; i < lines.size(); ++i) {
            std::size_t reasons = 0;
            for (const LineWhy& reason : lines[i])
                reasons += reason.count;
            QCOMPARE(reasons, std::size_t(e.summary.locations[i].counts.notDvm()));
        }
    }

    void noReasonsWithoutThem()
    {
        // Reasons of another index's graphs (none here) leave every line without any.
        QTemporaryDir dir;
        const Explained e = explain(whytree::makeTreeWithSources(dir));
        const SourceLinesWhy lines = whyBySourceLine(e.index, IndexWhy(), e.summary);
        QCOMPARE(lines.size(), e.summary.locations.size());
        for (const std::vector<LineWhy>& line : lines)
            QVERIFY(line.empty());
    }

    void summarizeWhySharesTheJoin()
    {
        // `dvmlens-cli why`'s model lines are those the per-line reasons count.
        QTemporaryDir dir;
        const Explained e = explain(whytree::makeTreeWithSources(dir));
        const std::vector<WhyGroup> groups = summarizeWhy(e.index, e.why, builtinWhyRules(), &e.map);
        const auto group = [&](const std::string& code) {
            for (const WhyGroup& g : groups) {
                if (g.code == code)
                    return g;
            }
            qFatal("no group %s", code.c_str());
        };
        const WhyGroup unknown = group("unknown");
        QCOMPARE(unknown.modelLines.size(), std::size_t(1));
        QCOMPARE(unknown.modelLines[0].line, 124);
        QCOMPARE(unknown.modelLines[0].count, std::size_t(2));
        QCOMPARE(group("matmul-fusion-off").modelLines[0].line, 118);
        QCOMPARE(group("special-form").modelLines[0].code,
            std::string("y = torch.div(h, s, rounding_mode='floor')"));
    }
};

QTEST_MAIN(TestSourceLineWhy)
#include "tst_sourcelinewhy.moc"
