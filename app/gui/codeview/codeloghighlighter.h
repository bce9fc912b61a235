// SPDX-License-Identifier: MIT
// Light highlighting for logs and text artifacts: ERROR/Traceback lines, WARNING lines, the
// `File "…", line N` frames of a traceback, and torch.ops targets.
#pragma once

#include "gui/codeview/codelazyhighlighter.h"

#include <QTextCharFormat>

class CodeLogHighlighter : public CodeLazyHighlighter
{
    Q_OBJECT
public:
    CodeLogHighlighter(QTextDocument* document, const QPalette& palette);

protected:
    int highlightLine(QStringView line, int state, QVector<QTextLayout::FormatRange>& formats) override;
    void updateFormats(const CodeColors& colors) override;

private:
    QTextCharFormat m_error;
    QTextCharFormat m_warning;
    QTextCharFormat m_frame;
    QTextCharFormat m_torchOp;
};
