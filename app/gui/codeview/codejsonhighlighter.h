// SPDX-License-Identifier: MIT
// Built-in JSON highlighting: keys, string values, numbers and true/false/null.
#pragma once

#include "gui/codeview/codelazyhighlighter.h"

#include <QTextCharFormat>

class CodeJsonHighlighter : public CodeLazyHighlighter
{
    Q_OBJECT
public:
    CodeJsonHighlighter(QTextDocument* document, const QPalette& palette);

protected:
    int highlightLine(QStringView line, int state, QVector<QTextLayout::FormatRange>& formats) override;
    void updateFormats(const CodeColors& colors) override;

private:
    QTextCharFormat m_key;
    QTextCharFormat m_string;
    QTextCharFormat m_number;
    QTextCharFormat m_literal;
};
