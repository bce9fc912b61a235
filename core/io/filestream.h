// SPDX-License-Identifier: MIT
// Bytes of a file that is not a node on disk (an archive's entry, a trace log's record), read
// through SafeFile as a file is: a container (container.h) hands one over, SafeFile holds the
// caller to its budget.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

namespace dvmlens {

class FileStream
{
public:
    virtual ~FileStream() = default;
    // Up to `size` bytes into `data`; `got` 0 at the end. False with `error` on a cut or corrupt stream.
    virtual bool read(char* data, std::size_t size, std::size_t& got, std::string& error) = 0;
    virtual std::uint64_t sizeHint() const = 0;
};

// Bytes already in memory (shared, never copied), read as a file.
class BytesStream final : public FileStream
{
public:
    BytesStream(std::shared_ptr<const std::string> data, std::uint64_t sizeHint);
    explicit BytesStream(std::shared_ptr<const std::string> data);
    bool read(char* data, std::size_t size, std::size_t& got, std::string& error) override;
    std::uint64_t sizeHint() const override
    {
        return m_sizeHint;
    }

private:
    std::shared_ptr<const std::string> m_data;
    std::size_t m_offset = 0;
    std::uint64_t m_sizeHint = 0;
};

} // namespace dvmlens
