// SPDX-License-Identifier: MIT
#include "core/profile/fieldexcerpt.h"

namespace dvmlens {

std::string fieldExcerpt(std::string_view field)
{
    if (field.size() <= kFieldExcerptBytes)
        return std::string(field);
    std::size_t cut = kFieldExcerptBytes;
    // Back over continuation bytes to the start of the sequence the cut falls in (at most 3).
    for (std::size_t back = 0; back < 3 && cut > 0 && (static_cast<unsigned char>(field[cut]) & 0xc0) == 0x80;
         ++back)
        --cut;
    if ((static_cast<unsigned char>(field[cut]) & 0xc0) == 0x80)
        cut = kFieldExcerptBytes; // not UTF-8 there: the bytes as they are
    return std::string(field.substr(0, cut)) + "… (" + std::to_string(field.size()) + " bytes)";
}

} // namespace dvmlens
