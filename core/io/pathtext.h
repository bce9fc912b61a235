// SPDX-License-Identifier: MIT
// File names are bytes; Qt's QString is UTF-16, and QFile::decodeName/encodeName replace bytes
// that are not UTF-8 (a folder named in Latin-1) with U+FFFD, so such a path cannot come back.
// These keep every byte: invalid ones travel as lone surrogates U+DC80…U+DCFF (as Python's
// "surrogateescape" does), so a path goes from the walk (or argv) to a QString and back intact.
#pragma once

#include <QString>

#include <string>
#include <string_view>

namespace dvmlens {

// `bytes` as text: UTF-8 decoded, each byte of an invalid sequence as U+DC80 + byte.
QString pathText(std::string_view bytes);

// The bytes `text` stands for (the inverse of pathText; other text is encoded as UTF-8).
std::string pathBytes(const QString& text);

// `text` made absolute (against the current folder) and clean, as QFileInfo::absoluteFilePath
// does, keeping every byte: QFileInfo goes through encodeName and loses those that are not UTF-8.
QString absolutePathText(const QString& text);

} // namespace dvmlens
