// SPDX-License-Identifier: MIT
// Bytes of a regular file mapped into memory instead of copied: read(2) of a warm 1 GB
// kernel_details.csv spent a fifth of the reader's CPU copying pages a mapping only shares.
// A mapping has one danger: if the file shrinks while it is mapped, touching a page past its new
// end raises SIGBUS and would kill the process. So a process-wide SIGBUS handler (installed with
// the first window, passing every other fault on as if it were not there) maps zero pages over
// the rest of the window instead and marks it; the access is retried and reads zeros, and the
// reader asks shrank() and reports the file changed while it was read (systemd's journal reader
// survives truncated files the same way).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>

namespace dvmlens {

class MappedWindow
{
public:
    // Bytes after the window that are always readable: the file's next bytes, or zeros.
    static constexpr std::size_t kPadding = 64;
    // Windows mapped at once in the process (each reading thread holds one, two while it moves
    // on); map() refuses more.
    static constexpr int kMaxWindows = 64;

    // Maps bytes [offset, offset + length) of the open regular file `fd` read-only (offset need not
    // be page-aligned; length > 0). Returns nullopt when the system refuses (a file system without
    // mmap, no address space, too many windows at once): the caller reads instead.
    static std::optional<MappedWindow> map(int fd, std::uint64_t offset, std::size_t length);

    MappedWindow(MappedWindow&& other) noexcept;
    MappedWindow& operator=(MappedWindow&& other) noexcept;
    MappedWindow(const MappedWindow&) = delete;
    MappedWindow& operator=(const MappedWindow&) = delete;
    ~MappedWindow();

    const char* data() const
    {
        return data_;
    }
    std::size_t size() const
    {
        return size_;
    }

    // Whether a page of the window lay past the file's end when it was touched (the file shrank
    // while mapped): its bytes read as zeros, so what was read from the window is not the file.
    bool shrank() const;

private:
    MappedWindow(char* region, std::size_t regionBytes, const char* data, std::size_t size, int slot);
    void release();

    char* region_ = nullptr; // the whole mapping: page-aligned, the padding pages included
    std::size_t regionBytes_ = 0;
    const char* data_ = nullptr;
    std::size_t size_ = 0;
    int slot_ = -1; // where the SIGBUS handler finds the region
};

} // namespace dvmlens
