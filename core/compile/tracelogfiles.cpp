// SPDX-License-Identifier: MIT
#include "core/compile/tracelogfiles.h"

#include "core/io/safefile.h"
#include "core/trace/tracelog.h"

#include <algorithm>
#include <filesystem>
#include <system_error>

namespace dvmlens {

namespace {

bool endsWith(const std::string& text, std::string_view suffix)
{
    return text.size() >= suffix.size()
        && text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
}

bool isTraceLog(const std::string& path, const std::string& tree)
{
    const std::string name = std::filesystem::path(path).filename().string();
    if (endsWith(name, ".log.gz"))
        return name.find("torch_trace") != std::string::npos;
    if (!endsWith(name, ".log") && !endsWith(name, ".txt"))
        return false;
    FileError error;
    const std::optional<std::string> head = readFileHead(path, tree, 4096, error);
    return head && looksLikeTraceLog(*head);
}

} // namespace

TraceLogFiles findTraceLogs(const std::string& path)
{
    TraceLogFiles files;
    std::error_code error;
    const std::filesystem::file_status status = std::filesystem::status(path, error);
    if (error) {
        files.error = path + ": " + error.message();
        return files;
    }
    if (std::filesystem::is_regular_file(status)) {
        files.logs.push_back(path);
        return files;
    }
    if (!std::filesystem::is_directory(status)) {
        files.error = path + ": not a file or folder";
        return files;
    }
    constexpr std::size_t kMostLogs = 100000;
    std::filesystem::recursive_directory_iterator it(
        path, std::filesystem::directory_options::skip_permission_denied, error);
    for (; !error && it != std::filesystem::recursive_directory_iterator(); it.increment(error)) {
        std::error_code kindError;
        if (!it->is_regular_file(kindError) || it->is_symlink(kindError))
            continue;
        const std::string file = it->path().string();
        if (isTraceLog(file, path))
            files.logs.push_back(file);
        if (files.logs.size() >= kMostLogs)
            break;
    }
    std::sort(files.logs.begin(), files.logs.end());
    return files;
}

std::vector<CompileLog> readCompileLogs(const TraceLogFiles& files, const std::string& path)
{
    std::vector<CompileLog> logs;
    logs.reserve(files.logs.size());
    for (const std::string& log : files.logs)
        logs.push_back(readCompileEvents(log, path));
    return logs;
}

} // namespace dvmlens
