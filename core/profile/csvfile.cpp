// SPDX-License-Identifier: MIT
#include "core/profile/csvfile.h"

#include "core/io/safefile.h"

#include <cerrno>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace dvmlens {

std::optional<CsvFile> CsvFile::open(
    const std::string& path, std::string& error, Access access, const std::string& folder)
{
    FileError problem;
    std::optional<SafeFile> safe = SafeFile::open(path, folder, UINT64_MAX, problem);
    if (!safe) {
        error = path + ": "
            + (problem.problem == FileProblem::OutsideTree
                    ? "it is a link that leads out of the profile folder " + folder + "; not read"
                    : problem.message);
        return std::nullopt;
    }
    const std::uint64_t size = safe->sizeHint();
    const int fd = safe->release();
    if (fd < 0) {
        error = path + ": cannot be read";
        return std::nullopt;
    }
    // Reads of a regular file never block; clear the flag anyway so a short read means the end.
    ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    ::posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
    return CsvFile(fd, path, size, access);
}

CsvFile::CsvFile(int fd, std::string path, std::uint64_t size, Access access)
    : fd_(fd)
    , path_(std::move(path))
    , size_(size)
    , access_(access)
{
}

CsvFile::CsvFile(CsvFile&& other) noexcept
    : fd_(other.fd_)
    , path_(std::move(other.path_))
    , size_(other.size_)
    , access_(other.access_)
{
    other.fd_ = -1;
}

CsvFile::~CsvFile()
{
    if (fd_ >= 0)
        ::close(fd_);
}

long CsvFile::readAt(std::uint64_t offset, char* into, std::size_t length, std::string& error) const
{
    for (;;) {
        const ssize_t got = ::pread(fd_, into, length, static_cast<off_t>(offset));
        if (got >= 0)
            return static_cast<long>(got);
        if (errno == EINTR)
            continue;
        error = path_ + ": " + std::strerror(errno);
        return -1;
    }
}

CsvBytes::CsvBytes(const CsvFile& file, std::uint64_t begin, std::uint64_t end)
    : file_(file)
    , end_(end)
    , mapping_(file.access_ == CsvFile::Access::Mapped)
    , offset_(begin)
{
}

long CsvBytes::next(std::size_t keep, std::string& error)
{
    const std::uint64_t from = offset_ + keep; // file offset of the first byte kept
    const std::size_t kept = size_ - keep;
    const std::uint64_t left = file_.size_ - std::min(file_.size_, from); // bytes of the file from there
    if (left == kept) {
        // The end of the file: what is kept stays where it is.
        data_ += keep;
        size_ = kept;
        offset_ = from;
        return 0;
    }
    if (mapping_) {
        if (window_ && window_->shrank())
            return shrank(error);
        // The window reaches past the range's end by at most a line: the pieces of a file read on
        // several threads are not mapped twice over.
        // (The caller keeps less than kMaxLineBytes, so every window holds more than it kept.)
        const std::uint64_t reach = std::max(end_, from) + CsvFile::kMaxLineBytes + 1;
        const auto length =
            static_cast<std::size_t>(std::min<std::uint64_t>({ left, CsvFile::kWindowBytes, reach - from }));
        if (std::optional<MappedWindow> window = MappedWindow::map(file_.fd_, from, length)) {
            window_ = std::move(window);
            data_ = window_->data();
            size_ = window_->size();
            offset_ = from;
            return static_cast<long>(size_ - kept);
        }
        mapping_ = false; // refused: the kept bytes are copied and the rest is read
        const std::string keptBytes(data_ + keep, kept);
        window_.reset();
        buffer_.assign(std::max(CsvFile::kBlockBytes, kept * 2) + CsvFile::kLinePadding, '\0');
        keptBytes.copy(buffer_.data(), kept);
        data_ = buffer_.data();
        size_ = kept;
        offset_ = from;
        return read(kept, error);
    }
    if (buffer_.empty()) {
        // A block, or less for a small range (so a small file does not cost a zeroed block).
        const auto capacity = static_cast<std::size_t>(
            std::clamp<std::uint64_t>(end_ - std::min(end_, from) + 1, 4096, CsvFile::kBlockBytes));
        buffer_.assign(capacity + CsvFile::kLinePadding, '\0');
    } else {
        std::memmove(buffer_.data(), data_ + keep, kept);
    }
    if (kept == buffer_.size() - CsvFile::kLinePadding)
        buffer_.resize(2 * kept + CsvFile::kLinePadding); // one line fills the buffer: room for more
    data_ = buffer_.data();
    size_ = kept;
    offset_ = from;
    return read(kept, error);
}

long CsvBytes::read(std::size_t kept, std::string& error)
{
    const std::size_t room = buffer_.size() - CsvFile::kLinePadding - kept;
    const auto wanted =
        static_cast<std::size_t>(std::min<std::uint64_t>(room, file_.size_ - (offset_ + kept)));
    const long got = file_.readAt(offset_ + kept, buffer_.data() + kept, wanted, error);
    if (got == 0 && wanted > 0)
        return shrank(error); // fewer bytes than the file had when opened
    if (got > 0)
        size_ += static_cast<std::size_t>(got);
    return got;
}

long CsvBytes::shrank(std::string& error) const
{
    error = file_.path_ + ": the file shrank while it was read (it had " + std::to_string(file_.size_)
        + " bytes when opened)";
    return -1;
}

bool CsvBytes::finish(std::string& error) const
{
    if (window_ && window_->shrank()) {
        shrank(error);
        return false;
    }
    return true;
}

std::uint64_t CsvFile::nextLineStart(std::uint64_t offset, std::string& error) const
{
    char block[4096];
    while (offset < size_) {
        const long got = readAt(offset, block, sizeof block, error);
        if (got <= 0)
            return size_;
        if (const void* newline = std::memchr(block, '\n', static_cast<std::size_t>(got)))
            return offset + static_cast<std::uint64_t>(static_cast<const char*>(newline) - block) + 1;
        offset += static_cast<std::uint64_t>(got);
    }
    return size_;
}

namespace {

// The next ',' at or after `p` (or `end`): 16 bytes a step, as fields are short and many.
inline const char* findComma(const char* p, const char* end)
{
#if defined(__SSE2__)
    const __m128i comma = _mm_set1_epi8(',');
    while (end - p >= 16) {
        const __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
        const unsigned mask = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(bytes, comma)));
        if (mask)
            return p + __builtin_ctz(mask);
        p += 16;
    }
#endif
    while (p < end && *p != ',')
        ++p;
    return p;
}

#if defined(__SSE2__)
// Bits of the commas and the quotes among the 64 bytes at `p`.
inline void classify64(const char* p, std::uint64_t& commas, std::uint64_t& quotes)
{
    const __m128i comma = _mm_set1_epi8(',');
    const __m128i quote = _mm_set1_epi8('"');
    commas = quotes = 0;
    for (int i = 0; i < 4; ++i) {
        const __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 16 * i));
        commas |= std::uint64_t(static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(bytes, comma))))
            << (16 * i);
        quotes |= std::uint64_t(static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(bytes, quote))))
            << (16 * i);
    }
}
#endif

} // namespace

std::size_t cutCsvFields(std::string_view line, std::string_view* fields, std::size_t maxFields)
{
#if defined(__SSE2__)
    if (maxFields == 0)
        return 0;
    const char* const data = line.data();
    const std::size_t size = line.size();
    std::size_t count = 0;
    std::size_t fieldStart = 0;
    std::size_t base = 0; // the block being looked at starts here
    while (base < size) {
        std::uint64_t commas, quotes;
        classify64(data + base, commas, quotes);
        if (size - base < 64) {
            // The padding past the line: not ours.
            const std::uint64_t inLine = (std::uint64_t(1) << (size - base)) - 1;
            commas &= inLine;
            quotes &= inLine;
        }
        std::size_t next = base + 64;
        if (quotes == 0) {
            for (; commas; commas &= commas - 1) {
                const std::size_t at = base + static_cast<std::size_t>(__builtin_ctzll(commas));
                fields[count++] = std::string_view(data + fieldStart, at - fieldStart);
                if (count == maxFields)
                    return count;
                fieldStart = at + 1;
            }
        } else {
            std::uint64_t specials = commas | quotes;
            while (specials) {
                const std::size_t at = base + static_cast<std::size_t>(__builtin_ctzll(specials));
                specials &= specials - 1;
                if (data[at] == ',') {
                    fields[count++] = std::string_view(data + fieldStart, at - fieldStart);
                    if (count == maxFields)
                        return count;
                    fieldStart = at + 1;
                    continue;
                }
                if (at != fieldStart)
                    return kNeedsSplit; // a quote inside a plain field
                const char* const close =
                    static_cast<const char*>(std::memchr(data + at + 1, '"', size - at - 1));
                if (!close)
                    return kNeedsSplit; // unterminated
                const std::size_t closeAt = static_cast<std::size_t>(close - data);
                if (closeAt + 1 < size && data[closeAt + 1] != ',')
                    return kNeedsSplit; // a doubled quote, or text after the closing one
                fields[count++] = std::string_view(data + at + 1, closeAt - at - 1);
                if (count == maxFields || closeAt + 1 == size)
                    return count;
                fieldStart = closeAt + 2; // past the comma after the closing quote
                if (fieldStart - base >= 64) {
                    next = fieldStart; // the rest of this block is inside the quotes
                    break;
                }
                specials &= ~std::uint64_t(0) << (fieldStart - base); // commas inside the quotes
            }
        }
        base = next;
    }
    fields[count++] = std::string_view(data + fieldStart, size - fieldStart);
    return count;
#else
    (void)line;
    (void)fields;
    (void)maxFields;
    return kNeedsSplit;
#endif
}

bool splitCsvLine(
    std::string_view line, std::vector<std::string_view>& fields, std::string& scratch, std::size_t maxFields)
{
    fields.clear();
    const char* p = line.data();
    const char* const end = p + line.size();
    bool scratchReady = false;
    for (;;) {
        if (fields.size() == maxFields)
            return true;
        if (p < end && *p == '"') {
            const char* const begin = ++p;
            const char* close = nullptr;
            bool doubled = false;
            while (p < end) {
                const char* quote = static_cast<const char*>(std::memchr(p, '"', end - p));
                if (!quote)
                    return false;
                if (quote + 1 < end && quote[1] == '"') {
                    doubled = true;
                    p = quote + 2;
                    continue;
                }
                close = quote;
                break;
            }
            if (!close)
                return false;
            if (!doubled) {
                fields.emplace_back(begin, close - begin);
            } else {
                if (!scratchReady) {
                    // Never reallocated while this line's views exist: unquoting only shrinks.
                    scratch.clear();
                    scratch.reserve(line.size());
                    scratchReady = true;
                }
                const std::size_t at = scratch.size();
                for (const char* c = begin; c < close; ++c) {
                    scratch.push_back(*c);
                    if (*c == '"')
                        ++c;
                }
                fields.emplace_back(scratch.data() + at, scratch.size() - at);
            }
            p = close + 1;
            // Text between the closing quote and the comma is kept out, as spreadsheets do.
            const char* comma = static_cast<const char*>(std::memchr(p, ',', end - p));
            if (!comma)
                return true;
            p = comma + 1;
            continue;
        }
        const char* field = p;
        p = findComma(p, end);
        fields.emplace_back(field, p - field);
        if (p == end)
            return true;
        ++p;
    }
}

} // namespace dvmlens
