// SPDX-License-Identifier: MIT
// Two emitters for one schema walk (see scanjson.cpp): JsonTextWriter appends JSON text in exactly
// the layout of nlohmann's dump(2, ' ', false, error_handler_t::replace) and can hand it to a sink
// in ~1 MB pieces, so a big document never exists whole; JsonValueBuilder builds the same document
// as an nlohmann::ordered_json. Both take the same calls: beginObject/key/…/endObject,
// beginArray/…/endArray and value(…) for scalars.
#pragma once

#include <nlohmann/json.hpp>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace dvmlens {

class JsonTextWriter
{
public:
    using Sink = std::function<void(std::string_view)>;

    // Without a sink the text accumulates; take it with take(). With one, every time a value ends
    // and at least `flushBytes` are buffered they go to the sink; finish() sends the rest.
    explicit JsonTextWriter(Sink sink = {}, std::size_t flushBytes = std::size_t(1) << 20);

    void beginObject();
    void endObject();
    void beginArray();
    void endArray();
    void key(std::string_view name);

    void value(std::string_view text);
    void value(const std::string& text)
    {
        value(std::string_view(text));
    }
    void value(const char* text)
    {
        value(std::string_view(text));
    }
    void value(bool flag);
    void value(int number)
    {
        value(static_cast<std::int64_t>(number));
    }
    void value(std::int64_t number);
    void value(std::uint64_t number);
    void value(double number);
    void value(std::nullptr_t);

    // A writer whose top-level value sits `depth` containers deep in another document (its lines
    // are indented for that depth): values rendered apart, on other threads, and then spliced into
    // that document with rawValue().
    static JsonTextWriter nestedAt(std::size_t depth);
    // How deep the next value goes: the open containers, plus the depth of nestedAt().
    std::size_t depth() const
    {
        return baseDepth_ + levels_.size();
    }
    // Writes `rendered`, the text of one value from a nestedAt(depth()) writer, as the next value.
    void rawValue(std::string_view rendered);

    // Sends what is buffered to the sink (no-op without one).
    void finish();
    // The text so far (without a sink: the whole document). Leaves the writer empty.
    std::string take();

private:
    struct Level
    {
        char close; // '}' or ']'
        bool empty;
    };

    void beforeValue(); // separator and indent for the next array element or object member
    void open(char bracket, char close);
    void close();
    void newlineAndIndent(std::size_t depth);
    void afterValue(); // flushes when the buffer is full
    void appendString(std::string_view text);

    Sink sink_;
    std::size_t flushBytes_;
    std::string buffer_;
    std::vector<Level> levels_;
    std::size_t baseDepth_ = 0;
    bool afterKey_ = false;
};

class JsonValueBuilder
{
public:
    void beginObject();
    void endObject();
    void beginArray();
    void endArray();
    void key(std::string_view name);

    template <typename T> void value(T&& scalar)
    {
        insert(nlohmann::ordered_json(std::forward<T>(scalar)));
    }

    // The finished document. Leaves the builder empty.
    nlohmann::ordered_json take();

private:
    nlohmann::ordered_json* insert(nlohmann::ordered_json value);

    nlohmann::ordered_json root_;
    // Containers being filled; only the innermost grows, so pointers to the outer ones stay valid.
    std::vector<nlohmann::ordered_json*> open_;
    std::string key_;
};

} // namespace dvmlens
