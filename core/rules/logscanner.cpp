// SPDX-License-Identifier: MIT
#include "core/rules/logscanner.h"

#include "core/io/container.h"

#include <algorithm>
#include <cstring>
#include <memory>
#include <vector>

namespace dvmlens {

LogLineReader::LogLineReader(std::size_t chunkBytes, std::size_t maxLineBytes)
    : m_chunkBytes(std::max<std::size_t>(chunkBytes, 1))
    , m_maxLineBytes(std::max<std::size_t>(maxLineBytes, 1))
{
}

bool LogLineReader::read(const Container& files, const std::string& path,
    const std::function<bool(const LogLine&)>& onLine, std::string& error, const std::string& tree)
{
    m_peakBufferedBytes = 0;
    m_linesRead = 0;
    // A FIFO or device named *.log would block or never end, and a link may lead out of the tree:
    // SafeFile opens only a regular file inside it, and stops a file that keeps growing.
    FileError fileError;
    std::optional<SafeFile> file = files.open(path, tree, kMaxLogBytes, fileError);
    if (!file) {
        error = "cannot open " + path + ": " + fileError.message;
        return false;
    }

    // No bigger than the file (most logs are small; it may still grow while it is read), and not
    // zero-filled: it is only ever read into.
    const std::size_t chunkBytes =
        static_cast<std::size_t>(std::min<std::uint64_t>(m_chunkBytes, file->sizeHint() + 4096));
    const std::unique_ptr<char[]> chunk(new char[chunkBytes]);
    std::string carried; // the start of a line that continues in the next chunk (at most m_maxLineBytes)
    bool carriedCut = false;
    bool keepGoing = true;

    auto deliver = [&](std::string_view text, bool cut) {
        if (!text.empty() && text.back() == '\r')
            text.remove_suffix(1);
        LogLine line;
        line.number = ++m_linesRead;
        line.text = text;
        line.cut = cut;
        keepGoing = onLine(line);
    };
    auto carry = [&](const char* data, std::size_t size) {
        if (carried.capacity() < m_maxLineBytes)
            carried.reserve(m_maxLineBytes); // once, so it never grows past the limit
        const std::size_t room = m_maxLineBytes - carried.size();
        if (size > room) {
            carriedCut = true;
            size = room;
        }
        carried.append(data, size);
    };

    while (keepGoing) {
        const std::optional<std::size_t> got = file->read(chunk.get(), chunkBytes, fileError);
        if (!got) {
            error = "cannot read " + path + ": " + fileError.message;
            return false;
        }
        if (*got == 0)
            break;
        const char* begin = chunk.get();
        const char* end = begin + *got;
        while (keepGoing && begin < end) {
            const char* newline = static_cast<const char*>(std::memchr(begin, '\n', end - begin));
            if (newline == nullptr) {
                carry(begin, end - begin);
                break;
            }
            if (carried.empty() && !carriedCut) {
                const std::size_t length = newline - begin;
                const bool cut = length > m_maxLineBytes;
                deliver(std::string_view(begin, cut ? m_maxLineBytes : length), cut);
            } else {
                carry(begin, newline - begin);
                deliver(carried, carriedCut);
                carried.clear();
                carriedCut = false;
            }
            begin = newline + 1;
        }
        m_peakBufferedBytes = std::max(m_peakBufferedBytes, chunkBytes + carried.capacity());
    }
    if (keepGoing && (!carried.empty() || carriedCut))
        deliver(carried, carriedCut);
    return true;
}

} // namespace dvmlens
