// SPDX-License-Identifier: MIT
// Where in a rules file a problem is, for errors that name file:line:col: byte offsets to lines
// and columns, the positions of the rule objects (nlohmann keeps none), the parser's own stop,
// and offending values quoted short.
#pragma once

#include <nlohmann/json.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace dvmlens::rulefile {

struct Position
{
    int line = 1;
    int column = 1;
};

// The line and column (1-based, in bytes) of `byteOffset` in `text`.
Position positionAt(std::string_view text, std::size_t byteOffset);

// "origin:line:col".
std::string where(const std::string& origin, Position position);

// How much of an offending value an error message quotes.
inline constexpr std::size_t kQuotedBytes = 80;
// A value quoted in an error: at most kQuotedBytes of it, cut on a UTF-8 boundary.
std::string quotedStart(std::string_view value);

// Positions of the objects in the top-level "rules" array, found with a string-aware bracket
// walk: nlohmann keeps no positions, and a schema error should point at its rule.
std::vector<Position> ruleObjectPositions(std::string_view text);

// Finds where nlohmann's parser gave up (number overflow and the like carry no byte offset when
// thrown): the SAX interface reports the position of every parse error.
struct ErrorPosition : nlohmann::json_sax<nlohmann::json>
{
    std::size_t position = 0;
    std::string reason;
    bool null() override
    {
        return true;
    }
    bool boolean(bool) override
    {
        return true;
    }
    bool number_integer(number_integer_t) override
    {
        return true;
    }
    bool number_unsigned(number_unsigned_t) override
    {
        return true;
    }
    bool number_float(number_float_t, const string_t&) override
    {
        return true;
    }
    bool string(string_t&) override
    {
        return true;
    }
    bool binary(binary_t&) override
    {
        return true;
    }
    bool start_object(std::size_t) override
    {
        return true;
    }
    bool key(string_t&) override
    {
        return true;
    }
    bool end_object() override
    {
        return true;
    }
    bool start_array(std::size_t) override
    {
        return true;
    }
    bool end_array() override
    {
        return true;
    }
    bool parse_error(std::size_t at, const std::string& token, const nlohmann::detail::exception& e) override
    {
        position = at >= token.size() ? at - token.size() : 0; // the offending token's first byte
        reason = e.what();
        return false;
    }
};

// nlohmann's message without its "[json.exception…] parse error at line 1, column 2:" prefix.
std::string shortReason(std::string reason);

} // namespace dvmlens::rulefile
