// SPDX-License-Identifier: MIT
#include "core/trace/tracelogparser.h"

#include "core/io/jsonnesting.h"
#include "core/trace/traceprefix.h"

#include <algorithm>

namespace dvmlens {

namespace {

// Keys trace_structured adds beside the tag (torch/_logging/_internal.py), and "has_payload".
constexpr std::string_view kReservedKeys[] = { "rank", "compiled_autograd_id", "frame_id", "frame_compile_id",
    "attempt", "severity", "timestamp", "pathname", "thread", "has_payload", "stack" };

bool isReserved(std::string_view key)
{
    return std::find(std::begin(kReservedKeys), std::end(kReservedKeys), key) != std::end(kReservedKeys);
}

// The first key of the JSON object text `json`, read as text (a std::map-backed json forgets the
// order); empty when it is not a plain "…" key.
std::string_view firstKeyText(std::string_view json)
{
    if (json.size() < 3 || json[0] != '{' || json[1] != '"')
        return {};
    const std::size_t end = json.find_first_of("\"\\", 2);
    if (end == std::string_view::npos || json[end] != '"')
        return {};
    return json.substr(2, end - 2);
}

std::optional<std::int64_t> integerField(const nlohmann::json& object, const char* key)
{
    const auto found = object.find(key);
    if (found == object.end() || !found->is_number_integer())
        return std::nullopt;
    return found->get<std::int64_t>();
}

constexpr std::int64_t kMostInternedStrings = 10'000'000;

} // namespace

TraceLogParser::TraceLogParser(std::string path, const TraceReadOptions& options,
    const TraceRecordHandler& onRecord, TraceReadResult& result)
    : m_path(std::move(path))
    , m_options(options)
    , m_onRecord(onRecord)
    , m_result(result)
{
}

void TraceLogParser::diagnose(
    std::optional<int> line, Severity severity, const std::string& code, std::string message)
{
    int& count = m_diagnosticCounts[code];
    ++count;
    if (count > m_options.maxDiagnosticsPerCode)
        return;
    m_result.diagnostics.push_back(Diagnostic { m_path, line, severity, code, std::move(message) });
}

TraceInterest TraceLogParser::interestIn(std::string_view kind) const
{
    if (m_options.onlyLine > 0 || !m_options.onlyLines.empty())
        return TraceInterest::Payload;
    return m_options.interest ? m_options.interest(kind) : TraceInterest::Payload;
}

void TraceLogParser::line(std::string_view text, int number)
{
    ++m_result.lines;
    if (!text.empty() && text.back() == '\r')
        text.remove_suffix(1);
    // A fully empty line is never valid (an empty payload line is a lone TAB): tlparse drops them too.
    if (text.empty())
        return;
    if (text.front() == '\t') {
        payloadLine(text.substr(1), number);
        return;
    }
    flush(false);
    m_strayRun = false;
    startRecord(text, number);
}

void TraceLogParser::overlongLine(int number, std::size_t bytes)
{
    ++m_result.lines;
    diagnose(number, Severity::Warning, "trace-line-too-long",
        "a line of " + std::to_string(bytes) + " bytes, longer than the "
            + std::to_string(m_options.maxLineBytes) + " a line may have, was skipped");
    // Whatever it was (a record or one of its payload lines), what it belonged to cannot be trusted.
    if (m_pending && m_deliver && m_interest == TraceInterest::Payload)
        dropPayload();
}

void TraceLogParser::dropPayload()
{
    if (!m_md5Streaming)
        m_md5.add(m_payload);
    m_md5Streaming = true;
    m_payloadTooLarge = true;
    m_payload.clear();
    m_payload.shrink_to_fit();
}

void TraceLogParser::startRecord(std::string_view text, int number)
{
    TracePrefix prefix;
    if (!parseTracePrefix(text, prefix) || prefix.rest.empty() || prefix.rest.front() != '{') {
        diagnose(number, Severity::Warning, "trace-not-a-record",
            "this line is not a trace record (no glog prefix and JSON object): skipped");
        // Its TAB lines, if any, go with it silently.
        m_pending = true;
        m_deliver = false;
        m_payloadLines = 0;
        return;
    }
    ++m_result.records;
    noteWriter(prefix.writer, number);
    m_pending = true;
    m_deliver = false;
    m_payloadLines = 0;
    m_payloadTooLarge = false;
    m_payload.clear();
    m_md5.reset();
    m_md5Streaming = false;

    std::string_view kind = firstKeyText(prefix.rest);
    m_interest = kind.empty() ? TraceInterest::Payload : interestIn(kind);
    const bool interning = kind == "str";
    if (m_options.onlyLine > 0 && number != m_options.onlyLine)
        m_interest = TraceInterest::Skip;
    if (!m_options.onlyLines.empty()
        && !std::binary_search(m_options.onlyLines.begin(), m_options.onlyLines.end(), number))
        m_interest = TraceInterest::Skip;
    if (m_interest == TraceInterest::Skip && !interning)
        return;

    if (!jsonNestingWithin(prefix.rest)) {
        diagnose(number, Severity::Warning, "trace-bad-json",
            "the record's metadata nests more than " + std::to_string(kMaxJsonNesting)
                + " levels deep, which no PyTorch record does: the record was skipped");
        m_interest = TraceInterest::Skip;
        return;
    }
    nlohmann::json metadata = nlohmann::json::parse(prefix.rest, nullptr, false);
    if (metadata.is_discarded() || !metadata.is_object()) {
        diagnose(number, Severity::Warning, "trace-bad-json",
            "the record's metadata is not a JSON object: the record was skipped");
        m_interest = TraceInterest::Skip;
        return;
    }
    std::string kindText(kind);
    if (kindText.empty() || !metadata.contains(kindText)) {
        kindText.clear();
        for (const auto& item : metadata.items())
            if (!isReserved(item.key())) {
                kindText = item.key();
                break;
            }
        if (kindText.empty()) {
            diagnose(number, Severity::Warning, "trace-bad-json", "the record has no tag: skipped");
            m_interest = TraceInterest::Skip;
            return;
        }
        if (kind.empty())
            m_interest = interestIn(kindText);
    }

    TraceRecord& record = m_record;
    record.kind = std::move(kindText);
    record.line = number;
    record.level = prefix.level;
    record.time = prefix.time;
    record.writer = prefix.writer;
    record.writerIsThreadId = prefix.writer > kLargestPid;
    record.emitter.assign(prefix.emitter);
    record.emitterLine = prefix.emitterLine;
    record.compileId =
        CompileId { integerField(metadata, "compiled_autograd_id"), integerField(metadata, "frame_id"),
            integerField(metadata, "frame_compile_id"), integerField(metadata, "attempt") };
    record.rank = integerField(metadata, "rank");
    record.payloadMd5.reset();
    if (const auto md5 = metadata.find("has_payload"); md5 != metadata.end() && md5->is_string())
        record.payloadMd5 = md5->get<std::string>();
    record.payload.reset();
    record.payloadVerified = false;
    record.strings = m_strings;
    record.metadata = std::move(metadata);

    if (interning)
        intern(record);

    m_deliver = m_interest != TraceInterest::Skip;
}

void TraceLogParser::noteWriter(std::int64_t writer, int number)
{
    if (writer > kLargestPid) // a thread id (before PyTorch ≈2.5): threads of one process interleave
        return;
    if (!m_firstWriter) {
        m_firstWriter = writer;
    } else if (writer != *m_firstWriter
        && std::find(m_otherWriters.begin(), m_otherWriters.end(), writer) == m_otherWriters.end()) {
        m_otherWriters.push_back(writer);
        diagnose(number, Severity::Warning, "trace-interleaved-writers",
            "records of process " + std::to_string(writer) + " follow those of process "
                + std::to_string(*m_firstWriter)
                + " in one log: a forked child wrote into its parent's trace file (PyTorch before ≈2.13)");
    }
}

void TraceLogParser::intern(const TraceRecord& record)
{
    const nlohmann::json& body = record.body();
    if (!body.is_array() || body.size() != 2 || !body[0].is_string() || !body[1].is_number_integer()) {
        diagnose(
            record.line, Severity::Warning, "trace-bad-json", "a \"str\" record that is not [text, index]");
        return;
    }
    const std::int64_t index = body[1].get<std::int64_t>();
    if (index < 0 || index >= kMostInternedStrings) {
        diagnose(record.line, Severity::Warning, "trace-bad-json",
            "a \"str\" record with the index " + std::to_string(index) + ", out of range");
        return;
    }
    std::vector<std::string>& strings = *m_strings;
    if (static_cast<std::size_t>(index) >= strings.size())
        strings.resize(static_cast<std::size_t>(index) + 1);
    strings[static_cast<std::size_t>(index)] = body[0].get<std::string>();
}

void TraceLogParser::payloadLine(std::string_view text, int number)
{
    if (!m_pending) {
        if (!m_strayRun)
            diagnose(number, Severity::Warning, "trace-stray-payload",
                "payload lines (TAB first) that follow no record: skipped");
        m_strayRun = true;
        return;
    }
    ++m_payloadLines;
    if (!m_deliver || m_interest != TraceInterest::Payload)
        return;
    if (!m_payloadTooLarge && m_payload.size() + text.size() + 1 > m_options.maxPayloadBytes)
        dropPayload();
    if (m_md5Streaming) {
        if (m_payloadLines > 1)
            m_md5.add("\n");
        m_md5.add(text);
        return;
    }
    if (m_payloadLines > 1)
        m_payload += '\n';
    m_payload.append(text);
}

void TraceLogParser::flush(bool atEnd)
{
    if (!m_pending)
        return;
    m_pending = false;
    if (!m_deliver)
        return;
    TraceRecord& record = m_record;
    if (m_interest == TraceInterest::Payload) {
        const bool hasLines = m_payloadLines > 0;
        if (record.payloadMd5) {
            if (!m_md5Streaming)
                m_md5.add(m_payload);
            const std::string actual = m_md5.hex();
            record.payloadVerified = hasLines && actual == *record.payloadMd5;
            if (!record.payloadVerified) {
                if (atEnd)
                    diagnose(record.line, Severity::Warning, "trace-payload-cut",
                        "the payload of this " + record.kind
                            + " record ends with the file and does not match its md5: the log was cut, or is"
                              " still being written");
                else if (!hasLines)
                    diagnose(record.line, Severity::Warning, "trace-payload-mismatch",
                        "this " + record.kind + " record announces a payload but has no payload lines");
                else
                    diagnose(record.line, Severity::Warning, "trace-payload-mismatch",
                        "the payload of this " + record.kind + " record (" + std::to_string(m_payloadLines)
                            + " lines) does not match its md5: it was changed or another writer's lines are"
                              " mixed in");
            }
        }
        if (m_payloadTooLarge)
            diagnose(record.line, Severity::Warning, "trace-payload-too-large",
                "the payload of this " + record.kind + " record is larger than "
                    + std::to_string(m_options.maxPayloadBytes)
                    + " bytes (or holds a line too long): not kept");
        else if (hasLines)
            record.payload = std::move(m_payload);
        m_payload.clear();
    }
    m_onRecord(record);
    reclaimPayload(record);
    m_done = (m_options.onlyLine > 0 && record.line == m_options.onlyLine)
        || (!m_options.onlyLines.empty() && record.line >= m_options.onlyLines.back());
}

void TraceLogParser::reclaimPayload(TraceRecord& record)
{
    // The handler that left the payload in place gives its buffer back: the next payload is built
    // in memory already mapped, not in fresh pages grown by doubling (which cost more than the
    // copy itself: page faults and returning freed memory to the system).
    if (!record.payload)
        return;
    if (record.payload->capacity() > m_payload.capacity()) {
        m_payload = std::move(*record.payload);
        m_payload.clear();
    }
    record.payload.reset();
}

void TraceLogParser::finish()
{
    flush(true);
    for (const auto& [code, count] : m_diagnosticCounts)
        if (count > m_options.maxDiagnosticsPerCode)
            m_result.diagnostics.push_back(Diagnostic { m_path, std::nullopt, Severity::Info, code,
                std::to_string(count - m_options.maxDiagnosticsPerCode) + " more " + code
                    + " diagnostics in this log were left out" });
}

} // namespace dvmlens
