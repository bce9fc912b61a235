// SPDX-License-Identifier: MIT
#include "gui/codeview/codejsonhighlighter.h"

CodeJsonHighlighter::CodeJsonHighlighter(QTextDocument* document, const QPalette& palette)
    : CodeLazyHighlighter(document, palette)
{
    begin();
}

void CodeJsonHighlighter::updateFormats(const CodeColors& colors)
{
    m_key = QTextCharFormat();
    m_key.setForeground(colors.jsonKey);
    m_string = QTextCharFormat();
    m_string.setForeground(colors.string);
    m_number = QTextCharFormat();
    m_number.setForeground(colors.number);
    m_literal = QTextCharFormat();
    m_literal.setForeground(colors.keyword);
    m_literal.setFontWeight(QFont::Bold);
}

int CodeJsonHighlighter::highlightLine(QStringView line, int, QVector<QTextLayout::FormatRange>& formats)
{
    const int length = int(line.size());
    int i = 0;
    while (i < length) {
        const QChar c = line[i];
        if (c == u'"') {
            int end = i + 1;
            while (end < length && line[end] != u'"')
                end += line[end] == u'\\' ? 2 : 1;
            end = std::min(end + 1, length);
            int next = end;
            while (next < length && line[next].isSpace())
                ++next;
            const bool key = next < length && line[next] == u':';
            formats.append({ i, end - i, key ? m_key : m_string });
            i = end;
        } else if (c.isDigit() || c == u'-') {
            int end = i + 1;
            while (end < length && (line[end].isDigit() || QStringView(u".eE+-").contains(line[end])))
                ++end;
            formats.append({ i, end - i, m_number });
            i = end;
        } else if (c.isLetter()) {
            int end = i;
            while (end < length && line[end].isLetter())
                ++end;
            const QStringView word = line.mid(i, end - i);
            if (word == u"true" || word == u"false" || word == u"null")
                formats.append({ i, end - i, m_literal });
            i = end;
        } else {
            ++i;
        }
    }
    return 0;
}
