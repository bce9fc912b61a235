// SPDX-License-Identifier: MIT
// libarchive, read only and streaming: tar (ustar, pax, GNU) and zip, each raw or compressed with
// gzip, xz, zstd or bzip2 (decoded in process by DecodedStream: never an external program, and a
// cut stream gives every entry before the cut), recognised by content, not by name. No entry is ever written
// to disk: headers and data come out in archive order, once.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

struct archive;

namespace dvmlens {

class DecodedStream;

struct ArchiveHeader
{
    std::string name; // as stored (not yet normalised)
    unsigned char type = 0; // DT_* of <dirent.h>: DT_REG, DT_DIR, DT_LNK, DT_FIFO…
    std::string symlink; // the target of a symbolic link, as stored
    std::string hardlink; // the entry a tar hard link repeats, as stored ("" when none)
    std::optional<std::uint64_t> size; // as the header states it (zip streams may not)
    bool encrypted = false;
    // What libarchive warned about this header (ARCHIVE_WARN: a pax attribute it ignored…), or a
    // damaged header skipped before it (ARCHIVE_RETRY); empty when none.
    std::string warning;
};

class ArchiveReader
{
public:
    ArchiveReader();
    ArchiveReader(const ArchiveReader&) = delete;
    ArchiveReader& operator=(const ArchiveReader&) = delete;
    ~ArchiveReader();

    // False with `error` when `path` cannot be opened or is no archive libarchive knows.
    bool open(const std::string& path, std::string& error);

    enum class Next
    {
        Entry,
        End,
        Failed, // corrupt or truncated: `error` says what; nothing after it can be read
    };
    Next next(ArchiveHeader& header, std::string& error);

    // The current entry's data in libarchive's own blocks (no copy): false at its end or on an
    // error (`error` set, non-empty).
    bool readBlock(const char*& data, std::size_t& size, std::string& error);
    // A warning libarchive gave with the current entry's data ("ZIP bad CRC…"), once; empty when none.
    std::string takeDataWarning();

    // "GNU tar format", "ZIP 2.0 (deflation)"… and the compression ("zstd"), for messages.
    std::string formatName() const;

private:
    struct archive* m_archive = nullptr;
    std::unique_ptr<DecodedStream> m_stream; // a compressed archive's decoded bytes (null for a plain one)
    bool m_gotHeader = false;
    std::string m_dataWarning;
};

// Whether the regular file `path` is an archive ArchiveReader reads: its first header is read.
bool looksLikeArchive(const std::string& path);

enum class ArchiveProbe
{
    NoArchive,
    Archive,
    Broken, // it starts like a compressed stream or an archive (or is named so) but cannot be read as one
};
// What `path` is; for Broken, `error` says what libarchive met.
ArchiveProbe probeArchive(const std::string& path, std::string& error);

} // namespace dvmlens
