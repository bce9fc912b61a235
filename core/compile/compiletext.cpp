// SPDX-License-Identifier: MIT
#include "core/compile/compiletext.h"

#include "core/compile/compilewording.h"
#include "core/trace/compileresets.h"
#include "core/trace/reasonline.h"

#include <cstdio>

namespace dvmlens {

namespace {

std::string cacheLine(const char* name, const CacheCounts& counts)
{
    std::string line = std::string(name) + ": " + cacheCountsText(counts);
    if (counts.timeSavedUs)
        line += " (" + durationText(counts.timeSavedUs) + " saved)";
    line += '\n';
    for (const std::string& reason : counts.bypassReasons)
        line += "    bypass: " + firstLine(reason) + '\n';
    return line;
}

// "1 hit" / "2 hits".
std::string counted(long long n, const char* one, const char* many)
{
    return std::to_string(n) + ' ' + (n == 1 ? one : many);
}

} // namespace

LocalizedText framesText(int frames)
{
    return { counted(frames, "frame", "frames"), std::to_string(frames) + " 个帧" };
}

LocalizedText recompilesText(int recompiles)
{
    return { counted(recompiles, "recompile", "recompiles"),
        "重新编译 " + std::to_string(recompiles) + " 次" };
}

LocalizedText compilesText(int compiles)
{
    return { counted(compiles, "compile", "compiles"), "编译 " + std::to_string(compiles) + " 次" };
}

LocalizedText compileHeadline(const CompileSummary& summary)
{
    const auto n = [](long long value) { return std::to_string(value); };
    const long long failed = static_cast<long long>(summary.failures.size());
    return { counted(summary.logs, "trace log", "trace logs") + ", "
            + counted(summary.graphs, "compile", "compiles") + ": "
            + counted(summary.breakCount(), "distinct graph break", "distinct graph breaks") + " ("
            + counted(summary.breakHits, "hit", "hits") + "), "
            + counted(summary.recompiles, "recompile", "recompiles") + ", "
            + counted(failed, "failed compile", "failed compiles") + ".",
        n(summary.logs) + " 个 trace 日志，" + n(summary.graphs) + " 次编译：" + n(summary.breakCount())
            + " 处不同的图中断（命中 " + n(summary.breakHits) + " 次），重新编译 " + n(summary.recompiles)
            + " 次，编译失败 " + n(failed) + " 次。" };
}

std::string rankText(const std::optional<std::int64_t>& rank)
{
    return rank ? "rank " + std::to_string(*rank) : std::string("no rank");
}

std::string ranksText(const std::vector<std::int64_t>& ranks)
{
    if (ranks.empty())
        return "no rank";
    std::string text = ranks.size() == 1 ? "rank " : "ranks ";
    for (std::size_t i = 0; i < ranks.size(); ++i)
        text += (i ? "," : "") + std::to_string(ranks[i]);
    return text;
}

std::string cacheCountsText(const CacheCounts& counts)
{
    std::string text = "hit " + std::to_string(counts.hit) + ", miss " + std::to_string(counts.miss)
        + ", bypass " + std::to_string(counts.bypass);
    if (counts.disabled)
        text += ", disabled " + std::to_string(counts.disabled);
    return text;
}

std::string compileTimesText(const CompileTimes& times)
{
    std::string text;
    const auto append = [&text](const char* name, const std::optional<std::int64_t>& us) {
        if (us)
            text += std::string(text.empty() ? "" : ", ") + name + ' ' + durationText(*us);
    };
    append("dynamo", times.dynamoUs);
    append("aot", times.aotUs);
    append("inductor", times.inductorUs);
    append("codegen", times.codegenUs);
    return text;
}

std::string failureText(const CompileFailure& failure)
{
    std::string text = failure.type + ": " + reasonLine(failure.reason);
    const std::string where = shortLocation(failure.file, failure.line);
    if (!where.empty())
        text += " at " + where;
    return text;
}

std::string guardFailureText(const GuardFailure& reason)
{
    return (reason.entry.empty() ? std::string() : reason.entry + ": ") + reason.words;
}

std::string durationText(std::int64_t us)
{
    char text[32];
    if (us >= 1000000)
        std::snprintf(text, sizeof text, "%.2f s", double(us) / 1e6);
    else if (us >= 1000)
        std::snprintf(text, sizeof text, "%.1f ms", double(us) / 1e3);
    else
        std::snprintf(text, sizeof text, "%lld µs", static_cast<long long>(us));
    return text;
}

std::string compileSummaryText(const std::vector<CompileLog>& logs, const CompileSummary& summary)
{
    std::string text = "compile: " + std::to_string(summary.logs) + (summary.logs == 1 ? " log, " : " logs, ")
        + std::to_string(summary.graphs) + " compiles (compile ids)\n";
    for (const CompileLog& log : logs)
        if (!log.opened)
            text += "  cannot read " + log.path + ": " + log.error + '\n';
    text += "graph breaks: " + std::to_string(summary.breaks.size()) + " distinct ("
        + std::to_string(summary.breakHits) + (summary.breakHits == 1 ? " hit)\n" : " hits)\n");
    for (const DistinctBreak& distinct : summary.breaks) {
        const std::string where = shortLocation(distinct.file, distinct.line);
        text += "  " + (where.empty() ? std::string("(no user frame)") : where) + "  " + distinct.type + "  ["
            + std::to_string(distinct.frames) + (distinct.frames == 1 ? " frame, " : " frames, ")
            + ranksText(distinct.ranks) + "]";
        if (distinct.fromRestart)
            text += std::string(" (") + kFromRestartNote + ")";
        text += '\n';
        for (const std::string& resume : distinct.resumeFunctions)
            text += "    resumes in " + resume + '\n';
    }
    text += "recompiles: " + std::to_string(summary.recompiles) + '\n';
    for (const FrameRecompiles& frame : summary.frames) {
        text += "  " + frame.function + " (" + rankText(frame.rank) + ", frame "
            + std::to_string(frame.frameId) + resetSuffix(frame.resetRepeat) + "): "
            + std::to_string(frame.recompiles) + (frame.recompiles == 1 ? " recompile" : " recompiles");
        if (frame.limitHit)
            text += std::string(", ") + kLimitHitNote;
        text += '\n';
        for (const GuardFailure& reason : frame.lastReasons)
            text += "    " + guardFailureText(reason) + '\n';
    }
    text += "cache:\n  " + cacheLine("FX graph cache", summary.fxCache) + "  "
        + cacheLine("AOTAutograd cache", summary.aotCache);
    text += "failures: " + std::to_string(summary.failures.size()) + '\n';
    for (const FailedCompile& failed : summary.failures) {
        text += "  [" + failed.id + "] " + failed.function + " (" + rankText(failed.rank)
            + "): " + failureText(failed.failure);
        if (!failed.failure.knownFailure.empty())
            text += " (known failure " + failed.failure.knownFailure + ")";
        text += '\n';
    }
    text += "compile time per rank (nested: dynamo includes aot, which includes inductor, which includes "
            "codegen):\n";
    for (const RankCompileTime& rank : summary.ranks) {
        const std::string times = compileTimesText(rank.times);
        text += "  " + rankText(rank.rank) + ", " + std::to_string(rank.graphs)
            + " compiles: " + (times.empty() ? std::string("no times logged") : times) + '\n';
    }
    return text;
}

std::vector<std::string> compileGateFailures(const CompileSummary& summary, const CompileGates& gates)
{
    std::vector<std::string> failures;
    // A gate on no log at all would pass on a missing TORCH_TRACE: say so instead.
    if ((gates.noRecompiles || gates.maxBreaks) && summary.logs == 0)
        failures.push_back("check failed: no TORCH_TRACE log under PATH for --no-recompiles / --max-breaks");
    if (gates.noRecompiles && summary.recompiles > 0) {
        std::string line = "check failed: " + std::to_string(summary.recompiles)
            + (summary.recompiles == 1 ? " recompile" : " recompiles") + " (--no-recompiles)";
        if (!summary.frames.empty())
            line += "; most in " + summary.frames.front().function + " ("
                + std::to_string(summary.frames.front().recompiles) + ")";
        failures.push_back(line);
    }
    if (gates.maxBreaks && summary.breakCount() > *gates.maxBreaks)
        failures.push_back("check failed: " + std::to_string(summary.breakCount())
            + " distinct graph breaks, more than --max-breaks " + std::to_string(*gates.maxBreaks));
    return failures;
}

} // namespace dvmlens
