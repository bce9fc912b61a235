// SPDX-License-Identifier: MIT
#include "core/rules/logmatching.h"

#include "core/parse/utf8sanitizer.h"
#include "core/rules/logscanner.h"

#include <QString>

#include <algorithm>
#include <limits>
#include <re2/re2.h>

namespace dvmlens {

namespace {

constexpr std::size_t kExcerptBytes = 300;
constexpr std::size_t kMaxPendingMatches = 64; // matches waiting for context that may follow them

// ASCII only, and inline: the locale-aware std::tolower dominated profiles of big logs.
constexpr char asciiLower(char c)
{
    return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

bool isAscii(std::string_view bytes)
{
    return std::all_of(
        bytes.begin(), bytes.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; });
}

// The line as bytes, and as valid UTF-8 only when a regex needs it and the line is not already
// (RE2 reads UTF-8; broken bytes become U+FFFD, as they did for the regex engine before).
class LineText
{
public:
    explicit LineText(std::string_view bytes)
        : m_bytes(bytes)
    {
    }
    std::string_view bytes() const
    {
        return m_bytes;
    }
    std::string_view text()
    {
        if (!m_checked) {
            m_checked = true;
            if (!isAscii(m_bytes)) {
                std::string valid = validUtf8(m_bytes);
                if (valid != m_bytes)
                    m_valid = std::move(valid);
            }
        }
        return m_valid ? std::string_view(*m_valid) : m_bytes;
    }

private:
    std::string_view m_bytes;
    bool m_checked = false;
    std::optional<std::string> m_valid;
};

// `lowerNeedle` is already lower case (done once when the rule is read).
bool containsIgnoringCase(std::string_view haystack, std::string_view lowerNeedle)
{
    return std::search(haystack.begin(), haystack.end(), lowerNeedle.begin(), lowerNeedle.end(),
               [](char a, char b) { return asciiLower(a) == b; })
        != haystack.end();
}

bool matches(const TextPattern& pattern, LineText& line)
{
    if (pattern.isRegex) {
        if (!pattern.requiredLiteral.empty()
            && line.bytes().find(pattern.requiredLiteral) == std::string_view::npos)
            return false;
        const std::string_view text = line.text();
        return pattern.regex && RE2::PartialMatch(re2::StringPiece(text.data(), text.size()), *pattern.regex);
    }
    if (pattern.ignoreCase)
        return containsIgnoringCase(line.bytes(), pattern.text);
    return line.bytes().find(pattern.text) != std::string_view::npos;
}

// Substrings and the regexes' required literals first: they are cheap, and one missing spares
// every regex.
bool allMatch(const std::vector<TextPattern>& patterns, LineText& line)
{
    for (const TextPattern& pattern : patterns) {
        const std::string_view literal = pattern.isRegex ? pattern.requiredLiteral : std::string_view();
        if ((!pattern.isRegex && !matches(pattern, line))
            || (!literal.empty() && line.bytes().find(literal) == std::string_view::npos))
            return false;
    }
    for (const TextPattern& pattern : patterns) {
        if (pattern.isRegex && !matches(pattern, line))
            return false;
    }
    return true;
}

bool anyMatch(const std::vector<TextPattern>& patterns, LineText& line)
{
    for (bool regexes : { false, true }) {
        for (const TextPattern& pattern : patterns) {
            if (pattern.isRegex == regexes && matches(pattern, line))
                return true;
        }
    }
    return false;
}

bool matches(const LineSignature& signature, LineText& line)
{
    return allMatch(signature.allOf, line) && (signature.anyOf.empty() || anyMatch(signature.anyOf, line))
        && !anyMatch(signature.noneOf, line);
}

// Printable, valid UTF-8, at most kExcerptBytes: it goes into reports and JSON as is.
std::string excerptOf(std::string_view bytes)
{
    QString text =
        QString::fromUtf8(bytes.data(), static_cast<qsizetype>(std::min(bytes.size(), kExcerptBytes)));
    for (QChar& c : text) {
        if (c.unicode() < 0x20 || c.unicode() == 0x7f)
            c = QLatin1Char(' ');
    }
    text = text.trimmed();
    if (bytes.size() > kExcerptBytes)
        text += QStringLiteral("…");
    return text.toStdString();
}

} // namespace

// One log rule's progress through a file.
struct RuleProgress
{
    const Rule* rule = nullptr;
    int matches = 0;
    std::optional<std::pair<std::int64_t, std::string>> first;
    std::optional<std::pair<std::int64_t, std::string>> firstConfident;
    std::int64_t lastContextLine = 0; // 0: none seen yet
    // Matches whose context may come later (at most kMaxPendingMatches). A vector: a deque would
    // allocate even when empty, for every rule of every log.
    std::vector<std::pair<std::int64_t, std::string>> pending;
};

namespace {

std::vector<Finding> progressToFindings(const std::vector<RuleProgress>& progress, const std::string& path)
{
    std::vector<Finding> findings;
    for (const RuleProgress& state : progress) {
        if (state.matches == 0)
            continue;
        Finding finding;
        finding.rule = state.rule->text;
        finding.path = path;
        finding.occurrences = state.matches;
        const auto& chosen = state.firstConfident ? *state.firstConfident : *state.first;
        finding.confidence = state.firstConfident ? Confidence::High : Confidence::Medium;
        finding.line =
            static_cast<int>(std::min<std::int64_t>(chosen.first, std::numeric_limits<int>::max()));
        finding.excerpt = chosen.second;
        findings.push_back(std::move(finding));
    }
    return findings;
}

void observeLine(RuleProgress& state, std::int64_t number, LineText& line)
{
    const Rule& rule = *state.rule;
    if (!state.firstConfident && !rule.context.empty() && anyMatch(rule.context, line)) {
        state.lastContextLine = number;
        while (!state.pending.empty() && state.pending.front().first < number - rule.contextWithin)
            state.pending.erase(state.pending.begin());
        if (!state.pending.empty())
            state.firstConfident = state.pending.front();
    }
    const bool hit = std::any_of(rule.signatures.begin(), rule.signatures.end(),
        [&](const LineSignature& signature) { return matches(signature, line); });
    if (!hit)
        return;
    ++state.matches;
    if (!state.first)
        state.first.emplace(number, excerptOf(line.bytes()));
    if (state.firstConfident || rule.context.empty())
        return;
    if (state.lastContextLine > 0 && state.lastContextLine >= number - rule.contextWithin) {
        state.firstConfident.emplace(number, excerptOf(line.bytes()));
    } else if (state.pending.size() < kMaxPendingMatches) {
        state.pending.emplace_back(number, excerptOf(line.bytes()));
    }
}

} // namespace

std::string_view confidenceName(Confidence confidence)
{
    return confidence == Confidence::High ? "high" : "medium";
}

bool patternMatches(const TextPattern& pattern, std::string_view line)
{
    LineText text(line);
    return matches(pattern, text);
}

LogMatcher::LogMatcher(const RuleBook& rules)
{
    for (const Rule& rule : rules.rules) {
        if (!rule.isTreeRule) {
            RuleProgress state;
            state.rule = &rule;
            m_progress.push_back(std::move(state));
        }
    }
}

LogMatcher::~LogMatcher() = default;

bool LogMatcher::empty() const
{
    return m_progress.empty();
}

void LogMatcher::line(std::int64_t number, std::string_view text)
{
    LineText line(text);
    for (RuleProgress& state : m_progress)
        observeLine(state, number, line);
}

std::vector<Finding> LogMatcher::findings(const std::string& path) const
{
    return progressToFindings(m_progress, path);
}

std::optional<std::vector<Finding>> scanLogForKnownFailures(const Container& files, const std::string& path,
    const RuleBook& rules, std::string& error, const std::string& tree)
{
    LogMatcher matcher(rules);
    if (matcher.empty())
        return std::vector<Finding>();
    LogLineReader reader;
    const bool ok = reader.read(
        files, path,
        [&](const LogLine& logLine) {
            matcher.line(logLine.number, logLine.text);
            return true;
        },
        error, tree);
    if (!ok)
        return std::nullopt;
    return matcher.findings(path);
}

} // namespace dvmlens
