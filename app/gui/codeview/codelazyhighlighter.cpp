// SPDX-License-Identifier: MIT
#include "gui/codeview/codelazyhighlighter.h"

#include <QElapsedTimer>
#include <QTextBlock>

namespace {
// Work per event-loop turn: short enough that scrolling and typing in the find bar stay smooth.
constexpr qint64 kChunkBudgetMs = 8;
constexpr int kBlocksBetweenClockChecks = 64;
} // namespace

CodeLazyHighlighter::CodeLazyHighlighter(QTextDocument* document, const QPalette& palette)
    : m_document(document)
    , m_palette(palette)
{
    m_chunkTimer.setInterval(0);
    connect(&m_chunkTimer, &QTimer::timeout, this, &CodeLazyHighlighter::highlightChunk);
}

CodeLazyHighlighter::~CodeLazyHighlighter() = default;

void CodeLazyHighlighter::begin()
{
    updateFormats(codeColorsFor(m_palette));
    rehighlight();
}

void CodeLazyHighlighter::setPalette(const QPalette& palette)
{
    m_palette = palette;
    updateFormats(codeColorsFor(m_palette));
    rehighlight();
}

bool CodeLazyHighlighter::isFinished() const
{
    return m_finished;
}

void CodeLazyHighlighter::rehighlight()
{
    m_nextBlock = 0;
    m_state = 0;
    m_finished = false;
    highlightChunk();
    if (!m_finished)
        m_chunkTimer.start();
}

void CodeLazyHighlighter::highlightChunk()
{
    if (!m_document) {
        m_chunkTimer.stop();
        return;
    }
    QElapsedTimer clock;
    clock.start();
    QTextBlock block = m_document->findBlockByNumber(m_nextBlock);
    if (!block.isValid()) {
        m_chunkTimer.stop();
        m_finished = true;
        Q_EMIT finished();
        return;
    }
    const int firstPosition = block.position();
    int lastPosition = firstPosition;
    QVector<QTextLayout::FormatRange> formats;
    int sinceClockCheck = 0;
    while (block.isValid()) {
        formats.clear();
        m_state = highlightLine(block.text(), m_state, formats);
        block.layout()->setFormats(formats);
        lastPosition = block.position() + block.length();
        block = block.next();
        ++m_nextBlock;
        if (++sinceClockCheck == kBlocksBetweenClockChecks) {
            sinceClockCheck = 0;
            if (clock.elapsed() >= kChunkBudgetMs)
                break;
        }
    }
    // One repaint request for the whole chunk; the last block's length counts its separator.
    m_document->markContentsDirty(
        firstPosition, std::min(lastPosition, m_document->characterCount()) - firstPosition);
    if (!block.isValid()) {
        m_chunkTimer.stop();
        m_finished = true;
        Q_EMIT finished();
    }
}
