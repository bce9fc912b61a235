// SPDX-License-Identifier: MIT
// File ▸ Open Profile…: a *_ascend_pt folder, its ASCEND_PROFILER_OUTPUT, a folder of them, or a
// kernel_details.csv itself, as the CLI's --profile takes (the folder dialog refused the file the
// Hot Kernels placeholder names).
#pragma once

#include "gui/common/treepathdialog.h"

class ProfilePathDialog : public TreePathDialog
{
    Q_OBJECT
public:
    ProfilePathDialog(QWidget* parent, const QString& directory);

    // Runs the dialog; empty when cancelled.
    static QString getProfilePath(QWidget* parent, const QString& directory);

protected:
    bool acceptsFile(const QString& path) const override; // a .csv file
};
