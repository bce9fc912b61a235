// SPDX-License-Identifier: MIT
// Reads a text file for the code view off the GUI thread: decodes UTF-8 (invalid bytes become
// U+FFFD), folds CRLF/CR line ends, refuses binary (NUL bytes) and oversized files with a clear
// message, and builds the QTextDocument in the worker so the GUI thread only swaps it in.
#pragma once

#include "core/io/container.h"
#include "gui/common/jobrunner.h"

#include <QFont>
#include <QObject>
#include <QString>

#include <functional>
#include <memory>

class QTextDocument;

struct FileText
{
    enum class Status
    {
        Ok,
        Missing,
        Unreadable,
        Binary,
        TooLarge
    };

    Status status = Status::Ok;
    QString path;
    qint64 bytes = 0;
    QString text; // '\n' line ends only; document positions equal string indexes
    bool invalidUtf8 = false; // some bytes were replaced by U+FFFD
    QString message; // why the text is not shown; empty when Ok
    int lineCount = 0; // set for a head (readFileText's onHead): the whole file's lines
};

// Files above this are refused: a QTextDocument needs ~10× the file size in memory.
inline constexpr qint64 kMaxFileTextBytes = 64LL * 1024 * 1024;

// Files with more bytes than this are shown by their first lines first.
inline constexpr qsizetype kPrefixFromChars = 1 << 20;
inline constexpr int kPrefixLines = 400;

// Reads and decodes `path`; thread-safe, never throws. `onHead`, for a file above
// kPrefixFromChars bytes: its first kPrefixLines lines, before the whole is decoded.
FileText readFileText(const QString& path, const dvmlens::Container& files,
    qint64 maxBytes = kMaxFileTextBytes, const std::function<void(FileText&&)>& onHead = {});

// A read-only plain-text document for a QPlainTextEdit holding `text`, built so that setting it on
// the editor is cheap; safe to call on any thread.
std::unique_ptr<QTextDocument> plainTextDocument(const QString& text, const QFont& font);

// A finished load: the text and, when it is Ok, a plain-text document ready for a
// QPlainTextEdit (it lives in the GUI thread and has no parent; the receiver takes it).
struct LoadedFileText
{
    FileText file;
    std::unique_ptr<QTextDocument> document;
    // A large file comes twice: first its first kPrefixLines lines (`prefix`, with the whole
    // file's line count), shown while the whole document is built, then the whole file.
    bool prefix = false;
    int lineCount = 0; // of the whole file
};

class FileTextLoader : public QObject
{
    Q_OBJECT
public:
    explicit FileTextLoader(QObject* parent = nullptr);
    ~FileTextLoader() override; // waits for a running read; its result is dropped

    // Starts reading `path`; the document gets `font` as its default font. A newer start() or
    // cancel() makes the running load stale: its result is dropped, never emitted. A large file
    // emits finished() twice: its first lines (LoadedFileText::prefix), then the whole.
    void start(const QString& path, std::shared_ptr<const dvmlens::Container> files, const QFont& font);
    void cancel();
    bool isRunning() const;

    // Deletes `document` on the worker thread: tearing down a 10 MB document takes a while.
    void disposeInBackground(std::unique_ptr<QTextDocument> document);

Q_SIGNALS:
    void finished(std::shared_ptr<LoadedFileText> result);

private:
    JobRunner* m_runner;
};
