// SPDX-License-Identifier: MIT
// What single lines and words of a wrapper module say, read without the parser's scopes: the
// AOT ID header, which backend an async_compile.<kind> is, partition_N entry functions, the
// dotted name of a fallback call, and a file's line ends as Python reads them.
#pragma once

#include "core/model/model.h"

#include <optional>
#include <string>
#include <string_view>

namespace dvmlens::wrapperlines {

// Lines as `wc -l` counts them, plus an unterminated last one.
int countPhysicalLines(std::string_view bytes);

// `code` starts with the identifier `word` (not with a longer identifier).
bool startsWithWord(std::string_view code, std::string_view word);

// `# AOT ID: ['0_forward']` among the leading comment and blank lines.
std::optional<std::string> headerAotId(std::string_view bytes);

// The backend of `async_compile.<kind>(…)`; nullopt for `wait`.
std::optional<Backend> asyncCompileBackend(std::string_view kind);

// `parts` joined with dots, built in one allocation at most: fallback calls are frequent.
std::string dottedTarget(const std::string_view* parts, std::size_t count);

// `partition_<digits>`, an entry function of a partitioned graph.
bool isPartitionName(std::string_view name);

// Python reads a lone CR as a line end, as it reads LF and CRLF. The lexer splits on LF, so a file
// with CR-only line ends is read through a copy whose lone CRs are LFs: the same size, the same
// offsets, the lines Python sees. Files without a lone CR (nearly all) are not copied (nullopt).
std::optional<std::string> withLoneCrAsLf(std::string_view bytes);

} // namespace dvmlens::wrapperlines
