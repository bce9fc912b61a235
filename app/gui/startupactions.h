// SPDX-License-Identifier: MIT
// What the command line asks for once the first index is in: --select and --view.
#pragma once

#include "commandline.h"

class MainWindow;

// Selects what `options` names (or, for a screenshot without --select, the first DVM kernel) and
// raises the requested view. Returns an error message, empty on success.
QString applyStartupActions(MainWindow& window, const CommandLine& options);
