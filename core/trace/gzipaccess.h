// SPDX-License-Identifier: MIT
// Gunzipping a trace log with zlib, and entering it again part-way (zlib's zran method): while a log
// is gunzipped from the start, an access point is kept about every span bytes of text, at a deflate
// block boundary: where that block begins in the compressed file (to the bit) and the 32 KiB of text
// before it, which later blocks may copy from. A re-read of one record (tracelinemarks.h) then starts
// at the last point before the record's line instead of at byte 0, so reading every graph's file of
// a gzip log no longer costs graphs × the log's size.
//
// Bounded: at most kMostGzipPoints points a log (32 KiB each); past that every other point is dropped
// and the span doubles, so the points stay spread over the whole log.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace dvmlens {

inline constexpr std::size_t kMostGzipPoints = 128;
inline constexpr std::uint64_t kFirstGzipSpan = std::uint64_t(1) << 20;
inline constexpr std::size_t kGzipWindow = 32768;

struct GzipAccessPoint
{
    std::uint64_t text = 0; // offset in the gunzipped text
    std::uint64_t compressed = 0; // offset of the first byte holding a bit of the block
    int bits = 0; // bits of the byte before `compressed` that belong to the block (0-7)
    std::string window; // the kGzipWindow bytes of text before `text` (fewer at the start)
};

class GzipAccessPoints
{
public:
    // Whether a point at text offset `text` is due (the span since the last one has passed).
    bool due(std::uint64_t text) const;
    void add(GzipAccessPoint point);
    // The last point at or before text offset `text`; null when there is none.
    const GzipAccessPoint* atOrBefore(std::uint64_t text) const;
    std::size_t size() const
    {
        return m_points.size();
    }

private:
    std::vector<GzipAccessPoint> m_points;
    std::uint64_t m_span = kFirstGzipSpan;
};

// What gunzipping reads compressed bytes with: SafeFile::read's contract without the error type
// (bytes read, 0 at the end, nullopt on an error, whose words are then in `error`).
using GzipRead = std::function<std::optional<std::size_t>(char* data, std::size_t size, std::string& error)>;
// Takes each piece of text; false stops the gunzip (it then returns true).
using GzipSink = std::function<bool(std::string_view text)>;

// Gunzips a whole gzip file (every member of it, as gzip(1) does) whose first bytes `first` were
// already read, handing the text to `sink` and noting access points into `points` (may be null).
// False with `error` ("truncated gzip input", "invalid gzip data: …") when the file is cut or
// corrupt: the text before that was handed over.
bool gunzip(const GzipRead& read, std::string first, const GzipSink& sink, GzipAccessPoints* points,
    std::string& error);

// Gunzips from `point` on: `read` must give the file's bytes from offset point.compressed - 1 when
// point.bits is non-zero, else from point.compressed. Text is handed over from point.text.
bool gunzipFrom(const GzipRead& read, const GzipAccessPoint& point, const GzipSink& sink, std::string& error);

} // namespace dvmlens
