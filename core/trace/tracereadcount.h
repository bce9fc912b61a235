// SPDX-License-Identifier: MIT
// How much log text the trace reader (tracelog.h) has cut into lines in this process: tests assert
// with it that a log's records are not read again and again (archive/archivegraphpass.h).
#pragma once

#include <cstdint>

namespace dvmlens {

std::uint64_t traceTextBytesCut();

} // namespace dvmlens
