// SPDX-License-Identifier: MIT
// Base of the built-in highlighters: a per-line state machine driven over the document in
// idle-time chunks (a few milliseconds each), so a 10 MB file is coloured while the window keeps
// responding. Formats go straight to each block's QTextLayout, as QSyntaxHighlighter does, but
// without its one-shot full pass. The document is read-only, so edits need no handling.
#pragma once

#include "gui/codeview/codecolors.h"
#include "gui/codeview/codehighlighter.h"

#include <QPointer>
#include <QStringView>
#include <QTextDocument>
#include <QTextLayout>
#include <QTimer>
#include <QVector>

class CodeLazyHighlighter : public CodeHighlighter
{
    Q_OBJECT
public:
    ~CodeLazyHighlighter() override;

    void setPalette(const QPalette& palette) override;
    bool isFinished() const override;

    // Starts again from the first block (the first chunk runs before this returns).
    void rehighlight();

protected:
    CodeLazyHighlighter(QTextDocument* document, const QPalette& palette);

    // Formats `line` given the state the previous line ended in (0 at the top); appends ranges to
    // `formats` and returns the state this line ends in.
    virtual int highlightLine(QStringView line, int state, QVector<QTextLayout::FormatRange>& formats) = 0;
    // Rebuilds the QTextCharFormats from freshly derived colours.
    virtual void updateFormats(const CodeColors& colors) = 0;

    // Must be called by the subclass constructor once its formats exist.
    void begin();

private:
    void highlightChunk();

    QPointer<QTextDocument> m_document;
    QPalette m_palette;
    QTimer m_chunkTimer;
    int m_nextBlock = 0;
    int m_state = 0;
    bool m_finished = false;
};
