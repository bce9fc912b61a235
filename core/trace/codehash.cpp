// SPDX-License-Identifier: MIT
#include "core/trace/codehash.h"

#include "core/trace/digest.h"

namespace dvmlens {

namespace {

// Python's str.strip() with no argument, for the ASCII whitespace Inductor's text can hold.
std::string_view pythonStrip(std::string_view text)
{
    constexpr std::string_view kSpace = " \t\n\r\v\f";
    const std::size_t first = text.find_first_not_of(kSpace);
    if (first == std::string_view::npos)
        return {};
    return text.substr(first, text.find_last_not_of(kSpace) - first + 1);
}

} // namespace

std::string inductorCodeHash(std::string_view code)
{
    const std::string_view stripped = pythonStrip(code);
    const std::array<unsigned char, 32> digest = sha256(stripped);
    constexpr char kAlphabet[] = "abcdefghijklmnopqrstuvwxyz234567";
    std::string hash = "c";
    unsigned buffer = 0;
    int bits = 0;
    for (const unsigned char byte : digest) {
        buffer = (buffer << 8) | byte;
        bits += 8;
        while (bits >= 5 && hash.size() < 52) {
            hash += kAlphabet[(buffer >> (bits - 5)) & 31];
            bits -= 5;
        }
    }
    return hash;
}

bool isInductorCodeHash(std::string_view stem)
{
    if (stem.size() != 52 || stem[0] != 'c')
        return false;
    for (const char c : stem.substr(1))
        if (!((c >= 'a' && c <= 'z') || (c >= '2' && c <= '7')))
            return false;
    return true;
}

} // namespace dvmlens
