// SPDX-License-Identifier: MIT
#include "gui/compile/compiledock.h"

#include "core/compile/compilegraphs.h"
#include "gui/common/dockfit.h"
#include "gui/common/emptyviewhint.h"
#include "gui/common/languagechange.h"
#include "gui/compile/compilemodel.h"
#include "gui/document/treedocument.h"

#include <QHeaderView>
#include <QLabel>
#include <QTableView>
#include <QVBoxLayout>

CompileDock::CompileDock(QWidget* parent)
    : QDockWidget(parent)
    , m_model(new CompileModel(this))
{
    setObjectName(QStringLiteral("compileDock"));
    auto* content = new QWidget(this);
    auto* layout = new QVBoxLayout(content);
    layout->setContentsMargins(4, 4, 4, 4);
    m_summary = new WrappedLabel(content); // word-wrapped, never cut mid-line
    m_summary->setTextFormat(Qt::PlainText);
    layout->addWidget(m_summary);
    m_table = new QTableView(content);
    m_table->setObjectName(QStringLiteral("compileTable"));
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setWordWrap(false);
    layout->addWidget(m_table, 1);
    setWidget(content);
    m_hint = new EmptyViewHint(m_table, [this] { return emptyText(); });

    const auto activate = [this](const QModelIndex& index) { activateRow(index.row()); };
    connect(m_table, &QAbstractItemView::activated, this, activate);
    connect(m_table, &QAbstractItemView::doubleClicked, this, activate);
    translateNowAndOnChange(this, [this] { retranslate(); });
}

void CompileDock::follow(const TreeDocument& document)
{
    connect(&document, &TreeDocument::indexChanged, this, [this, &document] {
        m_reading = document.isReadingCompile();
        setFacts(nullptr, nullptr); // the old tree's are gone; ready when compileChanged
    });
    connect(&document, &TreeDocument::compileChanged, this, [this, &document] {
        m_reading = false;
        setFacts(document.index(), document.compile());
    });
}

void CompileDock::setFacts(
    std::shared_ptr<const dvmlens::Index> index, std::shared_ptr<const CompileFacts> facts)
{
    m_index = std::move(index);
    m_model->setFacts(m_index ? std::move(facts) : nullptr);
    m_table->resizeColumnsToContents();
    updateSummary();
    Q_EMIT factsShown();
}

bool CompileDock::isReading() const
{
    return m_reading;
}

CompileModel* CompileDock::model() const
{
    return m_model;
}

QTableView* CompileDock::table() const
{
    return m_table;
}

QLabel* CompileDock::summary() const
{
    return m_summary;
}

QString CompileDock::emptyText() const
{
    if (m_reading)
        return tr("Reading the compile side of the TORCH_TRACE logs…");
    if (!m_model->facts())
        return tr("No tree open.");
    return tr("No TORCH_TRACE log at the open path, so no graph breaks, recompiles, cache use or compile "
              "failures to show. Run with TORCH_TRACE=<dir> to write them, then open that folder.");
}

void CompileDock::activateRow(int row)
{
    const std::shared_ptr<const CompileFacts>& facts = m_model->facts();
    if (!facts || !m_index || row < 0 || row >= m_model->rowCount())
        return;
    const std::vector<dvmlens::CompileRef> compiles = m_model->compilesAt(row);
    for (const dvmlens::CompileRef& compile : compiles) {
        const auto graphs = dvmlens::graphsOfCompile(*m_index, facts->logs.at(compile.log).path, compile.id);
        if (!graphs.empty()) {
            Q_EMIT graphActivated(int(graphs.front().first), int(graphs.front().second));
            return;
        }
    }
    if (compiles.empty())
        Q_EMIT statusMessage(tr("This row is about no one compile; it has no graph to go to."));
    else
        Q_EMIT statusMessage(tr("Compile [%1] made no graph in the open tree (it failed or was refused).")
                                 .arg(QString::fromStdString(compiles.front().id)));
}

void CompileDock::retranslate()
{
    setWindowTitle(tr("Compile"));
    m_table->setAccessibleName(tr("Compile side: graph breaks, recompiles, caches, failures, compile time"));
    refreshTranslatedTexts(m_model);
    updateSummary();
}

void CompileDock::updateSummary()
{
    const std::shared_ptr<const CompileFacts>& facts = m_model->facts();
    m_summary->setVisible(facts && facts->hasLogs());
    if (!facts || !facts->hasLogs())
        return;
    const dvmlens::CompileSummary& summary = facts->summary;
    m_summary->setText(tr("%1 trace logs, %2 compiles: %3 distinct graph breaks (%4 hits), %5 recompiles, %6 "
                          "failed compiles. Double-click a row to select its graph.")
                           .arg(summary.logs)
                           .arg(summary.graphs)
                           .arg(summary.breakCount())
                           .arg(summary.breakHits)
                           .arg(summary.recompiles)
                           .arg(summary.failures.size()));
}
