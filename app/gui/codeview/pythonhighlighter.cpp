// SPDX-License-Identifier: MIT
#include "gui/codeview/pythonhighlighter.h"

#include "core/text/pythontokens.h"

namespace {

using Tokenizer = dvmlens::python::LineTokenizer<char16_t>;
using dvmlens::python::TokenKind;

std::u16string_view utf16(QStringView line)
{
    return { reinterpret_cast<const char16_t*>(line.utf16()), std::size_t(line.size()) };
}

} // namespace

PythonHighlighter::PythonHighlighter(QTextDocument* document, const QPalette& palette)
    : CodeLazyHighlighter(document, palette)
{
    begin();
}

void PythonHighlighter::updateFormats(const CodeColors& colors)
{
    const auto format = [](const QColor& color, bool bold = false, bool italic = false) {
        QTextCharFormat f;
        f.setForeground(color);
        if (bold)
            f.setFontWeight(QFont::Bold);
        if (italic)
            f.setFontItalic(true);
        return f;
    };
    m_keyword = format(colors.keyword, true);
    m_builtin = format(colors.builtin);
    m_string = format(colors.string);
    m_comment = format(colors.comment, false, true);
    m_number = format(colors.number);
    m_decorator = format(colors.decorator);
    m_dvmDecorator = format(colors.dvmDecorator, true);
    m_dvmOp = format(colors.dvmOp);
    m_torchOp = format(colors.torchOp);
    m_definition = format(colors.definition, true);
}

int PythonHighlighter::highlightLine(QStringView qline, int state, QVector<QTextLayout::FormatRange>& formats)
{
    const auto add = [&formats](std::size_t start, std::size_t end, const QTextCharFormat& format) {
        if (end > start)
            formats.append(QTextLayout::FormatRange { int(start), int(end - start), format });
    };
    // The split into tokens is core's (shared with the HTML report); the colours and the DVM
    // builder's k.<op>(…) and torch.ops.* spans are the code view's.
    const std::u16string_view line = utf16(qline);
    std::vector<dvmlens::python::Token> tokens;
    const auto next = Tokenizer::tokenize(line, dvmlens::python::LineState(state), tokens);
    bool expectDefinitionName = false;
    std::size_t skipUntil = 0; // tokens inside a span already added
    for (const dvmlens::python::Token& token : tokens) {
        const std::size_t end = token.start + token.length;
        if (token.start < skipUntil)
            continue;
        switch (token.kind) {
        case TokenKind::Comment:
            add(token.start, end, m_comment);
            break;
        case TokenKind::String:
            add(token.start, end, m_string);
            break;
        case TokenKind::Number:
            add(token.start, end, m_number);
            break;
        case TokenKind::Decorator:
            add(token.start, end,
                dvmlens::python::equalsAscii(line.substr(token.start + 1, token.length - 1), "dvm.kernel")
                    ? m_dvmDecorator
                    : m_decorator);
            break;
        case TokenKind::Keyword:
        case TokenKind::Builtin:
        case TokenKind::Name: {
            const std::u16string_view word = line.substr(token.start, token.length);
            const bool attribute = token.start > 0 && line[token.start - 1] == u'.';
            if (expectDefinitionName) {
                add(token.start, end, m_definition);
                expectDefinitionName = false;
            } else if (!attribute && dvmlens::python::equalsAscii(word, "k") && end + 1 < line.size()
                && line[end] == u'.' && Tokenizer::isIdentifierStart(line[end + 1])) {
                // k.<op>(…): a DVM builder statement.
                const std::size_t opEnd = Tokenizer::identifierEnd(line, end + 1);
                if (opEnd < line.size() && line[opEnd] == u'(') {
                    add(token.start, opEnd, m_dvmOp);
                    skipUntil = opEnd;
                }
            } else if (!attribute && dvmlens::python::equalsAscii(word, "torch")
                && line.substr(end).substr(0, 5) == u".ops.") {
                const std::size_t targetEnd = Tokenizer::dottedNameEnd(line, token.start);
                add(token.start, targetEnd, m_torchOp);
                skipUntil = targetEnd;
            } else if (token.kind == TokenKind::Keyword) {
                add(token.start, end, m_keyword);
                expectDefinitionName =
                    dvmlens::python::equalsAscii(word, "def") || dvmlens::python::equalsAscii(word, "class");
            } else if (token.kind == TokenKind::Builtin) {
                add(token.start, end, m_builtin);
            }
            break;
        }
        }
    }
    return int(next);
}
