// SPDX-License-Identifier: MIT
#include "core/io/mappedwindow.h"

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <sys/mman.h>
#include <unistd.h>
#include <utility>

namespace dvmlens {

namespace {

// The regions of the windows mapped now, for the SIGBUS handler: it may run on any thread at any
// moment, so it reads only these lock-free atomics and calls only mmap and sigaction.
struct Slot
{
    std::atomic<std::uintptr_t> begin { 0 }; // 0: free; kClaimed: taken, being filled in
    std::atomic<std::uintptr_t> end { 0 };
    // Odd while begin and end are being changed: the handler takes them only from an even, unchanged
    // generation, so never the begin of one window with the end of another.
    std::atomic<std::uint64_t> generation { 0 };
    std::atomic<bool> shrank { false };
};
constexpr std::uintptr_t kClaimed = 1;
constexpr int kSlots = MappedWindow::kMaxWindows;
Slot slots[kSlots];
struct sigaction previousAction;
std::uintptr_t pageBytes = 4096;
constexpr std::uintptr_t kFolioBytes = std::uintptr_t(2) << 20; // a PMD on x86-64 and arm64 (4 KiB pages)

// Maps zero pages from the page of `address` to the end of the window holding it and marks the
// window; false when no window holds it.
bool zeroFillWindow(std::uintptr_t address)
{
    for (Slot& slot : slots) {
        std::uintptr_t begin = 0;
        std::uintptr_t end = 0;
        for (int tries = 0; tries < 1000; ++tries) {
            const std::uint64_t before = slot.generation;
            begin = slot.begin;
            end = slot.end;
            if (before % 2 == 0 && slot.generation == before)
                break;
            begin = end = 0;
        }
        if (begin <= kClaimed || address < begin || address >= end)
            continue;
        const std::uintptr_t page = address & ~(pageBytes - 1);
        if (::mmap(reinterpret_cast<void*>(page), end - page, PROT_READ,
                MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0)
            == MAP_FAILED)
            return false;
        slot.shrank = true;
        return true;
    }
    return false;
}

void onSigbus(int signal, siginfo_t* info, void* context)
{
    const int savedErrno = errno;
    // Only a faulting access (BUS_ADRERR) is a window's: a SIGBUS sent by kill(2) never is.
    if (info->si_code == BUS_ADRERR && zeroFillWindow(reinterpret_cast<std::uintptr_t>(info->si_addr))) {
        errno = savedErrno;
        return; // the access is retried and reads zeros
    }
    // Not a window's fault: as if this handler were not there.
    if (previousAction.sa_flags & SA_SIGINFO) {
        previousAction.sa_sigaction(signal, info, context);
    } else if (previousAction.sa_handler != SIG_DFL && previousAction.sa_handler != SIG_IGN) {
        previousAction.sa_handler(signal);
    } else if (previousAction.sa_handler == SIG_DFL || info->si_code > 0) {
        // The default action (a fault is never ignored): the signal, blocked while this runs,
        // ends the process on return as it would have without this handler.
        struct sigaction fallback
        {
        };
        fallback.sa_handler = SIG_DFL;
        sigemptyset(&fallback.sa_mask);
        ::sigaction(SIGBUS, &fallback, nullptr);
        ::raise(SIGBUS);
    }
    errno = savedErrno;
}

bool installHandler()
{
    pageBytes = static_cast<std::uintptr_t>(::sysconf(_SC_PAGESIZE));
    struct sigaction action
    {
    };
    action.sa_sigaction = onSigbus;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_RESTART;
    sigemptyset(&action.sa_mask);
    return ::sigaction(SIGBUS, &action, &previousAction) == 0;
}

int claimSlot(std::uintptr_t begin, std::uintptr_t end)
{
    for (int i = 0; i < kSlots; ++i) {
        std::uintptr_t expected = 0;
        if (slots[i].begin.compare_exchange_strong(expected, kClaimed)) {
            ++slots[i].generation;
            slots[i].shrank = false;
            slots[i].end = end;
            slots[i].begin = begin;
            ++slots[i].generation;
            return i;
        }
    }
    return -1;
}

void freeSlot(int i)
{
    ++slots[i].generation;
    slots[i].end = 0;
    ++slots[i].generation;
    slots[i].begin = 0; // free to be taken again
}

} // namespace

std::optional<MappedWindow> MappedWindow::map(int fd, std::uint64_t offset, std::size_t length)
{
    static const bool handlerInstalled = installHandler();
    if (!handlerInstalled || length == 0)
        return std::nullopt;
    const std::uint64_t pageOffset = offset & ~std::uint64_t(pageBytes - 1);
    const auto lead = static_cast<std::size_t>(offset - pageOffset);
    const std::size_t fileBytes = lead + length;
    // Anonymous zero pages first, then the file over them: the padding after the file's part is
    // readable even where the window ends on a page boundary or at the file's end. The file goes
    // where its address and offset agree modulo 2 MiB, as the kernel places a plain mapping of a
    // file: the page cache's large folios are then mapped a folio at a time (unaligned windows
    // spent a fifth of the read's CPU in page faults).
    const std::size_t usedBytes = (fileBytes + kPadding + pageBytes - 1) & ~(pageBytes - 1);
    const std::size_t regionBytes = usedBytes + kFolioBytes;
    void* const region =
        ::mmap(nullptr, regionBytes, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (region == MAP_FAILED)
        return std::nullopt;
    const auto regionBegin = reinterpret_cast<std::uintptr_t>(region);
    const std::uintptr_t begin =
        regionBegin + ((static_cast<std::uintptr_t>(pageOffset) - regionBegin) & (kFolioBytes - 1));
    if (::mmap(reinterpret_cast<void*>(begin), fileBytes, PROT_READ, MAP_SHARED | MAP_FIXED, fd,
            static_cast<off_t>(pageOffset))
        == MAP_FAILED) {
        ::munmap(region, regionBytes);
        return std::nullopt;
    }
    const int slot = claimSlot(begin, begin + usedBytes);
    if (slot < 0) {
        ::munmap(region, regionBytes);
        return std::nullopt;
    }
    return MappedWindow(
        static_cast<char*>(region), regionBytes, reinterpret_cast<const char*>(begin) + lead, length, slot);
}

MappedWindow::MappedWindow(
    char* region, std::size_t regionBytes, const char* data, std::size_t size, int slot)
    : region_(region)
    , regionBytes_(regionBytes)
    , data_(data)
    , size_(size)
    , slot_(slot)
{
}

MappedWindow::MappedWindow(MappedWindow&& other) noexcept
    : region_(std::exchange(other.region_, nullptr))
    , regionBytes_(std::exchange(other.regionBytes_, 0))
    , data_(std::exchange(other.data_, nullptr))
    , size_(std::exchange(other.size_, 0))
    , slot_(std::exchange(other.slot_, -1))
{
}

MappedWindow& MappedWindow::operator=(MappedWindow&& other) noexcept
{
    if (this != &other) {
        release();
        region_ = std::exchange(other.region_, nullptr);
        regionBytes_ = std::exchange(other.regionBytes_, 0);
        data_ = std::exchange(other.data_, nullptr);
        size_ = std::exchange(other.size_, 0);
        slot_ = std::exchange(other.slot_, -1);
    }
    return *this;
}

MappedWindow::~MappedWindow()
{
    release();
}

bool MappedWindow::shrank() const
{
    return slot_ >= 0 && slots[slot_].shrank;
}

void MappedWindow::release()
{
    if (!region_)
        return;
    // Out of the table first: once unmapped, the addresses may be another mapping's.
    freeSlot(slot_);
    ::munmap(region_, regionBytes_);
    region_ = nullptr;
    slot_ = -1;
}

} // namespace dvmlens
