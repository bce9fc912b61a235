// SPDX-License-Identifier: MIT
// The field guide's checklist for a Python environment and the open tree (File ▸ Check Environment):
// core's doctor run as `dvmlens-cli doctor --tree TREE ENV` runs it (this process's PYTHONPATH and
// TORCHINDUCTOR_NPU_BACKEND), off the GUI thread, and shared read-only. The report includes it.
#pragma once

#include "core/doctor/doctor.h"
#include "core/model/model.h"

#include <QString>

#include <memory>
#include <string>
#include <vector>

struct EnvironmentChecklist
{
    QString env; // the environment checked, as the user named it
    std::shared_ptr<const dvmlens::Index> index; // the tree item 8 read (null: none was open)
    std::vector<dvmlens::CheckItem> items; // empty when `error` is set
    QString error; // no site-packages under `env`: core's reasons, one a line
    std::string text; // what `dvmlens-cli doctor` prints for it (core's doctorText)
};

std::shared_ptr<const EnvironmentChecklist> computeEnvironmentChecklist(
    const QString& env, std::shared_ptr<const dvmlens::Index> index);
