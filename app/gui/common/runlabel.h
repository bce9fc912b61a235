// SPDX-License-Identifier: MIT
// How the window names a run everywhere it lists one (the run tree, Model Sources' items):
// "2026-07-20 10:15:30 · pid 4101" reads faster than the folder name, which goes in the tooltip.
#pragma once

#include "core/model/model.h"

#include <QString>

QString runLabel(const dvmlens::Run& run);
