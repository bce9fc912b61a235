// SPDX-License-Identifier: MIT
#include "core/compile/compileframes.h"

#include "core/compile/compilestory.h"
#include "core/compile/compilesummary.h"
#include "core/compile/compiletext.h"
#include "core/compile/framekey.h"
#include "core/trace/compileresets.h"

#include <map>
#include <unordered_map>

namespace dvmlens {

namespace {

std::string graphsWord(int n)
{
    return std::to_string(n) + (n == 1 ? " graph" : " graphs");
}

// Each graph of the index made by a compile of `logs` joins that compile's frame, and its verdict the count.
void attachGraphs(std::vector<CompileFrame>& frames, const std::vector<CompileLog>& logs, const Index& index,
    const std::vector<std::map<std::string, std::size_t>>& frameOfId)
{
    std::unordered_map<std::string, std::size_t> logOfPath;
    for (std::size_t i = 0; i < logs.size(); ++i)
        logOfPath.try_emplace(logs[i].path, i);
    for (std::size_t r = 0; r < index.runs.size(); ++r) {
        const std::vector<Graph>& graphs = index.runs[r].graphs;
        for (std::size_t g = 0; g < graphs.size(); ++g) {
            const BoxedOptional<GraphOrigin>& origin = graphs[g].origin;
            if (!origin || origin->kind != "trace" || !origin->compileId)
                continue;
            const auto log = logOfPath.find(origin->file);
            if (log == logOfPath.end())
                continue;
            // As compileFactsFor names a compile: the bare id, and the reset repeat.
            const auto frame = frameOfId[log->second].find(
                compileIdKey(*origin->compileId) + resetSuffix(origin->compileResetRepeat));
            if (frame == frameOfId[log->second].end())
                continue;
            frames[frame->second].graphs.emplace_back(r, g);
            frames[frame->second].verdicts.add(graphVerdict(graphs[g]));
        }
    }
}

} // namespace

std::vector<CompileFrame> compileFrames(const std::vector<CompileLog>& logs, const Index* index)
{
    std::vector<CompileFrame> frames;
    std::map<FrameKey, std::size_t> frameAt;
    FrameKeys keys;
    std::vector<std::map<std::string, std::size_t>> frameOfId(logs.size()); // per log: compile id → frame
    for (std::size_t logIndex = 0; logIndex < logs.size(); ++logIndex) {
        for (const GraphCompileFacts& facts : logs[logIndex].graphs) {
            const auto [at, added] = frameAt.try_emplace(keys.add(facts, logIndex), frames.size());
            if (added) {
                CompileFrame& frame = frames.emplace_back();
                frame.log = logIndex;
                frame.rank = facts.rank;
                frame.frameId = facts.id.frameId.value_or(-1);
                frame.compiledAutogradId = facts.id.compiledAutogradId;
                frame.resetRepeat = at->first.resetRepeat;
            }
            CompileFrame& frame = frames[at->second];
            frameOfId[logIndex].try_emplace(facts.idText(), at->second);
            frame.compiles.push_back(&facts);
            if (frame.function.empty() && !facts.function.empty()) {
                frame.function = facts.function;
                if (const std::optional<ResumeName> resume = parseResumeName(facts.function))
                    frame.resumes = resume->function;
            }
            if (frame.file.empty() && !facts.file.empty()) {
                frame.file = facts.file;
                frame.line = facts.firstLine;
            }
            if (!frame.afterBreak && facts.afterBreak) {
                frame.afterBreak = facts.afterBreak;
                frame.afterBreakOf = facts.afterBreakOf;
            }
            frame.recompiles += facts.recompile ? 1 : 0;
            frame.failed += facts.failure ? 1 : 0;
            frame.refused += facts.recompileLimitHit ? 1 : 0;
            frame.breaks += static_cast<int>(facts.breaks.size());
        }
    }
    if (index)
        attachGraphs(frames, logs, *index, frameOfId);
    return frames;
}

std::string frameTitle(const CompileFrame& frame)
{
    const std::string function = !frame.function.empty() ? frame.function
        : frame.frameId >= 0                             ? "frame " + std::to_string(frame.frameId)
                                                         : std::string("a frame");
    const std::string where = shortLocation(frame.file, frame.line);
    return where.empty() ? function : function + " (" + where + ")";
}

LocalizedText frameShareText(const CompileFrame& frame)
{
    if (frame.graphs.empty())
        return { "no graphs in the index", "索引中没有图" };
    const VerdictCounts& counts = frame.verdicts;
    return { "DVM engaged in " + std::to_string(counts.engaged) + " of " + graphsWord(counts.withCode),
        std::to_string(counts.withCode) + " 个图中 " + std::to_string(counts.engaged) + " 个启用了 DVM" };
}

LocalizedText frameShareShort(const CompileFrame& frame)
{
    if (frame.graphs.empty())
        return { "no graphs", "无图" };
    const VerdictCounts& counts = frame.verdicts;
    return { "DVM " + std::to_string(counts.engaged) + " of " + graphsWord(counts.withCode),
        "DVM " + std::to_string(counts.engaged) + " / " + std::to_string(counts.withCode) + " 个图" };
}

std::vector<LocalizedText> frameStory(const CompileFrame& frame)
{
    std::vector<LocalizedText> story;
    const int compiles = static_cast<int>(frame.compiles.size());
    const LocalizedText compilesWords = compilesText(compiles);
    LocalizedText headline { frameTitle(frame) + ": " + compilesWords.en,
        frameTitle(frame) + "：" + compilesWords.zh };
    if (frame.recompiles) {
        const LocalizedText recompiles = recompilesText(frame.recompiles);
        headline.en += ", " + recompiles.en;
        headline.zh += "，" + recompiles.zh;
    }
    if (frame.failed) {
        headline.en += ", " + std::to_string(frame.failed) + " failed";
        headline.zh += "，失败 " + std::to_string(frame.failed) + " 次";
    }
    if (frame.refused) {
        headline.en += ", " + std::to_string(frame.refused) + " refused at the recompile limit";
        headline.zh += "，" + std::to_string(frame.refused) + " 次因达到重新编译上限被拒绝";
    }
    story.push_back(headline);
    if (!frame.resumes.empty()) {
        LocalizedText resumes { "the rest of " + frame.resumes, frame.resumes + " 的其余部分" };
        if (frame.afterBreak) {
            const LocalizedText after = graphBreakWords(*frame.afterBreak);
            resumes.en += " after " + after.en;
            resumes.zh = frame.resumes + " 在" + after.zh + "之后的部分";
        }
        if (!frame.afterBreakOf.empty()) {
            resumes.en += ", split off [" + frame.afterBreakOf + "]";
            resumes.zh += "，从 [" + frame.afterBreakOf + "] 拆分出来";
        }
        story.push_back(resumes);
    }
    for (const GraphCompileFacts* facts : frame.compiles) {
        const std::string id = "[" + facts->idText() + "] ";
        // A recompile's first sentence says which and why (compilestory's words).
        if (facts->recompile) {
            const std::vector<LocalizedText> sentences = compileStoryLocalized(*facts);
            if (!sentences.empty())
                story.push_back({ id + sentences.front().en, id + sentences.front().zh });
        }
        if (facts->recompileLimitHit)
            story.push_back({ id + "refused: " + kLimitHitNote, id + "被拒绝：" + kLimitHitNoteZh });
        for (const GraphBreak& graphBreak : facts->breaks) {
            const LocalizedText at = graphBreakWords(graphBreak);
            story.push_back({ id + "stops at " + at.en, id + "止于" + at.zh });
        }
        if (facts->failure) {
            const std::string failure = failureText(*facts->failure);
            story.push_back({ id + "the compile failed: " + failure, id + "编译失败：" + failure });
        }
    }
    story.push_back(frameShareText(frame));
    return story;
}

std::string compileFramesText(const std::vector<CompileFrame>& frames)
{
    std::string text = "frames: " + std::to_string(frames.size()) + '\n';
    const auto counted = [](int n, const char* one, const char* many) {
        return std::to_string(n) + ' ' + (n == 1 ? one : many);
    };
    for (const CompileFrame& frame : frames) {
        text += "  " + frameTitle(frame) + ", " + rankText(frame.rank) + resetSuffix(frame.resetRepeat) + ": "
            + counted(static_cast<int>(frame.compiles.size()), "compile", "compiles") + ", "
            + counted(frame.recompiles, "recompile", "recompiles") + ", "
            + counted(frame.breaks, "break", "breaks");
        if (frame.failed)
            text += ", " + std::to_string(frame.failed) + " failed";
        if (frame.refused)
            text += ", " + std::to_string(frame.refused) + " refused";
        text += ", " + counted(static_cast<int>(frame.graphs.size()), "graph", "graphs");
        if (!frame.graphs.empty())
            text += ": " + frameShareText(frame).en;
        text += '\n';
        if (frame.afterBreak)
            text += "    resumes " + frame.resumes + " after " + graphBreakWords(*frame.afterBreak).en
                + (frame.afterBreakOf.empty() ? std::string() : ", split off [" + frame.afterBreakOf + "]")
                + '\n';
    }
    return text;
}

} // namespace dvmlens
