// SPDX-License-Identifier: MIT
// DVMLENS_TIMING=1 in the environment: the window prints when it reached each step of opening a
// tree or a file to stderr, one line each, "dvmlens-timing: <ms> <event> cpu=<ms> thread-cpu=<ms>",
// ms on one monotonic clock started when the program did (so the bench can subtract the empty
// window's start-up from the time to all verdicts, tests/bench/window-bench.sh), then the CPU time
// of the process and of the marking thread (the GUI's). Off, a mark costs one test of a flag.
#pragma once

namespace timing {

bool enabled();
// Prints `event` with the time now, once per event name per process when `once` (the first
// window shown, the first graph row); every time otherwise.
void mark(const char* event, bool once = true);

} // namespace timing
