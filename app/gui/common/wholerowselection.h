// SPDX-License-Identifier: MIT
// Keeps a row-selecting view's selected rows whole when its model gains columns: a selection range
// holds its first and last cells, so a column inserted beyond either (the run tree's time columns,
// appended with a profile) stays outside it and reads as a white cell in a selected row.
#pragma once

class QAbstractItemView;

// Call after the view has its model; follows that model only.
void keepSelectedRowsWhole(QAbstractItemView& view);
