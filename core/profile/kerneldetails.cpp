// SPDX-License-Identifier: MIT
// kernel_details.csv, read once in fixed blocks: each row is cut only as far as the last column
// the join needs and folded into its LaunchGroup on the spot, so memory follows the number of
// distinct kernels, not of launches. A big file is cut at newlines into one range per core, each
// read by its own Reader; the partial results are merged in file order.
#include "profile/csvfile.h"
#include "profile/launchgrouptable.h"
#include "profile/profile.h"
#include "profile/rowshortcut.h"

#include <algorithm>
#include <array>
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

// Duration(us) as torch_npu writes it ("12.345"): digits, a point, digits. Up to 2^53 as an integer
// and 22 decimals, mantissa / 10^decimals is one correctly rounded division, so the value is the
// one from_chars gives, at a fraction of its cost; anything else goes to from_chars.
bool parseDuration(std::string_view text, double& value)
{
    static constexpr double kPowersOfTen[] = { 1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22 };
    const char* p = text.data();
    const char* const end = p + text.size();
    std::uint64_t mantissa = 0;
    int digits = 0;
    int decimals = 0;
    for (; p < end && static_cast<unsigned char>(*p - '0') < 10; ++p, ++digits)
        mantissa = mantissa * 10 + static_cast<unsigned>(*p - '0');
    if (p < end && *p == '.') {
        for (++p; p < end && static_cast<unsigned char>(*p - '0') < 10; ++p, ++digits, ++decimals)
            mantissa = mantissa * 10 + static_cast<unsigned>(*p - '0');
    }
    if (p != end || digits == 0 || digits > 19 || decimals > 22 || mantissa > (std::uint64_t(1) << 53))
        return parseNumber(text, value) && std::isfinite(value); // "nan" and "inf" are no time
    value = static_cast<double>(mantissa) / kPowersOfTen[decimals];
    return true;
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

// What one range of the file gave; line numbers count from the range's first line.
struct Partial
{
    std::vector<LaunchGroup> groups;
    std::map<std::int64_t, StepTime> steps;
    std::vector<Diagnostic> diagnostics;
    std::int64_t rows = 0;
    std::int64_t badRows = 0;
    std::int64_t lines = 0;
};

// Files smaller than this are read by one thread: starting more costs more than it saves.
constexpr std::uint64_t kParallelBytes = std::uint64_t(32) << 20;
constexpr unsigned kMaxThreads = 4;

class Reader
{
public:
    Reader(const std::string& path, Partial& partial)
        : path_(path)
        , partial_(partial)
    {
    }

    // Returns false with `error` set for a header without a required column.
    bool header(std::string_view line, std::string& error)
    {
        std::vector<std::string_view> names;
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
    void setColumns(const Columns& columns)
    {
        columns_ = columns;
        setShortcutRoles();
    }

    void row(std::string_view line, std::int64_t lineNumber)
    {
        partial_.lines = lineNumber;
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
        double duration = 0;
        if (!parseDuration(fields[*columns_.duration], duration) || duration < 0) {
            bad(lineNumber, "Duration(us) is '" + std::string(fields[*columns_.duration]) + "', not a time");
            return;
        }
        std::int64_t step = 0;
        if (columns_.step && !parseStep(fields[*columns_.step], step)) {
            bad(lineNumber, "Step Id is '" + std::string(fields[*columns_.step]) + "', not a number");
            return;
        }
        const LaunchKey key { trimmed(fields[*columns_.name]), trimmed(fields[*columns_.type]),
            trimmed(fields[*columns_.core]), columns_.shapes ? trimmed(fields[*columns_.shapes]) : kAbsent,
            columns_.dtypes ? trimmed(fields[*columns_.dtypes]) : kAbsent };
        ++partial_.rows;
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
            group.firstLine = lineNumber;
            partial_.groups.push_back(std::move(group));
            sums_.emplace_back();
            shortcut_.remember(found, line);
        }
        addLaunch(found, duration, step);
    }

    // CsvFile::forEachRow's shortcut: a row of a group the launch order predicts, read from the
    // buffer (RowShortcut::matchRow); the byte past its LF, or null when it is not such a row.
    const char* predictedRowAt(const char* row, const char* limit, std::int64_t lineNumber)
    {
        for (const std::uint32_t predicted : groups_.predicted()) {
            if (predicted == LaunchGroupTable::kNone)
                break;
            if (const char* next = shortcut_.matchRow(predicted, row, limit, values_.data())) {
                partial_.lines = lineNumber;
                predictedRow(predicted, lineNumber);
                return next;
            }
        }
        return nullptr;
    }

    // A row RowShortcut found to be one of `group`: only its Duration(us) and Step Id are read, with
    // the checks and messages of row().
    void predictedRow(std::uint32_t group, std::int64_t lineNumber)
    {
        double duration = 0;
        const std::string_view durationText = values_[durationValue_];
        if (!parseDuration(durationText, duration) || duration < 0) {
            bad(lineNumber, "Duration(us) is '" + std::string(durationText) + "', not a time");
            return;
        }
        std::int64_t step = 0;
        if (columns_.step && !parseStep(values_[stepValue_], step)) {
            bad(lineNumber, "Step Id is '" + std::string(values_[stepValue_]) + "', not a number");
            return;
        }
        ++partial_.rows;
        groups_.confirm(group);
        addLaunch(group, duration, step);
    }

    void addLaunch(std::uint32_t group, double duration, std::int64_t step)
    {
        Sum& sum = sums_[group];
        ++sum.launches;
        sum.totalUs += duration;
        if (columns_.step) {
            // Rows come step by step: look the map up only when the step changes.
            if (!stepTime_ || step != lastStep_) {
                stepTime_ = &partial_.steps[step];
                lastStep_ = step;
            }
            ++stepTime_->launches;
            stepTime_->totalUs += duration;
        }
    }

    // After the last row: the sums into their groups.
    void finish()
    {
        for (std::size_t i = 0; i < sums_.size(); ++i) {
            partial_.groups[i].launches = sums_[i].launches;
            partial_.groups[i].totalUs = sums_[i].totalUs;
        }
    }

    void bad(std::int64_t lineNumber, const std::string& why)
    {
        partial_.lines = std::max(partial_.lines, lineNumber);
        ++partial_.badRows;
        if (partial_.badRows > kMaxRowDiagnostics)
            return;
        Diagnostic diagnostic;
        diagnostic.path = path_;
        diagnostic.line = static_cast<int>(lineNumber);
        diagnostic.severity = Severity::Warning;
        diagnostic.code = "profile-bad-row";
        diagnostic.message = "kernel_details.csv row skipped: " + why;
        partial_.diagnostics.push_back(std::move(diagnostic));
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
    Partial& partial_;
    Columns columns_;
    RowShortcut shortcut_;
    std::array<std::string_view, 2> values_; // the shortcut's Duration(us) and Step Id
    std::size_t durationValue_ = 0; // their places in values_
    std::size_t stepValue_ = 0;
    std::array<std::string_view, 32> cut_; // the fast path's fields (cutCsvFields)
    std::vector<std::string_view> fields_; // the general splitter's
    std::string scratch_;
    StepTime* stepTime_ = nullptr; // partial_.steps[lastStep_] (std::map nodes do not move)
    std::int64_t lastStep_ = 0;
    LaunchGroupTable groups_;
    // By group: launches and time, apart from partial_.groups so the hot loop stays in cache.
    struct Sum
    {
        std::int64_t launches = 0;
        double totalUs = 0;
    };
    std::vector<Sum> sums_;
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

void merge(Profile& profile, std::vector<Partial>& partials)
{
    std::unordered_map<std::string, std::size_t> groupOfKey;
    std::int64_t lineOffset = 1; // the header
    for (Partial& partial : partials) {
        profile.rows += partial.rows;
        profile.badRows += partial.badRows;
        for (const auto& [step, time] : partial.steps) {
            StepTime& merged = profile.steps[step];
            merged.launches += time.launches;
            merged.totalUs += time.totalUs;
        }
        for (LaunchGroup& group : partial.groups) {
            group.firstLine += lineOffset;
            if (partials.size() == 1) {
                profile.groups.push_back(std::move(group));
                continue;
            }
            const auto [it, added] = groupOfKey.emplace(groupKey(group), profile.groups.size());
            if (added) {
                profile.groups.push_back(std::move(group));
            } else {
                profile.groups[it->second].launches += group.launches;
                profile.groups[it->second].totalUs += group.totalUs;
            }
        }
        for (Diagnostic& diagnostic : partial.diagnostics) {
            if (profile.diagnostics.size() >= static_cast<std::size_t>(kMaxRowDiagnostics))
                break;
            if (diagnostic.line)
                diagnostic.line = static_cast<int>(*diagnostic.line + lineOffset);
            profile.diagnostics.push_back(std::move(diagnostic));
        }
        lineOffset += partial.lines;
    }
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

bool readKernelDetails(
    const std::string& path, Profile& profile, std::string& error, unsigned ranges, bool rowShortcut)
{
    std::optional<CsvFile> file = CsvFile::open(path, error);
    if (!file)
        return false;
    profile.kernelDetailsPath = path;
    // The header: the line at offset 0.
    Partial headerPartial;
    Reader headerReader(path, headerPartial);
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
    if (ranges == 0) {
        const unsigned cores = std::max(1u, std::min(kMaxThreads, std::thread::hardware_concurrency()));
        ranges = size - bodyStart >= kParallelBytes ? cores : 1;
    }
    std::vector<std::uint64_t> bounds { bodyStart };
    for (unsigned i = 1; i < ranges; ++i)
        bounds.push_back(
            std::max(bounds.back(), file->nextLineStart(bodyStart + (size - bodyStart) * i / ranges, error)));
    bounds.push_back(size);

    std::vector<Partial> partials(ranges);
    std::vector<std::string> errors(ranges);
    std::vector<char> ok(ranges, 0);
    const auto readRange = [&](unsigned i) {
        Reader reader(path, partials[i]);
        reader.setColumns(headerReader.columns());
        const auto predicted = [&](const char* row, const char* limit, std::int64_t number) {
            return rowShortcut ? reader.predictedRowAt(row, limit, number) : nullptr;
        };
        ok[i] = file->forEachRow(
            bounds[i], bounds[i + 1], predicted,
            [&](std::string_view line, std::int64_t number) { reader.row(line, number); },
            [&](std::int64_t number) { reader.bad(number, tooLong()); }, errors[i]);
        reader.finish();
    };
    std::vector<std::thread> threads;
    for (unsigned i = 1; i < ranges; ++i)
        threads.emplace_back(readRange, i);
    readRange(0);
    for (std::thread& thread : threads)
        thread.join();
    for (unsigned i = 0; i < ranges; ++i) {
        if (!ok[i]) {
            error = errors[i];
            return false;
        }
    }
    merge(profile, partials);
    return true;
}

} // namespace dvmlens
