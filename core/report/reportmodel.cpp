// SPDX-License-Identifier: MIT
#include "report/reportmodel.h"

#include "io/safefile.h"
#include "report/reportbounds.h"
#include "version.h"

#include <QString>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <vector>

namespace dvmlens {

namespace {

// Excerpts come from output_code.py files of any size; reading stops at the last line wanted.
// Lines end as Python ends them (and as the parser counts them): LF, CRLF or a lone CR.
class SourceLines
{
public:
    // Opened as every artifact is (io/safefile.h): a regular file inside `tree`.
    SourceLines(const std::string& path, const std::string& tree)
        : m_path(path)
        , m_tree(tree)
    {
        reopen();
    }

    bool ok() const
    {
        return m_file.has_value();
    }

    // Lines first..last (1-based, inclusive) in ascending calls; missing lines are left out.
    std::vector<std::string> lines(int first, int last)
    {
        std::vector<std::string> result;
        if (!m_file || first < 1 || last < first)
            return result;
        if (first <= m_lineNumber) // asked again for earlier lines: start over
            reopen();
        std::string line;
        while (m_file && m_lineNumber < last && nextLine(line)) {
            ++m_lineNumber;
            if (m_lineNumber >= first) // valid UTF-8 for every writer: invalid bytes become U+FFFD
                result.push_back(QString::fromUtf8(line.data(), qsizetype(line.size())).toStdString());
        }
        return result;
    }

private:
    static constexpr std::size_t kMaxLineBytes = 4096; // an overlong line keeps its start
    static constexpr std::size_t kChunkBytes = 1 << 16;

    void reopen()
    {
        FileError error;
        m_file = SafeFile::open(m_path, m_tree, UINT64_MAX, error);
        m_buffer.resize(kChunkBytes);
        m_begin = m_end = 0;
        m_lineNumber = 0;
        m_pendingLf = false;
    }

    bool fill()
    {
        FileError error;
        const std::optional<std::size_t> got = m_file->read(m_buffer.data(), m_buffer.size(), error);
        m_begin = 0;
        m_end = got.value_or(0);
        return m_end > 0;
    }

    // The next line without its end; false at the end of the file (a last line without an end
    // still counts).
    bool nextLine(std::string& line)
    {
        line.clear();
        bool any = false;
        for (;;) {
            if (m_begin == m_end && !fill())
                return any;
            if (m_pendingLf) { // the LF of a CRLF split across two reads
                m_pendingLf = false;
                if (m_buffer[m_begin] == '\n')
                    ++m_begin;
                continue;
            }
            any = true;
            std::size_t at = m_begin;
            while (at < m_end && m_buffer[at] != '\n' && m_buffer[at] != '\r')
                ++at;
            if (line.size() < kMaxLineBytes)
                line.append(m_buffer.data() + m_begin, std::min(at - m_begin, kMaxLineBytes - line.size()));
            if (at == m_end) {
                m_begin = at;
                continue;
            }
            const char end = m_buffer[at];
            m_begin = at + 1;
            if (end == '\r') {
                if (m_begin < m_end) {
                    if (m_buffer[m_begin] == '\n')
                        ++m_begin;
                } else {
                    m_pendingLf = true;
                }
            }
            return true;
        }
    }

    std::string m_path;
    std::string m_tree;
    std::optional<SafeFile> m_file;
    std::vector<char> m_buffer;
    std::size_t m_begin = 0;
    std::size_t m_end = 0;
    bool m_pendingLf = false;
    int m_lineNumber = 0;
};

struct CoverageSum
{
    long long dvmLaunches = 0;
    long long denominator = 0;

    void add(const OutputCode& code)
    {
        for (const Kernel& kernel : code.kernels) {
            denominator += kernel.launches;
            if (kernel.backend == Backend::Dvm)
                dvmLaunches += kernel.launches;
        }
        denominator += static_cast<long long>(code.fallbacks.size());
    }

    std::optional<double> value() const
    {
        if (denominator == 0)
            return std::nullopt;
        return static_cast<double>(dvmLaunches) / static_cast<double>(denominator);
    }
};

// `maxExcerpts`: how many DVM kernels get their source read (a bounded report shows no more).
ReportGraph reportGraph(const Graph& graph, const std::string& tree, std::size_t maxExcerpts)
{
    ReportGraph result;
    result.graph = &graph;
    result.verdict = graphVerdict(graph);
    result.reasons = notEngagedReasons(graph);
    result.summary = summarize(graph);
    if (!graph.outputCode)
        return result;
    const OutputCode& code = *graph.outputCode;
    SourceLines source(code.path, tree);
    // Kernels and fallbacks are in file order, so one forward pass serves both lists.
    for (const Kernel& kernel : code.kernels) {
        if (kernel.backend != Backend::Dvm)
            continue;
        ReportKernel entry;
        entry.kernel = &kernel;
        if (result.dvmKernels.size() >= maxExcerpts) {
            result.dvmKernels.push_back(std::move(entry));
            continue;
        }
        const int last = std::max(kernel.line, kernel.endLine);
        const int shownLast = std::min(last, kernel.line + ReportModel::kMaxExcerptLines - 1);
        entry.source = source.lines(kernel.line, shownLast);
        entry.sourceFirstLine = entry.source.empty() ? 0 : kernel.line;
        entry.sourceCut = shownLast < last;
        result.dvmKernels.push_back(std::move(entry));
    }
    for (const Fallback& fallback : code.fallbacks) {
        ReportFallback entry;
        entry.fallback = &fallback;
        const auto lines = source.lines(fallback.line, fallback.line);
        if (!lines.empty()) {
            const std::string& line = lines.front();
            entry.sourceLine = line.substr(line.find_first_not_of(" \t") == std::string::npos
                    ? line.size()
                    : line.find_first_not_of(" \t"));
        }
        result.fallbacks.push_back(std::move(entry));
    }
    return result;
}

} // namespace

std::optional<ReportFormat> reportFormatFromName(std::string_view name)
{
    if (name == "md" || name == "markdown")
        return ReportFormat::Markdown;
    if (name == "html")
        return ReportFormat::Html;
    if (name == "json")
        return ReportFormat::Json;
    return std::nullopt;
}

std::string ReportModel::relative(const std::string& path) const
{
    const std::string& root = index->root;
    if (path == root)
        return ".";
    if (path.size() > root.size() && path.compare(0, root.size(), root) == 0 && path[root.size()] == '/')
        return path.substr(root.size() + 1);
    return path;
}

ReportModel buildReportModel(const ReportInput& input)
{
    ReportModel model;
    model.toolVersion = DVMLENS_VERSION;
    model.generatedAt = input.generatedAt;
    model.index = input.index;
    model.summary = summarize(*input.index);
    const RuleBook& rules = input.rules ? *input.rules : builtinRules();
    model.findings = findKnownFailures(*input.index, rules, &model.problems);

    // A bounded report shows a graph identical on every rank once, and reads no more source
    // excerpts than its loosest level shows.
    const std::vector<std::vector<ReportFold>> folds =
        input.full ? std::vector<std::vector<ReportFold>>() : identicalRankFolds(*input.index);
    const std::size_t maxExcerpts = input.full ? SIZE_MAX : reportBoundLevels().front().excerptsPerGraph;
    model.bounded = !input.full;

    CoverageSum treeCoverage;
    for (std::size_t r = 0; r < input.index->runs.size(); ++r) {
        const Run& run = input.index->runs[r];
        ReportRun reportRun;
        reportRun.run = &run;
        reportRun.versions = runVersions(run, input.index->root);
        reportRun.summary = summarize(run);
        CoverageSum runCoverage;
        for (std::size_t g = 0; g < run.graphs.size(); ++g) {
            const Graph& graph = run.graphs[g];
            const ReportFold* fold = folds.empty() ? nullptr : &folds[r][g];
            if (fold && fold->folded) {
                ReportGraph folded;
                folded.graph = &graph;
                folded.verdict = graphVerdict(graph);
                folded.reasons = notEngagedReasons(graph);
                folded.summary = summarize(graph);
                folded.folded = true;
                folded.foldedIntoRun = fold->intoRun;
                folded.foldedIntoGraph = fold->intoGraph;
                reportRun.graphs.push_back(std::move(folded));
                ++model.foldedGraphs;
            } else {
                reportRun.graphs.push_back(reportGraph(graph, input.index->root, maxExcerpts));
                if (fold) {
                    reportRun.graphs.back().identicalRuns = fold->identicalRuns;
                    reportRun.graphs.back().identicalRanks = fold->identicalRanks;
                }
            }
            if (graph.outputCode) {
                runCoverage.add(*graph.outputCode);
                treeCoverage.add(*graph.outputCode);
            }
        }
        reportRun.coverage = runCoverage.value();
        model.runs.push_back(std::move(reportRun));
    }
    model.coverage = treeCoverage.value();
    for (std::size_t i = 0; i < model.findings.size(); ++i) {
        const Finding& finding = model.findings[i];
        if (finding.run && finding.graph)
            model.runs[*finding.run].graphs[*finding.graph].findings.push_back(i);
    }

    if (input.baseline) {
        model.baseline = input.baseline;
        model.comparison = compareIndexes(*input.baseline, *input.index, CompareOptions());
        for (std::size_t i = 0; i < model.comparison->graphs.size(); ++i) {
            if (model.comparison->graphs[i].regression)
                model.regressions.push_back(i);
        }
        if (input.profile || input.baselineProfile)
            model.timeComparison = compareProfiles(
                *model.comparison, *input.baseline, *input.index, input.baselineProfile, input.profile);
    }
    model.profile = input.profile;
    if (input.modelSources)
        model.sources = summarizeSources(*input.index, buildSourceMap(*input.index));
    return model;
}

std::string verdictSentence(const Summary& summary)
{
    const VerdictCounts& counts = summary.verdicts;
    const std::string of =
        std::to_string(counts.engaged) + " of " + std::to_string(counts.withCode) + " graphs";
    switch (summary.verdict) {
    case Verdict::Engaged:
        return "DVM engaged in " + of;
    case Verdict::NotEngaged:
        return "DVM not engaged (" + of + ")";
    case Verdict::Partly:
        return "DVM partly engaged (" + of + ")";
    case Verdict::NotIndexed:
        return "not indexed: " + std::to_string(counts.notIndexed) + " of " + std::to_string(counts.withCode)
            + " graphs not parsed (DVM engaged in " + std::to_string(counts.engaged) + " so far)";
    case Verdict::NoCode:
    case Verdict::NotWrapper:
        break;
    }
    return "no output_code.py to check";
}

std::string percentText(std::optional<double> fraction)
{
    if (!fraction)
        return "n/a";
    char text[32];
    std::snprintf(text, sizeof text, "%.1f%%", *fraction * 100.0);
    return text;
}

} // namespace dvmlens
