// SPDX-License-Identifier: MIT
#include "codeview/pythonhighlighter.h"

#include <algorithm>
#include <iterator>

namespace {

// Sorted, for binary search.
constexpr QStringView kKeywords[] = { u"False", u"None", u"True", u"and", u"as", u"assert", u"async",
    u"await", u"break", u"class", u"continue", u"def", u"del", u"elif", u"else", u"except", u"finally",
    u"for", u"from", u"global", u"if", u"import", u"in", u"is", u"lambda", u"nonlocal", u"not", u"or",
    u"pass", u"raise", u"return", u"try", u"while", u"with", u"yield" };

constexpr QStringView kBuiltins[] = { u"Exception", u"abs", u"all", u"any", u"bool", u"callable", u"dict",
    u"enumerate", u"filter", u"float", u"format", u"getattr", u"hasattr", u"hash", u"id", u"int",
    u"isinstance", u"issubclass", u"iter", u"len", u"list", u"map", u"max", u"min", u"next", u"object",
    u"open", u"print", u"range", u"repr", u"reversed", u"round", u"self", u"set", u"setattr", u"sorted",
    u"str", u"sum", u"super", u"tuple" };

bool contains(const auto& sorted, QStringView word)
{
    return std::binary_search(std::begin(sorted), std::end(sorted), word);
}

bool isIdentifierStart(QChar c)
{
    return c.isLetter() || c == u'_';
}

bool isIdentifierChar(QChar c)
{
    return c.isLetterOrNumber() || c == u'_';
}

int identifierEnd(QStringView line, int from)
{
    while (from < line.size() && isIdentifierChar(line[from]))
        ++from;
    return from;
}

// A dotted name starting at `from` (a.b.c); returns its end.
int dottedNameEnd(QStringView line, int from)
{
    int end = identifierEnd(line, from);
    while (end + 1 < line.size() && line[end] == u'.' && isIdentifierStart(line[end + 1]))
        end = identifierEnd(line, end + 1);
    return end;
}

bool isStringPrefix(QStringView word)
{
    if (word.size() > 2)
        return false;
    for (QChar c : word) {
        const char16_t lower = c.toLower().unicode();
        if (lower != u'r' && lower != u'b' && lower != u'f' && lower != u'u')
            return false;
    }
    return true;
}

// Where a string opened by `quote` (one char or a triple) ends, searching from `from`; -1 when it
// runs past the end of the line.
int stringEnd(QStringView line, int from, QStringView quote)
{
    for (int i = from; i < line.size(); ++i) {
        if (line[i] == u'\\') {
            ++i;
            continue;
        }
        if (line.mid(i).startsWith(quote))
            return i + int(quote.size());
    }
    return -1;
}

int numberEnd(QStringView line, int from)
{
    int i = from;
    while (i < line.size()) {
        const QChar c = line[i];
        if (c.isLetterOrNumber() || c == u'_' || c == u'.') {
            ++i;
        } else if ((c == u'+' || c == u'-') && (line[i - 1] == u'e' || line[i - 1] == u'E')
            && !line.mid(from, i - from).startsWith(u"0x")) {
            ++i;
        } else {
            break;
        }
    }
    return i;
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

int PythonHighlighter::highlightLine(QStringView line, int state, QVector<QTextLayout::FormatRange>& formats)
{
    const auto add = [&formats](int start, int end, const QTextCharFormat& format) {
        if (end > start)
            formats.append(QTextLayout::FormatRange { start, end - start, format });
    };

    int i = 0;
    if (state != Normal) {
        const QStringView quote = state == InSingleTriple ? QStringView(u"'''") : QStringView(u"\"\"\"");
        const int end = stringEnd(line, 0, quote);
        if (end < 0) {
            add(0, int(line.size()), m_string);
            return state;
        }
        add(0, end, m_string);
        i = end;
    }

    bool expectDefinitionName = false;
    const int length = int(line.size());
    while (i < length) {
        const QChar c = line[i];
        if (c.isSpace()) {
            ++i;
            continue;
        }
        if (c == u'#') {
            add(i, length, m_comment);
            return Normal;
        }
        if (c == u'\'' || c == u'"') {
            const int start = i;
            const bool triple = i + 2 < length && line[i + 1] == c && line[i + 2] == c;
            const QStringView quote = line.mid(i, triple ? 3 : 1);
            const int end = stringEnd(line, i + int(quote.size()), quote);
            if (end < 0) {
                add(start, length, m_string);
                if (triple)
                    return c == u'\'' ? InSingleTriple : InDoubleTriple;
                return Normal; // an unterminated one-line string ends with its line
            }
            add(start, end, m_string);
            i = end;
            continue;
        }
        if (c == u'@' && line.left(i).trimmed().isEmpty() && i + 1 < length
            && isIdentifierStart(line[i + 1])) {
            const int end = dottedNameEnd(line, i + 1);
            add(i, end, line.mid(i + 1, end - i - 1) == u"dvm.kernel" ? m_dvmDecorator : m_decorator);
            i = end;
            continue;
        }
        if (c.isDigit() || (c == u'.' && i + 1 < length && line[i + 1].isDigit())) {
            const int end = numberEnd(line, i);
            add(i, end, m_number);
            i = end;
            continue;
        }
        if (isIdentifierStart(c)) {
            const int end = identifierEnd(line, i);
            const QStringView word = line.mid(i, end - i);
            if (end < length && (line[end] == u'\'' || line[end] == u'"') && isStringPrefix(word)) {
                // r"…", f'…', b"""…""": the prefix is part of the string.
                const int quoteStart = end;
                const QChar q = line[quoteStart];
                const bool triple =
                    quoteStart + 2 < length && line[quoteStart + 1] == q && line[quoteStart + 2] == q;
                const QStringView quote = line.mid(quoteStart, triple ? 3 : 1);
                const int stringStop = stringEnd(line, quoteStart + int(quote.size()), quote);
                if (stringStop < 0) {
                    add(i, length, m_string);
                    if (triple)
                        return q == u'\'' ? InSingleTriple : InDoubleTriple;
                    return Normal;
                }
                add(i, stringStop, m_string);
                i = stringStop;
                continue;
            }
            const bool attribute = i > 0 && line[i - 1] == u'.';
            if (expectDefinitionName) {
                add(i, end, m_definition);
                expectDefinitionName = false;
            } else if (!attribute && word == u"k" && end + 1 < length && line[end] == u'.'
                && isIdentifierStart(line[end + 1])) {
                // k.<op>(…): a DVM builder statement.
                const int opEnd = identifierEnd(line, end + 1);
                if (opEnd < length && line[opEnd] == u'(') {
                    add(i, opEnd, m_dvmOp);
                    i = opEnd;
                    continue;
                }
            } else if (!attribute && word == u"torch" && line.mid(end).startsWith(u".ops.")) {
                const int targetEnd = dottedNameEnd(line, i);
                add(i, targetEnd, m_torchOp);
                i = targetEnd;
                continue;
            } else if (!attribute && contains(kKeywords, word)) {
                add(i, end, m_keyword);
                expectDefinitionName = word == u"def" || word == u"class";
            } else if (!attribute && contains(kBuiltins, word)) {
                add(i, end, m_builtin);
            }
            i = end;
            continue;
        }
        ++i;
    }
    return Normal;
}
