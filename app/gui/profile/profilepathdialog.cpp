// SPDX-License-Identifier: MIT
#include "gui/profile/profilepathdialog.h"

ProfilePathDialog::ProfilePathDialog(QWidget* parent, const QString& directory)
    : TreePathDialog(parent,
        tr("Open Profile (a *_ascend_pt folder, its ASCEND_PROFILER_OUTPUT, a folder of them, or a "
           "kernel_details.csv)"),
        directory)
{
    setObjectName(QStringLiteral("ProfilePathDialog"));
    setNameFilters({ tr("Profile folders and kernel_details.csv (*.csv)"), tr("All files (*)") });
}

bool ProfilePathDialog::acceptsFile(const QString& path) const
{
    return path.endsWith(QLatin1String(".csv"), Qt::CaseInsensitive);
}

QString ProfilePathDialog::getProfilePath(QWidget* parent, const QString& directory)
{
    ProfilePathDialog dialog(parent, directory);
    return dialog.exec() == QDialog::Accepted ? dialog.chosenPath() : QString();
}
