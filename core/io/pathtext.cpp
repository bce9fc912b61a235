// SPDX-License-Identifier: MIT
#include "core/io/pathtext.h"

#include <QDir>

#include <filesystem>

namespace dvmlens {

namespace {

// The length of the valid UTF-8 sequence starting at bytes[i], or 0 when it is not one.
std::size_t validSequence(std::string_view bytes, std::size_t i)
{
    const auto byte = [&](std::size_t at) { return static_cast<unsigned char>(bytes[at]); };
    const unsigned char lead = byte(i);
    std::size_t length = 0;
    unsigned char low = 0x80;
    unsigned char high = 0xBF;
    if (lead < 0x80)
        return 1;
    if (lead >= 0xC2 && lead <= 0xDF) {
        length = 2;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
        length = 3;
        low = lead == 0xE0 ? 0xA0 : 0x80;
        high = lead == 0xED ? 0x9F : 0xBF; // no encoded surrogates
    } else if (lead >= 0xF0 && lead <= 0xF4) {
        length = 4;
        low = lead == 0xF0 ? 0x90 : 0x80;
        high = lead == 0xF4 ? 0x8F : 0xBF;
    } else {
        return 0;
    }
    if (i + length > bytes.size())
        return 0;
    if (byte(i + 1) < low || byte(i + 1) > high)
        return 0;
    for (std::size_t k = 2; k < length; ++k) {
        if (byte(i + k) < 0x80 || byte(i + k) > 0xBF)
            return 0;
    }
    return length;
}

} // namespace

QString pathText(std::string_view bytes)
{
    QString text;
    text.reserve(static_cast<qsizetype>(bytes.size()));
    std::size_t i = 0;
    while (i < bytes.size()) {
        const std::size_t length = validSequence(bytes, i);
        if (length == 0) {
            text.append(QChar(static_cast<char16_t>(0xDC00 + static_cast<unsigned char>(bytes[i]))));
            ++i;
            continue;
        }
        text.append(QString::fromUtf8(bytes.data() + i, static_cast<qsizetype>(length)));
        i += length;
    }
    return text;
}

std::string pathBytes(const QString& text)
{
    std::string bytes;
    bytes.reserve(static_cast<std::size_t>(text.size()));
    qsizetype start = 0; // of the run of ordinary text not yet encoded
    const auto flush = [&](qsizetype end) {
        if (end > start)
            bytes += text.mid(start, end - start).toStdString();
    };
    for (qsizetype i = 0; i < text.size(); ++i) {
        const char16_t unit = text.at(i).unicode();
        const bool escaped =
            unit >= 0xDC80 && unit <= 0xDCFF && (i == 0 || !QChar::isHighSurrogate(text.at(i - 1).unicode()));
        if (escaped) {
            flush(i);
            bytes += static_cast<char>(unit - 0xDC00);
            start = i + 1;
        }
    }
    flush(text.size());
    return bytes;
}

QString absolutePathText(const QString& text)
{
    if (QDir::isAbsolutePath(text))
        return QDir::cleanPath(text);
    std::error_code error;
    const std::filesystem::path current = std::filesystem::current_path(error);
    return QDir::cleanPath(pathText(current.native()) + QLatin1Char('/') + text);
}

} // namespace dvmlens
