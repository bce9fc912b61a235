// SPDX-License-Identifier: MIT
// The record state machine under readTraceLog: it is handed the log's lines one by one (a line
// too long to keep is announced instead) and turns them into TraceRecords and diagnostics. It
// holds at most one record and its payload.
#pragma once

#include "core/trace/digest.h"
#include "core/trace/tracelog.h"

#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace dvmlens {

class TraceLogParser
{
public:
    TraceLogParser(std::string path, const TraceReadOptions& options, const TraceRecordHandler& onRecord,
        TraceReadResult& result);

    // One line without its '\n' (a trailing '\r' is dropped here); `number` is 1-based.
    void line(std::string_view text, int number);
    // A line of `bytes` bytes that was not kept (longer than maxLineBytes).
    void overlongLine(int number, std::size_t bytes);
    // The end of the log: the open record is handed over (a payload that fails its md5 there was cut).
    void finish();

    // The record of TraceReadOptions::onlyLine was handed over: nothing more to read.
    bool done() const
    {
        return m_done;
    }

    void diagnose(std::optional<int> line, Severity severity, const std::string& code, std::string message);

private:
    void startRecord(std::string_view text, int number);
    void payloadLine(std::string_view text, int number);
    void flush(bool atEnd);
    void dropPayload(); // too large to keep: hashed from here on line by line
    void reclaimPayload(TraceRecord& record); // the handed-over payload's buffer, kept for the next
    void intern(const TraceRecord& record);
    void noteWriter(std::int64_t writer, int number);
    TraceInterest interestIn(std::string_view kind) const;

    std::string m_path;
    const TraceReadOptions& m_options;
    const TraceRecordHandler& m_onRecord;
    TraceReadResult& m_result;

    bool m_pending = false; // a record (or a line to absorb the payload of) is open
    bool m_deliver = false; // the open record is handed over at its end
    TraceInterest m_interest = TraceInterest::Skip;
    TraceRecord m_record;
    std::string m_payload;
    // The payload is hashed whole at its end (one call); only one too large to keep is hashed line by
    // line from the moment it outgrew the limit (m_md5Streaming).
    Md5 m_md5;
    bool m_md5Streaming = false;
    int m_payloadLines = 0;
    bool m_payloadTooLarge = false;
    bool m_strayRun = false;
    bool m_done = false; // inside a run of payload lines that belong to no record

    std::optional<std::int64_t> m_firstWriter;
    std::vector<std::int64_t> m_otherWriters;
    std::shared_ptr<std::vector<std::string>> m_strings = std::make_shared<std::vector<std::string>>();
    std::map<std::string, int> m_diagnosticCounts;
};

} // namespace dvmlens
