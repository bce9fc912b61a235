// SPDX-License-Identifier: MIT
#include "core/archive/decodedstream.h"

#include <algorithm>
#include <bzlib.h>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <lzma.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>
#include <zstd.h>

namespace dvmlens {

namespace {

// Raw bytes read from the file at a time, and decoded bytes handed out at a time: up to 1 MiB, as
// the archive reader read the file before. A small file is read with a buffer of its size, and the
// decoded bytes of a small archive fit the first 64 KiB: a small input costs no 2 MiB.
constexpr std::size_t kInBytes = 1024 * 1024;
constexpr std::size_t kOutBytes = 1024 * 1024;
constexpr std::size_t kFirstOutBytes = 64 * 1024;
// The memory liblzma may take for one xz stream (its dictionary): libarchive's own bound; `xz -9`
// needs 65 MiB. zstd keeps its default bound (windows up to 128 MiB), as libarchive 3.6 does.
constexpr std::uint64_t kXzMemoryLimit = 1ull << 30;

constexpr std::string_view kGzipMagic("\x1f\x8b", 2);
constexpr std::string_view kBzip2Magic("BZh", 3);
constexpr std::string_view kXzMagic("\xfd"
                                    "7zXZ\0",
    6);
constexpr std::string_view kZstdMagic("\x28\xb5\x2f\xfd", 4);

bool startsWith(const unsigned char* bytes, std::size_t size, std::string_view magic)
{
    return size >= magic.size() && std::memcmp(bytes, magic.data(), magic.size()) == 0;
}

} // namespace

// One decoder: decodes what `in` holds into `out`, advancing both. `inputEnded`: no byte follows
// what `in` holds.
class DecodedStream::Decoder
{
public:
    enum class Step
    {
        Going,
        Done, // no byte can follow (what is left of the input is not a stream of this kind)
        Failed,
    };
    virtual ~Decoder() = default;
    virtual Step step(const unsigned char*& in, std::size_t& inLeft, bool inputEnded, unsigned char*& out,
        std::size_t& outLeft, std::string& why) = 0;
    // Whether every stream begun was decoded to its end (else an end of input is a cut).
    virtual bool complete() const = 0;
};

namespace {

// gzip members one after the other (as `cat a.gz b.gz`); bytes after the last member that start no
// other are ignored, as gzip and libarchive do.
class GzipDecoder final : public DecodedStream::Decoder
{
public:
    GzipDecoder()
    {
        m_ready = inflateInit2(&m_z, 15 + 16) == Z_OK;
    }
    ~GzipDecoder() override
    {
        if (m_ready)
            inflateEnd(&m_z);
    }
    Step step(const unsigned char*& in, std::size_t& inLeft, bool inputEnded, unsigned char*& out,
        std::size_t& outLeft, std::string& why) override
    {
        if (!m_ready) {
            why = "gzip decompression failed (out of memory)";
            return Step::Failed;
        }
        if (m_betweenMembers) {
            if (inLeft < kGzipMagic.size())
                return inputEnded ? Step::Done : Step::Going;
            if (!startsWith(in, inLeft, kGzipMagic))
                return Step::Done;
            inflateReset(&m_z);
            m_betweenMembers = false;
        }
        m_z.next_in = const_cast<Bytef*>(in);
        m_z.avail_in = static_cast<uInt>(inLeft);
        m_z.next_out = out;
        m_z.avail_out = static_cast<uInt>(outLeft);
        const int status = inflate(&m_z, Z_NO_FLUSH);
        in += inLeft - m_z.avail_in;
        inLeft = m_z.avail_in;
        out += outLeft - m_z.avail_out;
        outLeft = m_z.avail_out;
        if (status == Z_STREAM_END)
            m_betweenMembers = true;
        else if (status != Z_OK && status != Z_BUF_ERROR) {
            why = std::string("gzip decompression failed (") + (m_z.msg ? m_z.msg : "corrupt data") + ")";
            return Step::Failed;
        }
        return Step::Going;
    }
    bool complete() const override
    {
        return m_betweenMembers;
    }

private:
    z_stream m_z {};
    bool m_ready = false;
    bool m_betweenMembers = false;
};

// bzip2 streams one after the other (as `cat a.bz2 b.bz2`), as bzip2 and libarchive read them.
class Bzip2Decoder final : public DecodedStream::Decoder
{
public:
    ~Bzip2Decoder() override
    {
        end();
    }
    Step step(const unsigned char*& in, std::size_t& inLeft, bool inputEnded, unsigned char*& out,
        std::size_t& outLeft, std::string& why) override
    {
        if (!m_ready) {
            if (m_started) {
                if (inLeft < kBzip2Magic.size())
                    return inputEnded ? Step::Done : Step::Going;
                if (!startsWith(in, inLeft, kBzip2Magic))
                    return Step::Done;
            }
            m_s = bz_stream {};
            if (BZ2_bzDecompressInit(&m_s, 0, 0) != BZ_OK) {
                why = "bzip2 decompression failed (out of memory)";
                return Step::Failed;
            }
            m_ready = m_started = true;
        }
        m_s.next_in = reinterpret_cast<char*>(const_cast<unsigned char*>(in));
        m_s.avail_in = static_cast<unsigned>(inLeft);
        m_s.next_out = reinterpret_cast<char*>(out);
        m_s.avail_out = static_cast<unsigned>(outLeft);
        const int status = BZ2_bzDecompress(&m_s);
        in += inLeft - m_s.avail_in;
        inLeft = m_s.avail_in;
        out += outLeft - m_s.avail_out;
        outLeft = m_s.avail_out;
        if (status == BZ_STREAM_END)
            end();
        else if (status != BZ_OK) {
            why = status == BZ_MEM_ERROR ? "bzip2 decompression failed (out of memory)"
                                         : "bzip2 decompression failed (corrupt data)";
            return Step::Failed;
        }
        return Step::Going;
    }
    bool complete() const override
    {
        return !m_ready;
    }

private:
    void end()
    {
        if (m_ready)
            BZ2_bzDecompressEnd(&m_s);
        m_ready = false;
    }

    bz_stream m_s {};
    bool m_ready = false;
    bool m_started = false;
};

// xz streams, concatenated and padded as xz writes them (liblzma reads them all).
class XzDecoder final : public DecodedStream::Decoder
{
public:
    XzDecoder()
    {
        m_ready = lzma_stream_decoder(&m_s, kXzMemoryLimit, LZMA_CONCATENATED) == LZMA_OK;
    }
    ~XzDecoder() override
    {
        lzma_end(&m_s);
    }
    Step step(const unsigned char*& in, std::size_t& inLeft, bool inputEnded, unsigned char*& out,
        std::size_t& outLeft, std::string& why) override
    {
        if (!m_ready) {
            why = "xz decompression failed (out of memory)";
            return Step::Failed;
        }
        m_s.next_in = in;
        m_s.avail_in = inLeft;
        m_s.next_out = out;
        m_s.avail_out = outLeft;
        const lzma_ret status = lzma_code(&m_s, inputEnded ? LZMA_FINISH : LZMA_RUN);
        in = m_s.next_in;
        inLeft = m_s.avail_in;
        out = m_s.next_out;
        outLeft = m_s.avail_out;
        switch (status) {
        case LZMA_STREAM_END:
            m_complete = true;
            return Step::Done;
        case LZMA_OK:
        case LZMA_BUF_ERROR: // no progress: more input is needed (or it was cut)
            return Step::Going;
        case LZMA_MEMLIMIT_ERROR:
            why = "xz decompression failed (the stream needs more than 1 GiB of memory)";
            return Step::Failed;
        case LZMA_MEM_ERROR:
            why = "xz decompression failed (out of memory)";
            return Step::Failed;
        default:
            why = "xz decompression failed (corrupt data, error " + std::to_string(int(status)) + ")";
            return Step::Failed;
        }
    }
    bool complete() const override
    {
        return m_complete;
    }

private:
    lzma_stream m_s = LZMA_STREAM_INIT;
    bool m_ready = false;
    bool m_complete = false;
};

// zstd frames one after the other, skippable frames included (libzstd reads them all).
class ZstdDecoder final : public DecodedStream::Decoder
{
public:
    ZstdDecoder()
        : m_context(ZSTD_createDCtx())
    {
    }
    ~ZstdDecoder() override
    {
        ZSTD_freeDCtx(m_context);
    }
    Step step(const unsigned char*& in, std::size_t& inLeft, bool, unsigned char*& out, std::size_t& outLeft,
        std::string& why) override
    {
        if (!m_context) {
            why = "zstd decompression failed (out of memory)";
            return Step::Failed;
        }
        ZSTD_inBuffer input { in, inLeft, 0 };
        ZSTD_outBuffer output { out, outLeft, 0 };
        const std::size_t hint = ZSTD_decompressStream(m_context, &output, &input);
        in += input.pos;
        inLeft -= input.pos;
        out += output.pos;
        outLeft -= output.pos;
        if (ZSTD_isError(hint)) {
            why = std::string("zstd decompression failed (") + ZSTD_getErrorName(hint) + ")";
            return Step::Failed;
        }
        // 0: a frame was decoded and flushed whole; the next one, if any, starts a new frame.
        m_complete = hint == 0;
        return Step::Going;
    }
    bool complete() const override
    {
        return m_complete;
    }

private:
    ZSTD_DCtx* m_context;
    bool m_complete = false;
};

} // namespace

Compression compressionOf(std::string_view head)
{
    const auto* bytes = reinterpret_cast<const unsigned char*>(head.data());
    if (startsWith(bytes, head.size(), kGzipMagic))
        return Compression::Gzip;
    if (startsWith(bytes, head.size(), kBzip2Magic) && head.size() > 3 && head[3] >= '1' && head[3] <= '9')
        return Compression::Bzip2;
    if (startsWith(bytes, head.size(), kXzMagic))
        return Compression::Xz;
    if (startsWith(bytes, head.size(), kZstdMagic))
        return Compression::Zstd;
    return Compression::None;
}

const char* compressionName(Compression compression)
{
    switch (compression) {
    case Compression::Gzip:
        return "gzip";
    case Compression::Bzip2:
        return "bzip2";
    case Compression::Xz:
        return "xz";
    case Compression::Zstd:
        return "zstd";
    case Compression::None:
        break;
    }
    return "";
}

DecodedStream::DecodedStream() = default;

DecodedStream::~DecodedStream()
{
    if (m_fd >= 0)
        ::close(m_fd);
}

bool DecodedStream::open(const std::string& path, std::string& error)
{
    // O_NONBLOCK: a FIFO put in the file's place after it was examined must not block the open.
    m_fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
    struct stat status;
    if (m_fd < 0 || ::fstat(m_fd, &status) != 0 || !S_ISREG(status.st_mode)) {
        error =
            m_fd < 0 ? std::string("cannot open the archive: ") + std::strerror(errno) : "not a regular file";
        return false;
    }
    ::fcntl(m_fd, F_SETFL, ::fcntl(m_fd, F_GETFL) & ~O_NONBLOCK);
    // One byte more than the file holds, so the first read of a file that did not grow meets its end.
    m_inChunk = std::min<std::uint64_t>(kInBytes, static_cast<std::uint64_t>(status.st_size) + 1);
    if (!fill(error))
        return false;
    m_compression = compressionOf(std::string_view(reinterpret_cast<const char*>(m_in.data()), m_in.size()));
    switch (m_compression) {
    case Compression::Gzip:
        m_decoder = std::make_unique<GzipDecoder>();
        break;
    case Compression::Bzip2:
        m_decoder = std::make_unique<Bzip2Decoder>();
        break;
    case Compression::Xz:
        m_decoder = std::make_unique<XzDecoder>();
        break;
    case Compression::Zstd:
        m_decoder = std::make_unique<ZstdDecoder>();
        break;
    case Compression::None:
        break;
    }
    return true;
}

// Appends the next raw bytes to what is left of m_in; sets m_inputEnded at the end of the file.
bool DecodedStream::fill(std::string& error)
{
    m_in.erase(m_in.begin(), m_in.begin() + static_cast<std::ptrdiff_t>(m_inStart));
    m_inStart = 0;
    const std::size_t kept = m_in.size();
    m_in.resize(kept + m_inChunk);
    ssize_t got = 0;
    do
        got = ::read(m_fd, m_in.data() + kept, m_inChunk);
    while (got < 0 && errno == EINTR);
    if (got < 0) {
        m_in.resize(kept);
        error = std::string("cannot read the archive: ") + std::strerror(errno);
        return false;
    }
    m_in.resize(kept + static_cast<std::size_t>(got));
    m_inputEnded = got == 0;
    return true;
}

long DecodedStream::read(const char*& data, std::string& error)
{
    if (m_failed) {
        error = m_failure;
        return -1;
    }
    if (m_done)
        return 0;
    if (!m_decoder) {
        // Not compressed: the file's bytes as they are.
        if (m_inStart == m_in.size() && !fill(error))
            return -1;
        const std::size_t size = m_in.size() - m_inStart;
        data = reinterpret_cast<const char*>(m_in.data() + m_inStart);
        m_inStart = m_in.size();
        return static_cast<long>(size);
    }
    if (m_out.empty())
        m_out.resize(kFirstOutBytes);
    else if (m_outFilled && m_out.size() < kOutBytes)
        m_out.resize(std::min(kOutBytes, 2 * m_out.size()));
    for (;;) {
        const unsigned char* in = m_in.data() + m_inStart;
        std::size_t inLeft = m_in.size() - m_inStart;
        const std::size_t inBefore = inLeft;
        unsigned char* out = m_out.data();
        std::size_t outLeft = m_out.size();
        const Decoder::Step step = m_decoder->step(in, inLeft, m_inputEnded, out, outLeft, m_failure);
        m_inStart = m_in.size() - inLeft;
        m_done = step == Decoder::Step::Done;
        m_failed = step == Decoder::Step::Failed;
        // What was decoded comes first, the end or the failure at the next call.
        if (outLeft < m_out.size()) {
            m_outFilled = outLeft == 0;
            data = reinterpret_cast<const char*>(m_out.data());
            return static_cast<long>(m_out.size() - outLeft);
        }
        if (m_failed || m_done)
            return read(data, error);
        if (inLeft < inBefore)
            continue; // headers read, nothing out yet
        if (!m_inputEnded) {
            m_failed = !fill(m_failure);
            if (m_failed)
                return read(data, error);
            continue;
        }
        // No byte more will come and the decoder gives none: a clean end, or a cut.
        m_done = m_decoder->complete();
        m_failed = !m_done;
        m_failure = std::string("truncated ") + compressionName(m_compression) + " input";
        return read(data, error);
    }
}

} // namespace dvmlens
