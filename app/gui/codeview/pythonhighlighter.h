// SPDX-License-Identifier: MIT
// The built-in Python highlighter: keywords, builtins, strings (triple-quoted ones carried across
// lines), comments, numbers, decorators (@dvm.kernel bold in its own colour), the DVM builder's
// k.<op>(…) calls and torch.ops.* targets. One cheap left-to-right pass per line.
#pragma once

#include "gui/codeview/codelazyhighlighter.h"

#include <QTextCharFormat>

class PythonHighlighter : public CodeLazyHighlighter
{
    Q_OBJECT
public:
    // Line-end states: inside a ''' or """ string that continues on the next line.
    enum State
    {
        Normal = 0,
        InSingleTriple = 1,
        InDoubleTriple = 2
    };

    PythonHighlighter(QTextDocument* document, const QPalette& palette);

protected:
    int highlightLine(QStringView line, int state, QVector<QTextLayout::FormatRange>& formats) override;
    void updateFormats(const CodeColors& colors) override;

private:
    QTextCharFormat m_keyword;
    QTextCharFormat m_builtin;
    QTextCharFormat m_string;
    QTextCharFormat m_comment;
    QTextCharFormat m_number;
    QTextCharFormat m_decorator;
    QTextCharFormat m_dvmDecorator;
    QTextCharFormat m_dvmOp;
    QTextCharFormat m_torchOp;
    QTextCharFormat m_definition;
};
