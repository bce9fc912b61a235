// SPDX-License-Identifier: MIT
#include "gui/common/whyreasontext.h"

#include "gui/common/ruletext.h"

#include <QCoreApplication>
#include <QStringList>

QString whyTitle(const dvmlens::WhyReason* reason)
{
    return reason ? localizedRuleText(reason->title) : QString();
}

QString whyExplanation(const dvmlens::WhyReason* reason)
{
    if (!reason)
        return {};
    QString text = QString::fromStdString(reason->text);
    const QString fix = localizedRuleText(reason->fix);
    if (!fix.isEmpty())
        text += QLatin1Char('\n') + QCoreApplication::translate("WhyReasonText", "Fix: %1").arg(fix);
    return text;
}

QString whyReleases(const std::vector<std::string>& releases)
{
    QStringList ids;
    for (const std::string& release : releases)
        ids << QString::fromStdString(release);
    return ids.join(QStringLiteral(", "));
}
