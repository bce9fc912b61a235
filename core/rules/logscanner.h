// SPDX-License-Identifier: MIT
// Streams a log file line by line through one fixed-size buffer, so a 200 MB debug.log costs no
// more memory than a small one. Lines may be of any length and hold any bytes (NUL, non-UTF-8).
#pragma once

#include "core/io/container.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

namespace dvmlens {

struct LogLine
{
    std::int64_t number = 0; // 1-based
    std::string_view text; // without the line break (LF or CRLF); valid only during the callback
    bool cut = false; // the line was longer than maxLineBytes and `text` holds only its start
};

class LogLineReader
{
public:
    static constexpr std::size_t kDefaultChunkBytes = 64 * 1024;
    static constexpr std::size_t kDefaultMaxLineBytes = 64 * 1024;

    explicit LogLineReader(
        std::size_t chunkBytes = kDefaultChunkBytes, std::size_t maxLineBytes = kDefaultMaxLineBytes);

    // No real log comes near this; a file that keeps growing stops here (an error, not a hang).
    static constexpr std::uint64_t kMaxLogBytes = 64ull << 30;

    // Calls `onLine` for every line of `path`, in order; `onLine` returns false to stop early.
    // Returns false with `error` set when the file cannot be opened or read: not a regular file,
    // outside `tree` (the scanned root; empty: anywhere), or larger than kMaxLogBytes. The file is
    // opened through `files` (io/container.h: the index's container, or fileSystem()).
    bool read(const Container& files, const std::string& path,
        const std::function<bool(const LogLine&)>& onLine, std::string& error, const std::string& tree = {});

    // The most bytes the reader held at once during the last read (chunk plus a carried line
    // start): the proof that memory stays bounded whatever the file size.
    std::size_t peakBufferedBytes() const
    {
        return m_peakBufferedBytes;
    }
    std::int64_t linesRead() const
    {
        return m_linesRead;
    }

private:
    std::size_t m_chunkBytes;
    std::size_t m_maxLineBytes;
    std::size_t m_peakBufferedBytes = 0;
    std::int64_t m_linesRead = 0;
};

} // namespace dvmlens
