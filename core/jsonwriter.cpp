// SPDX-License-Identifier: MIT
#include "jsonwriter.h"

#include <charconv>
#include <utility>

namespace dvmlens {

namespace {

constexpr std::size_t kIndent = 2; // dump(2)

// What nlohmann writes for an ASCII byte inside a string, or nullptr when the byte stands for itself.
const char* asciiEscape(unsigned char byte)
{
    switch (byte) {
    case '"':
        return "\\\"";
    case '\\':
        return "\\\\";
    case '\b':
        return "\\b";
    case '\f':
        return "\\f";
    case '\n':
        return "\\n";
    case '\r':
        return "\\r";
    case '\t':
        return "\\t";
    default:
        return nullptr;
    }
}

template <typename Integer> void appendInteger(std::string& out, Integer number)
{
    char digits[24];
    const auto result = std::to_chars(digits, digits + sizeof digits, number);
    out.append(digits, result.ptr);
}

} // namespace

JsonTextWriter::JsonTextWriter(Sink sink, std::size_t flushBytes)
    : sink_(std::move(sink))
    , flushBytes_(flushBytes)
{
    if (sink_)
        buffer_.reserve(flushBytes_ + flushBytes_ / 4);
}

void JsonTextWriter::newlineAndIndent(std::size_t depth)
{
    buffer_ += '\n';
    buffer_.append(depth * kIndent, ' ');
}

void JsonTextWriter::beforeValue()
{
    if (afterKey_) {
        afterKey_ = false;
        return;
    }
    if (levels_.empty())
        return;
    Level& level = levels_.back();
    if (!level.empty)
        buffer_ += ',';
    level.empty = false;
    newlineAndIndent(levels_.size());
}

void JsonTextWriter::afterValue()
{
    if (sink_ && buffer_.size() >= flushBytes_)
        finish();
}

void JsonTextWriter::open(char bracket, char close)
{
    beforeValue();
    buffer_ += bracket;
    levels_.push_back({ close, true });
}

void JsonTextWriter::close()
{
    const Level level = levels_.back();
    levels_.pop_back();
    // nlohmann writes "{}" and "[]" for empty containers, else the closer on its own line.
    if (!level.empty)
        newlineAndIndent(levels_.size());
    buffer_ += level.close;
    afterValue();
}

void JsonTextWriter::beginObject()
{
    open('{', '}');
}

void JsonTextWriter::endObject()
{
    close();
}

void JsonTextWriter::beginArray()
{
    open('[', ']');
}

void JsonTextWriter::endArray()
{
    close();
}

void JsonTextWriter::key(std::string_view name)
{
    beforeValue();
    appendString(name);
    buffer_ += ": ";
    afterKey_ = true;
}

void JsonTextWriter::appendString(std::string_view text)
{
    // Plain ASCII is escaped here; anything else goes to nlohmann, whose UTF-8 checks and U+FFFD
    // replacement are the reference this writer must match byte for byte.
    for (const char c : text) {
        if (static_cast<unsigned char>(c) >= 0x80) {
            buffer_ += nlohmann::ordered_json(text).dump(
                -1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
            return;
        }
    }
    buffer_ += '"';
    std::size_t plainFrom = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const auto byte = static_cast<unsigned char>(text[i]);
        if (byte >= 0x20 && byte != '"' && byte != '\\')
            continue;
        buffer_.append(text.data() + plainFrom, i - plainFrom);
        plainFrom = i + 1;
        if (const char* escape = asciiEscape(byte)) {
            buffer_ += escape;
        } else {
            static constexpr char kHex[] = "0123456789abcdef";
            const char unicode[] = { '\\', 'u', '0', '0', kHex[byte >> 4], kHex[byte & 0xf] };
            buffer_.append(unicode, sizeof unicode);
        }
    }
    buffer_.append(text.data() + plainFrom, text.size() - plainFrom);
    buffer_ += '"';
}

void JsonTextWriter::value(std::string_view text)
{
    beforeValue();
    appendString(text);
    afterValue();
}

void JsonTextWriter::value(bool flag)
{
    beforeValue();
    buffer_ += flag ? "true" : "false";
    afterValue();
}

void JsonTextWriter::value(std::int64_t number)
{
    beforeValue();
    appendInteger(buffer_, number);
    afterValue();
}

void JsonTextWriter::value(std::uint64_t number)
{
    beforeValue();
    appendInteger(buffer_, number);
    afterValue();
}

void JsonTextWriter::value(double number)
{
    // nlohmann's shortest round-trip form ("0.5", "1e-05", null for NaN): rare enough to delegate.
    beforeValue();
    buffer_ += nlohmann::ordered_json(number).dump();
    afterValue();
}

void JsonTextWriter::value(std::nullptr_t)
{
    beforeValue();
    buffer_ += "null";
    afterValue();
}

void JsonTextWriter::finish()
{
    if (!sink_ || buffer_.empty())
        return;
    sink_(buffer_);
    buffer_.clear();
}

std::string JsonTextWriter::take()
{
    return std::exchange(buffer_, std::string());
}

nlohmann::ordered_json* JsonValueBuilder::insert(nlohmann::ordered_json value)
{
    if (open_.empty()) {
        root_ = std::move(value);
        return &root_;
    }
    nlohmann::ordered_json& container = *open_.back();
    if (container.is_array()) {
        container.push_back(std::move(value));
        return &container.back();
    }
    nlohmann::ordered_json& member = container[key_];
    member = std::move(value);
    return &member;
}

void JsonValueBuilder::beginObject()
{
    open_.push_back(insert(nlohmann::ordered_json::object()));
}

void JsonValueBuilder::endObject()
{
    open_.pop_back();
}

void JsonValueBuilder::beginArray()
{
    open_.push_back(insert(nlohmann::ordered_json::array()));
}

void JsonValueBuilder::endArray()
{
    open_.pop_back();
}

void JsonValueBuilder::key(std::string_view name)
{
    key_.assign(name);
}

nlohmann::ordered_json JsonValueBuilder::take()
{
    open_.clear();
    return std::exchange(root_, nlohmann::ordered_json());
}

} // namespace dvmlens
