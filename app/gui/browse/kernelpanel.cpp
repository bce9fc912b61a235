// SPDX-License-Identifier: MIT
#include "gui/browse/kernelpanel.h"

#include "gui/browse/kernelfilterproxy.h"
#include "gui/browse/kernelheaderstate.h"
#include "gui/browse/kerneltablemodel.h"
#include "gui/common/emptyviewhint.h"
#include "gui/common/kernelformat.h"
#include "gui/common/languagechange.h"
#include "gui/common/wholerowselection.h"

#include <QAction>
#include <QClipboard>
#include <QFontDatabase>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QTimer>
#include <QToolButton>
#include <QTreeView>
#include <QVBoxLayout>

#include <memory>
#include <set>

KernelPanel::KernelPanel(KernelTableModel* model, QWidget* parent)
    : QWidget(parent)
    , m_model(model)
    , m_proxy(new KernelFilterProxy(this))
    , m_view(new QTreeView)
    , m_filter(new QLineEdit)
    , m_filterTimer(new QTimer(this))
    , m_toggleLayout(new QHBoxLayout)
    , m_noMatch(new QLabel)
{
    m_proxy->setSourceModel(m_model);

    m_filter->setClearButtonEnabled(true);
    m_filterTimer->setSingleShot(true);
    m_filterTimer->setInterval(kFilterDelayMs);
    connect(m_filter, &QLineEdit::textChanged, m_filterTimer, qOverload<>(&QTimer::start));
    connect(m_filterTimer, &QTimer::timeout, this, [this] { m_proxy->setFilterText(m_filter->text()); });
    // Return applies the filter at once and moves to the results, so typing then arrowing is one flow.
    connect(m_filter, &QLineEdit::returnPressed, this, [this] {
        m_filterTimer->stop();
        m_proxy->setFilterText(m_filter->text());
        m_view->setFocus(Qt::ShortcutFocusReason);
        if (!m_view->selectionModel()->currentIndex().isValid() && m_proxy->rowCount() > 0)
            m_view->setCurrentIndex(m_proxy->index(0, 0));
    });

    auto* focusFilter = new QAction(this);
    translateNowAndOnChange(this, [this, focusFilter] {
        m_filter->setPlaceholderText(tr("Filter by name, op or dtype (e.g. \"add bf16\")…"));
        m_filter->setToolTip(tr("Every word must match the kernel name, one of its ops or a dtype"));
        m_filter->setAccessibleName(tr("Filter kernels"));
        focusFilter->setText(tr("Filter Kernels"));
        m_view->setAccessibleName(tr("Kernels"));
        for (const auto& [backend, toggle] : m_toggles) {
            toggle->setText(backendLabel(backend));
            toggle->setToolTip(tr("Show %1 kernels").arg(backendLabel(backend)));
        }
    });
    focusFilter->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_F));
    focusFilter->setShortcutContext(Qt::WindowShortcut);
    connect(focusFilter, &QAction::triggered, m_filter, [this] {
        m_filter->setFocus(Qt::ShortcutFocusReason);
        m_filter->selectAll();
    });
    addAction(focusFilter);

    m_view->setModel(m_proxy);
    keepSelectedRowsWhole(*m_view);
    // Nothing selected yet, or a graph without code (a filter hiding all says so above instead).
    new EmptyViewHint(m_view, [this] { return emptyText(); });
    m_view->setRootIsDecorated(false);
    m_view->setUniformRowHeights(true);
    m_view->setAlternatingRowColors(true);
    m_view->setSortingEnabled(true);
    m_view->sortByColumn(m_model->sectionOf(KernelTableModel::LineColumn), Qt::AscendingOrder);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setAllColumnsShowFocus(true);
    m_view->header()->setStretchLastSection(true);
    m_view->header()->setSectionsMovable(true);
    m_view->header()->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_view->header(), &QHeaderView::customContextMenuRequested, this, &KernelPanel::showHeaderMenu);
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
        [this](const QModelIndex& current) {
            Q_EMIT currentKernelChanged(current.isValid() ? m_proxy->mapToSource(current).row() : -1);
        });
    connect(m_model, &QAbstractItemModel::modelReset, this, &KernelPanel::rebuildBackendToggles);
    // The Graph and Device time columns come with several graphs' rows and with a profile: shown,
    // at their place, fitted.
    connect(
        m_model, &QAbstractItemModel::columnsInserted, this, [this](const QModelIndex&, int first, int last) {
            for (int section = first; section <= last; ++section) {
                placeKernelSection(*m_view->header(), *m_model, section);
                m_view->setColumnHidden(section, false);
            }
            fitColumns(first, last);
        });

    auto* bar = new QHBoxLayout;
    bar->setContentsMargins(0, 0, 0, 0);
    bar->setSpacing(4);
    bar->addWidget(m_filter, 1);
    m_toggleLayout->setContentsMargins(0, 0, 0, 0);
    m_toggleLayout->setSpacing(2);
    bar->addLayout(m_toggleLayout);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->setSpacing(4);
    layout->addLayout(bar);
    layout->addWidget(m_noMatch);
    layout->addWidget(m_view);
    fitColumns();

    // The filter carries over between graphs: say so when it hides every kernel of this one.
    m_noMatch->setObjectName(QStringLiteral("KernelNoMatch"));
    m_noMatch->setWordWrap(true);
    m_noMatch->setTextFormat(Qt::PlainText);
    m_noMatch->hide();
    connect(m_proxy, &QAbstractItemModel::modelReset, this, &KernelPanel::updateNoMatchNote);
    connect(m_proxy, &QAbstractItemModel::layoutChanged, this, &KernelPanel::updateNoMatchNote);
    connect(m_proxy, &QAbstractItemModel::rowsInserted, this, &KernelPanel::updateNoMatchNote);
    connect(m_proxy, &QAbstractItemModel::rowsRemoved, this, &KernelPanel::updateNoMatchNote);
    onLanguageChange(this, [this] { updateNoMatchNote(); });

    m_view->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_view, &QWidget::customContextMenuRequested, this, &KernelPanel::showRowMenu);
}

QString KernelPanel::noMatchText() const
{
    if (m_model->rowCount() == 0 || m_proxy->rowCount() > 0)
        return {};
    const QString filter = m_filter->text().trimmed();
    if (!filter.isEmpty())
        return tr("No kernel here matches “%1” (%2 hidden).").arg(filter).arg(m_model->rowCount());
    return tr("The backend toggles hide all %1 kernels here.").arg(m_model->rowCount());
}

void KernelPanel::updateNoMatchNote()
{
    const QString text = noMatchText();
    m_noMatch->setText(text);
    m_noMatch->setVisible(!text.isEmpty());
}

QString KernelPanel::rowText(const QModelIndex& proxyIndex) const
{
    QStringList cells;
    const QHeaderView* header = m_view->header();
    for (int visual = 0; visual < header->count(); ++visual) {
        const int column = header->logicalIndex(visual);
        if (!m_view->isColumnHidden(column))
            cells << proxyIndex.siblingAtColumn(column).data().toString();
    }
    return cells.join(QLatin1Char('\t'));
}

std::unique_ptr<QMenu> KernelPanel::createRowMenu(const QModelIndex& proxyIndex)
{
    const int sourceRow = proxyIndex.isValid() ? m_proxy->mapToSource(proxyIndex).row() : -1;
    const dvmlens::Kernel* kernel = m_model->kernelAt(sourceRow);
    if (!kernel)
        return nullptr;
    auto menu = std::make_unique<QMenu>();
    const QString name = QString::fromStdString(kernel->name);
    connect(menu->addAction(tr("Copy Name")), &QAction::triggered, this,
        [name] { QGuiApplication::clipboard()->setText(name); });
    const QString row = rowText(proxyIndex);
    connect(menu->addAction(tr("Copy Row")), &QAction::triggered, this,
        [row] { QGuiApplication::clipboard()->setText(row); });
    menu->addSeparator();
    QAction* launch = menu->addAction(tr("Go to Launch Site"));
    launch->setEnabled(!kernel->launchLines.empty());
    const int line = kernel->launchLines.empty() ? 0 : kernel->launchLines.front();
    connect(launch, &QAction::triggered, this,
        [this, sourceRow, line] { Q_EMIT launchSiteRequested(sourceRow, line); });
    return menu;
}

void KernelPanel::showRowMenu(const QPoint& position)
{
    if (const std::unique_ptr<QMenu> menu = createRowMenu(m_view->indexAt(position)))
        menu->exec(m_view->viewport()->mapToGlobal(position));
}

QString KernelPanel::emptyText() const
{
    if (m_model->rowCount() > 0)
        return {};
    if (m_model->unreadableGraphs() > 0)
        return tr("No kernels to show: output_code.py could not be read (Diagnostics says why).");
    return tr(
        "No kernels to show. Select a run or a graph in Runs; a graph without output_code.py has none.");
}

KernelTableModel* KernelPanel::model() const
{
    return m_model;
}

KernelFilterProxy* KernelPanel::proxy() const
{
    return m_proxy;
}

QTreeView* KernelPanel::view() const
{
    return m_view;
}

QLineEdit* KernelPanel::filterEdit() const
{
    return m_filter;
}

QToolButton* KernelPanel::backendToggle(dvmlens::Backend backend) const
{
    const auto found = m_toggles.find(backend);
    return found == m_toggles.end() ? nullptr : found->second;
}

bool KernelPanel::selectKernel(const QString& kernelName)
{
    return selectSourceRow(m_model->rowOf(kernelName));
}

bool KernelPanel::selectSourceRow(int sourceRow)
{
    const QModelIndex proxyIndex = m_proxy->mapFromSource(m_model->index(sourceRow, 0));
    if (!proxyIndex.isValid())
        return false;
    m_view->selectionModel()->setCurrentIndex(
        proxyIndex, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    m_view->scrollTo(proxyIndex);
    return true;
}

int KernelPanel::currentSourceRow() const
{
    const QModelIndex current = m_view->selectionModel()->currentIndex();
    return current.isValid() ? m_proxy->mapToSource(current).row() : -1;
}

QByteArray KernelPanel::headerState() const
{
    return saveKernelHeaderState(*m_view->header(), *m_model);
}

bool KernelPanel::restoreHeaderState(const QByteArray& state)
{
    // Whether the Graph and Device time columns are there follows the rows and the profile.
    return restoreKernelHeaderState(*m_view->header(), *m_model, state);
}

void KernelPanel::resetHeader()
{
    QHeaderView* header = m_view->header();
    int to = 0;
    for (const KernelTableModel::Column column : KernelTableModel::kDefaultOrder) {
        const int section = m_model->sectionOf(column);
        if (section < 0)
            continue;
        header->moveSection(header->visualIndex(section), to++);
        m_view->setColumnHidden(section, false);
    }
    fitColumns();
    m_view->sortByColumn(m_model->sectionOf(KernelTableModel::LineColumn), Qt::AscendingOrder);
}

void KernelPanel::showHeaderMenu(const QPoint& position)
{
    // One check box per column but the kernel's name (a row must say which kernel it is) and the
    // Graph column (shown when the table spans several graphs).
    QMenu menu;
    for (const KernelTableModel::Column column : KernelTableModel::kDefaultOrder) {
        const int section = m_model->sectionOf(column);
        if (section < 0 || column == KernelTableModel::NameColumn || column == KernelTableModel::GraphColumn)
            continue;
        QAction* action = menu.addAction(m_model->headerData(section, Qt::Horizontal).toString());
        action->setCheckable(true);
        action->setChecked(!m_view->isColumnHidden(section));
        connect(action, &QAction::toggled, this,
            [this, section](bool shown) { m_view->setColumnHidden(section, !shown); });
    }
    menu.exec(m_view->header()->viewport()->mapToGlobal(position));
}

void KernelPanel::rebuildBackendToggles()
{
    std::set<dvmlens::Backend> present;
    for (int row = 0; row < m_model->rowCount(); ++row)
        present.insert(m_model->kernelAt(row)->backend);

    // Keep existing toggles (and the user's choice) for backends still present.
    for (auto it = m_toggles.begin(); it != m_toggles.end();) {
        if (present.count(it->first)) {
            ++it;
            continue;
        }
        m_proxy->setBackendVisible(it->first, true);
        delete it->second;
        it = m_toggles.erase(it);
    }
    for (dvmlens::Backend backend : dvmlens::kAllBackends) {
        if (!present.count(backend) || m_toggles.count(backend))
            continue;
        auto* toggle = new QToolButton;
        toggle->setText(backendLabel(backend));
        toggle->setCheckable(true);
        toggle->setChecked(m_proxy->isBackendVisible(backend));
        toggle->setAutoRaise(true);
        toggle->setToolTip(tr("Show %1 kernels").arg(backendLabel(backend)));
        connect(toggle, &QToolButton::toggled, this,
            [this, backend](bool checked) { m_proxy->setBackendVisible(backend, checked); });
        m_toggles.emplace(backend, toggle);
    }
    // Lay the toggles out in the fixed backend order.
    for (const auto& [backend, toggle] : m_toggles)
        m_toggleLayout->addWidget(toggle);
}

void KernelPanel::fitColumns(int first, int last)
{
    // Sized for typical content so the first look needs no manual resizing; the header text
    // (plus room for the sort arrow) is the floor.
    const QFontMetrics metrics = m_view->fontMetrics();
    const QFontMetrics fixedMetrics(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    QHeaderView* header = m_view->header();
    const auto fit = [&](KernelTableModel::Column column, const QFontMetrics& contentMetrics,
                         const char* sample) {
        const int section = m_model->sectionOf(column);
        if (section < 0 || section < first || (last >= 0 && section > last))
            return;
        const int headerWidth =
            metrics.horizontalAdvance(m_model->headerData(section, Qt::Horizontal).toString()) + 28;
        header->resizeSection(
            section, qMax(headerWidth, contentMetrics.horizontalAdvance(QLatin1String(sample)) + 16));
    };
    fit(KernelTableModel::NameColumn, metrics, "dvm_fused_add_mul_native_layer_nor");
    fit(KernelTableModel::BackendColumn, metrics, "import_fx");
    fit(KernelTableModel::KtypeColumn, metrics, "vector");
    fit(KernelTableModel::DynShapeColumn, metrics, "no");
    fit(KernelTableModel::OpsColumn, metrics, "99");
    fit(KernelTableModel::InputsColumn, fixedMetrics, "bf16[2, 1024, 3072], bf16[3072]");
    fit(KernelTableModel::OutputsColumn, fixedMetrics, "f32, bf16");
    fit(KernelTableModel::LaunchesColumn, metrics, "99");
    fit(KernelTableModel::LineColumn, metrics, "99999");
    fit(KernelTableModel::DeviceTimeColumn, metrics, "999.99 ms");
    fit(KernelTableModel::GraphColumn, metrics, "model__0_forward_1.0");
}
