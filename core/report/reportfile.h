// SPDX-License-Identifier: MIT
// Writes a report where the user asked (`dvmlens-cli report -o FILE`, the GUI's Export Report)
// without ever harming what is there: only a regular file (followed through links) or a new one,
// written to a temporary file in the same folder and renamed over it, so a failed write leaves
// the old file whole. A device, FIFO, socket or folder is refused: `-o /dev/null` as root must not
// replace the device with a regular file.
#pragma once

#include <string>
#include <string_view>

namespace dvmlens {

// Writes `bytes` to `path` (local 8-bit bytes). An existing file keeps its mode; a new one gets the
// mode a new file would get (0666 less the umask). Returns an empty string, or why nothing was
// written, to follow "cannot write <path>: " ("it is a FIFO, not a regular file (nothing was written)").
std::string writeReportFile(const std::string& path, std::string_view bytes);

} // namespace dvmlens
