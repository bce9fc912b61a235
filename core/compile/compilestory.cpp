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

std::string breakText(const GraphBreak& graphBreak)
{
    const std::string where = shortLocation(graphBreak.file, graphBreak.line);
    return (where.empty() ? std::string("a break") : "a break at " + where)
        + (graphBreak.type.empty() ? std::string() : " (" + graphBreak.type + ")");
}

void cacheSentence(std::vector<std::string>& story, const char* cache, const CacheUse& use)
{
    if (use.state == "hit")
        story.push_back(std::string("served from the ") + cache
            + (use.timeSavedUs ? " (" + durationText(*use.timeSavedUs) + " saved)" : std::string()));
    else if (use.state == "miss")
        story.push_back(std::string(cache) + " miss: compiled anew");
    else if (use.state == "bypass")
        story.push_back(std::string(cache) + " bypassed"
            + (use.bypassReason.empty() ? std::string() : ": " + firstLine(use.bypassReason)));
    else if (use.state == "disabled")
        story.push_back(std::string(cache) + " disabled");
}

} // namespace

std::vector<std::string> compileStory(const GraphCompileFacts& facts)
{
    std::vector<std::string> story;
    const std::string function = !facts.function.empty() ? facts.function
        : facts.id.frameId                               ? "frame " + std::to_string(*facts.id.frameId)
                                                         : std::string("its frame");
    if (facts.recompile) {
        std::string sentence =
            "recompile #" + std::to_string(facts.id.frameCompileId.value_or(0)) + " of " + function;
        for (std::size_t i = 0; i < facts.recompileReasons.size(); ++i)
            sentence += (i ? "; " : " because ") + guardFailureText(facts.recompileReasons[i]);
        story.push_back(sentence);
    } else if (facts.id.frameId) {
        story.push_back(
            "first compile of " + function + " (frame " + std::to_string(*facts.id.frameId) + ")");
    }
    if (facts.recompileLimitHit)
        story.push_back(std::string("refused: ") + kLimitHitNote);
    if (facts.afterBreak)
        story.push_back("the part of " + frameFunction(facts) + " after " + breakText(*facts.afterBreak)
            + (facts.afterBreakOf.empty() ? std::string() : ", split off [" + facts.afterBreakOf + "]"));
    for (const GraphBreak& graphBreak : facts.breaks) {
        std::string sentence = "stops at " + breakText(graphBreak);
        if (!graphBreak.resumeFunction.empty())
            sentence += "; the rest runs as " + graphBreak.resumeFunction;
        story.push_back(sentence);
    }
    cacheSentence(story, "FX graph cache", facts.fxCache);
    cacheSentence(story, "AOTAutograd cache", facts.aotCache);
    const std::string times = compileTimesText(facts.times);
    if (!times.empty())
        story.push_back("compile time: " + times);
    if (facts.failure) {
        std::string sentence = "the compile failed: " + failureText(*facts.failure);
        if (!facts.failure->knownFailure.empty())
            sentence += " (known failure " + facts.failure->knownFailure + ")";
        story.push_back(sentence);
    }
    return story;
}

} // namespace dvmlens
