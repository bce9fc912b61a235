// SPDX-License-Identifier: MIT
#include "core/trace/tracemember.h"

#include "core/io/container.h"
#include "core/trace/tracegraphs.h"
#include "core/trace/tracelinemarks.h"
#include "core/trace/tracelog.h"
#include "core/trace/tracelogat.h"

#include <algorithm>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <unistd.h>
#include <vector>

namespace dvmlens {

namespace {

// What a re-read of the record at `line` found: its payload, or nullopt with `error` saying why.
struct RecordRead
{
    bool found = false;
    std::optional<std::string> payload;
    bool verified = false;

    TraceRecordHandler handler()
    {
        return [this](TraceRecord& record) {
            payload = std::move(record.payload);
            verified = record.payloadVerified || !record.payloadMd5;
            found = true;
        };
    }
    // A read begun at a mark that found no record with a payload at the line: the marks may be
    // stale, so the log is read from its start. A record found there whose md5 fails is the answer
    // as it stands (a read from the start finds the same bytes): retrying it would make every
    // re-read of a log of mismatched payloads a read from the start, quadratic in its records.
    bool retryFromStart(const TraceReadResult& result) const
    {
        return result.resumed && !(result.opened && found && payload);
    }
    std::optional<std::string> answer(const TraceReadResult& result, int line, FileError& error)
    {
        if (!result.opened) {
            error = FileError { FileProblem::IoError, result.error };
            return std::nullopt;
        }
        if (!found || !payload) {
            error = FileError { FileProblem::Missing,
                "the log has no record with a payload at line " + std::to_string(line) };
            return std::nullopt;
        }
        if (!verified) {
            error = FileError { FileProblem::IoError,
                "the payload at line " + std::to_string(line)
                    + " does not match its md5 (the log changed or was cut)" };
            return std::nullopt;
        }
        return std::move(payload);
    }
};

// The payload of the record at `line` (its md5 checked); nullopt with `error` otherwise. (SafeFile
// holds its reader to the budget as these bytes are read: a head reader gets the head.) Reading
// begins near the record when an earlier read of the plain log left marks (tracelinemarks.h); when
// that finds no record there, the log is read from its start, so the answer never differs.
std::optional<std::string> recordPayload(const Container& files, const std::string& log,
    const std::string& tree, int line, FileError& error, TraceReadMemo* memo)
{
    for (const bool resume : { true, false }) {
        RecordRead read;
        TraceReadOptions options;
        options.onlyLine = line; // reading stops right after that record
        options.memo = memo;
        options.resumeNearOnlyLine = resume;
        const TraceReadResult result = readTraceLog(files, log, tree, options, read.handler());
        if (read.retryFromStart(result))
            continue;
        return read.answer(result, line, error);
    }
    return std::nullopt; // not reached: the second pass never resumes
}

// What tells a log apart from a changed one: its own identity, or inside an archive ("ARCHIVE!/inner")
// the archive file's (a member changes only with its archive).
std::optional<FileIdentity> logIdentity(const std::string& log)
{
    if (std::optional<FileIdentity> own = fileIdentity(log))
        return own;
    const std::size_t bang = log.find("!/");
    return bang == std::string::npos ? std::nullopt : fileIdentity(log.substr(0, bang));
}

} // namespace

// One assembly of `log`'s graph file table; `whole`: the log was read to its end.
std::shared_ptr<const GraphFileLines> assembleGraphFiles(const Container& files, const std::string& log,
    const std::string& tree, FileError& error, TraceReadMemo* memo, bool& whole)
{
    TraceGraphAssembler assembler;
    TraceReadOptions options;
    options.memo = memo;
    options.interest = [](std::string_view kind) { return TraceGraphAssembler::interest(kind, false); };
    const TraceReadResult result =
        readTraceLog(files, log, tree, options, [&](TraceRecord& record) { assembler.add(record); });
    whole = false;
    if (!result.opened) {
        error = FileError { FileProblem::IoError, result.error };
        return nullptr;
    }
    auto graphs = std::make_shared<GraphFileLines>();
    for (const TraceGraphParts& graph : assembler.graphs())
        graphs->emplace(graph.codeLine, graph.files);
    whole = !result.cancelled
        && std::none_of(
            result.diagnostics.begin(), result.diagnostics.end(), [](const Diagnostic& diagnostic) {
                return diagnostic.code == "trace-unreadable" || diagnostic.code == "trace-budget";
            });
    return graphs;
}

std::shared_ptr<const GraphFileLines> graphFileLines(const Container& files, const std::string& log,
    const std::string& tree, FileError& error, TraceReadMemo* memo)
{
    bool whole = false;
    // Inside an archive too: each read of the log starts the archive anew, so assembling it again
    // for every graph file read made reading an archived log's graphs quadratic.
    const std::optional<FileIdentity> identity = memo ? logIdentity(log) : std::nullopt;
    if (!identity)
        return assembleGraphFiles(files, log, tree, error, memo, whole);
    std::shared_ptr<const GraphFileLines> graphs = memo->graphFilesOnce(log, *identity, [&] {
        std::shared_ptr<const GraphFileLines> assembled =
            assembleGraphFiles(files, log, tree, error, memo, whole);
        return std::pair(assembled, whole && logIdentity(log) == identity); // kept when unchanged while read
    });
    if (!graphs && error.message.empty()) // another thread's read failed: this one says why
        return assembleGraphFiles(files, log, tree, error, memo, whole);
    return graphs;
}

std::string traceGraphPath(std::string_view log, int line)
{
    return std::string(log) + std::string(kTraceGraphSeparator) + std::to_string(line);
}

std::optional<TraceMemberName> parseTraceMemberPath(std::string_view path)
{
    std::size_t at = path.rfind(kTraceGraphSeparator);
    if (at == std::string_view::npos || at == 0)
        return std::nullopt;
    std::size_t end = at + kTraceGraphSeparator.size();
    int line = 0;
    const std::size_t digitsStart = end;
    while (end < path.size() && path[end] >= '0' && path[end] <= '9' && end - digitsStart < 9)
        line = line * 10 + (path[end++] - '0');
    if (end == digitsStart || line == 0 || (end < path.size() && path[end] != '/'))
        return std::nullopt;
    TraceMemberName name;
    name.log.assign(path.substr(0, at));
    name.line = line;
    if (end < path.size())
        name.file.assign(path.substr(end + 1));
    if (name.file.find('/') != std::string::npos)
        return std::nullopt;
    return name;
}

std::string traceLogTree(const TraceMemberName& member, const std::string& tree)
{
    return tree.rfind(member.log + std::string(kTraceGraphSeparator), 0) == 0 ? member.log : tree;
}

// Which record of the log stands for `member`, its payload read by `payloadAt`.
static std::optional<std::string> memberPayload(const Container& files, const TraceMemberName& member,
    const std::string& readerTree, FileError& error, TraceReadMemo* memo,
    const std::function<std::optional<std::string>(int line, FileError& error)>& payloadAt)
{
    if (member.file.empty()) {
        error = FileError { FileProblem::NotRegular, "it is a graph of a trace log, not a file" };
        return std::nullopt;
    }
    if (member.file == "output_code.py")
        return payloadAt(member.line, error);
    // Another file of the graph: which record stands for it, then that record's payload.
    const std::shared_ptr<const GraphFileLines> graphs =
        graphFileLines(files, member.log, traceLogTree(member, readerTree), error, memo);
    if (!graphs)
        return std::nullopt;
    if (const auto graph = graphs->find(member.line); graph != graphs->end())
        if (const auto file = graph->second.find(member.file); file != graph->second.end())
            return payloadAt(file->second, error);
    error = FileError { FileProblem::Missing,
        "the trace log's graph at line " + std::to_string(member.line) + " has no " + member.file };
    return std::nullopt;
}

std::optional<std::string> readTraceMember(const Container& files, const TraceMemberName& member,
    const std::string& readerTree, FileError& error, TraceReadMemo* memo)
{
    const std::string tree = traceLogTree(member, readerTree);
    return memberPayload(files, member, readerTree, error, memo, [&](int line, FileError& lineError) {
        return recordPayload(files, member.log, tree, line, lineError, memo);
    });
}

std::shared_ptr<TraceLogView> TraceLogView::open(const std::string& log, const std::string& tree)
{
    if (log.find("!/") != std::string::npos)
        return nullptr; // an archive member: read with its archive's passes
    FileError error;
    std::optional<SafeFile> file = SafeFile::open(log, tree, UINT64_MAX, error);
    if (!file)
        return nullptr;
    const int fd = file->release();
    unsigned char magic[2] = {};
    const bool gzip = fd >= 0 && ::pread(fd, magic, 2, 0) == 2 && magic[0] == 0x1f && magic[1] == 0x8b;
    if (fd < 0 || gzip) {
        if (fd >= 0)
            ::close(fd);
        return nullptr;
    }
    return std::shared_ptr<TraceLogView>(new TraceLogView(log, fd));
}

TraceLogView::TraceLogView(std::string log, int fd)
    : m_log(std::move(log))
    , m_fd(fd)
{
}

TraceLogView::~TraceLogView()
{
    ::close(m_fd);
}

std::optional<std::string> TraceLogView::read(const Container& files, const TraceMemberName& member,
    const std::string& readerTree, FileError& error, TraceReadMemo* memo)
{
    return memberPayload(files, member, readerTree, error, memo,
        [this, memo](int line, FileError& lineError) { return payload(line, lineError, memo); });
}

std::optional<std::string> TraceLogView::payload(int line, FileError& error, const TraceReadMemo* memo)
{
    std::call_once(m_marked, [this, memo] {
        // The marks the index's read of this very file left, else one pass of its own for them.
        const std::optional<FileIdentity> identity = memo ? fileIdentity(m_fd) : std::nullopt;
        std::optional<TraceLineMarks> marks = identity ? memo->marksOf(m_log, *identity) : std::nullopt;
        if (!marks) {
            marks.emplace();
            TraceReadOptions options;
            options.interest = [](std::string_view) { return TraceInterest::Skip; };
            readTraceAt(
                m_fd, m_log, TraceLineMark { 1, 0 }, 0, options, [](TraceRecord&) {}, &*marks);
        }
        for (const TraceLineMark& mark : marks->marks()) {
            m_lines.push_back(mark.line);
            m_offsets.push_back(mark.offset);
        }
    });
    // From the last mark at or before `line`, reading about up to the next mark; from the start
    // when that finds no record at `line`, as recordPayload does.
    const std::size_t next =
        static_cast<std::size_t>(std::upper_bound(m_lines.begin(), m_lines.end(), line) - m_lines.begin());
    for (const bool resume : { true, false }) {
        TraceLineMark from { 1, 0 };
        std::size_t firstRead = 0;
        if (resume && next > 0) {
            from = TraceLineMark { m_lines[next - 1], m_offsets[next - 1] };
            // The record ends where the next one begins, which the reader must see the line of.
            if (next < m_lines.size())
                firstRead = static_cast<std::size_t>(m_offsets[next] - from.offset) + 4096;
        }
        RecordRead read;
        TraceReadOptions options;
        options.onlyLine = line;
        const TraceReadResult result = readTraceAt(m_fd, m_log, from, firstRead, options, read.handler());
        if (read.retryFromStart(result))
            continue;
        return read.answer(result, line, error);
    }
    return std::nullopt; // not reached: the second pass starts at line 1
}

} // namespace dvmlens
