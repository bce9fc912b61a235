// SPDX-License-Identifier: MIT
// Over 600 lines on purpose: one QAbstractItemModel whose index arithmetic (run, graph and file
// nodes), sort order, count, verdict, known-failure and device-time columns share its private
// state (the cached summaries, the shown row orders, the icon caches); split, each part would
// reach into the others. What it shows is decided elsewhere: words in verdicttext and
// notengagedreasontext, counts in core.
#include "gui/browse/runtreemodel.h"

#include "core/compile/compilegraphs.h"
#include "core/compile/compilestory.h"
#include "core/io/pathtext.h"
#include "core/profile/profilecompare.h"
#include "core/verdict/derivedcounts.h"
#include "gui/browse/notengagedreasontext.h"
#include "gui/browse/verdicttext.h"
#include "gui/common/diagnostictext.h"
#include "gui/common/languagechange.h"
#include "gui/common/ruletext.h"
#include "gui/common/runlabel.h"
#include "gui/diagnostics/findingdetails.h"
#include "gui/profile/timesharedelegate.h"

#include <QApplication>
#include <QDir>
#include <QFont>
#include <QPixmap>
#include <QStyle>

#include <algorithm>

namespace {

// internalId of a node names its parent: 0 for runs, run+1 for graphs, a tagged (run, graph)
// pair for files. Rows of the parent are all a node needs besides its own row.
constexpr quintptr kFileTag = quintptr(1) << 62;
constexpr int kGraphBits = 31;

quintptr fileParentId(int run, int graph)
{
    return kFileTag | (quintptr(run) << kGraphBits) | quintptr(graph);
}

QString fromUtf8(const std::string& text)
{
    return QString::fromStdString(text);
}

bool isCountColumn(int column)
{
    return column == RunTreeModel::DvmColumn || column == RunTreeModel::OtherColumn
        || column == RunTreeModel::FallbacksColumn || column == RunTreeModel::DeviceTimeColumn;
}

bool isTimeColumn(int column)
{
    return column == RunTreeModel::DeviceTimeColumn || column == RunTreeModel::TimeShareColumn;
}

// What the Device time column shows: a run's every row, a graph's compiled and ambiguous time
// (rows outside compiled kernels belong to no graph).
double shownTime(const dvmlens::TimeShares& shares, bool isRun)
{
    return isRun ? shares.total() : shares.compiled() + shares.ambiguous;
}

QVariant countValue(const dvmlens::Summary& summary, int column)
{
    switch (column) {
    case RunTreeModel::DvmColumn:
        return summary.kernelCount(dvmlens::Backend::Dvm);
    case RunTreeModel::OtherColumn:
        return dvmlens::nonDvmKernels(summary);
    case RunTreeModel::FallbacksColumn:
        return summary.fallbacks;
    default:
        return {};
    }
}

// "model__2" before "model__10": digit runs compare as numbers, the rest case-insensitively.
int naturalCompare(const QString& a, const QString& b)
{
    qsizetype i = 0;
    qsizetype j = 0;
    while (i < a.size() && j < b.size()) {
        if (a[i].isDigit() && b[j].isDigit()) {
            const qsizetype startA = i;
            const qsizetype startB = j;
            while (i < a.size() && a[i].isDigit())
                ++i;
            while (j < b.size() && b[j].isDigit())
                ++j;
            // Without leading zeros the longer number is the larger; equal lengths compare as text.
            QStringView numberA = QStringView(a).mid(startA, i - startA);
            QStringView numberB = QStringView(b).mid(startB, j - startB);
            while (numberA.size() > 1 && numberA.front() == QLatin1Char('0'))
                numberA = numberA.mid(1);
            while (numberB.size() > 1 && numberB.front() == QLatin1Char('0'))
                numberB = numberB.mid(1);
            if (numberA.size() != numberB.size())
                return numberA.size() < numberB.size() ? -1 : 1;
            if (const int order = numberA.compare(numberB))
                return order;
            continue;
        }
        if (const int order = QStringView(a).mid(i, 1).compare(QStringView(b).mid(j, 1), Qt::CaseInsensitive))
            return order;
        ++i;
        ++j;
    }
    return int(a.size() - i > 0) - int(b.size() - j > 0);
}

// Ascending verdict order is the order a user hunting failures reads in: code without DVM first,
// then partly engaged runs (fewest engaged first), what was not indexed, what has no code or no
// verdict, engaged last. `engagedShare` orders partly engaged runs among themselves.
double verdictRank(dvmlens::Verdict verdict, double engagedShare = 0.0)
{
    switch (verdict) {
    case dvmlens::Verdict::NotEngaged:
        return 0;
    case dvmlens::Verdict::Partly:
        return 1 + engagedShare;
    case dvmlens::Verdict::Unreadable:
        return 2.25;
    case dvmlens::Verdict::NotIndexed:
        return 2.5;
    case dvmlens::Verdict::NoCode:
        return 3;
    case dvmlens::Verdict::NotWrapper:
        return 3.5;
    case dvmlens::Verdict::Engaged:
        break;
    }
    return 4;
}

// The shown order of `count` items: scan order, or stably sorted by `less` (ties keep scan order).
template <typename Less> std::vector<int> sortedOrder(int count, Qt::SortOrder order, bool sorted, Less less)
{
    std::vector<int> rows(static_cast<std::size_t>(count));
    for (int i = 0; i < count; ++i)
        rows[size_t(i)] = i;
    if (sorted) {
        std::stable_sort(rows.begin(), rows.end(),
            [&](int a, int b) { return order == Qt::AscendingOrder ? less(a, b) : less(b, a); });
    }
    return rows;
}

std::vector<int> inverted(const std::vector<int>& order)
{
    std::vector<int> rowOf(order.size());
    for (std::size_t row = 0; row < order.size(); ++row)
        rowOf[size_t(order[row])] = int(row);
    return rowOf;
}

std::optional<dvmlens::Severity> worstSeverity(const std::vector<const dvmlens::Finding*>& findings)
{
    std::optional<dvmlens::Severity> worst;
    for (const dvmlens::Finding* finding : findings)
        worst = std::max(worst.value_or(finding->rule.severity), finding->rule.severity);
    return worst;
}

} // namespace

RunTreeModel::RunTreeModel(QObject* parent)
    : QAbstractItemModel(parent)
{
    // Headers and cells say tr() texts: the views fetch them again in the new language.
    onLanguageChange(this, [this] { refreshTranslatedTexts(this); });
}

void RunTreeModel::setIndex(
    std::shared_ptr<const dvmlens::Index> index, std::shared_ptr<const IndexSummaries> summaries)
{
    if (index && index == m_index) {
        // The index that grew here is complete: new counts, same rows (no reset).
        // The known failures and the profile go as for any index (none came while it grew).
        m_summaries = summaries ? std::move(summaries) : IndexSummaries::of(*m_index);
        m_indexing = false;
        m_knownFailures.reset();
        m_findings.clear();
        m_anyMarks = false;
        setProfile(nullptr);
        emitAllDataChanged(); // sorts again too
        return;
    }
    beginResetModel();
    m_indexing = false;
    m_index = std::move(index);
    m_summaries = summaries || !m_index ? std::move(summaries) : IndexSummaries::of(*m_index);
    m_knownFailures.reset();
    m_join.reset();
    m_findings.clear();
    m_anyMarks = false;
    applySortOrder();
    endResetModel();
}

void RunTreeModel::updateGraphs(const std::vector<std::pair<std::size_t, std::size_t>>& positions,
    std::shared_ptr<const IndexSummaries> summaries)
{
    if (!m_index || !summaries || positions.empty())
        return;
    m_summaries = std::move(summaries);
    // Parsed graphs move to where their verdict and counts sort, and their cells change: one layout
    // change says both (see emitAllDataChanged).
    relayout();
}

void RunTreeModel::setIndexing(bool indexing)
{
    if (m_indexing == indexing)
        return;
    m_indexing = indexing;
    emitAllDataChanged();
}

bool RunTreeModel::isIndexing() const
{
    return m_indexing;
}

void RunTreeModel::emitAllDataChanged()
{
    // One layout change rather than a dataChanged per run: each dataChanged makes the header size
    // its ResizeToContents columns again over every row (Qt 6.4), a pass per signal; a layout
    // change is one pass, and selection and expansion are kept through the persistent indexes.
    relayout();
}

void RunTreeModel::setProfile(std::shared_ptr<const dvmlens::ProfileJoin> join)
{
    if (join && m_index) {
        bool fits = join->graphs.size() == m_index->runs.size() && join->runs.size() == m_index->runs.size()
            && join->runProfiled.size() == m_index->runs.size();
        for (std::size_t r = 0; fits && r < m_index->runs.size(); ++r)
            fits = join->graphs[r].size() == m_index->runs[r].graphs.size();
        if (!fits)
            join.reset();
    }
    if (!m_index)
        join.reset();
    // The time columns exist only with a profile (a screen reader lists a view's hidden columns).
    const bool hadColumns = m_join != nullptr;
    if (!hadColumns && join) {
        beginInsertColumns({}, DeviceTimeColumn, TimeShareColumn);
        m_join = std::move(join);
        endInsertColumns();
    } else if (hadColumns && !join) {
        beginRemoveColumns({}, DeviceTimeColumn, TimeShareColumn);
        m_join.reset();
        endRemoveColumns();
    } else {
        m_join = std::move(join);
    }
    if (m_sortColumn >= 0 && isTimeColumn(m_sortColumn))
        sort(m_sortColumn, m_sortOrder);
    if (!hadColumns || !m_join)
        return; // the columns are new, or gone: no cell of them to refresh
    const int runs = rowCount();
    for (int r = 0; r < runs; ++r) {
        const QModelIndex run = index(r, 0);
        Q_EMIT dataChanged(index(r, DeviceTimeColumn), index(r, TimeShareColumn));
        if (const int graphs = rowCount(run); graphs > 0)
            Q_EMIT dataChanged(index(0, DeviceTimeColumn, run), index(graphs - 1, TimeShareColumn, run));
    }
}

bool RunTreeModel::hasProfile() const
{
    return m_join != nullptr;
}

const dvmlens::TimeShares* RunTreeModel::sharesOf(int run, int graph) const
{
    if (!m_join || run < 0 || std::size_t(run) >= m_join->runProfiled.size()
        || !m_join->runProfiled[size_t(run)])
        return nullptr;
    return graph < 0 ? &m_join->runs[size_t(run)] : &m_join->graphs[size_t(run)][size_t(graph)];
}

std::optional<double> RunTreeModel::timeValue(int run, int graph, int column) const
{
    const dvmlens::TimeShares* shares = sharesOf(run, graph);
    if (!shares)
        return std::nullopt;
    if (column == TimeShareColumn)
        return shares->dvmShare();
    return shownTime(*shares, graph < 0);
}

QVariant RunTreeModel::timeData(const Location& location, int column, int role) const
{
    const bool isRun = location.kind == RunNode;
    const dvmlens::TimeShares* shares = sharesOf(location.run, isRun ? -1 : location.graph);
    if (!shares)
        return {};
    const double time = shownTime(*shares, isRun);
    // Launch groups whose kernel name this graph shares with other graphs: their time is the
    // graph's or another's, so none is not zero.
    const std::int64_t shared =
        isRun ? 0 : m_join->sharedAmbiguous[size_t(location.run)][size_t(location.graph)];
    // Explicit singular and plural, as the rest of the window (no English numerus file).
    const QString sharedLine = shared == 1
        ? tr("1 kernel name of this graph is also in other graphs: its device time is ambiguous (Hot "
             "Kernels lists it by name)")
        : tr("%1 kernel names of this graph are also in other graphs: their device time is ambiguous (Hot "
             "Kernels lists them by name)")
              .arg(shared);
    switch (role) {
    case Qt::DisplayRole:
        if (column == DeviceTimeColumn) {
            if (time > 0)
                return QString::fromStdString(dvmlens::durationText(time));
            return shared > 0 ? tr("ambiguous") : QString();
        }
        return {};
    case TimeShareDelegate::SharesRole:
        return column == TimeShareColumn && time > 0 ? QVariant::fromValue(*shares) : QVariant();
    case TimeShareDelegate::OutsideRole:
        return isRun;
    case Qt::AccessibleTextRole:
    case Qt::ToolTipRole: {
        if (time <= 0)
            return shared > 0 ? sharedLine : tr("No device time in the profile");
        QStringList lines;
        for (const dvmlens::Backend backend : dvmlens::kAllBackends) {
            const double us = shares->byBackend[size_t(backend)];
            if (us > 0)
                lines << tr("%1: %2 (%3%)")
                             .arg(QString::fromUtf8(dvmlens::backendName(backend).data()),
                                 QString::fromStdString(dvmlens::durationText(us)))
                             .arg(100.0 * us / time, 0, 'f', 1);
        }
        if (shares->ambiguous > 0)
            lines
                << tr("ambiguous: %1").arg(QString::fromStdString(dvmlens::durationText(shares->ambiguous)));
        if (isRun && shares->outside > 0)
            lines << tr("outside compiled kernels: %1")
                         .arg(QString::fromStdString(dvmlens::durationText(shares->outside)));
        if (const std::optional<double> dvm = shares->dvmShare())
            lines << tr("DVM share of compiled time: %1%").arg(100.0 * *dvm, 0, 'f', 1);
        if (shared > 0)
            lines << sharedLine;
        return lines.join(QLatin1Char('\n'));
    }
    default:
        return {};
    }
}

void RunTreeModel::sort(int column, Qt::SortOrder order)
{
    m_sortColumn = column >= 0 && column < ColumnCount ? column : -1;
    m_sortOrder = order;
    relayout(QAbstractItemModel::VerticalSortHint);
}

void RunTreeModel::relayout(QAbstractItemModel::LayoutChangeHint hint)
{
    if (!m_index)
        return;
    Q_EMIT layoutAboutToBeChanged({}, hint);
    const QModelIndexList before = persistentIndexList();
    std::vector<Location> locations;
    locations.reserve(size_t(before.size()));
    for (const QModelIndex& each : before)
        locations.push_back(locate(each));
    applySortOrder();
    QModelIndexList after;
    after.reserve(before.size());
    for (qsizetype i = 0; i < before.size(); ++i)
        after << indexAt(locations[size_t(i)], before[i].column());
    changePersistentIndexList(before, after);
    Q_EMIT layoutChanged({}, hint);
}

void RunTreeModel::applySortOrder()
{
    const std::vector<dvmlens::Run> noRuns;
    const std::vector<dvmlens::Run>& runs = m_index ? m_index->runs : noRuns;
    const bool sorted = m_sortColumn >= 0;
    std::vector<QString> runNames;
    std::vector<double> runNumbers;
    for (std::size_t r = 0; r < (sorted ? runs.size() : 0); ++r) {
        const dvmlens::Run& run = runs[r];
        const dvmlens::Summary& summary = m_summaries->of(r);
        runNames.push_back(runLabel(run));
        if (m_sortColumn == VerdictColumn)
            runNumbers.push_back(verdictRank(summary.verdict, dvmlens::engagedShare(summary.verdicts)));
        else if (isTimeColumn(m_sortColumn)) // no time before every time
            runNumbers.push_back(timeValue(int(r), -1, m_sortColumn).value_or(-1.0));
        else
            runNumbers.push_back(countValue(summary, m_sortColumn).toDouble());
    }
    const bool byName = m_sortColumn == NameColumn;
    m_runOrder = sortedOrder(int(runs.size()), m_sortOrder, sorted, [&](int a, int b) {
        return byName ? naturalCompare(runNames[size_t(a)], runNames[size_t(b)]) < 0
                      : runNumbers[size_t(a)] < runNumbers[size_t(b)];
    });
    m_runRowOf = inverted(m_runOrder);

    m_graphOrder.assign(runs.size(), {});
    m_graphRowOf.assign(runs.size(), {});
    for (std::size_t r = 0; r < runs.size(); ++r) {
        const std::vector<dvmlens::Graph>& graphs = runs[r].graphs;
        std::vector<double> numbers;
        for (std::size_t g = 0; g < graphs.size(); ++g) {
            const dvmlens::Graph& graph = graphs[g];
            if (m_sortColumn == VerdictColumn)
                numbers.push_back(verdictRank(dvmlens::graphVerdict(graph)));
            else if (isTimeColumn(m_sortColumn))
                numbers.push_back(timeValue(int(r), int(g), m_sortColumn).value_or(-1.0));
            else if (sorted && !byName) // a graph without code has no counts: before every count
                numbers.push_back(
                    graph.outputCode ? countValue(m_summaries->of(r, g), m_sortColumn).toDouble() : -1.0);
        }
        m_graphOrder[r] = sortedOrder(int(graphs.size()), m_sortOrder, sorted, [&](int a, int b) {
            return byName
                ? naturalCompare(fromUtf8(graphs[size_t(a)].name), fromUtf8(graphs[size_t(b)].name)) < 0
                : numbers[size_t(a)] < numbers[size_t(b)];
        });
        m_graphRowOf[r] = inverted(m_graphOrder[r]);
    }
}

QModelIndex RunTreeModel::indexAt(const Location& location, int column) const
{
    const quintptr run = quintptr(location.run);
    switch (location.kind) {
    case RunNode:
        return createIndex(m_runRowOf[run], column, quintptr(0));
    case GraphNode:
        return createIndex(m_graphRowOf[run][size_t(location.graph)], column, run + 1);
    case FileNode:
        break;
    }
    return createIndex(location.file, column, fileParentId(location.run, location.graph));
}

void RunTreeModel::setCompileFacts(std::shared_ptr<const CompileFacts> facts)
{
    m_compile = std::move(facts); // asked for on hover: nothing shown changes now
}

void RunTreeModel::setKnownFailures(std::shared_ptr<const KnownFailures> knownFailures)
{
    if (!knownFailures || !m_index || knownFailures->index != m_index)
        return;
    m_knownFailures = std::move(knownFailures);
    const std::vector<dvmlens::Run>& runs = m_index->runs;
    m_findings.assign(runs.size(), {});
    for (std::size_t r = 0; r < runs.size(); ++r)
        m_findings[r].graphs.resize(runs[r].graphs.size());
    for (const dvmlens::Finding& finding : m_knownFailures->findings) {
        if (!finding.run) {
            // Tree-wide ("no graph of the tree has a DVM kernel") holds for every run of it.
            for (RunFindings& run : m_findings)
                run.own.push_back(&finding);
        } else if (*finding.run < runs.size()) {
            RunFindings& run = m_findings[*finding.run];
            if (finding.graph && *finding.graph < run.graphs.size())
                run.graphs[*finding.graph].push_back(&finding);
            else
                run.own.push_back(&finding);
        }
    }
    m_anyMarks = false;
    for (RunFindings& run : m_findings) {
        run.worst = worstSeverity(run.own);
        for (const std::vector<const dvmlens::Finding*>& graph : run.graphs) {
            run.graphsWithFindings += graph.empty() ? 0 : 1;
            if (const auto worst = worstSeverity(graph))
                run.worst = std::max(run.worst.value_or(*worst), *worst);
        }
        m_anyMarks = m_anyMarks || run.worst;
    }
    emitKnownFailuresChanged();
}

void RunTreeModel::emitKnownFailuresChanged()
{
    // dataChanged, not a reset: the selection and the expanded runs stay as the user left them.
    const QList<int> roles { Qt::DecorationRole, Qt::ToolTipRole, KnownFailuresRole,
        KnownFailureSeverityRole };
    const int runs = rowCount();
    if (runs == 0)
        return;
    Q_EMIT dataChanged(index(0, 0), index(runs - 1, columnCount() - 1), roles);
    for (int r = 0; r < runs; ++r) {
        const QModelIndex run = index(r, 0);
        const int graphs = rowCount(run);
        if (graphs > 0)
            Q_EMIT dataChanged(index(0, 0, run), index(graphs - 1, columnCount() - 1, run), roles);
    }
}

std::vector<const dvmlens::Finding*> RunTreeModel::findingsAt(const QModelIndex& index) const
{
    if (m_findings.empty() || !index.isValid())
        return {};
    const Location location = locate(index);
    const RunFindings& run = m_findings[size_t(location.run)];
    switch (location.kind) {
    case RunNode:
        return run.own;
    case GraphNode:
        return run.graphs[size_t(location.graph)];
    case FileNode:
        break;
    }
    return {};
}

const std::shared_ptr<const dvmlens::Index>& RunTreeModel::treeIndex() const
{
    return m_index;
}

RunTreeModel::Location RunTreeModel::locate(const QModelIndex& index) const
{
    Location location;
    const quintptr id = index.internalId();
    if (id == 0) {
        location.run = m_runOrder[size_t(index.row())];
    } else if (id & kFileTag) {
        location.kind = FileNode;
        location.run = int((id & ~kFileTag) >> kGraphBits);
        location.graph = int(id & ((quintptr(1) << kGraphBits) - 1));
        location.file = index.row();
    } else {
        location.kind = GraphNode;
        location.run = int(id - 1);
        location.graph = m_graphOrder[size_t(location.run)][size_t(index.row())];
    }
    return location;
}

const dvmlens::Run* RunTreeModel::runAt(const QModelIndex& index) const
{
    if (!m_index || !index.isValid())
        return nullptr;
    return &m_index->runs[size_t(locate(index).run)];
}

const dvmlens::Graph* RunTreeModel::graphAt(const QModelIndex& index) const
{
    if (!m_index || !index.isValid())
        return nullptr;
    const Location location = locate(index);
    if (location.kind == RunNode)
        return nullptr;
    return &m_index->runs[size_t(location.run)].graphs[size_t(location.graph)];
}

RunTreeModel::NodeKind RunTreeModel::kindAt(const QModelIndex& index) const
{
    return locate(index).kind;
}

QString RunTreeModel::pathAt(const QModelIndex& index) const
{
    if (!m_index || !index.isValid())
        return {};
    const Location location = locate(index);
    const dvmlens::Run& run = m_index->runs[size_t(location.run)];
    // Paths keep every byte (io/pathtext.h), so files under non-UTF-8 folder names open.
    if (location.kind == RunNode)
        return dvmlens::pathText(run.path);
    const dvmlens::Graph& graph = run.graphs[size_t(location.graph)];
    if (location.kind == GraphNode)
        return dvmlens::pathText(graph.path);
    QString file = dvmlens::pathText(graph.files[size_t(location.file)]);
    if (file.endsWith(QLatin1Char('/')))
        file.chop(1);
    return dvmlens::pathText(graph.path) + QLatin1Char('/') + file;
}

QModelIndex RunTreeModel::indexForGraph(int runRow, int graphRow) const
{
    if (!m_index || runRow < 0 || runRow >= int(m_index->runs.size()) || graphRow < 0
        || graphRow >= int(m_index->runs[size_t(runRow)].graphs.size()))
        return {};
    return indexAt({ GraphNode, runRow, graphRow, -1 }, 0);
}

QModelIndex RunTreeModel::indexForPath(const QString& path) const
{
    if (!m_index || path.isEmpty())
        return {};
    const QString wanted = QDir::cleanPath(path);
    for (int r = 0; r < int(m_index->runs.size()); ++r) {
        const dvmlens::Run& run = m_index->runs[size_t(r)];
        if (QDir::cleanPath(dvmlens::pathText(run.path)) == wanted)
            return indexAt({ RunNode, r, -1, -1 }, 0);
        for (int g = 0; g < int(run.graphs.size()); ++g) {
            const dvmlens::Graph& graph = run.graphs[size_t(g)];
            const QString graphPath = QDir::cleanPath(dvmlens::pathText(graph.path));
            const QModelIndex graphIndex = indexForGraph(r, g);
            if (graphPath == wanted)
                return graphIndex;
            if (!wanted.startsWith(graphPath + QLatin1Char('/')))
                continue;
            for (int f = 0; f < int(graph.files.size()); ++f) {
                const QModelIndex fileIndex = index(f, 0, graphIndex);
                if (QDir::cleanPath(pathAt(fileIndex)) == wanted)
                    return fileIndex;
            }
        }
    }
    return {};
}

QModelIndex RunTreeModel::index(int row, int column, const QModelIndex& parent) const
{
    if (!hasIndex(row, column, parent))
        return {};
    if (!parent.isValid())
        return createIndex(row, column, quintptr(0));
    const Location location = locate(parent);
    if (location.kind == RunNode)
        return createIndex(row, column, quintptr(location.run + 1));
    return createIndex(row, column, fileParentId(location.run, location.graph));
}

QModelIndex RunTreeModel::parent(const QModelIndex& child) const
{
    if (!child.isValid())
        return {};
    const Location location = locate(child);
    switch (location.kind) {
    case RunNode:
        return {};
    case GraphNode:
        return indexAt({ RunNode, location.run, -1, -1 }, 0);
    case FileNode:
        break;
    }
    return indexAt({ GraphNode, location.run, location.graph, -1 }, 0);
}

int RunTreeModel::rowCount(const QModelIndex& parent) const
{
    if (!m_index)
        return 0;
    if (!parent.isValid())
        return int(m_index->runs.size());
    if (parent.column() != 0)
        return 0;
    const Location location = locate(parent);
    const dvmlens::Run& run = m_index->runs[size_t(location.run)];
    switch (location.kind) {
    case RunNode:
        return int(run.graphs.size());
    case GraphNode:
        return int(run.graphs[size_t(location.graph)].files.size());
    case FileNode:
        break;
    }
    return 0;
}

int RunTreeModel::columnCount(const QModelIndex&) const
{
    return m_join ? ColumnCount : DeviceTimeColumn;
}

QVariant RunTreeModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::DisplayRole) {
        switch (section) {
        case NameColumn:
            return tr("Name");
        case VerdictColumn:
            return tr("Verdict");
        case DvmColumn:
            return tr("DVM");
        case OtherColumn:
            return tr("Other");
        case FallbacksColumn:
            return tr("Fallbacks");
        case DeviceTimeColumn:
            return tr("Device time");
        case TimeShareColumn:
            return tr("Time by backend");
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case VerdictColumn:
            return tr("Whether DVM engaged: the dvm import and at least one real @dvm.kernel");
        case DvmColumn:
            return tr("DVM kernels: real @dvm.kernel builders");
        case OtherColumn:
            return tr("Other kernel definitions: import_fx (FX fallbacks), Triton, C++, MLIR…");
        case FallbacksColumn:
            return tr("ATen, NPU and extern calls in the entry code");
        case DeviceTimeColumn:
            return tr("Device time in the profile: a graph's compiled kernels (and rows ambiguous among "
                      "them), a run's every row");
        case TimeShareColumn:
            return tr("That time by backend; sorted by the DVM share of compiled time");
        }
    }
    if (role == Qt::TextAlignmentRole && isCountColumn(section))
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    return {};
}

QVariant RunTreeModel::data(const QModelIndex& index, int role) const
{
    if (!m_index || !checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const Location location = locate(index);
    const dvmlens::Run& run = m_index->runs[size_t(location.run)];
    if (role == PathRole)
        return pathAt(index);
    if (role == NodeKindRole)
        return int(location.kind);
    if (role == Qt::TextAlignmentRole && isCountColumn(index.column()))
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    if (location.kind != FileNode && isTimeColumn(index.column()) && m_join) {
        // Without a profile the columns are hidden, and their tooltips are the row's.
        const QVariant time = timeData(location, index.column(), role);
        if (time.isValid())
            return time;
    }
    if (location.kind != FileNode && !m_findings.empty()) {
        const QVariant marked = knownFailureData(location, index.column(), role);
        if (marked.isValid())
            return marked;
    }
    switch (location.kind) {
    case RunNode:
        return runData(run, m_summaries->of(size_t(location.run)), index.column(), role);
    case GraphNode:
        return graphData(run.graphs[size_t(location.graph)],
            m_summaries->of(size_t(location.run), size_t(location.graph)), index.column(), role);
    case FileNode:
        break;
    }
    return fileData(run.graphs[size_t(location.graph)], location.file, index.column(), role);
}

QVariant RunTreeModel::knownFailureData(const Location& location, int column, int role) const
{
    if (role != KnownFailuresRole && role != KnownFailureSeverityRole && role != Qt::ToolTipRole
        && !(role == Qt::DecorationRole && column == VerdictColumn))
        return {};
    const RunFindings& run = m_findings[size_t(location.run)];
    const bool isRun = location.kind == RunNode;
    const std::vector<const dvmlens::Finding*>& own = isRun ? run.own : run.graphs[size_t(location.graph)];
    const std::optional<dvmlens::Severity> worst = isRun ? run.worst : worstSeverity(own);
    if (!worst) {
        // Unmarked verdicts keep the marked ones' indent, so the column's words stay aligned.
        if (role == Qt::DecorationRole && m_anyMarks) {
            if (m_blankIcon.isNull()) {
                QPixmap blank(16, 16);
                blank.fill(Qt::transparent);
                m_blankIcon = QIcon(blank);
            }
            return m_blankIcon;
        }
        return {};
    }
    if (role == KnownFailureSeverityRole)
        return int(*worst);
    if (role == Qt::DecorationRole)
        return cachedKnownFailureIcon(*worst);

    QStringList titles;
    for (const dvmlens::Finding* finding : own)
        titles << localizedRuleText(finding->rule.title);
    titles.removeDuplicates();
    if (role == KnownFailuresRole)
        return titles;
    const dvmlens::Run& data = m_index->runs[size_t(location.run)];
    const std::size_t r = size_t(location.run);
    QString tip = isRun ? runData(data, m_summaries->of(r), column, role).toString()
                        : graphData(data.graphs[size_t(location.graph)],
                            m_summaries->of(r, size_t(location.graph)), column, role)
                              .toString();
    for (const QString& title : std::as_const(titles))
        tip += QLatin1Char('\n') + tr("Known failure: %1").arg(title);
    if (isRun && run.graphsWithFindings > 0)
        tip += QLatin1Char('\n') + tr("Known failures in %n graph(s)", nullptr, run.graphsWithFindings);
    return tip;
}

void RunTreeModel::followPalette() const
{
    const QPalette palette = QApplication::palette();
    if (palette.cacheKey() == m_iconPaletteKey)
        return;
    m_iconPaletteKey = palette.cacheKey();
    m_mutedText = mutedTextColor(palette); // a contrast search: every unparsed graph's cells ask
    for (dvmlens::Verdict each : dvmlens::kAllVerdicts)
        m_verdictIcons[int(each)] = verdictIcon(each, palette);
    for (dvmlens::Severity each :
        { dvmlens::Severity::Info, dvmlens::Severity::Warning, dvmlens::Severity::Error })
        m_knownFailureIcons[int(each)] = knownFailureIcon(each, palette);
}

QIcon RunTreeModel::cachedVerdictIcon(dvmlens::Verdict mark) const
{
    followPalette();
    return m_verdictIcons[int(mark)];
}

QColor RunTreeModel::cachedMutedText() const
{
    followPalette();
    return m_mutedText;
}

QIcon RunTreeModel::cachedKnownFailureIcon(dvmlens::Severity severity) const
{
    followPalette();
    return m_knownFailureIcons[int(severity)];
}

QVariant RunTreeModel::runData(
    const dvmlens::Run& run, const dvmlens::Summary& summary, int column, int role) const
{
    const dvmlens::Verdict mark = summary.verdict;
    switch (role) {
    case Qt::DisplayRole:
        if (column == NameColumn)
            return runLabel(run);
        if (column == VerdictColumn)
            return verdictCell(summary.verdicts);
        return countValue(summary, column);
    case Qt::AccessibleTextRole:
        // What the icon beside the name says, for screen readers (the Verdict cell reads itself).
        if (column == NameColumn)
            return QString(runLabel(run) + QStringLiteral(", ") + verdictCell(summary.verdicts));
        return {};
    case Qt::DecorationRole:
        if (column == NameColumn)
            return cachedVerdictIcon(mark);
        return {};
    case Qt::ForegroundRole:
        if (column == VerdictColumn)
            return verdictColor(mark, QApplication::palette());
        return {};
    case Qt::FontRole:
        if (column == NameColumn) {
            QFont font;
            font.setBold(true);
            return font;
        }
        return {};
    case Qt::ToolTipRole: {
        QString tip = QDir::toNativeSeparators(fromUtf8(run.path));
        if (run.pid)
            tip += QLatin1Char('\n') + tr("Process %1").arg(*run.pid);
        if (run.started)
            tip += QLatin1Char('\n') + tr("Started %1").arg(fromUtf8(*run.started));
        tip += QLatin1Char('\n') + VerdictText::ladderSentence(summary.verdicts);
        return tip;
    }
    default:
        return {};
    }
}

QVariant RunTreeModel::graphData(
    const dvmlens::Graph& graph, const dvmlens::Summary& summary, int column, int role) const
{
    const dvmlens::Verdict mark = dvmlens::graphVerdict(graph);
    // Counts only where the parser looked at a wrapper module: an unparsed graph has none to show.
    const bool hasCode = mark == dvmlens::Verdict::Engaged || mark == dvmlens::Verdict::NotEngaged;
    switch (role) {
    case Qt::DisplayRole:
        if (column == NameColumn)
            return fromUtf8(graph.name);
        if (column == VerdictColumn)
            return graphCell(mark);
        return hasCode ? countValue(summary, column) : QVariant();
    case Qt::AccessibleTextRole:
        if (column == NameColumn)
            return QString(fromUtf8(graph.name) + QStringLiteral(", ") + graphCell(mark));
        return {};
    case Qt::DecorationRole:
        if (column == NameColumn)
            return cachedVerdictIcon(mark);
        return {};
    case Qt::ForegroundRole:
        if (column == VerdictColumn)
            return verdictColor(mark, QApplication::palette());
        if (!hasCode)
            return cachedMutedText();
        return {};
    case Qt::ToolTipRole: {
        QString tip = QDir::toNativeSeparators(fromUtf8(graph.path));
        if (graph.model)
            tip += QLatin1Char('\n') + tr("Model: %1").arg(fromUtf8(*graph.model));
        if (graph.kind && !graph.kind->empty())
            tip += QLatin1Char('\n') + tr("Kind: %1").arg(fromUtf8(*graph.kind));
        if (mark == dvmlens::Verdict::NoCode)
            tip += QLatin1Char('\n') + tr("No output_code.py in this graph folder.");
        else if (mark == dvmlens::Verdict::NotIndexed)
            tip += QLatin1Char('\n') + VerdictText::notIndexed();
        else if (mark == dvmlens::Verdict::NotWrapper || mark == dvmlens::Verdict::Unreadable)
            tip += QLatin1Char('\n') + VerdictText::graphHeadline(mark);
        // An unreadable file's reason is why it could not be read, not why it is not DVM.
        for (const dvmlens::NotEngagedReason& reason : dvmlens::notEngagedReasonList(graph))
            tip += QLatin1Char('\n')
                + (mark == dvmlens::Verdict::Unreadable
                        ? notEngagedReasonText(reason)
                        : tr("Not DVM: %1").arg(notEngagedReasonText(reason)));
        for (const dvmlens::Diagnostic& diagnostic : graph.diagnostics)
            tip += QLatin1Char('\n') + diagnosticText(diagnostic);
        if (m_compile && m_compile->index == m_index.get()) {
            if (const dvmlens::GraphCompileFacts* facts =
                    dvmlens::compileFactsOfGraph(m_compile->logs, graph))
                for (const dvmlens::LocalizedText& sentence : dvmlens::compileStoryLocalized(*facts))
                    tip += QLatin1Char('\n') + tr("Compile: %1").arg(localizedRuleText(sentence));
        }
        return tip;
    }
    default:
        return {};
    }
}

QString RunTreeModel::graphCell(dvmlens::Verdict verdict) const
{
    return m_indexing && verdict == dvmlens::Verdict::NotIndexed ? VerdictText::indexing()
                                                                 : VerdictText::graphCell(verdict);
}

QString RunTreeModel::verdictCell(const dvmlens::VerdictCounts& counts) const
{
    // A run with a graph not parsed yet has no verdict (core's ladder says NotIndexed).
    return m_indexing && dvmlens::ladderVerdict(counts) == dvmlens::Verdict::NotIndexed
        ? VerdictText::indexing()
        : VerdictText::ladderCell(counts);
}

QVariant RunTreeModel::fileData(const dvmlens::Graph& graph, int file, int column, int role) const
{
    if (column != NameColumn)
        return {};
    QString name = fromUtf8(graph.files[size_t(file)]);
    const bool folder = name.endsWith(QLatin1Char('/'));
    switch (role) {
    case Qt::DisplayRole:
        return name;
    case Qt::DecorationRole:
        return QApplication::style()->standardIcon(folder ? QStyle::SP_DirIcon : QStyle::SP_FileIcon);
    case Qt::FontRole:
        if (name == QLatin1String("output_code.py")) {
            QFont font;
            font.setBold(true);
            return font;
        }
        return {};
    case Qt::ToolTipRole:
        if (folder)
            name.chop(1);
        return QDir::toNativeSeparators(QDir(fromUtf8(graph.path)).filePath(name));
    default:
        return {};
    }
}
