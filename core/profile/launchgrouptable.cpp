// SPDX-License-Identifier: MIT
#include "core/profile/launchgrouptable.h"

#include <cstring>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace dvmlens {

namespace {

// The last `left` (< 8) bytes at `p` as one word, without a variable-length copy: two overlapping
// loads of 4 bytes, or the first, middle and last byte.
inline std::uint64_t tailWord(const char* p, std::size_t left)
{
    if (left >= 4) {
        std::uint32_t low, high;
        std::memcpy(&low, p, 4);
        std::memcpy(&high, p + left - 4, 4);
        return low | (std::uint64_t(high) << 32);
    }
    if (left == 0)
        return 0;
    const auto byte = [p](std::size_t at) { return std::uint64_t(static_cast<unsigned char>(p[at])); };
    return byte(0) | (byte(left / 2) << 8) | (byte(left - 1) << 16);
}

inline std::uint64_t load64(const char* p)
{
    std::uint64_t word;
    std::memcpy(&word, p, 8);
    return word;
}

#if defined(__SSE2__)
// The bits of the bytes among a[0, 64) and b[0, 64) that differ, of the first n (≤ 64) only: four
// compares and no branch, as a branch per part on lengths the predictor cannot learn (thousands of
// kernels in turn) costs more than the compares. 64 bytes after a and b must be readable.
inline std::uint64_t differingBytes(const char* a, const char* b, std::size_t n)
{
    std::uint64_t equal = 0;
    for (int i = 0; i < 4; ++i) {
        const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(a + 16 * i));
        const __m128i y = _mm_loadu_si128(reinterpret_cast<const __m128i*>(b + 16 * i));
        equal |= std::uint64_t(static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(x, y)))) << (16 * i);
    }
    const std::uint64_t used = n >= 64 ? ~std::uint64_t(0) : (std::uint64_t(1) << n) - 1;
    return ~equal & used;
}
#endif

} // namespace

std::uint64_t LaunchGroupTable::hash(const LaunchKey& key)
{
    // 8 bytes a step, multiply and fold: the keys are ASCII names and shapes, not adversarial (a
    // collision costs a comparison, never a wrong group).
    std::uint64_t h = 0x9e3779b97f4a7c15ull;
    for (const std::string_view part : key) {
        const char* p = part.data();
        std::size_t left = part.size();
        h ^= left; // keeps "ab" + "c" apart from "a" + "bc"
        for (; left >= 8; p += 8, left -= 8) {
            h = (h ^ load64(p)) * 0xff51afd7ed558ccdull;
            h ^= h >> 32;
        }
        h = (h ^ tailWord(p, left)) * 0xc4ceb9fe1a85ec53ull;
        h ^= h >> 29;
    }
    return h;
}

bool LaunchGroupTable::matches(std::uint32_t group, const LaunchKey& key) const
{
    const char* stored = arena_.data() + keyAt_[group];
#if defined(__SSE2__)
    if (rowPadded_) {
        std::uint64_t differ = 0;
        for (const std::string_view part : key) {
            std::uint32_t length;
            std::memcpy(&length, stored, 4);
            differ |= length ^ part.size();
            if (part.size() > 64) { // beyond the 64 compared at once: rare, and off the fast path
                // Only keys of the same length are compared: a shorter stored key may end the arena
                // (fuzz_profile found the read past it).
                if (length == part.size())
                    differ |=
                        static_cast<std::uint64_t>(std::memcmp(stored + 4, part.data(), part.size()) != 0);
            } else
                differ |= differingBytes(stored + 4, part.data(), part.size());
            stored += 4 + length;
        }
        return differ == 0;
    }
#endif
    for (const std::string_view part : key) {
        std::uint32_t length;
        std::memcpy(&length, stored, 4);
        if (length != part.size() || std::memcmp(stored + 4, part.data(), part.size()) != 0)
            return false;
        stored += 4 + length;
    }
    return true;
}

std::uint32_t LaunchGroupTable::find(const LaunchKey& key, std::uint64_t h) const
{
    if (slots_.empty())
        return kNone;
    for (std::size_t at = h & mask_;; at = (at + 1) & mask_) {
        const Slot& slot = slots_[at];
        if (slot.group == kNone)
            return kNone;
        if (slot.hash == h && matches(slot.group, key))
            return slot.group;
    }
}

std::uint32_t LaunchGroupTable::add(const LaunchKey& key, std::uint64_t h)
{
    const auto group = static_cast<std::uint32_t>(keyAt_.size());
    if (arena_.empty())
        arena_.assign(kPadding, '\0');
    keyAt_.push_back(arena_.size() - kPadding);
    next_.push_back(kNone);
    arena_.resize(arena_.size() - kPadding); // the padding moves past the new key
    for (const std::string_view part : key) {
        const auto length = static_cast<std::uint32_t>(part.size());
        arena_.append(reinterpret_cast<const char*>(&length), 4);
        arena_.append(part);
    }
    arena_.append(kPadding, '\0');
    if (keyAt_.size() * 2 > slots_.size())
        grow();
    else
        place(h, group);
    return group;
}

void LaunchGroupTable::place(std::uint64_t h, std::uint32_t group)
{
    std::size_t at = h & mask_;
    while (slots_[at].group != kNone)
        at = (at + 1) & mask_;
    slots_[at] = Slot { h, group };
}

void LaunchGroupTable::grow()
{
    const std::size_t size = slots_.empty() ? 1024 : slots_.size() * 2;
    slots_.assign(size, Slot());
    mask_ = size - 1;
    // Hashes again from the arena: the table grows a few times in a whole file.
    for (std::uint32_t group = 0; group < keyAt_.size(); ++group) {
        LaunchKey key;
        const char* stored = arena_.data() + keyAt_[group];
        for (std::string_view& part : key) {
            std::uint32_t length;
            std::memcpy(&length, stored, 4);
            part = std::string_view(stored + 4, length);
            stored += 4 + length;
        }
        place(hash(key), group);
    }
}

std::uint32_t LaunchGroupTable::groupOf(const LaunchKey& key, bool& added, bool padded)
{
    added = false;
    rowPadded_ = padded;
    std::uint32_t group = kNone;
    for (const std::uint32_t candidate : predicted()) {
        if (candidate != kNone && matches(candidate, key)) {
            group = candidate;
            break;
        }
    }
    if (group == kNone) {
        const std::uint64_t h = hash(key);
        group = find(key, h);
        if (group == kNone) {
            group = add(key, h);
            added = true;
        }
    }
    confirm(group);
    return group;
}

} // namespace dvmlens
