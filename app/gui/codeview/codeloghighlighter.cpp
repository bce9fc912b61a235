// SPDX-License-Identifier: MIT
#include "gui/codeview/codeloghighlighter.h"

CodeLogHighlighter::CodeLogHighlighter(QTextDocument* document, const QPalette& palette)
    : CodeLazyHighlighter(document, palette)
{
    begin();
}

void CodeLogHighlighter::updateFormats(const CodeColors& colors)
{
    m_error = QTextCharFormat();
    m_error.setForeground(colors.error);
    m_error.setFontWeight(QFont::Bold);
    m_warning = QTextCharFormat();
    m_warning.setForeground(colors.warning);
    m_frame = QTextCharFormat();
    m_frame.setForeground(colors.comment);
    m_torchOp = QTextCharFormat();
    m_torchOp.setForeground(colors.torchOp);
}

int CodeLogHighlighter::highlightLine(QStringView line, int, QVector<QTextLayout::FormatRange>& formats)
{
    const int length = int(line.size());
    const QStringView trimmed = line.trimmed();
    if (line.contains(u"ERROR") || line.contains(u"CRITICAL") || trimmed.startsWith(u"Traceback (")
        || trimmed.startsWith(u"RuntimeError") || trimmed.contains(u"Error: ")) {
        formats.append({ 0, length, m_error });
        return 0;
    }
    if (line.contains(u"WARNING") || line.contains(u"Warning:")) {
        formats.append({ 0, length, m_warning });
        return 0;
    }
    if (trimmed.startsWith(u"File \"") && trimmed.contains(u"\", line ")) {
        formats.append({ 0, length, m_frame });
        return 0;
    }
    for (qsizetype at = line.indexOf(u"torch.ops."); at >= 0; at = line.indexOf(u"torch.ops.", at + 1)) {
        qsizetype end = at;
        while (end < length && (line[end].isLetterOrNumber() || line[end] == u'_' || line[end] == u'.'))
            ++end;
        formats.append({ int(at), int(end - at), m_torchOp });
        at = end - 1;
    }
    return 0;
}
