// SPDX-License-Identifier: MIT
// The one highlighting interface of the code view. With KF6SyntaxHighlighting it wraps
// KSyntaxHighlighting::SyntaxHighlighter; without it (and for documents too long for its one-shot
// pass), small built-in highlighters (Python, logs, JSON) colour the document in idle-time chunks
// so huge files never block the window.
#pragma once

#include <QObject>
#include <QPalette>
#include <QString>

#include <memory>

class QTextDocument;

class CodeHighlighter : public QObject
{
    Q_OBJECT
public:
    ~CodeHighlighter() override;

    // Re-derives the colours (or picks the light/dark theme) and highlights again.
    virtual void setPalette(const QPalette& palette) = 0;
    // True once every block has its formats (immediately after construction for backends that
    // highlight in one go).
    virtual bool isFinished() const = 0;

    // The highlighting engine, "KSyntaxHighlighting 6.x.y" or "built-in highlighter" (for the About
    // dialog); not a kernel backend.
    static QString engineName();

Q_SIGNALS:
    void finished();

protected:
    CodeHighlighter();
};

// A highlighter for `document` chosen by `fileName` (its suffix or well-known name), coloured for
// `palette`; null when the file type has no highlighting. The caller
// owns it; it copes with `document` being deleted first.
std::unique_ptr<CodeHighlighter> createHighlighter(
    QTextDocument* document, const QString& fileName, const QPalette& palette);
