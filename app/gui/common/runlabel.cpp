// SPDX-License-Identifier: MIT
#include "gui/common/runlabel.h"

#include <QCoreApplication>

QString runLabel(const dvmlens::Run& run)
{
    // A trace log's run says its rank (its start has no year); a cache's has neither: its name.
    if (run.rank) {
        return run.pid
            ? QCoreApplication::translate("RunTreeModel", "rank %1 · pid %2").arg(*run.rank).arg(*run.pid)
            : QCoreApplication::translate("RunTreeModel", "rank %1").arg(*run.rank);
    }
    if (run.started && run.pid && run.started->rfind("--", 0) != 0) {
        const QString started =
            QString::fromStdString(*run.started).left(19).replace(QLatin1Char('T'), QLatin1Char(' '));
        return QCoreApplication::translate("RunTreeModel", "%1 · pid %2").arg(started).arg(*run.pid);
    }
    if (run.name)
        return QString::fromStdString(*run.name);
    return QCoreApplication::translate("RunTreeModel", "(no run folder)");
}
