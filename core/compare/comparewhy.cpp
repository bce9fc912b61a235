// SPDX-License-Identifier: MIT
#include "core/compare/comparewhy.h"

#include "core/io/container.h"
#include "core/text/displaytext.h"
#include "core/why/whyexplain.h"
#include "core/why/whyindex.h"

#include <algorithm>
#include <map>

namespace dvmlens {

namespace {

// Accumulates changes, equal (item, op, codes) counted once, in order of first appearance.
class ChangeList
{
public:
    void add(bool kernel, const std::string& op, const WhyReason* a, const WhyReason* b)
    {
        const std::optional<std::string> codeA = a ? std::optional<std::string>(a->code) : std::nullopt;
        const std::optional<std::string> codeB = b ? std::optional<std::string>(b->code) : std::nullopt;
        const auto same = std::find_if(m_changes.begin(), m_changes.end(), [&](const WhyChange& change) {
            return change.kernel == kernel && change.op == op && change.codeA == codeA
                && change.codeB == codeB;
        });
        if (same != m_changes.end()) {
            ++same->count;
            return;
        }
        WhyChange change;
        change.kernel = kernel;
        change.op = op;
        change.count = 1;
        change.codeA = codeA;
        change.codeB = codeB;
        if (a) {
            change.textA = a->text;
            change.titleA = a->title;
        }
        if (b) {
            change.textB = b->text;
            change.titleB = b->title;
        }
        m_changes.push_back(std::move(change));
    }
    std::vector<WhyChange> take()
    {
        return std::move(m_changes);
    }

private:
    std::vector<WhyChange> m_changes;
};

const WhyReason* kernelReason(const GraphWhy& why, std::size_t kernel)
{
    return kernel < why.kernels.size() && why.kernels[kernel] ? &*why.kernels[kernel] : nullptr;
}

// The op a kernel change is about: what the reason names, else the fusion.
std::string kernelOp(const FusionDiff& fusion, const WhyReason* a, const WhyReason* b)
{
    if (b && !b->evidence.op.empty())
        return b->evidence.op;
    if (a && !a->evidence.op.empty())
        return a->evidence.op;
    return displayName(fusion.key);
}

void kernelChanges(const GraphDiff& diff, const GraphWhy& whyA, const GraphWhy& whyB, ChangeList& changes)
{
    for (const FusionDiff& fusion : diff.fusions) {
        if (!fusion.a || !fusion.b)
            continue; // gone or new: the fusion lines say so
        const WhyReason* a = kernelReason(whyA, fusion.a->kernel);
        const WhyReason* b = kernelReason(whyB, fusion.b->kernel);
        if ((a ? a->code : std::string()) != (b ? b->code : std::string()))
            changes.add(true, kernelOp(fusion, a, b), a, b);
    }
}

// Calls pair by target: per target, the calls whose code is on one side only pair with each other in
// code order; what is left is a call new in B (none → code) or gone from A (code → none).
void fallbackChanges(const OutputCode& codeA, const GraphWhy& whyA, const OutputCode& codeB,
    const GraphWhy& whyB, ChangeList& changes)
{
    std::vector<std::string> targets; // first appearance, A then B
    std::map<std::string, std::multimap<std::string, const WhyReason*>> byTarget[2];
    const auto collect = [&](int side, const OutputCode& code, const GraphWhy& why) {
        for (std::size_t i = 0; i < code.fallbacks.size() && i < why.fallbacks.size(); ++i) {
            const std::string& target = code.fallbacks[i].target;
            if (std::find(targets.begin(), targets.end(), target) == targets.end())
                targets.push_back(target);
            byTarget[side][target].emplace(why.fallbacks[i].code, &why.fallbacks[i]);
        }
    };
    collect(0, codeA, whyA);
    collect(1, codeB, whyB);
    for (const std::string& target : targets) {
        auto& a = byTarget[0][target];
        auto& b = byTarget[1][target];
        // Drop the calls whose code is on both sides, one for one.
        for (auto it = a.begin(); it != a.end();) {
            const auto match = b.find(it->first);
            if (match == b.end()) {
                ++it;
                continue;
            }
            b.erase(match);
            it = a.erase(it);
        }
        auto left = a.begin();
        auto right = b.begin();
        for (; left != a.end() || right != b.end();) {
            const WhyReason* reasonA = left != a.end() ? (left++)->second : nullptr;
            const WhyReason* reasonB = right != b.end() ? (right++)->second : nullptr;
            changes.add(false, target, reasonA, reasonB);
        }
    }
}

// Whether a side has anything with a reason.
bool anyNotDvm(const OutputCode& code)
{
    return !code.fallbacks.empty()
        || std::any_of(code.kernels.begin(), code.kernels.end(),
            [](const Kernel& kernel) { return kernel.backend != Backend::Dvm; });
}

} // namespace

std::vector<WhyChange> whyChanges(const GraphDiff& diff, const OutputCode& codeA, const GraphWhy& whyA,
    const OutputCode& codeB, const GraphWhy& whyB)
{
    ChangeList changes;
    kernelChanges(diff, whyA, whyB, changes);
    fallbackChanges(codeA, whyA, codeB, whyB, changes);
    return changes.take();
}

namespace {

// Each pair whose two files tell reasons and have something not DVM, with its two graphs.
template <typename Place>
void forEachExplainedPair(CompareResult& result, const Index& a, const Index& b, const Place& place)
{
    for (GraphDiff& diff : result.graphs) {
        if (!diff.a || !diff.b)
            continue;
        const Graph& graphA = a.runs[diff.a->run].graphs[diff.a->graph];
        const Graph& graphB = b.runs[diff.b->run].graphs[diff.b->graph];
        if (!graphA.outputCode || !graphB.outputCode || !explainsGraph(graphA) || !explainsGraph(graphB))
            continue;
        if (!anyNotDvm(*graphA.outputCode) && !anyNotDvm(*graphB.outputCode))
            continue;
        place(diff, graphA, graphB);
    }
}

} // namespace

void placeWhyChanges(CompareResult& result, const Index& a, const Index& b, const WhyRules& rules)
{
    std::map<std::size_t, WhyEnvironment> environmentsA, environmentsB;
    const auto environment = [](std::map<std::size_t, WhyEnvironment>& cache, const Index& index,
                                 std::size_t run) -> const WhyEnvironment& {
        auto found = cache.find(run);
        if (found == cache.end())
            found = cache.emplace(run, runWhyEnvironment(filesOr(index.files), index.runs[run], index.root))
                        .first;
        return found->second;
    };
    forEachExplainedPair(result, a, b, [&](GraphDiff& diff, const Graph& graphA, const Graph& graphB) {
        std::vector<Diagnostic> problems; // an unreadable file: the pair says nothing about reasons
        const std::optional<GraphWhy> whyA = explainGraph(
            filesOr(a.files), graphA, a.root, environment(environmentsA, a, diff.a->run), rules, problems);
        const std::optional<GraphWhy> whyB = explainGraph(
            filesOr(b.files), graphB, b.root, environment(environmentsB, b, diff.b->run), rules, problems);
        if (whyA && whyB)
            diff.whyChanges = whyChanges(diff, *graphA.outputCode, *whyA, *graphB.outputCode, *whyB);
    });
}

void placeWhyChanges(
    CompareResult& result, const Index& a, const IndexWhy& whyA, const Index& b, const IndexWhy& whyB)
{
    forEachExplainedPair(result, a, b, [&](GraphDiff& diff, const Graph& graphA, const Graph& graphB) {
        const GraphWhy* toldA = whyA.graph(diff.a->run, diff.a->graph);
        const GraphWhy* toldB = whyB.graph(diff.b->run, diff.b->graph);
        if (toldA && toldB)
            diff.whyChanges = whyChanges(diff, *graphA.outputCode, *toldA, *graphB.outputCode, *toldB);
    });
}

std::string whyChangeSideText(const WhyChange& change, bool sideB)
{
    const std::optional<std::string>& code = sideB ? change.codeB : change.codeA;
    if (code)
        return *code;
    return change.kernel ? "DVM" : "none";
}

} // namespace dvmlens
