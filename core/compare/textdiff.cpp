// SPDX-License-Identifier: MIT
#include "core/compare/textdiff.h"

#include <QHash>

#include <algorithm>
#include <cstddef>
#include <dtl/dtl.hpp>

namespace dvmlens {

namespace {

struct Lines
{
    std::vector<QStringView> text; // without "\n" and a trailing "\r"
    std::vector<bool> crlf;
};

Lines splitLines(QStringView text)
{
    Lines lines;
    qsizetype start = 0;
    while (start < text.size()) {
        qsizetype end = text.indexOf(u'\n', start);
        const bool terminated = end >= 0;
        if (!terminated)
            end = text.size();
        QStringView line = text.sliced(start, end - start);
        const bool crlf = terminated && line.endsWith(u'\r');
        if (crlf)
            line.chop(1);
        lines.text.push_back(line);
        lines.crlf.push_back(crlf);
        start = end + 1;
    }
    return lines;
}

// Equal lines get equal small integers, so the diff compares ints instead of strings.
std::vector<int> lineIds(const std::vector<QStringView>& lines, QHash<QStringView, int>& ids)
{
    std::vector<int> result;
    result.reserve(lines.size());
    for (QStringView line : lines) {
        auto it = ids.find(line);
        if (it == ids.end())
            it = ids.insert(line, int(ids.size()));
        result.push_back(it.value());
    }
    return result;
}

bool isWordChar(QChar c)
{
    return c.isLetterOrNumber() || c == u'_';
}

struct Token
{
    QStringView text;
    int start = 0;
};

std::vector<Token> tokenize(QStringView line)
{
    std::vector<Token> tokens;
    qsizetype at = 0;
    while (at < line.size()) {
        qsizetype end = at + 1;
        if (isWordChar(line[at])) {
            while (end < line.size() && isWordChar(line[end]))
                ++end;
        } else if (line[at].isSpace()) {
            while (end < line.size() && line[end].isSpace())
                ++end;
        }
        tokens.push_back({ line.sliced(at, end - at), int(at) });
        at = end;
    }
    return tokens;
}

void addRange(std::vector<CharRange>& ranges, const Token& token)
{
    const int length = int(token.text.size());
    if (!ranges.empty() && ranges.back().start + ranges.back().length == token.start)
        ranges.back().length += length;
    else
        ranges.push_back({ token.start, length });
}

void diffInsideLines(QStringView a, QStringView b, ChangedLine& changed)
{
    const std::vector<Token> tokensA = tokenize(a);
    const std::vector<Token> tokensB = tokenize(b);
    std::vector<QStringView> textA;
    std::vector<QStringView> textB;
    for (const Token& token : tokensA)
        textA.push_back(token.text);
    for (const Token& token : tokensB)
        textB.push_back(token.text);
    dtl::Diff<QStringView, std::vector<QStringView>> diff(textA, textB);
    diff.compose();
    const auto isBlank = [](QStringView token) { return token.front().isSpace(); };
    int common = 0;
    for (const auto& [token, info] : diff.getSes().getSequence()) {
        if (info.type == dtl::SES_DELETE)
            addRange(changed.rangesA, tokensA[std::size_t(info.beforeIdx - 1)]);
        else if (info.type == dtl::SES_ADD)
            addRange(changed.rangesB, tokensB[std::size_t(info.afterIdx - 1)]);
        else if (!isBlank(token))
            ++common;
    }
    const auto words = [&](const std::vector<QStringView>& tokens) {
        return int(
            std::count_if(tokens.begin(), tokens.end(), [&](QStringView token) { return !isBlank(token); }));
    };
    changed.similar = 2 * common >= std::max(words(textA), words(textB));
    if (!changed.similar) {
        changed.rangesA.clear();
        changed.rangesB.clear();
    }
}

void pairChangedLines(DiffHunk& hunk, const Lines& a, const Lines& b, const TextDiffOptions& options)
{
    const int pairs = std::min(hunk.countA, hunk.countB);
    for (int i = 0; i < pairs; ++i) {
        ChangedLine changed;
        changed.lineA = hunk.startA + i;
        changed.lineB = hunk.startB + i;
        const QStringView lineA = a.text[std::size_t(changed.lineA - 1)];
        const QStringView lineB = b.text[std::size_t(changed.lineB - 1)];
        if (lineA.size() <= options.maxIntraLineLength && lineB.size() <= options.maxIntraLineLength)
            diffInsideLines(lineA, lineB, changed);
        hunk.changed.push_back(std::move(changed));
    }
}

} // namespace

TextDiff diffTexts(QStringView a, QStringView b, const TextDiffOptions& options)
{
    const Lines linesA = splitLines(a);
    const Lines linesB = splitLines(b);
    TextDiff result;
    result.linesA = int(linesA.text.size());
    result.linesB = int(linesB.text.size());

    QHash<QStringView, int> ids;
    const std::vector<int> idsA = lineIds(linesA.text, ids);
    const std::vector<int> idsB = lineIds(linesB.text, ids);

    // The common head and tail need no diff; most output_code.py pairs differ in a few places.
    std::size_t head = 0;
    while (head < idsA.size() && head < idsB.size() && idsA[head] == idsB[head])
        ++head;
    std::size_t tail = 0;
    while (tail < idsA.size() - head && tail < idsB.size() - head
        && idsA[idsA.size() - 1 - tail] == idsB[idsB.size() - 1 - tail])
        ++tail;
    const auto lineEndingDiffers = [&](std::size_t lineA, std::size_t lineB) {
        if (linesA.crlf[lineA] != linesB.crlf[lineB] && lineA + 1 < linesA.crlf.size()
            && lineB + 1 < linesB.crlf.size())
            result.lineEndingsDiffer = true;
    };
    for (std::size_t i = 0; i < head; ++i)
        lineEndingDiffers(i, i);
    for (std::size_t i = 0; i < tail; ++i)
        lineEndingDiffers(idsA.size() - 1 - i, idsB.size() - 1 - i);

    // A line that occurs on one side only can never be common, so only lines found on both sides go
    // to the diff (the common subsequence is the same): two unrelated files then cost almost nothing.
    const std::size_t endA = idsA.size() - tail;
    const std::size_t endB = idsB.size() - tail;
    std::vector<int> seenA(ids.size(), 0);
    std::vector<int> seenB(ids.size(), 0);
    for (std::size_t i = head; i < endA; ++i)
        seenA[std::size_t(idsA[i])] = 1;
    for (std::size_t i = head; i < endB; ++i)
        seenB[std::size_t(idsB[i])] = 1;
    std::vector<std::size_t> sharedA; // line indices (0-based) of the lines handed to dtl
    std::vector<std::size_t> sharedB;
    std::vector<int> sharedIdsA;
    std::vector<int> sharedIdsB;
    for (std::size_t i = head; i < endA; ++i) {
        if (seenB[std::size_t(idsA[i])]) {
            sharedA.push_back(i);
            sharedIdsA.push_back(idsA[i]);
        }
    }
    for (std::size_t i = head; i < endB; ++i) {
        if (seenA[std::size_t(idsB[i])]) {
            sharedB.push_back(i);
            sharedIdsB.push_back(idsB[i]);
        }
    }

    // Everything between two common lines (and between the last one and the tail) is one hunk.
    std::size_t nextA = head; // 0-based: the first line of each side not yet in a hunk or common
    std::size_t nextB = head;
    const auto commonLine = [&](std::size_t lineA, std::size_t lineB) {
        if (lineA > nextA || lineB > nextB)
            result.hunks.push_back(
                { int(nextA) + 1, int(lineA - nextA), int(nextB) + 1, int(lineB - nextB), {} });
        if (lineA < endA && lineB < endB)
            lineEndingDiffers(lineA, lineB);
        nextA = lineA + 1;
        nextB = lineB + 1;
    };
    if (!sharedIdsA.empty() && !sharedIdsB.empty()) {
        dtl::Diff<int, std::vector<int>> diff(sharedIdsA, sharedIdsB);
        diff.compose();
        for (const auto& [id, info] : diff.getSes().getSequence()) {
            if (info.type == dtl::SES_COMMON)
                commonLine(sharedA[std::size_t(info.beforeIdx - 1)], sharedB[std::size_t(info.afterIdx - 1)]);
        }
    }
    commonLine(endA, endB);
    for (DiffHunk& hunk : result.hunks)
        pairChangedLines(hunk, linesA, linesB, options);
    return result;
}

namespace {

// Maps `line` of one side to the other; `from` / `to` pick the sides' fields of a hunk.
template <typename From, typename To>
int alignedLine(const std::vector<DiffHunk>& hunks, int line, int otherLines, From from, To to)
{
    // The last hunk that starts at or above `line`.
    const auto after = std::upper_bound(hunks.begin(), hunks.end(), line,
        [&](int value, const DiffHunk& hunk) { return value < from(hunk).first; });
    int mapped = line;
    if (after != hunks.begin()) {
        const auto [start, count] = from(*std::prev(after));
        const auto [otherStart, otherCount] = to(*std::prev(after));
        if (line < start + count)
            mapped = otherStart + std::min(line - start, otherCount);
        else
            mapped = line - (start + count) + (otherStart + otherCount);
    }
    return std::clamp(mapped, 1, std::max(otherLines, 1));
}

std::pair<int, int> sideA(const DiffHunk& hunk)
{
    return { hunk.startA, hunk.countA };
}

std::pair<int, int> sideB(const DiffHunk& hunk)
{
    return { hunk.startB, hunk.countB };
}

} // namespace

int alignedLineInB(const TextDiff& diff, int lineA)
{
    return alignedLine(diff.hunks, lineA, diff.linesB, sideA, sideB);
}

int alignedLineInA(const TextDiff& diff, int lineB)
{
    return alignedLine(diff.hunks, lineB, diff.linesA, sideB, sideA);
}

} // namespace dvmlens
