// SPDX-License-Identifier: MIT
// SharedText: an immutable string whose copies share one buffer, read as a const std::string.
// A Diagnostic's message is one: the same sentence said of a million empty graph folders is kept
// once (graphfolder::missingOutputCode hands out copies of one SharedText), while every reader
// still sees a std::string (conversions, find, c_str, ==, +). A change (=, +=) makes a new buffer,
// so a copy never sees another's change.
#pragma once

#include <memory>
#include <ostream>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

namespace dvmlens {

class SharedText
{
    template <typename S>
    using IfText =
        std::enable_if_t<std::is_convertible_v<const S&, std::string_view> && !std::is_same_v<S, SharedText>,
            int>;

public:
    SharedText() noexcept = default;
    SharedText(std::string text)
        : m_text(std::make_shared<const std::string>(std::move(text)))
    {
    }
    SharedText(const char* text)
        : SharedText(std::string(text))
    {
    }
    SharedText(std::string_view text)
        : SharedText(std::string(text))
    {
    }

    const std::string& str() const noexcept
    {
        return m_text ? *m_text : empty_();
    }
    operator const std::string&() const noexcept
    {
        return str();
    }
    operator std::string_view() const noexcept
    {
        return str();
    }

    const char* data() const noexcept
    {
        return str().data();
    }
    const char* c_str() const noexcept
    {
        return str().c_str();
    }
    std::size_t size() const noexcept
    {
        return str().size();
    }
    std::size_t length() const noexcept
    {
        return str().size();
    }
    bool empty() const noexcept
    {
        return str().empty();
    }
    std::string::const_iterator begin() const noexcept
    {
        return str().begin();
    }
    std::string::const_iterator end() const noexcept
    {
        return str().end();
    }
    char front() const
    {
        return str().front();
    }
    char back() const
    {
        return str().back();
    }
    char operator[](std::size_t i) const
    {
        return str()[i];
    }
    template <typename... Args> std::size_t find(Args&&... args) const
    {
        return str().find(std::forward<Args>(args)...);
    }
    template <typename... Args> std::size_t rfind(Args&&... args) const
    {
        return str().rfind(std::forward<Args>(args)...);
    }
    std::string substr(std::size_t pos = 0, std::size_t count = std::string::npos) const
    {
        return str().substr(pos, count);
    }

    SharedText& operator+=(std::string_view more)
    {
        return *this = str() + std::string(more);
    }
    SharedText& operator+=(char more)
    {
        return *this = str() + more;
    }

    friend bool operator==(const SharedText& a, const SharedText& b) noexcept
    {
        return a.view() == b.view();
    }
    friend bool operator!=(const SharedText& a, const SharedText& b) noexcept
    {
        return !(a == b);
    }
    friend bool operator<(const SharedText& a, const SharedText& b) noexcept
    {
        return a.view() < b.view();
    }
    template <typename S, IfText<S> = 0> friend bool operator==(const SharedText& a, const S& b) noexcept
    {
        return a.view() == std::string_view(b);
    }
    template <typename S, IfText<S> = 0> friend bool operator==(const S& a, const SharedText& b) noexcept
    {
        return std::string_view(a) == b.view();
    }
    template <typename S, IfText<S> = 0> friend bool operator!=(const SharedText& a, const S& b) noexcept
    {
        return !(a == b);
    }
    template <typename S, IfText<S> = 0> friend bool operator!=(const S& a, const SharedText& b) noexcept
    {
        return !(b == a);
    }
    template <typename S, IfText<S> = 0> friend std::string operator+(const SharedText& a, const S& b)
    {
        return a.str() + std::string(std::string_view(b));
    }
    template <typename S, IfText<S> = 0> friend std::string operator+(const S& a, const SharedText& b)
    {
        return std::string(std::string_view(a)) + b.str();
    }
    friend std::string operator+(const SharedText& a, const SharedText& b)
    {
        return a.str() + b.str();
    }
    friend std::string operator+(const SharedText& a, char b)
    {
        return a.str() + b;
    }
    friend std::string operator+(char a, const SharedText& b)
    {
        return a + b.str();
    }
    friend std::ostream& operator<<(std::ostream& out, const SharedText& text)
    {
        return out << text.str();
    }

private:
    std::string_view view() const noexcept
    {
        return str();
    }
    static const std::string& empty_() noexcept
    {
        static const std::string empty;
        return empty;
    }

    std::shared_ptr<const std::string> m_text;
};

} // namespace dvmlens
