// SPDX-License-Identifier: MIT
#include "core/text/displaytext.h"

namespace dvmlens {

namespace {

constexpr char kHex[] = "0123456789abcdef";

// The length of the well-formed UTF-8 sequence at text[i] (2 to 4) and its code point; 0 when the
// bytes there are not one (a lone continuation byte, a cut or overlong sequence).
std::size_t utf8Sequence(std::string_view text, std::size_t i, char32_t& codePoint)
{
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
    const unsigned char lead = byte(i);
    std::size_t length = 0;
    char32_t value = 0;
    char32_t least = 0;
    if (lead >= 0xc2 && lead <= 0xdf) {
        length = 2;
        value = lead & 0x1f;
        least = 0x80;
    } else if (lead >= 0xe0 && lead <= 0xef) {
        length = 3;
        value = lead & 0x0f;
        least = 0x800;
    } else if (lead >= 0xf0 && lead <= 0xf4) {
        length = 4;
        value = lead & 0x07;
        least = 0x10000;
    } else {
        return 0;
    }
    if (i + length > text.size())
        return 0;
    for (std::size_t k = 1; k < length; ++k) {
        if ((byte(i + k) & 0xc0) != 0x80)
            return 0;
        value = (value << 6) | (byte(i + k) & 0x3f);
    }
    if (value < least || value > 0x10ffff || (value >= 0xd800 && value <= 0xdfff))
        return 0;
    codePoint = value;
    return length;
}

// Code points a terminal acts on or that reorder what is shown: C1 controls (U+009B is CSI on
// many terminals) and the bidi embeddings, overrides and isolates (U+202E shows text reversed,
// so a name can pass for another).
bool isHiddenControl(char32_t codePoint)
{
    return (codePoint >= 0x80 && codePoint <= 0x9f) || (codePoint >= 0x202a && codePoint <= 0x202e)
        || (codePoint >= 0x2066 && codePoint <= 0x2069);
}

void appendHex(std::string& out, const char* prefix, unsigned value, int digits)
{
    out += prefix;
    for (int shift = 4 * (digits - 1); shift >= 0; shift -= 4)
        out += kHex[(value >> shift) & 0xf];
}

std::string escaped(std::string_view text, bool keepLines)
{
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        const unsigned char c = static_cast<unsigned char>(text[i]);
        if (c < 0x80) {
            if (keepLines && (c == '\n' || c == '\t'))
                out += char(c);
            else if (c < 0x20 || c == 0x7f)
                appendHex(out, "\\x", c, 2);
            else
                out += char(c);
            continue;
        }
        char32_t codePoint = 0;
        const std::size_t length = utf8Sequence(text, i, codePoint);
        if (length == 0) {
            // Not UTF-8 (a Latin-1 or GBK name): a lone byte 0x80..0x9f is a C1 control to an
            // 8-bit terminal (0x9b CSI, 0x9d OSC, 0x90 DCS).
            if (c <= 0x9f)
                appendHex(out, "\\x", c, 2);
            else
                out += char(c);
        } else if (isHiddenControl(codePoint)) {
            appendHex(out, "\\u", static_cast<unsigned>(codePoint), 4);
            i += length - 1;
        } else {
            out.append(text.substr(i, length));
            i += length - 1;
        }
    }
    return out;
}

} // namespace

std::string displayName(std::string_view name)
{
    return escaped(name, false);
}

std::string terminalSafe(std::string_view text)
{
    return escaped(text, true);
}

} // namespace dvmlens
