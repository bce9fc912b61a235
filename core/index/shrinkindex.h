// SPDX-License-Identifier: MIT
// Gives back the room an index's vectors grew into: the parser appends kernels, fallbacks, launch
// lines and diagnostics one at a time, so up to half of each vector's capacity is unused (on the
// 1.5 GB bench tree about 60 of the 170 MB the kernels take). For a front end that holds an index
// for as long as it is open (the GUI); nothing the index says changes.
#pragma once

#include "core/model/model.h"

namespace dvmlens {

// Every vector of `index` (runs, graphs, files, kernels and their launch lines and bodies,
// fallbacks, logs, diagnostics) at its size. Moves the elements: call it before handing out
// pointers into the index.
void shrinkToFit(Index& index);
// The same for one parsed file (kernels, their launch lines and bodies, fallbacks, diagnostics).
void shrinkToFit(OutputCode& code);

} // namespace dvmlens
