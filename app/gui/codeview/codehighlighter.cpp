// SPDX-License-Identifier: MIT
#include "gui/codeview/codehighlighter.h"

#include "gui/codeview/codejsonhighlighter.h"
#include "gui/codeview/codeksyntaxhighlighter.h"
#include "gui/codeview/codeloghighlighter.h"
#include "gui/codeview/pythonhighlighter.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QTextDocument>

#if DVMLENS_HAVE_KSYNTAXHIGHLIGHTING
#include <ksyntaxhighlighting_version.h>
#endif

namespace {

#if DVMLENS_HAVE_KSYNTAXHIGHLIGHTING
constexpr int kKSyntaxHighlightingMaxCharacters = 512 * 1024; // about 12 000 lines
#endif

enum class BuiltinLanguage
{
    None,
    Python,
    Log,
    Json
};

BuiltinLanguage builtinLanguageFor(const QString& fileName)
{
    const QString suffix = QFileInfo(fileName).suffix().toLower();
    if (suffix == QLatin1String("py") || suffix == QLatin1String("pyi"))
        return BuiltinLanguage::Python;
    if (suffix == QLatin1String("log") || suffix == QLatin1String("txt") || suffix == QLatin1String("out")
        || suffix == QLatin1String("err"))
        return BuiltinLanguage::Log;
    if (suffix == QLatin1String("json"))
        return BuiltinLanguage::Json;
    return BuiltinLanguage::None;
}

std::unique_ptr<CodeHighlighter> createBuiltinHighlighter(
    QTextDocument* document, const QString& fileName, const QPalette& palette)
{
    switch (builtinLanguageFor(fileName)) {
    case BuiltinLanguage::Python:
        return std::make_unique<PythonHighlighter>(document, palette);
    case BuiltinLanguage::Log:
        return std::make_unique<CodeLogHighlighter>(document, palette);
    case BuiltinLanguage::Json:
        return std::make_unique<CodeJsonHighlighter>(document, palette);
    case BuiltinLanguage::None:
        break;
    }
    return nullptr;
}

} // namespace

CodeHighlighter::CodeHighlighter() = default;

CodeHighlighter::~CodeHighlighter() = default;

QString CodeHighlighter::engineName()
{
#if DVMLENS_HAVE_KSYNTAXHIGHLIGHTING
    return QStringLiteral("KSyntaxHighlighting ") + QLatin1String(KSYNTAXHIGHLIGHTING_VERSION_STRING);
#else
    return QCoreApplication::translate("CodeHighlighter", "built-in highlighter");
#endif
}

std::unique_ptr<CodeHighlighter> createHighlighter(
    QTextDocument* document, const QString& fileName, const QPalette& palette)
{
    if (!document)
        return nullptr;
#if DVMLENS_HAVE_KSYNTAXHIGHLIGHTING
    // SyntaxHighlighter colours the whole document in one pass on the GUI thread, so long
    // documents go to the chunked built-in highlighters instead, as do files KSyntaxHighlighting
    // has no definition for (plain logs).
    if (document->characterCount() <= kKSyntaxHighlightingMaxCharacters) {
        const KSyntaxHighlighting::Definition definition =
            CodeKSyntaxHighlighter::repository().definitionForFileName(fileName);
        if (definition.isValid())
            return std::make_unique<CodeKSyntaxHighlighter>(document, definition, palette);
    }
#endif
    return createBuiltinHighlighter(document, fileName, palette);
}
