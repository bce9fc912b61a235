// SPDX-License-Identifier: MIT
#include "common/runlabel.h"

#include <QCoreApplication>

QString runLabel(const dvmlens::Run& run)
{
    if (run.started && run.pid) {
        const QString started =
            QString::fromStdString(*run.started).left(19).replace(QLatin1Char('T'), QLatin1Char(' '));
        return QCoreApplication::translate("RunTreeModel", "%1 · pid %2").arg(started).arg(*run.pid);
    }
    if (run.name)
        return QString::fromStdString(*run.name);
    return QCoreApplication::translate("RunTreeModel", "(no run folder)");
}
