// SPDX-License-Identifier: MIT
// Python logical lines in one pass over a file's bytes, with string literals and comments masked,
// so nothing inside a docstring, a kernel source or a comment can look like code.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace dvmlens {

// One logical line. `code` is the masked text: every string literal (with its prefix) is replaced
// by one '"', comments are dropped, and the line breaks that brackets or a backslash join become
// spaces. The views stay valid until the next PyLexer::next().
struct LogicalLine
{
    std::string_view code;
    const std::vector<std::string_view>* literals = nullptr; // the string contents, one per '"', in order
    int firstLine = 0; // 1-based physical lines
    int lastLine = 0;
    int indent = 0; // columns before the first token (a tab advances to the next multiple of 8)

    // The physical line of the character at `offset` in `code`.
    int lineAt(std::size_t offset) const;

    // The contents of the string literal whose '"' placeholder is at `offset` in `code`.
    std::optional<std::string_view> literalAt(std::size_t offset) const;

    // Filled by PyLexer: (code offset, physical line) from which on the line number changes.
    const std::vector<std::pair<std::uint32_t, int>>* lineBreaks = nullptr;
};

class PyLexer
{
public:
    explicit PyLexer(std::string_view bytes);

    // Moves to the next logical line; false at the end of the file. Blank and comment-only lines
    // produce no logical line.
    bool next(LogicalLine& line);

    // Physical lines seen so far; the whole file's count once next() returned false.
    int physicalLines() const
    {
        return physicalLines_;
    }

    // Set at the end when the file stopped inside a string literal or an open bracket: the line
    // where that string or the outermost bracket started.
    std::optional<int> truncatedAt() const
    {
        return truncatedAt_;
    }
    bool truncatedInString() const
    {
        return truncatedInString_;
    }

private:
    void readString(char quote);
    void noteLineChange();

    std::string_view bytes_;
    std::size_t pos_ = 0;
    int line_ = 1; // physical line of bytes_[pos_]
    int physicalLines_ = 0;
    std::optional<int> truncatedAt_;
    bool truncatedInString_ = false;

    std::string code_;
    std::vector<std::string_view> literals_;
    std::vector<std::pair<std::uint32_t, int>> lineBreaks_;
};

} // namespace dvmlens
