// SPDX-License-Identifier: MIT
#include "core/compile/tracelogfiles.h"

#include "core/io/container.h"
#include "core/trace/tracefiles.h"

#include <filesystem>
#include <system_error>

namespace dvmlens {

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
        files.logs.push_back(path); // named by the user: read whatever its name
        return files;
    }
    if (!std::filesystem::is_directory(status)) {
        files.error = path + ": not a file or folder";
        return files;
    }
    files.logs = traceLogsAt(path, &files.notes);
    return files;
}

std::vector<CompileLog> readCompileLogs(const TraceLogFiles& files, const std::string& path)
{
    std::vector<CompileLog> logs;
    logs.reserve(files.logs.size());
    for (const std::string& log : files.logs)
        logs.push_back(readCompileEvents(fileSystem(), log, path)); // logs the user named, on disk
    return logs;
}

} // namespace dvmlens
