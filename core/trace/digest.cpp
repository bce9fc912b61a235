// SPDX-License-Identifier: MIT
#include "core/trace/digest.h"

#include <new>
#include <openssl/evp.h>

namespace dvmlens {

namespace {

std::string toHex(const unsigned char* bytes, unsigned size)
{
    constexpr char kDigits[] = "0123456789abcdef";
    std::string hex;
    hex.reserve(size * 2);
    for (unsigned i = 0; i < size; ++i) {
        hex += kDigits[bytes[i] >> 4];
        hex += kDigits[bytes[i] & 15];
    }
    return hex;
}

// OpenSSL 3 looks a legacy EVP_md5() up in its provider table (locks and all) on every init: re-reads
// of a log of many small records spent 41 % of their time there (perf). Fetched once, shared by every thread
// (a fetched EVP_MD is immutable), and kept for the process.
const EVP_MD* fetched(const char* name)
{
    EVP_MD* md = EVP_MD_fetch(nullptr, name, nullptr);
    if (!md)
        throw std::bad_alloc();
    return md;
}

const EVP_MD* md5Algorithm()
{
    static const EVP_MD* const md = fetched("MD5");
    return md;
}

const EVP_MD* sha256Algorithm()
{
    static const EVP_MD* const md = fetched("SHA256");
    return md;
}

} // namespace

struct Md5::Context
{
    EVP_MD_CTX* context = EVP_MD_CTX_new();
    ~Context()
    {
        EVP_MD_CTX_free(context);
    }
};

Md5::Md5()
    : m_context(std::make_unique<Context>())
{
    if (!m_context->context)
        throw std::bad_alloc();
    reset();
}

Md5::~Md5() = default;

void Md5::reset()
{
    EVP_DigestInit_ex(m_context->context, md5Algorithm(), nullptr);
}

void Md5::add(std::string_view bytes)
{
    EVP_DigestUpdate(m_context->context, bytes.data(), bytes.size());
}

std::string Md5::hex()
{
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned size = 0;
    EVP_DigestFinal_ex(m_context->context, digest, &size);
    reset();
    return toHex(digest, size);
}

std::string md5Hex(std::string_view bytes)
{
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned size = 0;
    EVP_Digest(bytes.data(), bytes.size(), digest, &size, md5Algorithm(), nullptr);
    return toHex(digest, size);
}

std::array<unsigned char, 32> sha256(std::string_view bytes)
{
    std::array<unsigned char, 32> digest {};
    unsigned size = 0;
    EVP_Digest(bytes.data(), bytes.size(), digest.data(), &size, sha256Algorithm(), nullptr);
    return digest;
}

} // namespace dvmlens
