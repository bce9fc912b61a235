// SPDX-License-Identifier: MIT
// What the command line asks for once the first index is in: --select and --view.
#pragma once

#include "gui/shell/commandline.h"

class MainWindow;

// Selects what `options` names (or, for a screenshot without --select, the first DVM kernel) and
// raises the requested view. After a --compare, --select names a graph pair and --view compare
// (the default there) shows the compare page, whose first regression is already selected.
// Returns an error message, empty on success.
QString applyStartupActions(MainWindow& window, const CommandLine& options);
