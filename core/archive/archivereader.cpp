// SPDX-License-Identifier: MIT
#include "core/archive/archivereader.h"

#include "core/archive/decodedstream.h"

#include <algorithm>
#include <archive.h>
#include <archive_entry.h>
#include <cerrno>
#include <cstdio>
#include <dirent.h>
#include <string_view>
#include <sys/stat.h>
#include <utility>

namespace dvmlens {

namespace {

// What archive_read_open_filename reads of the file at a time: 1 MiB, so an archive of tens of MB
// costs tens of reads; a smaller file in one block of its size (libarchive allocates the block,
// and the archive is opened several times per scan: a 1 MiB block per open was much of the cost of
// a small archive).
constexpr std::size_t kBlockBytes = 1024 * 1024;
constexpr std::size_t kSmallestBlockBytes = 16 * 1024;

unsigned char direntType(mode_t type)
{
    switch (type) {
    case AE_IFREG:
        return DT_REG;
    case AE_IFDIR:
        return DT_DIR;
    case AE_IFLNK:
        return DT_LNK;
    case AE_IFIFO:
        return DT_FIFO;
    case AE_IFSOCK:
        return DT_SOCK;
    case AE_IFCHR:
        return DT_CHR;
    case AE_IFBLK:
        return DT_BLK;
    default:
        return DT_UNKNOWN;
    }
}

std::string archiveError(struct archive* archive, const char* fallback)
{
    const char* text = archive ? archive_error_string(archive) : nullptr;
    return text && *text ? std::string(text) : std::string(fallback);
}

// libarchive's view of the decoded bytes: its own filters are never used (they read a block ahead
// and report a cut before any entry is handed out; some would run an external program).
la_ssize_t readDecoded(struct archive* archive, void* stream, const void** block)
{
    const char* data = nullptr;
    std::string error;
    const long got = static_cast<DecodedStream*>(stream)->read(data, error);
    if (got < 0) {
        archive_set_error(archive, EIO, "%s", error.c_str());
        return ARCHIVE_FATAL;
    }
    *block = data;
    return got;
}

// How many damaged tar headers (ARCHIVE_RETRY, 512 bytes each) one next() skips before it gives up.
constexpr int kMaxHeaderRetries = 1 << 16;

} // namespace

ArchiveReader::ArchiveReader() = default;

ArchiveReader::~ArchiveReader()
{
    if (m_archive)
        archive_read_free(m_archive);
}

bool ArchiveReader::open(const std::string& path, std::string& error)
{
    struct stat status;
    if (::stat(path.c_str(), &status) != 0 || !S_ISREG(status.st_mode)) {
        error = "not a regular file";
        return false;
    }
    m_archive = archive_read_new();
    if (!m_archive) {
        error = "out of memory";
        return false;
    }
    // Only the formats DVM Lens is asked to read: "all" would let mtree or raw claim a text file.
    archive_read_support_format_tar(m_archive);
    archive_read_support_format_gnutar(m_archive);
    archive_read_support_format_zip(m_archive);
    auto stream = std::make_unique<DecodedStream>();
    if (!stream->open(path, error))
        return false;
    if (stream->compression() == Compression::None) {
        // Read by libarchive itself, which can seek: a zip is read from its central directory.
        const std::size_t blockBytes = std::clamp<std::uint64_t>(
            static_cast<std::uint64_t>(status.st_size), kSmallestBlockBytes, kBlockBytes);
        if (archive_read_open_filename(m_archive, path.c_str(), blockBytes) != ARCHIVE_OK) {
            error = archiveError(m_archive, "cannot open the archive");
            return false;
        }
        return true;
    }
    // Compressed: decoded here, libarchive reads the plain bytes through no filter of its own.
    m_stream = std::move(stream);
    archive_read_support_filter_none(m_archive);
    if (archive_read_open(m_archive, m_stream.get(), nullptr, readDecoded, nullptr) != ARCHIVE_OK) {
        error = archiveError(m_archive, "cannot open the archive");
        return false;
    }
    return true;
}

ArchiveReader::Next ArchiveReader::next(ArchiveHeader& header, std::string& error)
{
    struct archive_entry* entry = nullptr;
    int status = archive_read_next_header(m_archive, &entry);
    // ARCHIVE_RETRY: a damaged header (a tar checksum that fails) was skipped; the next call reads on.
    std::string damaged;
    for (int retries = 0; status == ARCHIVE_RETRY; ++retries) {
        if (damaged.empty())
            damaged = archiveError(m_archive, "a damaged header");
        if (retries == kMaxHeaderRetries) {
            error = damaged;
            return Next::Failed;
        }
        status = archive_read_next_header(m_archive, &entry);
    }
    if (status == ARCHIVE_EOF && !damaged.empty()) {
        error = damaged; // nothing readable came after the damage: a corrupt end, not a clean one
        return Next::Failed;
    }
    if (status == ARCHIVE_EOF)
        return Next::End;
    if (status < ARCHIVE_WARN || !entry) {
        error = archiveError(m_archive, "the archive is corrupt or truncated");
        return Next::Failed;
    }
    header.warning.clear();
    if (!damaged.empty())
        header.warning = "a damaged header before this entry was skipped (" + damaged + ")";
    if (status == ARCHIVE_WARN) {
        if (!header.warning.empty())
            header.warning += "; ";
        header.warning += archiveError(m_archive, "libarchive warned about this header");
    }
    m_gotHeader = true;
    const char* name = archive_entry_pathname(entry);
    header.name = name ? name : "";
    header.type = direntType(archive_entry_filetype(entry));
    const char* symlink = archive_entry_symlink(entry);
    header.symlink = symlink ? symlink : "";
    const char* hardlink = archive_entry_hardlink(entry);
    header.hardlink = hardlink ? hardlink : "";
    if (!header.hardlink.empty())
        header.type = DT_REG;
    header.size = archive_entry_size_is_set(entry) ? std::optional<std::uint64_t>(
                      static_cast<std::uint64_t>(std::max<la_int64_t>(archive_entry_size(entry), 0)))
                                                   : std::nullopt;
    header.encrypted = archive_entry_is_encrypted(entry) != 0;
    return Next::Entry;
}

bool ArchiveReader::readBlock(const char*& data, std::size_t& size, std::string& error)
{
    const void* block = nullptr;
    la_int64_t offset = 0;
    size = 0;
    const int status = archive_read_data_block(m_archive, &block, &size, &offset);
    if (status == ARCHIVE_EOF)
        return false;
    if (status < ARCHIVE_WARN || status == ARCHIVE_RETRY) {
        error = archiveError(m_archive, "the archive is corrupt or truncated");
        return false;
    }
    // A warning (a zip entry whose CRC fails) comes with the entry's last block: the data is kept
    // and the warning waits for takeDataWarning().
    if (status == ARCHIVE_WARN && m_dataWarning.empty())
        m_dataWarning = archiveError(m_archive, "libarchive warned about this entry's data");
    data = static_cast<const char*>(block);
    return true;
}

std::string ArchiveReader::takeDataWarning()
{
    return std::exchange(m_dataWarning, std::string());
}

std::string ArchiveReader::formatName() const
{
    if (!m_archive || !m_gotHeader)
        return {};
    std::string name;
    if (const char* format = archive_format_name(m_archive))
        name = format;
    if (m_stream)
        name += std::string(", ") + compressionName(m_stream->compression());
    return name;
}

namespace {

// Compressions DVM Lens does not read (libarchive would run an external program for most of them):
// told by their magic bytes, so such a file gets a clear "unsupported compression", not "no archive".
std::string_view unsupportedCompression(std::string_view head)
{
    static constexpr struct
    {
        std::string_view magic;
        std::string_view name;
    } kUnsupported[] = {
        { std::string_view("\x89LZO\0\r\n\x1a\n", 9), "lzop" },
        { "\x04\x22\x4d\x18", "lz4" },
        { "LZIP\x01", "lzip" },
        { std::string_view("LRZI\0", 5), "lrzip" },
        { "GRZipII", "grzip" },
        { "\x1f\x9d", "compress (.Z)" },
        { "\x1f\xa0", "compress (LZH)" },
        { "7z\xbc\xaf\x27\x1c", "7-Zip" },
        { "Rar!\x1a\x07", "RAR" },
    };
    for (const auto& known : kUnsupported) {
        if (head.substr(0, known.magic.size()) == known.magic)
            return known.name;
    }
    return {};
}

std::string readHead(const std::string& path, std::size_t size)
{
    std::string head(size, '\0');
    FILE* file = std::fopen(path.c_str(), "rbe");
    if (!file)
        return {};
    head.resize(std::fread(head.data(), 1, size, file));
    std::fclose(file);
    return head;
}

bool startsLikeArchive(const std::string& path)
{
    static constexpr std::string_view kSuffixes[] = { ".tar", ".tgz", ".tbz2", ".tbz", ".txz", ".tzst",
        ".zip", ".tar.gz", ".tar.xz", ".tar.zst", ".tar.bz2" };
    for (const std::string_view suffix : kSuffixes) {
        if (path.size() > suffix.size()
            && path.compare(path.size() - suffix.size(), suffix.size(), suffix) == 0)
            return true;
    }
    const std::string head = readHead(path, 264);
    const std::string_view bytes = head;
    const std::size_t got = head.size();
    return bytes.substr(0, 2) == "\x1f\x8b"
        || bytes.substr(0, 6)
        == std::string_view("\xfd"
                            "7zXZ\0",
            6)
        || bytes.substr(0, 4) == "\x28\xb5\x2f\xfd" || bytes.substr(0, 3) == "BZh"
        || bytes.substr(0, 4) == "PK\x03\x04" || bytes.substr(0, 4) == "PK\x05\x06"
        || (got >= 262 && bytes.substr(257, 5) == "ustar");
}

} // namespace

ArchiveProbe probeArchive(const std::string& path, std::string& error)
{
    if (const std::string_view name = unsupportedCompression(readHead(path, 16)); !name.empty()) {
        error = "unsupported compression: " + std::string(name)
            + "; DVM Lens reads tar and zip, raw or compressed with gzip, xz, zstd or bzip2";
        return ArchiveProbe::Broken;
    }
    if (looksLikeArchive(path))
        return ArchiveProbe::Archive;
    if (!startsLikeArchive(path))
        return ArchiveProbe::NoArchive;
    ArchiveReader reader;
    if (reader.open(path, error)) {
        ArchiveHeader header;
        reader.next(header, error);
    }
    if (error.empty())
        error = "not an archive DVM Lens reads";
    return ArchiveProbe::Broken;
}

bool looksLikeArchive(const std::string& path)
{
    ArchiveReader reader;
    std::string error;
    if (!reader.open(path, error))
        return false;
    ArchiveHeader header;
    const ArchiveReader::Next first = reader.next(header, error);
    struct stat status;
    // An empty tar (end-of-archive blocks only) is an archive too; an empty file is none.
    return first == ArchiveReader::Next::Entry
        || (first == ArchiveReader::Next::End && ::stat(path.c_str(), &status) == 0 && status.st_size > 0);
}

} // namespace dvmlens
