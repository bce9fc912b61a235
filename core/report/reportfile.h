// SPDX-License-Identifier: MIT
// Writes a report or a picture where the user asked (`dvmlens-cli report -o FILE`, `dvmlens
// --screenshot FILE`, the GUI's Export Report and Export Screenshot) without ever harming what is
// there: only a regular file or a new one, written to a temporary file created in the same folder
// (O_CREAT|O_EXCL: a link planted there is never followed) and renamed over the name, so a failed
// write leaves the old file whole and a link put at the name meanwhile is replaced, not written
// through. A symbolic link is refused (an untrusted tree's `report.md -> /anywhere/file` must not
// make `report -o TREE/report.md` replace that file), and so are a device, FIFO, socket or folder
// (`-o /dev/null` as root must not replace the device; a FIFO must not block the writer), and a
// read-only regular file (no w bit in its mode), which the rename would replace all the same.
#pragma once

#include <string>
#include <string_view>

namespace dvmlens {

// Whether `path` asks for standard output rather than a file: "-", "/dev/stdout" or
// "/proc/self/fd/1" (standard output may be a pipe or a terminal, not a regular file).
bool isStandardOutputName(std::string_view path);

// Why nothing would be written to `path` (local 8-bit bytes), checked without opening it, so a
// front end can refuse before it does any work: "it is a symbolic link; refusing to write through
// it", "it is a FIFO, not a regular file (nothing was written)"… Empty when it may be written. A
// missing folder is found only when writing.
std::string reportTargetProblem(const std::string& path);

// Writes `bytes` to `path` (local 8-bit bytes). An existing file keeps its mode; a new one gets the
// mode a new file would get (0666 less the umask). Returns an empty string, or why nothing was
// written, to follow "cannot write <path>: " (the reasons of reportTargetProblem, or an errno's).
std::string writeReportFile(const std::string& path, std::string_view bytes);

} // namespace dvmlens
