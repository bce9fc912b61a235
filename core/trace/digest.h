// SPDX-License-Identifier: MIT
// The digests the trace side checks and names code by: MD5 (a record's "has_payload") and SHA-256
// (Inductor's code hash, codehash.h), from OpenSSL's libcrypto, which uses the CPU's SHA extensions:
// Qt's portable SHA-256 took 2.3 s of a 200 MB log that libcrypto hashes in 0.2 s.
#pragma once

#include <array>
#include <memory>
#include <string>
#include <string_view>

namespace dvmlens {

// An MD5 fed piece by piece (a payload too large to keep is still checked).
class Md5
{
public:
    Md5();
    ~Md5();
    Md5(const Md5&) = delete;
    Md5& operator=(const Md5&) = delete;

    void reset();
    void add(std::string_view bytes);
    std::string hex(); // lower-case hex of what was added since reset(); then reset()

private:
    struct Context;
    std::unique_ptr<Context> m_context;
};

std::string md5Hex(std::string_view bytes);
std::array<unsigned char, 32> sha256(std::string_view bytes);

} // namespace dvmlens
