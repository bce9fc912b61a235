// SPDX-License-Identifier: MIT
// After zlib's examples/zran.c (Mark Adler): inflate with Z_BLOCK stops at each deflate block
// boundary, where data_type tells the unused bits of the last byte; a point there plus the text
// window is all a raw inflate needs to go on. Text comes out through a circular 32 KiB buffer, which
// is also the window a point copies.
#include "core/trace/gzipaccess.h"

#include <algorithm>
#include <zlib.h>

namespace dvmlens {

namespace {

constexpr std::size_t kInputChunk = std::size_t(1) << 16;
constexpr int kGzipOnly = 15 + 16; // windowBits of a gzip stream, header and trailer checked
constexpr int kRawDeflate = -15;

struct Inflater
{
    z_stream stream {};
    bool open = false;

    bool start(int windowBits)
    {
        open = inflateInit2(&stream, windowBits) == Z_OK;
        return open;
    }
    ~Inflater()
    {
        if (open)
            inflateEnd(&stream);
    }
};

std::string zlibError(const z_stream& stream, int code)
{
    if (code == Z_MEM_ERROR)
        return "out of memory while gunzipping";
    return std::string("invalid gzip data: ") + (stream.msg ? stream.msg : "error " + std::to_string(code));
}

// One gunzip run over a file's bytes from `compressedAt` on, text from `textAt` on.
class GunzipRun
{
public:
    GunzipRun(const GzipRead& read, const GzipSink& sink, GzipAccessPoints* points)
        : m_read(read)
        , m_sink(sink)
        , m_points(points)
    {
    }

    // Inflates until the end of the file (every member), the sink's stop, or an error. `raw`: the
    // run starts inside a member's deflate data (a resumed read), so the member's trailer follows.
    bool run(Inflater& inflater, std::string input, bool raw, std::uint64_t compressedAt,
        std::uint64_t textAt, std::string& error)
    {
        z_stream& stream = inflater.stream;
        m_input = std::move(input);
        m_compressed = compressedAt;
        m_text = textAt;
        bool inMember = true; // between a member's header and its end
        std::size_t trailerLeft = 0; // bytes of a raw member's trailer still to pass over
        std::size_t used = 0; // of m_input
        for (;;) {
            if (used == m_input.size()) {
                used = 0;
                m_input.resize(kInputChunk);
                const std::optional<std::size_t> got = m_read(m_input.data(), m_input.size(), error);
                if (!got)
                    return false;
                m_input.resize(*got);
                if (*got == 0) {
                    if (inMember || trailerLeft > 0) {
                        error = "truncated gzip input";
                        return false;
                    }
                    return true;
                }
            }
            if (trailerLeft > 0) {
                const std::size_t passed = std::min(trailerLeft, m_input.size() - used);
                trailerLeft -= passed;
                used += passed;
                m_compressed += passed;
                continue;
            }
            if (!inMember) {
                // Another member follows only when its magic does; anything else ends the text, as
                // gzip(1) ignores trailing garbage. The magic may straddle two reads.
                if (m_input.size() - used < 2) {
                    std::string rest = m_input.substr(used);
                    std::string next(kInputChunk, '\0');
                    const std::optional<std::size_t> got = m_read(next.data(), next.size(), error);
                    if (!got)
                        return false;
                    next.resize(*got);
                    m_input = rest + next;
                    used = 0;
                    if (m_input.size() < 2)
                        return true;
                }
                if (static_cast<unsigned char>(m_input[used]) != 0x1f
                    || static_cast<unsigned char>(m_input[used + 1]) != 0x8b)
                    return true;
                if (inflateReset2(&stream, kGzipOnly) != Z_OK) {
                    error = zlibError(stream, Z_STREAM_ERROR);
                    return false;
                }
                raw = false;
                inMember = true;
            }
            stream.next_in = reinterpret_cast<Bytef*>(m_input.data() + used);
            stream.avail_in = static_cast<uInt>(m_input.size() - used);
            if (m_free == 0)
                m_free = kGzipWindow;
            stream.next_out = reinterpret_cast<Bytef*>(m_window.data() + kGzipWindow - m_free);
            stream.avail_out = static_cast<uInt>(m_free);
            const int code = inflate(&stream, Z_BLOCK);
            const std::size_t consumed = m_input.size() - used - stream.avail_in;
            const std::size_t produced = m_free - stream.avail_out;
            used += consumed;
            m_compressed += consumed;
            if (code != Z_OK && code != Z_STREAM_END && !(code == Z_BUF_ERROR && consumed + produced > 0)) {
                error = zlibError(stream, code == Z_NEED_DICT ? Z_DATA_ERROR : code);
                return false;
            }
            if (produced > 0) {
                const char* piece = m_window.data() + kGzipWindow - m_free;
                m_free -= produced;
                m_text += produced;
                m_filled = std::min<std::uint64_t>(kGzipWindow, m_filled + produced);
                if (!m_sink(std::string_view(piece, produced)))
                    return true;
            }
            if (code == Z_STREAM_END) {
                inMember = false;
                // A gzip stream's trailer was checked by zlib; after raw deflate data it is still ahead.
                trailerLeft = raw ? 8 : 0;
                continue;
            }
            const bool atBoundary = (stream.data_type & 128) && !(stream.data_type & 64);
            if (m_points && atBoundary && m_text > 0 && m_points->due(m_text))
                m_points->add(point(stream.data_type & 7));
        }
    }

    // Sets the text window a resumed run starts with (the point's).
    void startWindow(const std::string& window)
    {
        std::copy(window.begin(), window.end(), m_window.begin());
        m_free = kGzipWindow - window.size();
        m_filled = window.size();
    }

private:
    GzipAccessPoint point(int bits) const
    {
        GzipAccessPoint point;
        point.text = m_text;
        point.compressed = m_compressed;
        point.bits = bits;
        // The circular buffer's last m_filled bytes, oldest first: those after the write position
        // (written one lap ago), then those before it.
        const std::size_t at = kGzipWindow - m_free;
        std::string window = m_window.substr(at) + m_window.substr(0, at);
        point.window = window.substr(window.size() - static_cast<std::size_t>(m_filled));
        return point;
    }

    const GzipRead& m_read;
    const GzipSink& m_sink;
    GzipAccessPoints* m_points;
    std::string m_input;
    std::string m_window = std::string(kGzipWindow, '\0');
    std::size_t m_free = kGzipWindow; // bytes of the window not yet written this lap
    std::uint64_t m_filled = 0; // bytes of the window holding text
    std::uint64_t m_compressed = 0;
    std::uint64_t m_text = 0;
};

} // namespace

bool GzipAccessPoints::due(std::uint64_t text) const
{
    return m_points.empty() ? text >= m_span : text - m_points.back().text >= m_span;
}

void GzipAccessPoints::add(GzipAccessPoint point)
{
    if (!m_points.empty() && point.text <= m_points.back().text)
        return;
    m_points.push_back(std::move(point));
    if (m_points.size() <= kMostGzipPoints)
        return;
    std::size_t kept = 0;
    for (std::size_t i = 1; i < m_points.size(); i += 2)
        m_points[kept++] = std::move(m_points[i]);
    m_points.resize(kept);
    m_span *= 2;
}

const GzipAccessPoint* GzipAccessPoints::atOrBefore(std::uint64_t text) const
{
    const auto after = std::upper_bound(m_points.begin(), m_points.end(), text,
        [](std::uint64_t wanted, const GzipAccessPoint& point) { return wanted < point.text; });
    return after == m_points.begin() ? nullptr : &*(after - 1);
}

bool gunzip(const GzipRead& read, std::string first, const GzipSink& sink, GzipAccessPoints* points,
    std::string& error)
{
    Inflater inflater;
    if (!inflater.start(kGzipOnly)) {
        error = "out of memory while gunzipping";
        return false;
    }
    GunzipRun run(read, sink, points);
    return run.run(inflater, std::move(first), false, 0, 0, error);
}

bool gunzipFrom(const GzipRead& read, const GzipAccessPoint& point, const GzipSink& sink, std::string& error)
{
    Inflater inflater;
    if (!inflater.start(kRawDeflate)) {
        error = "out of memory while gunzipping";
        return false;
    }
    std::string input;
    if (point.bits > 0) {
        input.resize(1);
        const std::optional<std::size_t> got = read(input.data(), 1, error);
        if (!got)
            return false;
        if (*got != 1) {
            error = "truncated gzip input";
            return false;
        }
        const int byte = static_cast<unsigned char>(input[0]);
        if (inflatePrime(&inflater.stream, point.bits, byte >> (8 - point.bits)) != Z_OK) {
            error = zlibError(inflater.stream, Z_STREAM_ERROR);
            return false;
        }
        input.clear();
    }
    if (!point.window.empty()
        && inflateSetDictionary(&inflater.stream, reinterpret_cast<const Bytef*>(point.window.data()),
               static_cast<uInt>(point.window.size()))
            != Z_OK) {
        error = zlibError(inflater.stream, Z_STREAM_ERROR);
        return false;
    }
    GunzipRun run(read, sink, nullptr);
    run.startWindow(point.window);
    return run.run(inflater, std::move(input), true, point.compressed, point.text, error);
}

} // namespace dvmlens
