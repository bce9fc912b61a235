// SPDX-License-Identifier: MIT
// BoxedOptional<T>: std::optional's interface with the value on the heap, so a struct that holds
// a big T only now and then (a Graph's OutputCode and GraphOrigin: an empty graph folder has
// neither) pays one pointer when it holds none. Copies are deep, as std::optional's are.
#pragma once

#include <memory>
#include <optional>
#include <type_traits>
#include <utility>

namespace dvmlens {

template <typename T> class BoxedOptional
{
public:
    using value_type = T;

    BoxedOptional() noexcept = default;
    BoxedOptional(std::nullopt_t) noexcept { }
    BoxedOptional(const T& value)
        : m_value(std::make_unique<T>(value))
    {
    }
    BoxedOptional(T&& value)
        : m_value(std::make_unique<T>(std::move(value)))
    {
    }
    BoxedOptional(const std::optional<T>& value)
        : m_value(value ? std::make_unique<T>(*value) : nullptr)
    {
    }
    BoxedOptional(std::optional<T>&& value)
        : m_value(value ? std::make_unique<T>(std::move(*value)) : nullptr)
    {
    }
    BoxedOptional(const BoxedOptional& other)
        : m_value(other ? std::make_unique<T>(*other) : nullptr)
    {
    }
    BoxedOptional(BoxedOptional&&) noexcept = default;
    ~BoxedOptional() = default;

    BoxedOptional& operator=(const BoxedOptional& other)
    {
        if (this != &other)
            m_value = other ? std::make_unique<T>(*other) : nullptr;
        return *this;
    }
    BoxedOptional& operator=(BoxedOptional&&) noexcept = default;
    BoxedOptional& operator=(std::nullopt_t) noexcept
    {
        m_value.reset();
        return *this;
    }

    template <typename... Args> T& emplace(Args&&... args)
    {
        m_value = std::make_unique<T>(std::forward<Args>(args)...);
        return *m_value;
    }
    void reset() noexcept
    {
        m_value.reset();
    }
    void swap(BoxedOptional& other) noexcept
    {
        m_value.swap(other.m_value);
    }

    bool has_value() const noexcept
    {
        return m_value != nullptr;
    }
    explicit operator bool() const noexcept
    {
        return m_value != nullptr;
    }

    T& operator*() &
    {
        return *m_value;
    }
    const T& operator*() const&
    {
        return *m_value;
    }
    T&& operator*() &&
    {
        return std::move(*m_value);
    }
    T* operator->()
    {
        return m_value.get();
    }
    const T* operator->() const
    {
        return m_value.get();
    }

    T& value() &
    {
        check();
        return *m_value;
    }
    const T& value() const&
    {
        check();
        return *m_value;
    }
    T&& value() &&
    {
        check();
        return std::move(*m_value);
    }
    template <typename U> T value_or(U&& fallback) const&
    {
        return m_value ? *m_value : static_cast<T>(std::forward<U>(fallback));
    }

    // The value as a std::optional (a copy), for an interface that takes one.
    std::optional<T> optional() const
    {
        return m_value ? std::optional<T>(*m_value) : std::nullopt;
    }

    friend bool operator==(const BoxedOptional& a, std::nullopt_t) noexcept
    {
        return !a;
    }
    friend bool operator==(std::nullopt_t, const BoxedOptional& a) noexcept
    {
        return !a;
    }
    friend bool operator!=(const BoxedOptional& a, std::nullopt_t) noexcept
    {
        return bool(a);
    }
    friend bool operator!=(std::nullopt_t, const BoxedOptional& a) noexcept
    {
        return bool(a);
    }
    friend bool operator==(const BoxedOptional& a, const BoxedOptional& b)
    {
        return bool(a) == bool(b) && (!a || *a == *b);
    }
    friend bool operator!=(const BoxedOptional& a, const BoxedOptional& b)
    {
        return !(a == b);
    }

private:
    void check() const
    {
        if (!m_value)
            throw std::bad_optional_access();
    }

    std::unique_ptr<T> m_value;
};

template <typename T, typename U> auto operator==(const BoxedOptional<T>& a, const U& b) -> decltype(*a == b)
{
    return a && *a == b;
}
template <typename T, typename U> auto operator!=(const BoxedOptional<T>& a, const U& b) -> decltype(*a != b)
{
    return !a || *a != b;
}

} // namespace dvmlens
