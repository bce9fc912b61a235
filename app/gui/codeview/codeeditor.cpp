// SPDX-License-Identifier: MIT
#include "gui/codeview/codeeditor.h"

#include "gui/codeview/codemargin.h"

#include <QFontDatabase>
#include <QPainter>
#include <QTextBlock>

#include <algorithm>

namespace {

// Widths in character cells, so the margin scales with the font and the screen's DPI.
constexpr double kStripeCells = 0.6;
constexpr double kPaddingCells = 1.0;

} // namespace

CodeEditor::CodeEditor(QWidget* parent)
    : QPlainTextEdit(parent)
    , m_margin(new CodeMargin(this))
    , m_colors(codeColorsFor(palette()))
{
    setReadOnly(true);
    setLineWrapMode(QPlainTextEdit::NoWrap);
    setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    setTabStopDistance(4 * fontMetrics().horizontalAdvance(QLatin1Char(' ')));
    // Keep the caret visible in a read-only editor: it shows where find and go-to-line are.
    setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);

    connect(this, &QPlainTextEdit::blockCountChanged, this, &CodeEditor::updateMarginWidth);
    connect(this, &QPlainTextEdit::updateRequest, this, &CodeEditor::updateMarginArea);
    connect(this, &QPlainTextEdit::cursorPositionChanged, m_margin, qOverload<>(&QWidget::update));
    updateMarginWidth();
}

void CodeEditor::showDocument(QTextDocument* document)
{
    setDocument(document);
    m_currentRange = { 0, 0 };
    m_linkedLines.clear();
    updateMarginWidth();
}

void CodeEditor::setMarks(const QVector<CodeMark>& marks)
{
    m_marks = marks;
    viewport()->update();
    m_margin->update();
}

const QVector<CodeMark>& CodeEditor::marks() const
{
    return m_marks;
}

const CodeMark* CodeEditor::markAt(int line) const
{
    if (line <= 0)
        return nullptr;
    // Marks are sorted by first line and rarely overlap: look at the last one starting at or
    // before `line`, then a few before it for an enclosing range.
    auto it = std::upper_bound(m_marks.cbegin(), m_marks.cend(), line,
        [](int value, const CodeMark& mark) { return value < mark.firstLine; });
    for (int steps = 0; it != m_marks.cbegin() && steps < 4; ++steps) {
        --it;
        if (it->lastLine >= line)
            return &*it;
    }
    return nullptr;
}

void CodeEditor::setFillers(std::vector<dvmlens::FillerBlock> fillers)
{
    m_fillers = std::move(fillers);
    m_fillerRows = 0;
    for (const dvmlens::FillerBlock& filler : m_fillers)
        m_fillerRows += filler.rows;
    viewport()->update();
    m_margin->update();
}

const std::vector<dvmlens::FillerBlock>& CodeEditor::fillers() const
{
    return m_fillers;
}

int CodeEditor::lineOfBlock(int blockNumber) const
{
    return m_fillers.empty() ? blockNumber + 1 : dvmlens::lineOfRow(m_fillers, blockNumber + 1);
}

int CodeEditor::blockOfLine(int line) const
{
    return m_fillers.empty() ? line - 1 : dvmlens::rowOfLine(m_fillers, line) - 1;
}

void CodeEditor::setLineCountHint(int lines)
{
    m_lineCountHint = lines;
    updateMarginWidth();
}

int CodeEditor::lineCount() const
{
    return blockCount() - m_fillerRows;
}

void CodeEditor::setRowBackgrounds(QVector<CodeRowBackground> backgrounds)
{
    m_rowBackgrounds = std::move(backgrounds);
    viewport()->update();
}

const QVector<CodeRowBackground>& CodeEditor::rowBackgrounds() const
{
    return m_rowBackgrounds;
}

const CodeRowBackground* CodeEditor::rowBackgroundAt(int blockNumber) const
{
    auto it = std::upper_bound(m_rowBackgrounds.cbegin(), m_rowBackgrounds.cend(), blockNumber,
        [](int value, const CodeRowBackground& row) { return value < row.firstBlock; });
    if (it == m_rowBackgrounds.cbegin())
        return nullptr;
    --it;
    return it->lastBlock >= blockNumber ? &*it : nullptr;
}

const CodeColors& CodeEditor::colors() const
{
    return m_colors;
}

void CodeEditor::updateColors()
{
    m_colors = codeColorsFor(palette());
    viewport()->update();
    m_margin->update();
}

int CodeEditor::marginWidth() const
{
    const int digits = int(QString::number(std::max({ 1, lineCount(), m_lineCountHint })).size());
    const double cell = fontMetrics().horizontalAdvance(QLatin1Char('9'));
    return int(cell * (digits + kPaddingCells + kStripeCells) + 0.5) + 2;
}

QWidget* CodeEditor::margin() const
{
    return m_margin;
}

void CodeEditor::paintMargin(QPaintEvent* event)
{
    QPainter painter(m_margin);
    painter.fillRect(event->rect(), m_colors.marginBackground);
    if (document()->isEmpty())
        return; // nothing shown (no file, a run selected): a lone "1" read as a one-line file

    const QFontMetrics metrics = fontMetrics();
    const double cell = metrics.horizontalAdvance(QLatin1Char('9'));
    const int stripeWidth = std::max(3, int(cell * kStripeCells + 0.5));
    const int stripeLeft = m_margin->width() - stripeWidth;
    const int numberRight = stripeLeft - int(cell * kPaddingCells / 2);
    const int currentBlock = textCursor().blockNumber();

    QTextBlock block = firstVisibleBlock();
    int top = qRound(blockBoundingGeometry(block).translated(contentOffset()).top());
    while (block.isValid() && top <= event->rect().bottom()) {
        const int height = qRound(blockBoundingRect(block).height());
        const int bottom = top + height;
        const int line = lineOfBlock(block.blockNumber());
        if (block.isVisible() && bottom >= event->rect().top() && line > 0) {
            if (isLinkedLine(line) && !markAt(line))
                painter.fillRect(stripeLeft, top, stripeWidth, height, m_colors.currentRangeEdge);
            else if (const CodeMark* mark = markAt(line)) {
                painter.fillRect(stripeLeft, top, stripeWidth, height, codeMarkStripe(mark->kind, m_colors));
                if (!mark->why.isEmpty() && line == mark->firstLine)
                    paintWhyMarker(painter, QRect(numberRight, top, stripeLeft - numberRight, height), *mark);
            }
            painter.setPen(
                block.blockNumber() == currentBlock ? m_colors.currentLineNumber : m_colors.lineNumber);
            painter.drawText(0, top, numberRight, metrics.height(), Qt::AlignRight | Qt::AlignVCenter,
                QString::number(line));
        }
        block = block.next();
        top = bottom;
    }
}

void CodeEditor::paintWhyMarker(QPainter& painter, const QRect& room, const CodeMark& mark) const
{
    // A dot in the stripe's colour between the line number and the stripe: "this has a reason".
    const int diameter = std::max(3, std::min(room.width(), room.height() / 2));
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setPen(Qt::NoPen);
    painter.setBrush(codeMarkStripe(mark.kind, m_colors));
    painter.drawEllipse(QRectF(room.center().x() - diameter / 2.0 + 0.5,
        room.center().y() - diameter / 2.0 + 0.5, diameter, diameter));
    painter.restore();
}

int CodeEditor::lineAtMarginY(int y) const
{
    QTextBlock block = firstVisibleBlock();
    int top = qRound(blockBoundingGeometry(block).translated(contentOffset()).top());
    while (block.isValid() && top <= y) {
        const int bottom = top + qRound(blockBoundingRect(block).height());
        if (y < bottom)
            return lineOfBlock(block.blockNumber());
        block = block.next();
        top = bottom;
    }
    return 0;
}

void CodeEditor::resizeEvent(QResizeEvent* event)
{
    QPlainTextEdit::resizeEvent(event);
    const QRect area = contentsRect();
    m_margin->setGeometry(QRect(area.left(), area.top(), marginWidth(), area.height()));
}

void CodeEditor::changeEvent(QEvent* event)
{
    QPlainTextEdit::changeEvent(event);
    if (event->type() == QEvent::PaletteChange) {
        updateColors();
    } else if (event->type() == QEvent::FontChange) {
        setTabStopDistance(4 * fontMetrics().horizontalAdvance(QLatin1Char(' ')));
        updateMarginWidth();
    }
}

void CodeEditor::updateMarginWidth()
{
    setViewportMargins(marginWidth(), 0, 0, 0);
    const QRect area = contentsRect();
    m_margin->setGeometry(QRect(area.left(), area.top(), marginWidth(), area.height()));
}

void CodeEditor::updateMarginArea(const QRect& rect, int dy)
{
    if (dy != 0)
        m_margin->scroll(0, dy);
    else
        m_margin->update(0, rect.y(), m_margin->width(), rect.height());
}

void CodeEditor::setCurrentRange(int first, int last)
{
    if (m_currentRange == qMakePair(first, last))
        return;
    m_currentRange = { first, last };
    viewport()->update();
}

QPair<int, int> CodeEditor::currentRange() const
{
    return m_currentRange;
}

void CodeEditor::setLinkedLines(const QVector<int>& lines)
{
    if (m_linkedLines == lines)
        return;
    m_linkedLines = lines;
    viewport()->update();
    m_margin->update();
}

const QVector<int>& CodeEditor::linkedLines() const
{
    return m_linkedLines;
}

bool CodeEditor::isLinkedLine(int line) const
{
    return std::binary_search(m_linkedLines.cbegin(), m_linkedLines.cend(), line);
}

void CodeEditor::setLineBandsShown(bool shown)
{
    if (m_lineBands == shown)
        return;
    m_lineBands = shown;
    viewport()->update();
}

bool CodeEditor::lineBandsShown() const
{
    return m_lineBands;
}

void CodeEditor::paintEvent(QPaintEvent* event)
{
    // Bands go under the text, one rectangle per visible marked line; the lookup is a binary
    // search, so thousands of kernels cost nothing here.
    const bool hasRange = m_currentRange.first > 0;
    if (!m_marks.isEmpty() || hasRange || !m_linkedLines.isEmpty() || !m_rowBackgrounds.isEmpty()) {
        QPainter painter(viewport());
        const int right = viewport()->width();
        QTextBlock block = firstVisibleBlock();
        QRectF box = blockBoundingGeometry(block).translated(contentOffset());
        while (block.isValid() && box.top() <= event->rect().bottom()) {
            const int line = lineOfBlock(block.blockNumber());
            const QRectF row(0, box.top(), right, box.height());
            if (const CodeRowBackground* background = rowBackgroundAt(block.blockNumber())) {
                // A diff colour wins over the kernel band: what changed must show on every line.
                painter.fillRect(row, background->color);
                if (background->hatched)
                    painter.fillRect(row, QBrush(m_colors.lineNumber, Qt::BDiagPattern));
            } else if (line == 0) {
                // A filler row outside any painted difference: nothing of the file is here.
            } else if (hasRange && line >= m_currentRange.first && line <= m_currentRange.second) {
                const CodeMark* mark = markAt(line);
                painter.fillRect(
                    row, mark ? codeMarkSelectedBand(mark->kind, m_colors) : m_colors.currentRange);
                const QColor edge = mark ? codeMarkStripe(mark->kind, m_colors) : m_colors.currentRangeEdge;
                if (line == m_currentRange.first)
                    painter.fillRect(QRectF(0, row.top(), right, 1), edge);
                if (line == m_currentRange.second)
                    painter.fillRect(QRectF(0, row.bottom() - 1, right, 1), edge);
            } else if (isLinkedLine(line)) {
                // A linked kernel keeps its own hue (a DVM kernel stays green), as a selected one does.
                const CodeMark* mark = markAt(line);
                painter.fillRect(
                    row, mark ? codeMarkSelectedBand(mark->kind, m_colors) : m_colors.currentRange);
            } else if (const CodeMark* mark = m_lineBands ? markAt(line) : nullptr) {
                painter.fillRect(row, codeMarkBand(mark->kind, m_colors));
            }
            block = block.next();
            box.translate(0, box.height());
            if (block.isValid())
                box.setHeight(blockBoundingRect(block).height());
        }
    }
    QPlainTextEdit::paintEvent(event);
}
