// SPDX-License-Identifier: MIT
// The CLI's large results (the index, a profile join) live until the process ends: freeing 100k
// kernels one by one only delays the exit. Sanitizer builds free them at exit instead, so
// LeakSanitizer reports only real leaks.
#pragma once

#include <memory>
#include <utility>
#include <vector>

namespace cli {

template <typename T> T* keptUntilExit(T&& value)
{
#if defined(__SANITIZE_ADDRESS__)
    static std::vector<std::unique_ptr<T>> freedAtExit;
    return freedAtExit.emplace_back(std::make_unique<T>(std::forward<T>(value))).get();
#else
    return new T(std::forward<T>(value)); // never freed, see above
#endif
}

} // namespace cli
