// SPDX-License-Identifier: MIT
// What DecodedStream allocates for a small archive: buffers of about the input's size, not 1 MiB
// each (zeroed), which made every small archive cost 2 MiB per open and fuzz_archive six times
// slower. The heap is counted by this test's own operator new; the decoded bytes must not change
// when the output buffer grows (a large stream, decoded in pieces from 64 KiB to 1 MiB).
#include "core/archive/decodedstream.h"

#include <QTemporaryDir>
#include <QTest>

#include <atomic>
#include <cstdlib>
#include <fstream>
#include <new>
#include <string>
#include <zlib.h>

namespace {

std::atomic<std::size_t> g_live { 0 };
std::atomic<std::size_t> g_peak { 0 };

// Each block carries its size in front, so a delete without one still counts.
constexpr std::size_t kHeader = alignof(std::max_align_t);

void* counted(std::size_t size)
{
    auto* block = static_cast<unsigned char*>(std::malloc(size + kHeader));
    if (!block)
        return nullptr;
    *reinterpret_cast<std::size_t*>(block) = size;
    const std::size_t live = g_live += size;
    std::size_t peak = g_peak.load();
    while (live > peak && !g_peak.compare_exchange_weak(peak, live)) { }
    return block + kHeader;
}

void uncounted(void* pointer)
{
    if (!pointer)
        return;
    auto* block = static_cast<unsigned char*>(pointer) - kHeader;
    g_live -= *reinterpret_cast<std::size_t*>(block);
    std::free(block);
}

} // namespace

void* operator new(std::size_t size)
{
    if (void* pointer = counted(size))
        return pointer;
    throw std::bad_alloc();
}
void* operator new[](std::size_t size)
{
    return operator new(size);
}
void* operator new(std::size_t size, const std::nothrow_t&) noexcept
{
    return counted(size);
}
void* operator new[](std::size_t size, const std::nothrow_t&) noexcept
{
    return counted(size);
}
void operator delete(void* pointer) noexcept
{
    uncounted(pointer);
}
void operator delete[](void* pointer) noexcept
{
    uncounted(pointer);
}
void operator delete(void* pointer, std::size_t) noexcept
{
    uncounted(pointer);
}
void operator delete[](void* pointer, std::size_t) noexcept
{
    uncounted(pointer);
}
void operator delete(void* pointer, const std::nothrow_t&) noexcept
{
    uncounted(pointer);
}
void operator delete[](void* pointer, const std::nothrow_t&) noexcept
{
    uncounted(pointer);
}

namespace {

std::string gzip(const std::string& bytes)
{
    z_stream z {};
    if (deflateInit2(&z, 9, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK)
        return {};
    std::string out(deflateBound(&z, bytes.size()), '\0');
    z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes.data()));
    z.avail_in = static_cast<uInt>(bytes.size());
    z.next_out = reinterpret_cast<Bytef*>(out.data());
    z.avail_out = static_cast<uInt>(out.size());
    const int status = deflate(&z, Z_FINISH);
    out.resize(z.total_out);
    deflateEnd(&z);
    return status == Z_STREAM_END ? out : std::string();
}

// Every decoded byte of `path`, and the heap's peak above what was live before the open.
struct Decoded
{
    bool ok = false;
    std::string bytes;
    std::size_t peak = 0;
};

Decoded decode(const std::string& path)
{
    Decoded result;
    std::string error(256, ' ');
    std::string bytes;
    bytes.reserve(4 << 20); // before the count: only the stream's own room is measured
    const std::size_t before = g_live;
    g_peak = before;
    {
        dvmlens::DecodedStream stream;
        if (!stream.open(path, error))
            return result;
        const char* data = nullptr;
        long got = 0;
        while ((got = stream.read(data, error)) > 0)
            bytes.append(data, static_cast<std::size_t>(got));
        result.ok = got == 0;
        result.peak = g_peak - before;
    }
    result.bytes = std::move(bytes);
    return result;
}

} // namespace

class TestDecodedBuffers : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void smallGzipHoldsLittle()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string path = dir.filePath(QStringLiteral("small.tar.gz")).toStdString();
        const std::string plain(3000, 'x');
        std::ofstream(path, std::ios::binary) << gzip(plain);
        const Decoded decoded = decode(path);
        QVERIFY(decoded.ok);
        QCOMPARE(decoded.bytes, plain);
        // 2 MiB before (a 1 MiB input and a 1 MiB output buffer); now the file's size and 64 KiB.
        QVERIFY2(decoded.peak <= 96 * 1024, std::to_string(decoded.peak).c_str());
    }

    void smallPlainFileHoldsItsSize()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string path = dir.filePath(QStringLiteral("small.tar")).toStdString();
        const std::string plain(5000, 'y');
        std::ofstream(path, std::ios::binary) << plain;
        const Decoded decoded = decode(path);
        QVERIFY(decoded.ok);
        QCOMPARE(decoded.bytes, plain);
        QVERIFY2(decoded.peak <= 16 * 1024, std::to_string(decoded.peak).c_str());
    }

    void largeGzipDecodesWholeAsTheBufferGrows()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string path = dir.filePath(QStringLiteral("large.tar.gz")).toStdString();
        std::string plain;
        for (int i = 0; plain.size() < (3u << 20); ++i)
            plain += "line " + std::to_string(i) + '\n';
        std::ofstream(path, std::ios::binary) << gzip(plain);
        const Decoded decoded = decode(path);
        QVERIFY(decoded.ok);
        QCOMPARE(decoded.bytes.size(), plain.size());
        QVERIFY(decoded.bytes == plain);
        // The output buffer stops at 1 MiB (its last growth holds 1.5 MiB for a moment); the input
        // buffer at the file's size (under 1 MiB here).
        QVERIFY2(decoded.peak <= (3u << 20), std::to_string(decoded.peak).c_str());
    }
};

QTEST_APPLESS_MAIN(TestDecodedBuffers)
#include "tst_decodedbuffers.moc"
