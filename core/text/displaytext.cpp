// SPDX-License-Identifier: MIT
#include "core/text/displaytext.h"

namespace dvmlens {

namespace {

constexpr char kHex[] = "0123456789abcdef";

std::string escaped(std::string_view text, bool keepLines)
{
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        const unsigned char c = static_cast<unsigned char>(text[i]);
        if (keepLines && (c == '\n' || c == '\t')) {
            out += char(c);
        } else if (c < 0x20 || c == 0x7f) {
            out += "\\x";
            out += kHex[c >> 4];
            out += kHex[c & 0xf];
        } else if (c == 0xc2 && i + 1 < text.size() && static_cast<unsigned char>(text[i + 1]) >= 0x80
            && static_cast<unsigned char>(text[i + 1]) <= 0x9f) {
            // U+0080..U+009F: C1 controls (CSI 0x9b acts as ESC [ on many terminals).
            const unsigned char low = static_cast<unsigned char>(text[++i]);
            out += "\\u00";
            out += kHex[low >> 4];
            out += kHex[low & 0xf];
        } else {
            out += char(c);
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
