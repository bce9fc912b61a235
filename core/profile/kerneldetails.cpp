// SPDX-License-Identifier: MIT
// kernel_details.csv, read once in fixed blocks: each row is cut only as far as the last column
// the join needs and folded into its LaunchGroup on the spot, so memory follows the number of
// distinct kernels, not of launches. A big file is cut at newlines into pieces of a few MiB that
// the reading threads (one per core) take in turn, so none waits while another works; each thread
// keeps its own Reader (its launch groups and predictions) from piece to piece, and the pieces'
// first sightings, line counts and bad rows are merged in file order. Times are summed exactly
// (durationsum.h), so the totals do not depend on how the file was cut.
#include "core/profile/csvfile.h"
#include "core/profile/durationsum.h"
#include "core/profile/fieldexcerpt.h"
#include "core/profile/launchgrouptable.h"
#include "core/profile/profile.h"
#include "core/profile/rowshortcut.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <cmath>
#include <cstring>
#include <functional>
#include <thread>
#include <unordered_map>

namespace dvmlens {

namespace {

// An absent column: empty, with 64 readable bytes behind it as LaunchGroupTable wants.
constexpr char kAbsentBytes[64] = {};
constexpr std::string_view kAbsent(kAbsentBytes, 0);

// Bad rows reported one by one before the rest are only counted.
constexpr std::int64_t kMaxRowDiagnostics = 50;

struct Columns
{
    std::optional<std::size_t> step, name, type, core, duration, shapes, dtypes, blockDim;
    std::size_t needed = 0; // fields to cut per row: the last column used + 1
};

// Why a row's Duration(us) or Step Id is refused, quoting a bounded excerpt of the field.
std::string badDuration(std::string_view field)
{
    return "Duration(us) is '" + fieldExcerpt(field) + "', not a time (a number from 0 to 10^12)";
}

std::string badStep(std::string_view field)
{
    return "Step Id is '" + fieldExcerpt(field) + "', not a number";
}

// Step Id: plain digits, else from_chars.
bool parseStep(std::string_view text, std::int64_t& value)
{
    if (text.empty() || text.size() > 18)
        return parseNumber(text, value);
    std::int64_t step = 0;
    for (const char c : text) {
        if (static_cast<unsigned char>(c - '0') >= 10)
            return parseNumber(text, value);
        step = step * 10 + (c - '0');
    }
    value = step;
    return true;
}

// What one piece of the file gave; line numbers count from the piece's first line.
struct alignas(64) Piece
{
    unsigned thread = 0; // the thread that read it
    // The groups its thread saw first in this piece (their ids in that thread's Reader) and their
    // first line: a group's first launch in the file is in the first such piece.
    std::vector<std::pair<std::uint32_t, std::int64_t>> firstSeen;
    std::vector<Diagnostic> diagnostics;
    std::int64_t badRows = 0;
    std::int64_t lines = 0;
};

struct StepSum
{
    std::int64_t launches = 0;
    DurationSum time;
};

// What one thread's Reader gathered over all its pieces.
struct alignas(64) ThreadResult
{
    std::vector<LaunchGroup> groups; // by the Reader's group id; firstLine unset
    struct Sum
    {
        std::int64_t launches = 0;
        DurationSum time;
    };
    std::vector<Sum> sums; // by group id
    std::map<std::int64_t, StepSum> steps;
    StepSum outsideSteps; // rows with an empty Step Id
    std::int64_t rows = 0;
};

// Files smaller than this are read by one thread: starting more costs more than it saves.
constexpr std::uint64_t kParallelBytes = std::uint64_t(32) << 20;
constexpr unsigned kMaxThreads = 4;
// The pieces a bigger file is cut into: small enough that the threads end together, big enough
// that cutting costs nothing (a 4 KiB read for each cut).
constexpr std::uint64_t kPieceBytes = std::uint64_t(16) << 20;

class Reader
{
public:
    Reader(const std::string& path, ThreadResult& result)
        : path_(path)
        , result_(result)
    {
    }

    // The piece the next rows belong to.
    void setPiece(Piece& piece)
    {
        piece_ = &piece;
    }

    // Returns false with `error` set for a header without a required column.
    bool header(std::string_view line, std::string& error)
    {
        std::vector<std::string_view> names;
        if (line.find('\r') != std::string_view::npos) {
            error = path_ + ":1: " + kCrOnlyLines;
            return false;
        }
        if (!splitCsvLine(line, names, scratch_)) {
            error = path_ + ":1: the header has an unterminated quote";
            return false;
        }
        columns_.step = columnOf(names, "Step Id");
        columns_.name = columnOf(names, "Name");
        columns_.type = columnOf(names, "Type");
        columns_.core = columnOf(names, "Accelerator Core");
        columns_.duration = columnOf(names, "Duration(us)");
        columns_.shapes = columnOf(names, "Input Shapes");
        columns_.dtypes = columnOf(names, "Input Data Types");
        columns_.blockDim = columnOf(names, "Block Num");
        if (!columns_.blockDim)
            columns_.blockDim = columnOf(names, "Block Dim");
        for (const auto& [column, name] : { std::pair { columns_.name, "Name" }, { columns_.type, "Type" },
                 { columns_.core, "Accelerator Core" }, { columns_.duration, "Duration(us)" } }) {
            if (!column) {
                error = path_ + ": no '" + name + "' column in the header";
                return false;
            }
        }
        for (const auto& column : { columns_.step, columns_.name, columns_.type, columns_.core,
                 columns_.duration, columns_.shapes, columns_.dtypes, columns_.blockDim }) {
            if (column)
                columns_.needed = std::max(columns_.needed, *column + 1);
        }
        setShortcutRoles();
        return true;
    }

    const Columns& columns() const
    {
        return columns_;
    }
    void setCompares(RowCompares compares)
    {
        shortcut_.setCompares(compares);
    }
    void setColumns(const Columns& columns)
    {
        columns_ = columns;
        setShortcutRoles();
    }

    void row(std::string_view line, std::int64_t lineNumber)
    {
        piece_->lines = lineNumber;
        if (line.empty())
            return; // a blank line (often the last one) is no row
        const std::string_view* fields = cut_.data();
        std::size_t count =
            columns_.needed <= cut_.size() ? cutCsvFields(line, cut_.data(), columns_.needed) : kNeedsSplit;
        if (count == kNeedsSplit) {
            if (!splitCsvLine(line, fields_, scratch_, columns_.needed)) {
                bad(lineNumber, "unterminated quote");
                return;
            }
            fields = fields_.data();
            count = fields_.size();
        }
        if (count < columns_.needed) {
            bad(lineNumber,
                std::to_string(count) + " fields, the header needs " + std::to_string(columns_.needed));
            return;
        }
        Duration duration;
        if (!parseDuration(fields[*columns_.duration], duration)) {
            bad(lineNumber, badDuration(fields[*columns_.duration]));
            return;
        }
        std::int64_t step = 0;
        bool inStep = true;
        if (columns_.step && !parseStep(fields[*columns_.step], step)) {
            if (!trimmed(fields[*columns_.step]).empty()) {
                bad(lineNumber, badStep(fields[*columns_.step]));
                return;
            }
            inStep = false; // a launch outside a profiled step
        }
        const LaunchKey key { trimmed(fields[*columns_.name]), trimmed(fields[*columns_.type]),
            trimmed(fields[*columns_.core]), columns_.shapes ? trimmed(fields[*columns_.shapes]) : kAbsent,
            columns_.dtypes ? trimmed(fields[*columns_.dtypes]) : kAbsent };
        ++result_.rows;
        bool added = false;
        const std::uint32_t found = groups_.groupOf(key, added, fields == cut_.data());
        if (added) {
            LaunchGroup group;
            group.name = key[0];
            group.type = key[1];
            group.core = key[2];
            group.inputShapes = key[3];
            group.inputDtypes = key[4];
            std::int64_t blockDim = 0;
            if (columns_.blockDim && parseNumber(fields[*columns_.blockDim], blockDim))
                group.blockDim = blockDim;
            result_.groups.push_back(std::move(group));
            result_.sums.emplace_back();
            piece_->firstSeen.emplace_back(found, lineNumber);
            shortcut_.remember(found, line);
        }
        addLaunch(found, duration, step, inStep);
    }

    // CsvFile::forEachRow's shortcut: the rows from `row` on, while each is of a group the launch
    // order predicts (RowShortcut::matchRow reads it from the buffer) and starts before `stop`.
    CsvFile::RowsTaken predictedRows(
        const char* row, const char* stop, const char* limit, std::int64_t lineNumber)
    {
        const char* const first = row;
        std::int64_t taken = 0;
        while (row < stop) {
            const std::array<std::uint32_t, 2> predicted = groups_.predicted();
            std::uint32_t group = predicted[0];
            const char* next = group == LaunchGroupTable::kNone
                ? nullptr
                : shortcut_.matchRow(group, row, limit, values_.data());
            if (!next && predicted[1] != LaunchGroupTable::kNone) {
                group = predicted[1];
                next = shortcut_.matchRow(group, row, limit, values_.data());
            }
            if (!next)
                break;
            predictedRow(group, lineNumber + taken);
            ++taken;
            row = next;
        }
        if (taken > 0)
            piece_->lines = lineNumber + taken - 1;
        return { first == row ? first : row, taken };
    }

    // A row RowShortcut found to be one of `group`: only its Duration(us) and Step Id are read, with
    // the checks and messages of row().
    void predictedRow(std::uint32_t group, std::int64_t lineNumber)
    {
        Duration duration;
        const std::string_view durationText = values_[durationValue_];
        if (!parseDurationPadded(durationText, duration)) {
            bad(lineNumber, badDuration(durationText));
            return;
        }
        std::int64_t step = 0;
        bool inStep = true;
        if (columns_.step) {
            // Most rows have the Step Id of the row before: the same bytes, no parse.
            // (8 bytes from the field are readable: the row is in the reader's buffer.)
            const std::string_view stepText = values_[stepValue_];
            std::uint64_t word = 0;
            if (stepText.size() <= 8) {
                std::memcpy(&word, stepText.data(), 8);
                word &= stepText.size() == 8 ? ~std::uint64_t(0)
                                             : (std::uint64_t(1) << (8 * stepText.size())) - 1;
            }
            if (stepText.size() <= 8 && stepText.size() == lastStepLength_ && word == lastStepWord_) {
                step = lastStepParsed_;
            } else if (parseStep(stepText, step)) {
                if (stepText.size() <= 8) {
                    lastStepWord_ = word;
                    lastStepLength_ = stepText.size();
                    lastStepParsed_ = step;
                }
            } else if (trimmed(stepText).empty()) {
                inStep = false; // a launch outside a profiled step
            } else {
                bad(lineNumber, badStep(stepText));
                return;
            }
        }
        ++result_.rows;
        groups_.confirm(group);
        addLaunch(group, duration, step, inStep);
    }

    void addLaunch(std::uint32_t group, const Duration& duration, std::int64_t step, bool inStep)
    {
        ThreadResult::Sum& sum = result_.sums[group];
        ++sum.launches;
        sum.time.add(duration);
        if (columns_.step && !inStep) {
            ++result_.outsideSteps.launches;
            result_.outsideSteps.time.add(duration);
        } else if (columns_.step) {
            // Rows come step by step: look the map up only when the step changes.
            if (!stepSum_ || step != lastStep_) {
                stepSum_ = &result_.steps[step];
                lastStep_ = step;
            }
            ++stepSum_->launches;
            stepSum_->time.add(duration);
        }
    }

    void bad(std::int64_t lineNumber, const std::string& why)
    {
        piece_->lines = std::max(piece_->lines, lineNumber);
        ++piece_->badRows;
        if (piece_->badRows > kMaxRowDiagnostics)
            return;
        Diagnostic diagnostic;
        diagnostic.path = path_;
        diagnostic.line = static_cast<int>(lineNumber);
        diagnostic.severity = Severity::Warning;
        diagnostic.code = "profile-bad-row";
        diagnostic.message = "kernel_details.csv row skipped: " + why;
        piece_->diagnostics.push_back(std::move(diagnostic));
    }

private:
    // The key columns are compared as bytes, Duration(us) and Step Id handed back (in column order).
    void setShortcutRoles()
    {
        using Role = RowShortcut::Role;
        std::vector<Role> roles(columns_.needed, Role::Skip);
        for (const auto& column :
            { columns_.name, columns_.type, columns_.core, columns_.shapes, columns_.dtypes }) {
            if (column)
                roles[*column] = Role::Key;
        }
        roles[*columns_.duration] = Role::Value;
        if (columns_.step)
            roles[*columns_.step] = Role::Value;
        durationValue_ = columns_.step && *columns_.step < *columns_.duration ? 1 : 0;
        stepValue_ = columns_.step && *columns_.step > *columns_.duration ? 1 : 0;
        shortcut_.setRoles(roles);
    }

    const std::string& path_;
    ThreadResult& result_;
    Piece* piece_ = nullptr;
    Columns columns_;
    RowShortcut shortcut_;
    std::array<std::string_view, 2> values_; // the shortcut's Duration(us) and Step Id
    std::size_t durationValue_ = 0; // their places in values_
    std::size_t stepValue_ = 0;
    std::array<std::string_view, 32> cut_; // the fast path's fields (cutCsvFields)
    std::vector<std::string_view> fields_; // the general splitter's
    std::string scratch_;
    // The Step Id text (up to 8 bytes, as a word) of the last predicted row that had one, and its
    // value.
    std::uint64_t lastStepWord_ = 0;
    std::size_t lastStepLength_ = SIZE_MAX;
    std::int64_t lastStepParsed_ = 0;
    StepSum* stepSum_ = nullptr; // result_.steps[lastStep_] (std::map nodes do not move)
    std::int64_t lastStep_ = 0;
    LaunchGroupTable groups_;
};

// The same signature the Reader groups by, for merging the ranges.
std::string groupKey(const LaunchGroup& group)
{
    std::string key;
    for (const std::string* part :
        { &group.name, &group.type, &group.core, &group.inputShapes, &group.inputDtypes }) {
        key += '\x1f';
        key += *part;
    }
    return key;
}

void merge(Profile& profile, std::vector<Piece>& pieces, std::vector<ThreadResult>& results)
{
    // Groups in order of first launch: the pieces in file order, each one's first sightings in
    // its order. A group several threads saw is one group (found by its key).
    std::vector<std::vector<std::size_t>> mergedOf(results.size());
    for (std::size_t t = 0; t < results.size(); ++t)
        mergedOf[t].assign(results[t].groups.size(), SIZE_MAX);
    std::unordered_map<std::string, std::size_t> groupOfKey;
    std::int64_t lineOffset = 1; // the header
    for (Piece& piece : pieces) {
        for (const auto& [id, line] : piece.firstSeen) {
            LaunchGroup& group = results[piece.thread].groups[id];
            std::size_t& merged = mergedOf[piece.thread][id];
            if (results.size() > 1) {
                const auto [it, added] = groupOfKey.emplace(groupKey(group), profile.groups.size());
                if (!added) {
                    merged = it->second;
                    continue;
                }
            }
            merged = profile.groups.size();
            group.firstLine = line + lineOffset;
            profile.groups.push_back(std::move(group));
        }
        profile.badRows += piece.badRows;
        for (Diagnostic& diagnostic : piece.diagnostics) {
            if (profile.diagnostics.size() >= static_cast<std::size_t>(kMaxRowDiagnostics))
                break;
            if (diagnostic.line)
                diagnostic.line = static_cast<int>(*diagnostic.line + lineOffset);
            profile.diagnostics.push_back(std::move(diagnostic));
        }
        lineOffset += piece.lines;
    }
    std::vector<DurationSum> times(profile.groups.size());
    std::map<std::int64_t, StepSum> steps;
    for (std::size_t t = 0; t < results.size(); ++t) {
        const ThreadResult& result = results[t];
        profile.rows += result.rows;
        for (std::size_t id = 0; id < result.sums.size(); ++id) {
            const std::size_t merged = mergedOf[t][id];
            profile.groups[merged].launches += result.sums[id].launches;
            times[merged].add(result.sums[id].time);
        }
        for (const auto& [step, sum] : result.steps) {
            StepSum& into = steps[step];
            into.launches += sum.launches;
            into.time.add(sum.time);
        }
    }
    for (std::size_t i = 0; i < times.size(); ++i)
        profile.groups[i].totalUs = times[i].microseconds();
    for (const auto& [step, sum] : steps)
        profile.steps[step] = StepTime { sum.launches, sum.time.microseconds() };
    StepSum outside;
    for (const ThreadResult& result : results) {
        outside.launches += result.outsideSteps.launches;
        outside.time.add(result.outsideSteps.time);
    }
    profile.outsideSteps = StepTime { outside.launches, outside.time.microseconds() };
    if (profile.badRows > kMaxRowDiagnostics) {
        Diagnostic diagnostic;
        diagnostic.path = profile.kernelDetailsPath;
        diagnostic.severity = Severity::Warning;
        diagnostic.code = "profile-bad-row";
        diagnostic.message = std::to_string(profile.badRows - kMaxRowDiagnostics)
            + " more kernel_details.csv rows skipped (only the first " + std::to_string(kMaxRowDiagnostics)
            + " are listed)";
        profile.diagnostics.push_back(std::move(diagnostic));
    }
}

std::string tooLong()
{
    return "longer than " + std::to_string(CsvFile::kMaxLineBytes >> 20) + " MiB";
}

} // namespace

bool parseInexactDuration(std::string_view text, Duration& duration)
{
    double value = 0;
    // "nan", "inf" and 1.7e308 are no time (a sum of them is no number).
    if (!parseNumber(text, value) || !std::isfinite(value) || value < 0 || value > kMaxDurationUs)
        return false;
    duration.units = 0;
    duration.inexact = value;
    return true;
}

bool readKernelDetails(const std::string& path, Profile& profile, std::string& error,
    const KernelDetailsReading& how, const std::string& folder)
{
    std::optional<CsvFile> file =
        CsvFile::open(path, error, how.mapped ? CsvFile::Access::Mapped : CsvFile::Access::Read, folder);
    if (!file)
        return false;
    profile.kernelDetailsPath = path;
    // The header: the line at offset 0.
    ThreadResult headerResult;
    Reader headerReader(path, headerResult);
    bool headerSeen = false;
    bool headerBad = false;
    if (!file->forEachLine(
            0, 1,
            [&](std::string_view line, std::int64_t) {
                headerSeen = true;
                headerBad = !headerReader.header(line, error);
            },
            [&](std::int64_t) {
                headerSeen = headerBad = true;
                error = path + ":1: the header is " + tooLong();
            },
            error))
        return false;
    if (headerBad)
        return false;
    if (!headerSeen) {
        error = path + ": empty file (no header)";
        return false;
    }
    profile.hasSteps = headerReader.columns().step.has_value();

    const std::uint64_t bodyStart = file->nextLineStart(0, error);
    const std::uint64_t size = file->size();
    const std::uint64_t bodyBytes = size - std::min(size, bodyStart);
    // `ranges` pieces on as many threads (up to kMaxThreads) when asked for, else pieces of about
    // kPieceBytes on one thread a core for a big file.
    const unsigned ranges = how.ranges;
    unsigned threadCount = std::max(1u, std::min(ranges, kMaxThreads));
    std::uint64_t pieceCount = std::max(1u, ranges);
    if (ranges == 0 && bodyBytes >= kParallelBytes) {
        threadCount = std::max(1u, std::min(kMaxThreads, std::thread::hardware_concurrency()));
        // At most kPieceBytes each (and a line): one mapped window a piece (CsvFile::kWindowBytes).
        pieceCount = threadCount == 1
            ? 1
            : std::max<std::uint64_t>(threadCount, (bodyBytes + kPieceBytes - 1) / kPieceBytes);
    }
    std::vector<std::uint64_t> bounds { bodyStart };
    for (std::uint64_t i = 1; i < pieceCount; ++i)
        bounds.push_back(
            std::max(bounds.back(), file->nextLineStart(bodyStart + bodyBytes * i / pieceCount, error)));
    bounds.push_back(std::max(bounds.back(), size));

    std::vector<Piece> pieces(pieceCount);
    std::vector<ThreadResult> results(threadCount);
    std::vector<std::string> errors(threadCount);
    std::vector<char> ok(threadCount, 1);
    std::atomic<std::size_t> nextPiece { 0 };
    std::atomic<bool> failed { false };
    const auto readPieces = [&](unsigned t) {
        Reader reader(path, results[t]);
        reader.setColumns(headerReader.columns());
        reader.setCompares(how.compares);
        const auto predicted = [&](const char* row, const char* stop, const char* limit,
                                   std::int64_t number) {
            return how.rowShortcut ? reader.predictedRows(row, stop, limit, number)
                                   : CsvFile::RowsTaken { row, 0 };
        };
        for (std::size_t i; !failed && (i = nextPiece.fetch_add(1)) < pieces.size();) {
            pieces[i].thread = t;
            reader.setPiece(pieces[i]);
            if (!file->forEachRow(
                    bounds[i], bounds[i + 1], predicted,
                    [&](std::string_view line, std::int64_t number) { reader.row(line, number); },
                    [&](std::int64_t number) { reader.bad(number, tooLong()); }, errors[t])) {
                ok[t] = 0;
                failed = true;
            }
        }
    };
    std::vector<std::thread> threads;
    for (unsigned t = 1; t < threadCount; ++t)
        threads.emplace_back(readPieces, t);
    readPieces(0);
    for (std::thread& thread : threads)
        thread.join();
    for (unsigned t = 0; t < threadCount; ++t) {
        if (!ok[t]) {
            error = errors[t];
            return false;
        }
    }
    merge(profile, pieces, results);
    return true;
}

} // namespace dvmlens
