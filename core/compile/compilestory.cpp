// SPDX-License-Identifier: MIT
#include "core/compile/compilestory.h"

#include "core/compile/compilesummary.h"
#include "core/compile/compiletext.h"
#include "core/compile/compilewording.h"

namespace dvmlens {

namespace {

// "forward" for a resume function's compile of forward, else the function itself.
std::string frameFunction(const GraphCompileFacts& facts)
{
    if (const std::optional<ResumeName> resume = parseResumeName(facts.function))
        return resume->function;
    return facts.function;
}

void cacheSentence(std::vector<LocalizedText>& story, const LocalizedText& cache, const CacheUse& use)
{
    if (use.state == "hit") {
        const std::string saved = use.timeSavedUs ? durationText(*use.timeSavedUs) : std::string();
        story.push_back({ "served from the " + cache.en + (saved.empty() ? "" : " (" + saved + " saved)"),
            "由" + cache.zh + "提供" + (saved.empty() ? "" : "（节省 " + saved + "）") });
    } else if (use.state == "miss") {
        story.push_back({ cache.en + " miss: compiled anew", cache.zh + "未命中：重新编译" });
    } else if (use.state == "bypass") {
        const std::string reason = use.bypassReason.empty() ? std::string() : firstLine(use.bypassReason);
        story.push_back({ cache.en + " bypassed" + (reason.empty() ? "" : ": " + reason),
            cache.zh + "被绕过" + (reason.empty() ? "" : "：" + reason) });
    } else if (use.state == "disabled") {
        story.push_back({ cache.en + " disabled", cache.zh + "已禁用" });
    }
}

} // namespace

LocalizedText graphBreakWords(const GraphBreak& graphBreak)
{
    const std::string where = shortLocation(graphBreak.file, graphBreak.line);
    LocalizedText text { where.empty() ? std::string("a break") : "a break at " + where,
        where.empty() ? std::string("一处图中断") : " " + where + " 处的图中断" };
    if (!graphBreak.type.empty()) {
        text.en += " (" + graphBreak.type + ")";
        text.zh += "（" + graphBreak.type + "）";
    }
    return text;
}

std::vector<LocalizedText> compileStoryLocalized(const GraphCompileFacts& facts)
{
    std::vector<LocalizedText> story;
    const LocalizedText function = !facts.function.empty() ? LocalizedText { facts.function, facts.function }
        : facts.id.frameId ? LocalizedText { "frame " + std::to_string(*facts.id.frameId),
              "帧 " + std::to_string(*facts.id.frameId) }
                           : LocalizedText { "its frame", "其帧" };
    if (facts.recompile) {
        const std::string n = std::to_string(facts.id.frameCompileId.value_or(0));
        LocalizedText sentence { "recompile #" + n + " of " + function.en,
            function.zh + " 的第 " + n + " 次重新编译" };
        for (std::size_t i = 0; i < facts.recompileReasons.size(); ++i) {
            const std::string guard = guardFailureText(facts.recompileReasons[i]);
            sentence.en += (i ? "; " : " because ") + guard;
            sentence.zh += (i ? "；" : "，因为 ") + guard;
        }
        story.push_back(sentence);
    } else if (facts.id.frameId) {
        const std::string frame = std::to_string(*facts.id.frameId);
        story.push_back({ "first compile of " + function.en + " (frame " + frame + ")",
            function.zh + " 的首次编译（帧 " + frame + "）" });
    }
    if (facts.recompileLimitHit)
        story.push_back(
            { std::string("refused: ") + kLimitHitNote, std::string("被拒绝：") + kLimitHitNoteZh });
    if (facts.afterBreak) {
        const LocalizedText after = graphBreakWords(*facts.afterBreak);
        const std::string of = frameFunction(facts);
        story.push_back({ "the part of " + of + " after " + after.en
                + (facts.afterBreakOf.empty() ? std::string() : ", split off [" + facts.afterBreakOf + "]"),
            of + " 在" + after.zh + "之后的部分"
                + (facts.afterBreakOf.empty() ? std::string()
                                              : "，从 [" + facts.afterBreakOf + "] 拆分出来") });
    }
    for (const GraphBreak& graphBreak : facts.breaks) {
        const LocalizedText at = graphBreakWords(graphBreak);
        LocalizedText sentence { "stops at " + at.en, "止于" + at.zh };
        if (!graphBreak.resumeFunction.empty()) {
            sentence.en += "; the rest runs as " + graphBreak.resumeFunction;
            sentence.zh += "；其余部分作为 " + graphBreak.resumeFunction + " 运行";
        }
        story.push_back(sentence);
    }
    cacheSentence(story, { "FX graph cache", "FX 图缓存" }, facts.fxCache);
    cacheSentence(story, { "AOTAutograd cache", "AOTAutograd 缓存" }, facts.aotCache);
    const std::string times = compileTimesText(facts.times);
    if (!times.empty())
        story.push_back({ "compile time: " + times, "编译时间：" + times });
    if (facts.failure) {
        const std::string failure = failureText(*facts.failure);
        LocalizedText sentence { "the compile failed: " + failure, "编译失败：" + failure };
        if (!facts.failure->knownFailure.empty()) {
            sentence.en += " (known failure " + facts.failure->knownFailure + ")";
            sentence.zh += "（已知故障 " + facts.failure->knownFailure + "）";
        }
        story.push_back(sentence);
    }
    return story;
}

std::vector<std::string> compileStory(const GraphCompileFacts& facts)
{
    std::vector<std::string> story;
    for (LocalizedText& sentence : compileStoryLocalized(facts))
        story.push_back(std::move(sentence.en));
    return story;
}

} // namespace dvmlens
