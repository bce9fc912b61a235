// SPDX-License-Identifier: MIT
// The kernel table's header state (order, widths, hidden columns, sort) kept by column, not by
// section: the Graph and Device time columns come and go with the rows and the profile, so a
// state saved with them must apply without them, and the other way round. States saved before
// the optional columns moved to the end of the model (another section order) still apply.
#pragma once

#include <QByteArray>

class KernelTableModel;
class QHeaderView;

QByteArray saveKernelHeaderState(const QHeaderView& header, const KernelTableModel& model);

// Applies `state` to the sections there are now (the optional columns stay shown); false, with
// nothing changed, for a state that is not one.
bool restoreKernelHeaderState(QHeaderView& header, const KernelTableModel& model, const QByteArray& state);

// Moves `section` (just inserted) to its place in KernelTableModel::kDefaultOrder among the
// sections shown before it.
void placeKernelSection(QHeaderView& header, const KernelTableModel& model, int section);
