// SPDX-License-Identifier: MIT
#include "gui/diagnostics/diagnosticsmodel.h"

#include "core/io/pathtext.h"
#include "core/text/locationtext.h"
#include "gui/common/diagnostictext.h"
#include "gui/common/languagechange.h"
#include "gui/common/ruletext.h"
#include "gui/common/themes.h"

#include <QApplication>
#include <QDir>

#include <algorithm>

namespace {

QString severityLabel(dvmlens::Severity severity)
{
    switch (severity) {
    case dvmlens::Severity::Error:
        return DiagnosticsModel::tr("Error");
    case dvmlens::Severity::Warning:
        return DiagnosticsModel::tr("Warning");
    case dvmlens::Severity::Info:
        break;
    }
    return DiagnosticsModel::tr("Info");
}

// A why-not-DVM reason's entry: its title and how many kernels and calls it explains (core's count).
QString whyGroupText(const dvmlens::WhyGroup& group)
{
    return DiagnosticsModel::tr("Why not DVM: %1 (×%2)").arg(localizedRuleText(group.title)).arg(group.count);
}

} // namespace

DiagnosticsModel::DiagnosticsModel(QObject* parent)
    : QAbstractTableModel(parent)
{
    // Headers and cells say tr() texts: the views fetch them again in the new language.
    onLanguageChange(this, [this] { refreshTranslatedTexts(this); });
}

void DiagnosticsModel::setIndex(std::shared_ptr<const dvmlens::Index> index)
{
    beginResetModel();
    m_index = std::move(index);
    m_knownFailures.reset();
    m_why.reset();
    m_whyExamples.clear();
    rebuildRows();
    endResetModel();
}

void DiagnosticsModel::setWhy(std::shared_ptr<const TreeWhy> why)
{
    if (!why || why->index != m_index)
        return;
    beginResetModel();
    m_why = std::move(why);
    // Each reason's entry opens where its first kernel or call is, as a diagnostic's does.
    m_whyExamples.clear();
    for (const dvmlens::WhyGroup& group : m_why->groups) {
        m_whyExamples.push_back(dvmlens::Diagnostic { group.examplePath,
            group.exampleLine > 0 ? std::optional<int>(group.exampleLine) : std::nullopt,
            dvmlens::Severity::Info, group.code, group.exampleText });
    }
    rebuildRows();
    endResetModel();
}

const dvmlens::WhyGroup* DiagnosticsModel::whyGroupAt(int row) const
{
    return row >= 0 && row < int(m_rows.size()) ? m_rows[size_t(row)].group : nullptr;
}

void DiagnosticsModel::setKnownFailures(std::shared_ptr<const KnownFailures> knownFailures)
{
    if (!knownFailures || knownFailures->index != m_index)
        return;
    beginResetModel();
    m_knownFailures = std::move(knownFailures);
    rebuildRows();
    endResetModel();
}

void DiagnosticsModel::rebuildRows()
{
    m_rows.clear();
    if (m_knownFailures) {
        for (std::size_t i = 0; i < m_knownFailures->findings.size(); ++i) {
            const dvmlens::Finding& finding = m_knownFailures->findings[i];
            m_rows.push_back({ &m_knownFailures->findingDiagnostics[i], &finding });
        }
        for (const dvmlens::Diagnostic& problem : m_knownFailures->problems)
            m_rows.push_back({ &problem, nullptr });
    }
    if (m_why) {
        for (std::size_t i = 0; i < m_why->groups.size(); ++i)
            m_rows.push_back({ &m_whyExamples[i], nullptr, &m_why->groups[i] });
    }
    if (m_index) {
        const auto add = [this](const dvmlens::Diagnostic& diagnostic) {
            const bool restated = m_knownFailures
                && std::find(m_knownFailures->restated.begin(), m_knownFailures->restated.end(), &diagnostic)
                    != m_knownFailures->restated.end();
            if (!restated)
                m_rows.push_back({ &diagnostic, nullptr });
        };
        for (const dvmlens::Diagnostic& diagnostic : m_index->diagnostics)
            add(diagnostic);
        for (const dvmlens::Run& run : m_index->runs) {
            for (const dvmlens::Graph& graph : run.graphs) {
                for (const dvmlens::Diagnostic& diagnostic : graph.diagnostics)
                    add(diagnostic);
                if (graph.outputCode) {
                    for (const dvmlens::Diagnostic& diagnostic : graph.outputCode->diagnostics)
                        add(diagnostic);
                }
            }
        }
    }
}

const dvmlens::Diagnostic* DiagnosticsModel::diagnosticAt(int row) const
{
    return row >= 0 && row < int(m_rows.size()) ? m_rows[size_t(row)].diagnostic : nullptr;
}

const dvmlens::Finding* DiagnosticsModel::findingAt(int row) const
{
    return row >= 0 && row < int(m_rows.size()) ? m_rows[size_t(row)].finding : nullptr;
}

int DiagnosticsModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int DiagnosticsModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant DiagnosticsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case SeverityColumn:
        return tr("Severity");
    case CodeColumn:
        return tr("Code");
    case MessageColumn:
        return tr("Message");
    case LocationColumn:
        return tr("Location");
    }
    return {};
}

QVariant DiagnosticsModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const dvmlens::Diagnostic& diagnostic = *m_rows[size_t(index.row())].diagnostic;
    const dvmlens::Finding* finding = m_rows[size_t(index.row())].finding;
    const dvmlens::WhyGroup* group = m_rows[size_t(index.row())].group;
    const QString path = QString::fromStdString(diagnostic.path);
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case SeverityColumn:
            return severityLabel(diagnostic.severity);
        case CodeColumn:
            return QString::fromStdString(diagnostic.code);
        case MessageColumn:
            if (group)
                return whyGroupText(*group);
            return finding ? localizedRuleText(finding->rule.title) : diagnosticText(diagnostic);
        case LocationColumn:
            // One form for every entry: the path under the tree's root (which names the run), and
            // ":line" when there is one; the full path is in the tooltip.
            return dvmlens::pathText(dvmlens::locationText(
                m_index ? m_index->root : std::string(), diagnostic.path, diagnostic.line));
        }
        return {};
    case Qt::DecorationRole:
        if (index.column() == SeverityColumn)
            return severityIcon(diagnostic.severity);
        return {};
    case Qt::ForegroundRole:
        if (index.column() == SeverityColumn)
            return severityColor(diagnostic.severity, QApplication::palette());
        return {};
    case Qt::ToolTipRole: {
        QString tip = (group            ? whyGroupText(*group)
                              : finding ? localizedRuleText(finding->rule.title)
                                        : diagnosticText(diagnostic))
            + QLatin1Char('\n') + QDir::toNativeSeparators(path);
        if (diagnostic.line)
            tip += QLatin1Char(':') + QString::number(*diagnostic.line);
        if (group) // what to do about it, as Copy Fix gives it
            tip += QLatin1Char('\n') + tr("Fix: %1").arg(localizedRuleText(group->fix));
        return tip;
    }
    case SeverityRole:
        return int(diagnostic.severity);
    case PathRole:
        return path;
    case LineRole:
        return diagnostic.line.value_or(0);
    case KnownFailureRole:
        return finding != nullptr;
    default:
        return {};
    }
}
