// SPDX-License-Identifier: MIT
#include "common/timing.h"

#include <QtGlobal>

#include <chrono>
#include <cstdio>
#include <mutex>
#include <set>
#include <string>

namespace {

// Started during static initialisation, before main(): the earliest the program can note.
const std::chrono::steady_clock::time_point kStart = std::chrono::steady_clock::now();

} // namespace

namespace timing {

bool enabled()
{
    static const bool on = qEnvironmentVariableIntValue("DVMLENS_TIMING") != 0;
    return on;
}

void mark(const char* event, bool once)
{
    if (!enabled())
        return;
    const double ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - kStart).count();
    static std::mutex mutex;
    static std::set<std::string> seen;
    const std::lock_guard<std::mutex> lock(mutex);
    if (once && !seen.insert(event).second)
        return;
    std::fprintf(stderr, "dvmlens-timing: %.1f %s\n", ms, event);
    std::fflush(stderr);
}

} // namespace timing
