// SPDX-License-Identifier: MIT
// The KF6SyntaxHighlighting backend of CodeHighlighter (compiled only when KF6 is found): the
// definition comes from the file name, the default light or dark theme from the palette.
#pragma once

#if DVMLENS_HAVE_KSYNTAXHIGHLIGHTING

#include "gui/codeview/codehighlighter.h"

#include <QPointer>

#include <KSyntaxHighlighting/Definition>
#include <KSyntaxHighlighting/Repository>
#include <KSyntaxHighlighting/SyntaxHighlighter>

class CodeKSyntaxHighlighter : public CodeHighlighter
{
    Q_OBJECT
public:
    CodeKSyntaxHighlighter(
        QTextDocument* document, const KSyntaxHighlighting::Definition& definition, const QPalette& palette);
    ~CodeKSyntaxHighlighter() override;

    void setPalette(const QPalette& palette) override;
    bool isFinished() const override;

    // One repository per process: loading the definitions is slow.
    static KSyntaxHighlighting::Repository& repository();

private:
    QPointer<KSyntaxHighlighting::SyntaxHighlighter> m_highlighter; // a child of the document
};

#endif
