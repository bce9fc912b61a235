// SPDX-License-Identifier: MIT
#include "gui/codeview/filetextloader.h"

#include "core/io/container.h"
#include "core/io/pathtext.h"

#include <QCoreApplication>
#include <QFile>
#include <QLocale>
#include <QPlainTextDocumentLayout>
#include <QStringDecoder>
#include <QTextBlock>
#include <QTextDocument>
#include <QThread>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <optional>

namespace {

// QTextDocument starts a block at U+2029 (paragraph separator) and at its frame marks U+FDD0 /
// U+FDD1, which core does not count as line ends: one in a comment put every mark after it a line
// early. They become U+2028, a line break inside the block, so blocks stay the file's lines.
void keepParagraphSeparatorsInTheirLine(QString& text)
{
    for (QChar& c : text) {
        if (c == QChar::ParagraphSeparator || c.unicode() == 0xfdd0 || c.unicode() == 0xfdd1)
            c = QChar::LineSeparator;
    }
}

// CRLF and lone CR become '\n' in place, so QTextDocument shows normal lines and string indexes
// stay equal to document positions; see keepParagraphSeparatorsInTheirLine for the other breaks.
void foldLineEnds(QString& text)
{
    keepParagraphSeparatorsInTheirLine(text);
    if (!text.contains(QLatin1Char('\r')))
        return;
    QChar* out = text.data();
    const QChar* in = out;
    const QChar* end = in + text.size();
    while (in != end) {
        if (*in == QLatin1Char('\r')) {
            *out++ = QLatin1Char('\n');
            ++in;
            if (in != end && *in == QLatin1Char('\n'))
                ++in;
        } else {
            *out++ = *in++;
        }
    }
    text.truncate(out - text.constData());
}

} // namespace

std::unique_ptr<QTextDocument> plainTextDocument(const QString& text, const QFont& font)
{
    auto document = std::make_unique<QTextDocument>();
    document->setUndoRedoEnabled(false); // read-only: an undo stack would only cost memory
    document->setDocumentLayout(new QPlainTextDocumentLayout(document.get()));
    document->setDefaultFont(font);
    document->setPlainText(text);
    // QPlainTextEdit::setDocument() lays out every block from scratch, creating each block's
    // QTextLayout on the GUI thread; creating them here keeps that pass cheap.
    for (QTextBlock block = document->firstBlock(); block.isValid(); block = block.next())
        block.layout();
    return document;
}

namespace {

// A large file's first lines as a document (LoadedFileText::prefix).
std::shared_ptr<LoadedFileText> prefixOf(FileText&& head, const QFont& font)
{
    auto prefix = std::make_shared<LoadedFileText>();
    prefix->prefix = true;
    prefix->lineCount = head.lineCount;
    prefix->document = plainTextDocument(head.text, font);
    prefix->file = std::move(head);
    return prefix;
}

} // namespace

FileText readFileText(const QString& path, const dvmlens::Container& files, qint64 maxBytes,
    const std::function<void(FileText&&)>& onHead)
{
    FileText result;
    result.path = path;
    // Opened through its index's container (io/container.h) as every artifact is: only a regular
    // file (a FIFO in the file list would block this thread for ever), and only inside the folder
    // it is listed in, so a link such as output_code.py -> /etc/passwd shows why it is not shown
    // instead of its target; an archive's entry or a trace log's record from there.
    const std::string native = dvmlens::pathBytes(path); // every byte, as the walk found it
    const std::size_t slash = native.rfind('/');
    const std::string folder =
        slash == std::string::npos ? std::string(".") : native.substr(0, std::max<std::size_t>(slash, 1));
    dvmlens::FileError error;
    std::optional<dvmlens::SafeFile> safe = files.open(native, folder, UINT64_MAX, error);
    QFile file;
    if (!safe || !file.open(safe->release(), QIODevice::ReadOnly, QFileDevice::AutoCloseHandle)) {
        const bool isFolder = safe ? false : error.message.find("a folder") != std::string::npos;
        result.status = !safe && error.problem == dvmlens::FileProblem::Missing
            ? FileText::Status::Missing
            : FileText::Status::Unreadable;
        if (result.status == FileText::Status::Missing)
            result.message = QCoreApplication::translate("FileTextLoader", "The file does not exist.");
        else if (isFolder)
            result.message = QCoreApplication::translate("FileTextLoader", "This is a folder, not a file.");
        else
            result.message = QCoreApplication::translate("FileTextLoader", "The file cannot be read: %1")
                                 .arg(safe ? file.errorString() : QString::fromStdString(error.message));
        return result;
    }
    // Device files and pipes report size 0; read at most one byte past the limit either way.
    const QByteArray bytes = file.read(maxBytes + 1);
    result.bytes = bytes.size();
    if (bytes.size() > maxBytes) {
        result.status = FileText::Status::TooLarge;
        result.message =
            QCoreApplication::translate("FileTextLoader", "The file is larger than %1; it is not shown.")
                .arg(QLocale::system().formattedDataSize(maxBytes));
        return result;
    }
    if (file.error() != QFileDevice::NoError) {
        result.status = FileText::Status::Unreadable;
        result.message = QCoreApplication::translate("FileTextLoader", "The file cannot be read: %1")
                             .arg(file.errorString());
        return result;
    }
    if (std::memchr(bytes.constData(), '\0', size_t(bytes.size())) != nullptr) {
        result.status = FileText::Status::Binary;
        result.message = QCoreApplication::translate("FileTextLoader",
            "This looks like a binary file (it contains NUL bytes), so it is not shown as text.");
        return result;
    }
    if (onHead && bytes.size() > kPrefixFromChars) {
        // The first lines, decoded before the whole (a UTF-8 sequence never holds a '\n').
        FileText head = result;
        const char* data = bytes.constData();
        const char* end = data + bytes.size();
        const char* cut = data;
        head.lineCount = 1;
        for (const char* at = data; (at = static_cast<const char*>(std::memchr(at, '\n', size_t(end - at))));
             ++at) {
            if (head.lineCount++ == kPrefixLines)
                cut = at;
        }
        if (cut == data)
            cut = end;
        QStringDecoder headDecoder(QStringDecoder::Utf8);
        head.text = headDecoder.decode(QByteArrayView(data, cut - data));
        head.invalidUtf8 = headDecoder.hasError();
        foldLineEnds(head.text);
        onHead(std::move(head));
    }
    QStringDecoder decoder(QStringDecoder::Utf8);
    result.text = decoder.decode(bytes);
    result.invalidUtf8 = decoder.hasError();
    foldLineEnds(result.text);
    return result;
}

FileTextLoader::FileTextLoader(QObject* parent)
    : QObject(parent)
    , m_runner(new JobRunner(this, 1))
{
}

FileTextLoader::~FileTextLoader()
{
    delete m_runner; // waits here, while the members a running read may use still exist
}

void FileTextLoader::start(
    const QString& path, std::shared_ptr<const dvmlens::Container> files, const QFont& font)
{
    QThread* guiThread = thread();
    m_runner->start(
        [this, guiThread, path, files = std::move(files), font](JobContext& job) {
            auto result = std::make_shared<LoadedFileText>();
            // Building a 10 MB document takes a second: its first lines go on screen before.
            result->file =
                readFileText(path, dvmlens::filesOr(files), kMaxFileTextBytes, [&](FileText&& head) {
                    if (job.cancelled())
                        return;
                    std::shared_ptr<LoadedFileText> prefix = prefixOf(std::move(head), font);
                    prefix->document->moveToThread(guiThread);
                    job.postPartial([this, prefix] { Q_EMIT finished(prefix); });
                });
            if (!job.cancelled() && result->file.status == FileText::Status::Ok) {
                result->document = plainTextDocument(result->file.text, font);
                result->document->moveToThread(guiThread);
            }
            return result;
        },
        [this](std::shared_ptr<LoadedFileText> result) { Q_EMIT finished(std::move(result)); });
}

void FileTextLoader::cancel()
{
    m_runner->discard();
}

bool FileTextLoader::isRunning() const
{
    return m_runner->isRunning();
}

void FileTextLoader::disposeInBackground(std::unique_ptr<QTextDocument> document)
{
    if (!document)
        return;
    // Without thread affinity the document may be deleted from the pool's thread.
    document->moveToThread(nullptr);
    m_runner->runDetached(
        [document = std::shared_ptr<QTextDocument>(std::move(document))]() mutable { document.reset(); });
}
