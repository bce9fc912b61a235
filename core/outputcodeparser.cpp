// SPDX-License-Identifier: MIT
#include "outputcodeparser.h"

#include "verdict.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>

namespace dvmlens {

namespace {

Diagnostic fileDiagnostic(const std::string& path, Severity severity, std::string code, std::string message)
{
    Diagnostic diagnostic;
    diagnostic.path = path;
    diagnostic.severity = severity;
    diagnostic.code = std::move(code);
    diagnostic.message = std::move(message);
    return diagnostic;
}

int countPhysicalLines(std::string_view bytes)
{
    int lines = 0;
    for (char c : bytes)
        lines += c == '\n';
    if (!bytes.empty() && bytes.back() != '\n')
        ++lines;
    return lines;
}

} // namespace

OutputCode parseOutputCode(std::string_view bytes, const std::string& path)
{
    OutputCode code;
    code.path = path;
    code.bytes = bytes.size();
    code.lines = countPhysicalLines(bytes);
    if (bytes.empty()) {
        code.diagnostics.push_back(
            fileDiagnostic(path, Severity::Warning, "empty-file", "The output_code.py file is empty."));
        return code;
    }
    if (std::memchr(bytes.data(), '\0', std::min<std::size_t>(bytes.size(), 8192)) != nullptr) {
        code.diagnostics.push_back(fileDiagnostic(path, Severity::Error, "binary-file",
            "The output_code.py file holds binary data, not Python source."));
        return code;
    }
    code.dvmEngaged = isDvmEngaged(code);
    code.dvmCoverage = dvmCoverage(code);
    return code;
}

OutputCode parseOutputCodeFile(const std::string& path, std::string& scratch)
{
    scratch.clear();
    std::FILE* file = std::fopen(path.c_str(), "rb");
    bool ok = file != nullptr;
    if (ok) {
        char buffer[65536];
        std::size_t got = 0;
        while ((got = std::fread(buffer, 1, sizeof buffer, file)) > 0)
            scratch.append(buffer, got);
        ok = !std::ferror(file);
        std::fclose(file);
    }
    if (!ok) {
        OutputCode code;
        code.path = path;
        code.diagnostics.push_back(fileDiagnostic(path, Severity::Error, "unreadable",
            "The output_code.py file could not be read: " + std::string(std::strerror(errno)) + "."));
        return code;
    }
    return parseOutputCode(scratch, path);
}

} // namespace dvmlens
