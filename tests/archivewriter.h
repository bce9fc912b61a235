// SPDX-License-Identifier: MIT
// Archives made by the tests themselves with libarchive's writer: fixture folders packed as tar
// (raw, gzip, xz, zstd, bzip2) or zip, and hostile archives entry by entry. Nothing is unpacked.
#pragma once

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QString>

#include <archive.h>
#include <archive_entry.h>
#include <string>
#include <sys/stat.h>

namespace testutil {

enum class ArchiveFormat
{
    Tar,
    TarGz,
    TarXz,
    TarZst,
    TarBz2,
    Zip,
};

inline const char* archiveSuffix(ArchiveFormat format)
{
    switch (format) {
    case ArchiveFormat::Tar:
        return ".tar";
    case ArchiveFormat::TarGz:
        return ".tgz";
    case ArchiveFormat::TarXz:
        return ".tar.xz";
    case ArchiveFormat::TarZst:
        return ".tar.zst";
    case ArchiveFormat::TarBz2:
        return ".tar.bz2";
    case ArchiveFormat::Zip:
        break;
    }
    return ".zip";
}

class ArchiveBuilder
{
public:
    // `passphrase`: zip entries are encrypted with it (traditional PKWARE encryption).
    ArchiveBuilder(const QString& path, ArchiveFormat format, const char* passphrase = nullptr)
        : m_archive(archive_write_new())
    {
        if (format == ArchiveFormat::Zip) {
            archive_write_set_format_zip(m_archive);
            if (passphrase) {
                archive_write_set_options(m_archive, "zip:encryption=zipcrypt");
                archive_write_set_passphrase(m_archive, passphrase);
            }
        } else {
            archive_write_set_format_pax_restricted(m_archive);
            if (format == ArchiveFormat::TarGz)
                archive_write_add_filter_gzip(m_archive);
            else if (format == ArchiveFormat::TarXz)
                archive_write_add_filter_xz(m_archive);
            else if (format == ArchiveFormat::TarZst)
                archive_write_add_filter_zstd(m_archive);
            else if (format == ArchiveFormat::TarBz2)
                archive_write_add_filter_bzip2(m_archive);
        }
        m_ok = archive_write_open_filename(m_archive, QFile::encodeName(path).constData()) == ARCHIVE_OK;
    }
    ~ArchiveBuilder()
    {
        close();
    }
    bool ok() const
    {
        return m_ok;
    }
    QString error() const
    {
        return QString::fromUtf8(archive_error_string(m_archive));
    }

    void addFile(const std::string& name, const QByteArray& bytes)
    {
        add(
            name, AE_IFREG, bytes.size(), [&](archive_entry*) {}, &bytes);
    }
    void addFolder(const std::string& name)
    {
        add(name, AE_IFDIR, 0, [](archive_entry*) {});
    }
    void addSymlink(const std::string& name, const std::string& target)
    {
        add(name, AE_IFLNK, 0,
            [&](archive_entry* entry) { archive_entry_set_symlink(entry, target.c_str()); });
    }
    void addHardlink(const std::string& name, const std::string& target)
    {
        add(name, AE_IFREG, 0,
            [&](archive_entry* entry) { archive_entry_set_hardlink(entry, target.c_str()); });
    }
    void addFifo(const std::string& name)
    {
        add(name, AE_IFIFO, 0, [](archive_entry*) {});
    }

    // Every file, folder and link under `folder`, named "<folder name>/…" as `tar -C parent -c name` does.
    void addTree(const QString& folder)
    {
        const QDir base = QFileInfo(folder).dir();
        addFolder(QFile::encodeName(base.relativeFilePath(folder)).toStdString());
        QDirIterator it(folder, QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot,
            QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString path = it.next();
            const QFileInfo info = it.fileInfo();
            const std::string name = QFile::encodeName(base.relativeFilePath(path)).toStdString();
            if (info.isSymLink()) {
                addSymlink(name, QFile::encodeName(info.symLinkTarget()).toStdString());
            } else if (info.isDir()) {
                addFolder(name);
            } else if (info.isFile()) {
                QFile file(path);
                m_ok = m_ok && file.open(QIODevice::ReadOnly);
                addFile(name, file.readAll());
            }
        }
    }

    bool close()
    {
        if (m_archive) {
            m_ok = archive_write_close(m_archive) == ARCHIVE_OK && m_ok;
            archive_write_free(m_archive);
            m_archive = nullptr;
        }
        return m_ok;
    }

private:
    template <typename Setup>
    void add(
        const std::string& name, unsigned type, qint64 size, Setup setup, const QByteArray* bytes = nullptr)
    {
        archive_entry* entry = archive_entry_new();
        archive_entry_set_pathname(entry, name.c_str());
        archive_entry_set_filetype(entry, type);
        archive_entry_set_perm(entry, type == AE_IFDIR ? 0755 : 0644);
        archive_entry_set_size(entry, size);
        archive_entry_set_mtime(entry, 1784534400, 0);
        setup(entry);
        m_ok = m_ok && archive_write_header(m_archive, entry) == ARCHIVE_OK;
        if (bytes && !bytes->isEmpty())
            m_ok = m_ok
                && archive_write_data(m_archive, bytes->constData(), size_t(bytes->size())) == bytes->size();
        archive_entry_free(entry);
    }

    struct archive* m_archive;
    bool m_ok = false;
};

// `folder` packed as `format` into `archive`.
inline bool packFolder(const QString& folder, const QString& archive, ArchiveFormat format)
{
    ArchiveBuilder builder(archive, format);
    builder.addTree(folder);
    return builder.close();
}

} // namespace testutil
