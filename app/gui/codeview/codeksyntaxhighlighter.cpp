// SPDX-License-Identifier: MIT
#include "gui/codeview/codeksyntaxhighlighter.h"

#if DVMLENS_HAVE_KSYNTAXHIGHLIGHTING

#include <QCoreApplication>
#include <QTextDocument>

#include <KSyntaxHighlighting/Theme>

namespace {

KSyntaxHighlighting::Repository* sharedRepository = nullptr;

KSyntaxHighlighting::Theme themeFor(const QPalette& palette)
{
    const bool dark = palette.color(QPalette::Base).lightness() < 128;
    return CodeKSyntaxHighlighter::repository().defaultTheme(
        dark ? KSyntaxHighlighting::Repository::DarkTheme : KSyntaxHighlighting::Repository::LightTheme);
}

} // namespace

CodeKSyntaxHighlighter::CodeKSyntaxHighlighter(
    QTextDocument* document, const KSyntaxHighlighting::Definition& definition, const QPalette& palette)
    : m_highlighter(new KSyntaxHighlighting::SyntaxHighlighter(document))
{
    // Theme first: setDefinition() rehighlights, setTheme() does not.
    m_highlighter->setTheme(themeFor(palette));
    m_highlighter->setDefinition(definition);
}

CodeKSyntaxHighlighter::~CodeKSyntaxHighlighter()
{
    delete m_highlighter.data();
}

void CodeKSyntaxHighlighter::setPalette(const QPalette& palette)
{
    if (!m_highlighter)
        return;
    m_highlighter->setTheme(themeFor(palette));
    m_highlighter->rehighlight();
}

bool CodeKSyntaxHighlighter::isFinished() const
{
    return true;
}

KSyntaxHighlighting::Repository& CodeKSyntaxHighlighter::repository()
{
    if (!sharedRepository) {
        sharedRepository = new KSyntaxHighlighting::Repository;
        qAddPostRoutine([] {
            delete sharedRepository;
            sharedRepository = nullptr;
        });
    }
    return *sharedRepository;
}

#endif
