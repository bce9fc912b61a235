// SPDX-License-Identifier: MIT
// The compression layer of an archive (gzip, bzip2, xz, zstd), decoded in process with zlib, libbz2,
// liblzma and libzstd, never by an external program. Unlike libarchive's own filters, which read a
// block ahead and report a cut before any entry is handed out, it gives every byte decoded before a
// cut and only then says "truncated <compression> input": a small archive that was cut keeps what
// was read, as a large one does. The decoders' memory is bounded as libarchive bounds it.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace dvmlens {

enum class Compression
{
    None,
    Gzip,
    Bzip2,
    Xz,
    Zstd,
};

// The compression whose magic bytes `head` starts with (None for any other).
Compression compressionOf(std::string_view head);
// "gzip", "bzip2", "xz", "zstd" (libarchive's filter names), "" for None.
const char* compressionName(Compression compression);

class DecodedStream
{
public:
    DecodedStream();
    DecodedStream(const DecodedStream&) = delete;
    DecodedStream& operator=(const DecodedStream&) = delete;
    ~DecodedStream();

    // Opens the regular file `path` and tells its compression by its first bytes; false with
    // `error` when it cannot be read.
    bool open(const std::string& path, std::string& error);
    Compression compression() const
    {
        return m_compression;
    }

    // The next decoded bytes (valid until the next call): their count, 0 at the clean end, -1 with
    // `error` when the stream is cut ("truncated gzip input") or corrupt. Every byte decoded before
    // a cut is given before the -1. For Compression::None the file's bytes as they are.
    long read(const char*& data, std::string& error);

    class Decoder;

private:
    bool fill(std::string& error);

    // Byte buffers that resize() leaves uninitialised: read() and the decoders write them first, and
    // zeroing a buffer per stream was most of the cost of a small archive (the fuzz target's inputs).
    template <typename T> struct UninitialisedAllocator : std::allocator<T>
    {
        template <typename U> struct rebind
        {
            using other = UninitialisedAllocator<U>;
        };
        template <typename U> void construct(U* place)
        {
            ::new (static_cast<void*>(place)) U;
        }
    };
    using Bytes = std::vector<unsigned char, UninitialisedAllocator<unsigned char>>;

    int m_fd = -1;
    Compression m_compression = Compression::None;
    std::unique_ptr<Decoder> m_decoder;
    std::size_t m_inChunk = 0; // raw bytes read at a time: up to 1 MiB, no more than the file holds
    Bytes m_in; // raw bytes read, [m_inStart, m_in.size()) not yet decoded
    std::size_t m_inStart = 0;
    bool m_inputEnded = false;
    Bytes m_out; // grows from 64 KiB to 1 MiB while the decoder fills it whole
    bool m_outFilled = false; // the last bytes handed out filled m_out
    bool m_done = false; // the clean end was read
    bool m_failed = false; // the stream is cut or corrupt: m_failure says how
    std::string m_failure;
};

} // namespace dvmlens
