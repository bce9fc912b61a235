// SPDX-License-Identifier: MIT
#include "gui/browse/kernelheaderstate.h"

#include "gui/browse/kerneltablemodel.h"

#include <QHeaderView>
#include <QStandardItemModel>

#include <algorithm>
#include <iterator>

namespace {

using Column = KernelTableModel::Column;

// Marks a state whose sections are KernelTableModel::Column; a state without it has the sections
// of the model before that (Graph second, Device time before the wide columns).
const QByteArray kMagic = QByteArrayLiteral("DVMLENS-KERNEL-COLUMNS-1:");
constexpr Column kFormerSections[] = { KernelTableModel::NameColumn, KernelTableModel::GraphColumn,
    KernelTableModel::BackendColumn, KernelTableModel::KtypeColumn, KernelTableModel::DynShapeColumn,
    KernelTableModel::OpsColumn, KernelTableModel::LaunchesColumn, KernelTableModel::LineColumn,
    KernelTableModel::DeviceTimeColumn, KernelTableModel::InputsColumn, KernelTableModel::OutputsColumn };

int defaultRank(Column column)
{
    const auto* at = std::find(
        std::begin(KernelTableModel::kDefaultOrder), std::end(KernelTableModel::kDefaultOrder), column);
    return int(at - std::begin(KernelTableModel::kDefaultOrder));
}

} // namespace

QByteArray saveKernelHeaderState(const QHeaderView& header, const KernelTableModel& model)
{
    // A header of every column, by column: those there now in their order, the others after.
    QStandardItemModel columns(0, KernelTableModel::ColumnCount);
    QHeaderView all(Qt::Horizontal);
    all.setModel(&columns);
    int to = 0;
    for (int visual = 0; visual < header.count(); ++visual) {
        const int section = header.logicalIndex(visual);
        const Column column = model.columnAt(section);
        if (column == KernelTableModel::ColumnCount)
            continue;
        all.moveSection(all.visualIndex(column), to++);
        all.resizeSection(column, header.sectionSize(section));
        all.setSectionHidden(column, header.isSectionHidden(section));
    }
    for (int column = 0; column < KernelTableModel::ColumnCount; ++column) {
        if (model.sectionOf(Column(column)) < 0)
            all.setSectionHidden(column, true);
    }
    const Column sorted = model.columnAt(header.sortIndicatorSection());
    all.setSortIndicator(
        sorted == KernelTableModel::ColumnCount ? -1 : int(sorted), header.sortIndicatorOrder());
    return kMagic + all.saveState();
}

bool restoreKernelHeaderState(QHeaderView& header, const KernelTableModel& model, const QByteArray& state)
{
    const bool byColumn = state.startsWith(kMagic);
    QStandardItemModel columns(0, KernelTableModel::ColumnCount);
    QHeaderView all(Qt::Horizontal);
    all.setModel(&columns);
    if (!all.restoreState(byColumn ? state.mid(kMagic.size()) : state))
        return false;
    // A state saved before a column was added has fewer sections: the newer columns are not in it.
    const int sections = byColumn ? int(KernelTableModel::ColumnCount) : int(std::size(kFormerSections));
    const auto columnOf = [byColumn, sections](int section) {
        return section < 0 || section >= sections ? KernelTableModel::ColumnCount
            : byColumn                            ? Column(section)
                                                  : kFormerSections[section];
    };
    int to = 0;
    for (int visual = 0; visual < all.count(); ++visual) {
        const int saved = all.logicalIndex(visual);
        const Column column = columnOf(saved);
        const int section = model.sectionOf(column);
        if (section < 0)
            continue;
        header.moveSection(header.visualIndex(section), to++);
        const bool hidden = all.isSectionHidden(saved) && !KernelTableModel::isOptional(column);
        header.setSectionHidden(section, hidden);
        if (!all.isSectionHidden(saved))
            header.resizeSection(section, all.sectionSize(saved));
    }
    const int sorted = model.sectionOf(columnOf(all.sortIndicatorSection()));
    if (sorted >= 0)
        header.setSortIndicator(sorted, all.sortIndicatorOrder());
    return true;
}

void placeKernelSection(QHeaderView& header, const KernelTableModel& model, int section)
{
    // After the last section shown that comes before it by default, else first.
    const int rank = defaultRank(model.columnAt(section));
    int to = 0;
    for (int visual = 0; visual < header.count(); ++visual) {
        const int other = header.logicalIndex(visual);
        if (other != section && defaultRank(model.columnAt(other)) < rank)
            to = visual + 1;
    }
    const int from = header.visualIndex(section);
    header.moveSection(from, from < to ? to - 1 : to);
}
