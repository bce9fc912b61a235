// SPDX-License-Identifier: MIT
// The item data roles of the window's models, allocated in one place so that no number means two
// things: proxies sort every table by SortRole, and a delegate reads its roles from whichever model
// it paints (the time-share bar is drawn in the run tree and the Hot kernels table alike).
#pragma once

#include <Qt>

namespace ItemRoles {

enum : int
{
    SortRole = Qt::UserRole + 1, // what a column sorts by: numbers for numbers, core's order otherwise
    FirstModelRole = Qt::UserRole + 8, // a model's own roles count up from here
    FirstDelegateRole = Qt::UserRole + 40, // roles a delegate reads from any model count up from here
};

} // namespace ItemRoles
