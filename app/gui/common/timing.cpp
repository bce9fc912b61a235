// SPDX-License-Identifier: MIT
#include "gui/common/timing.h"

#include <QtGlobal>

#include <chrono>
#include <cstdio>
#include <ctime>
#include <mutex>
#include <set>
#include <string>

namespace {

// Started during static initialisation, before main(): the earliest the program can note.
const std::chrono::steady_clock::time_point kStart = std::chrono::steady_clock::now();

// CPU time of `clock` in ms (the whole process, or the calling thread).
double cpuMs(clockid_t clock)
{
    timespec now {};
    clock_gettime(clock, &now);
    return double(now.tv_sec) * 1000.0 + double(now.tv_nsec) / 1e6;
}

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
    // CPU times too: on a shared machine wall time also counts waiting for a core.
    std::fprintf(stderr, "dvmlens-timing: %.1f %s cpu=%.1f thread-cpu=%.1f\n", ms, event,
        cpuMs(CLOCK_PROCESS_CPUTIME_ID), cpuMs(CLOCK_THREAD_CPUTIME_ID));
    std::fflush(stderr);
}

} // namespace timing
