// SPDX-License-Identifier: MIT
#include "core/json/jsonwriter.h"

#include <array>
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

// How a byte inside a string is written.
enum ByteClass : unsigned char
{
    kPlain,
    kEscaped,
    kNonAscii
};
constexpr std::array<ByteClass, 256> kByteClass = [] {
    std::array<ByteClass, 256> classes {};
    for (int byte = 0; byte < 0x20; ++byte)
        classes[byte] = kEscaped;
    classes['"'] = kEscaped;
    classes['\\'] = kEscaped;
    for (int byte = 0x80; byte < 0x100; ++byte)
        classes[byte] = kNonAscii;
    return classes;
}();

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

JsonTextWriter JsonTextWriter::nestedAt(std::size_t depth)
{
    JsonTextWriter writer;
    writer.baseDepth_ = depth;
    return writer;
}

void JsonTextWriter::rawValue(std::string_view rendered)
{
    beforeValue();
    if (sink_ && rendered.size() >= flushBytes_) {
        // A big piece goes to the sink as it is rather than through the buffer: one copy less.
        finish();
        sink_(rendered);
        return;
    }
    buffer_ += rendered;
    afterValue();
}

void JsonTextWriter::newlineAndIndent(std::size_t depth)
{
    static constexpr std::string_view kSpaces = "\n                                                ";
    const std::size_t width = 1 + (baseDepth_ + depth) * kIndent;
    if (width <= kSpaces.size()) {
        buffer_.append(kSpaces.data(), width);
        return;
    }
    buffer_.append(kSpaces);
    buffer_.append(width - kSpaces.size(), ' ');
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
    // Most strings (names, paths) need nothing: find that out in one pass and copy them whole.
    const auto* bytes = reinterpret_cast<const unsigned char*>(text.data());
    std::size_t plain = 0;
    while (plain < text.size() && kByteClass[bytes[plain]] == kPlain)
        ++plain;
    if (plain == text.size()) {
        buffer_ += '"';
        buffer_ += text;
        buffer_ += '"';
        return;
    }
    // Anything beyond ASCII goes to nlohmann, whose UTF-8 checks and U+FFFD replacement are the
    // reference this writer must match byte for byte.
    for (std::size_t i = plain; i < text.size(); ++i) {
        if (kByteClass[bytes[i]] == kNonAscii) {
            buffer_ += nlohmann::ordered_json(text).dump(
                -1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
            return;
        }
    }
    buffer_ += '"';
    std::size_t plainFrom = 0;
    for (std::size_t i = plain; i < text.size(); ++i) {
        if (kByteClass[bytes[i]] == kPlain)
            continue;
        buffer_.append(text.data() + plainFrom, i - plainFrom);
        plainFrom = i + 1;
        if (const char* escape = asciiEscape(bytes[i])) {
            buffer_ += escape;
        } else {
            static constexpr char kHex[] = "0123456789abcdef";
            const char unicode[] = { '\\', 'u', '0', '0', kHex[bytes[i] >> 4], kHex[bytes[i] & 0xf] };
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
