// SPDX-License-Identifier: MIT
#include "gui/diagnostics/findingdetails.h"

#include "gui/common/diagnostictext.h"
#include "gui/common/languagechange.h"
#include "gui/common/ruletext.h"
#include "gui/common/whyreasontext.h"

#include <QApplication>
#include <QClipboard>
#include <QDir>
#include <QHBoxLayout>
#include <QPushButton>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace {

QString severityWord(dvmlens::Severity severity)
{
    switch (severity) {
    case dvmlens::Severity::Error:
        return FindingDetails::tr("error");
    case dvmlens::Severity::Warning:
        return FindingDetails::tr("warning");
    case dvmlens::Severity::Info:
        break;
    }
    return FindingDetails::tr("info");
}

QString escaped(const std::string& text)
{
    return QString::fromStdString(text).toHtmlEscaped();
}

QString place(const QString& root, const std::string& path, std::optional<int> line)
{
    QString shown = QString::fromStdString(path);
    if (!root.isEmpty() && shown.startsWith(root + QLatin1Char('/')))
        shown = QDir(root).relativeFilePath(shown);
    QString where = QStringLiteral("<code>%1</code>").arg(QDir::toNativeSeparators(shown).toHtmlEscaped());
    if (line)
        where += QLatin1Char(':') + QString::number(*line);
    return where;
}

QString paragraph(const QString& label, const QString& html)
{
    return QStringLiteral("<p><b>%1</b> %2</p>").arg(label.toHtmlEscaped(), html);
}

QString preformatted(const std::string& text)
{
    return QStringLiteral("<pre>%1</pre>").arg(escaped(text));
}

} // namespace

FindingDetails::FindingDetails(QWidget* parent)
    : QWidget(parent)
    , m_text(new QTextBrowser)
    , m_copyFix(new QPushButton)
{
    setObjectName(QStringLiteral("FindingDetails"));
    m_text->setOpenLinks(false);
    // The shown entry is rendered again by the Diagnostics dock, which knows whether it still exists.
    translateNowAndOnChange(this, [this] {
        m_copyFix->setText(tr("Copy Fix"));
        m_text->setPlaceholderText(tr("Select a diagnostic to see what it means and how to fix it."));
        m_text->setAccessibleName(tr("Diagnostic details")); // named even while it is empty
        m_copyFix->setToolTip(tr("Copy the fix and its code to the clipboard"));
    });
    connect(m_copyFix, &QPushButton::clicked, this, &FindingDetails::copyFix);

    auto* buttons = new QHBoxLayout;
    buttons->setContentsMargins(0, 0, 0, 0);
    buttons->addStretch(1);
    buttons->addWidget(m_copyFix);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(4);
    layout->addWidget(m_text, 1);
    layout->addLayout(buttons);
    clear();
}

void FindingDetails::showEntry(const dvmlens::Diagnostic* diagnostic, const dvmlens::Finding* finding)
{
    if (!finding && !diagnostic) {
        clear();
        return;
    }
    QString html;
    if (finding) {
        const dvmlens::RuleText& rule = finding->rule;
        html += QStringLiteral("<h3>%1</h3>").arg(localizedRuleText(rule.title).toHtmlEscaped());
        html += QStringLiteral("<p><code>%1</code> · %2 · %3 · %4</p>")
                    .arg(escaped(rule.id), escaped(rule.layer), severityWord(rule.severity),
                        finding->confidence == dvmlens::Confidence::High ? tr("high confidence")
                                                                         : tr("medium confidence"));
        QString where = place(m_root, finding->path, finding->line);
        if (finding->occurrences > 1)
            where += QLatin1Char(' ') + tr("(%1 occurrences; the first is shown)").arg(finding->occurrences);
        html += paragraph(tr("Where:"), where);
        html += paragraph(tr("Cause:"), localizedRuleText(rule.cause).toHtmlEscaped());
        html += paragraph(tr("Fix:"), localizedRuleText(rule.fix).toHtmlEscaped());
        if (!rule.fixCode.empty())
            html += preformatted(rule.fixCode);
        // Last: the log view beside already shows the matching line.
        if (!finding->excerpt.empty())
            html += paragraph(tr("Evidence:"), QString()) + preformatted(finding->excerpt);
        m_fix = localizedRuleText(rule.fix);
        if (!rule.fixCode.empty())
            m_fix += QStringLiteral("\n\n") + QString::fromStdString(rule.fixCode);
    } else {
        html += QStringLiteral("<h3>%1</h3>").arg(diagnosticText(*diagnostic).toHtmlEscaped());
        html += QStringLiteral("<p><code>%1</code> · %2</p>")
                    .arg(escaped(diagnostic->code), severityWord(diagnostic->severity));
        html += paragraph(tr("Where:"), place(m_root, diagnostic->path, diagnostic->line));
        m_fix.clear();
    }
    m_text->setHtml(html);
    m_copyFix->setEnabled(!m_fix.isEmpty());
}

void FindingDetails::showWhyGroup(const dvmlens::WhyGroup& group)
{
    QString html = QStringLiteral("<h3>%1</h3>").arg(localizedRuleText(group.title).toHtmlEscaped());
    html += QStringLiteral("<p><code>%1</code> · %2</p>")
                .arg(escaped(group.code),
                    tr("%1 kernels and %2 fallback calls").arg(group.kernels).arg(group.fallbacks));
    html += paragraph(tr("Example:"), escaped(group.exampleText));
    html += paragraph(tr("Where:"),
        place(m_root, group.examplePath,
            group.exampleLine > 0 ? std::optional<int>(group.exampleLine) : std::nullopt));
    if (!group.releases.empty())
        html += paragraph(tr("torch_npu releases:"), whyReleases(group.releases).toHtmlEscaped());
    m_fix = localizedRuleText(group.fix);
    html += paragraph(tr("Fix:"), m_fix.toHtmlEscaped());
    m_text->setHtml(html);
    m_copyFix->setEnabled(!m_fix.isEmpty());
}

void FindingDetails::clear()
{
    m_text->clear();
    m_fix.clear();
    m_copyFix->setEnabled(false);
}

void FindingDetails::setRoot(const QString& root)
{
    m_root = root;
}

QString FindingDetails::fixText() const
{
    return m_fix;
}

void FindingDetails::copyFix()
{
    if (!m_fix.isEmpty())
        QApplication::clipboard()->setText(m_fix);
}

QTextBrowser* FindingDetails::text() const
{
    return m_text;
}

QPushButton* FindingDetails::copyFixButton() const
{
    return m_copyFix;
}
