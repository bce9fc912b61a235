// SPDX-License-Identifier: MIT
#include "core/profile/profilejoin.h"

#include "core/io/container.h"
#include "core/parse/kernelbodies.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <set>
#include <unordered_map>

namespace dvmlens {

namespace {

std::vector<std::string_view> splitOn(std::string_view text, char separator)
{
    std::vector<std::string_view> parts;
    for (;;) {
        const std::size_t at = text.find(separator);
        parts.push_back(text.substr(0, at));
        if (at == std::string_view::npos)
            return parts;
        text.remove_prefix(at + 1);
    }
}

std::string_view trim(std::string_view text)
{
    while (!text.empty() && (text.front() == ' ' || text.front() == '[' || text.front() == '('))
        text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == ']' || text.back() == ')'))
        text.remove_suffix(1);
    return text;
}

// "8,1024" → {8, 1024}; "" → {}; nullopt when a dim is not a number.
std::optional<std::vector<std::int64_t>> dimsOf(std::string_view text)
{
    std::vector<std::int64_t> dims;
    text = trim(text);
    if (text.empty())
        return dims;
    for (std::string_view part : splitOn(text, ',')) {
        part = trim(part);
        std::int64_t dim = 0;
        const auto [end, ec] = std::from_chars(part.data(), part.data() + part.size(), dim);
        if (ec != std::errc() || end != part.data() + part.size())
            return std::nullopt;
        dims.push_back(dim);
    }
    return dims;
}

bool dimsAgree(
    const std::optional<std::vector<std::int64_t>>& kernelShape, const std::vector<std::int64_t>& row)
{
    const std::vector<std::int64_t> scalar;
    const std::vector<std::int64_t>& shape = kernelShape ? *kernelShape : scalar;
    if (shape.size() != row.size())
        return false;
    for (std::size_t i = 0; i < shape.size(); ++i) {
        if (shape[i] != -1 && shape[i] != row[i])
            return false;
    }
    return true;
}

// The inputs a row's entries line up with: all, or the tensor ones (shape known) only.
bool agreeWith(const std::vector<const DvmInput*>& inputs, const std::vector<std::string_view>* shapes,
    const std::vector<std::string_view>* dtypes)
{
    if (shapes && shapes->size() != inputs.size())
        return false;
    if (dtypes && dtypes->size() != inputs.size())
        return false;
    for (std::size_t i = 0; i < inputs.size(); ++i) {
        if (shapes) {
            const auto dims = dimsOf((*shapes)[i]);
            if (!dims || !dimsAgree(inputs[i]->shape, *dims))
                return false;
        }
        if (dtypes && inputs[i]->dtype) {
            const std::string_view written = trim((*dtypes)[i]);
            if (!written.empty() && normalizedProfileDtype(written) != *inputs[i]->dtype)
                return false;
        }
    }
    return true;
}

std::string refText(const Index& index, const KernelRef& ref)
{
    const Run& run = index.runs[ref.run];
    const Graph& graph = run.graphs[ref.graph];
    std::string text = run.name ? *run.name + "/" : std::string();
    return text + graph.name + "/" + graph.outputCode->kernels[ref.kernel].name;
}

class Joiner
{
public:
    Joiner(const Index& index, ProfileJoin& join)
        : index_(index)
        , join_(join)
    {
    }

    void joinProfile(const Profile& profile, std::size_t profileIndex, std::optional<std::size_t> run)
    {
        if (run)
            buildLookup(*run);
        for (const LaunchGroup& group : profile.groups)
            joinGroup(group, profileIndex, run);
    }

private:
    void buildLookup(std::size_t run)
    {
        byName_.clear();
        byType_.clear();
        const Run& r = index_.runs[run];
        for (std::size_t g = 0; g < r.graphs.size(); ++g) {
            if (!r.graphs[g].outputCode)
                continue;
            const std::vector<Kernel>& kernels = r.graphs[g].outputCode->kernels;
            for (std::size_t k = 0; k < kernels.size(); ++k) {
                if (kernels[k].backend == Backend::ImportFx)
                    continue;
                const KernelRef ref { run, g, k };
                byName_[kernels[k].name].push_back(ref);
                byType_[std::string(withoutNumericSuffix(kernels[k].name))].push_back(ref);
            }
        }
    }

    const Kernel& kernelWithInputs(const KernelRef& ref)
    {
        const Graph& graph = index_.runs[ref.run].graphs[ref.graph];
        const OutputCode& code = *graph.outputCode;
        if (code.kernelBodies)
            return code.kernels[ref.kernel];
        auto found = withBodies_.find({ ref.run, ref.graph });
        if (found == withBodies_.end()) {
            std::optional<Diagnostic> problem;
            found = withBodies_
                        .emplace(std::pair { ref.run, ref.graph },
                            withKernelBodies(filesOr(index_.files), code, scratch_, problem))
                        .first;
            if (problem)
                join_.diagnostics.push_back(std::move(*problem));
        }
        return found->second.kernels[ref.kernel];
    }

    std::vector<KernelRef> candidatesOf(const LaunchGroup& group)
    {
        if (auto found = byName_.find(group.name); found != byName_.end())
            return found->second;
        if (!group.type.empty()) {
            if (auto found = byType_.find(group.type); found != byType_.end())
                return found->second;
        }
        return {};
    }

    void joinGroup(const LaunchGroup& group, std::size_t profileIndex, std::optional<std::size_t> run)
    {
        join_.rows += group.launches;
        std::vector<KernelRef> candidates = run ? candidatesOf(group) : std::vector<KernelRef>();
        if (candidates.empty()) {
            outside(group, run);
            return;
        }
        if (candidates.size() > 1 && (!group.inputShapes.empty() || !group.inputDtypes.empty())) {
            std::vector<KernelRef> agreeing;
            for (const KernelRef& ref : candidates) {
                if (shapesAgree(kernelWithInputs(ref), group.inputShapes, group.inputDtypes))
                    agreeing.push_back(ref);
            }
            if (!agreeing.empty())
                candidates = std::move(agreeing);
        }
        if (candidates.size() == 1)
            matched(group, candidates.front());
        else
            ambiguous(group, profileIndex, std::move(candidates));
    }

    void matched(const LaunchGroup& group, const KernelRef& ref)
    {
        join_.matched += group.launches;
        KernelTime& time = join_.kernels[ref.run][ref.graph][ref.kernel];
        time.launches += group.launches;
        time.totalUs += group.totalUs;
        if (!group.core.empty()
            && std::find(time.cores.begin(), time.cores.end(), group.core) == time.cores.end())
            time.cores.push_back(group.core);
        const auto backend = static_cast<std::size_t>(
            index_.runs[ref.run].graphs[ref.graph].outputCode->kernels[ref.kernel].backend);
        join_.graphs[ref.run][ref.graph].byBackend[backend] += group.totalUs;
        join_.runs[ref.run].byBackend[backend] += group.totalUs;
        join_.total.byBackend[backend] += group.totalUs;
    }

    void ambiguous(const LaunchGroup& group, std::size_t profileIndex, std::vector<KernelRef> candidates)
    {
        join_.ambiguous += group.launches;
        std::sort(candidates.begin(), candidates.end());
        const KernelRef& first = candidates.front();
        const bool oneGraph = std::all_of(candidates.begin(), candidates.end(),
            [&](const KernelRef& ref) { return ref.run == first.run && ref.graph == first.graph; });
        if (oneGraph) {
            join_.graphs[first.run][first.graph].ambiguous += group.totalUs;
        } else {
            std::set<std::pair<std::size_t, std::size_t>> graphs;
            for (const KernelRef& ref : candidates) {
                if (graphs.emplace(ref.run, ref.graph).second)
                    ++join_.sharedAmbiguous[ref.run][ref.graph];
            }
        }
        join_.runs[first.run].ambiguous += group.totalUs;
        join_.total.ambiguous += group.totalUs;
        AmbiguousGroup entry;
        entry.profile = profileIndex;
        entry.name = group.name;
        entry.type = group.type;
        entry.inputShapes = group.inputShapes;
        entry.inputDtypes = group.inputDtypes;
        entry.core = group.core;
        entry.launches = group.launches;
        entry.totalUs = group.totalUs;
        entry.firstLine = group.firstLine;
        entry.candidates = std::move(candidates);
        join_.ambiguousGroups.push_back(std::move(entry));
    }

    void outside(const LaunchGroup& group, std::optional<std::size_t> run)
    {
        join_.unmatched += group.launches;
        if (run)
            join_.runs[*run].outside += group.totalUs;
        join_.total.outside += group.totalUs;
        const std::string& type = group.type.empty() ? group.name : group.type;
        auto [it, added] = outsideIndex_.emplace(type, join_.outside.size());
        if (added)
            join_.outside.push_back(OutsideType { type, 0, 0 });
        join_.outside[it->second].launches += group.launches;
        join_.outside[it->second].totalUs += group.totalUs;
    }

    const Index& index_;
    ProfileJoin& join_;
    std::unordered_map<std::string, std::vector<KernelRef>> byName_;
    std::unordered_map<std::string, std::vector<KernelRef>> byType_;
    std::map<std::pair<std::size_t, std::size_t>, OutputCode> withBodies_;
    std::unordered_map<std::string, std::size_t> outsideIndex_;
    std::string scratch_;
};

// Ambiguous names listed one by one (largest time first) before the rest are only counted.
constexpr std::size_t kMaxAmbiguityNotes = 50;

Diagnostic note(const std::string& path, std::optional<std::int64_t> line, const std::string& code,
    const std::string& message, Severity severity = Severity::Info)
{
    Diagnostic diagnostic;
    diagnostic.path = path;
    if (line)
        diagnostic.line = static_cast<int>(*line);
    diagnostic.severity = severity;
    diagnostic.code = code;
    diagnostic.message = message;
    return diagnostic;
}

} // namespace

double TimeShares::compiled() const
{
    double sum = 0;
    for (double time : byBackend)
        sum += time;
    return sum;
}

double TimeShares::total() const
{
    return compiled() + outside + ambiguous;
}

std::optional<double> TimeShares::dvmShare() const
{
    const double compiledTime = compiled();
    if (compiledTime <= 0)
        return std::nullopt;
    return byBackend[static_cast<std::size_t>(Backend::Dvm)] / compiledTime;
}

const KernelTime* ProfileJoin::timeOf(const KernelRef& ref) const
{
    if (ref.run >= kernels.size() || ref.graph >= kernels[ref.run].size()
        || ref.kernel >= kernels[ref.run][ref.graph].size())
        return nullptr;
    const KernelTime& time = kernels[ref.run][ref.graph][ref.kernel];
    return time.launches > 0 ? &time : nullptr;
}

std::string_view withoutNumericSuffix(std::string_view name)
{
    const std::size_t underscore = name.rfind('_');
    if (underscore == std::string_view::npos || underscore + 1 == name.size())
        return name;
    for (std::size_t i = underscore + 1; i < name.size(); ++i) {
        if (!std::isdigit(static_cast<unsigned char>(name[i])))
            return name;
    }
    return name.substr(0, underscore);
}

std::string normalizedProfileDtype(std::string_view dtype)
{
    std::string upper;
    for (char c : trim(dtype))
        upper += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    if (upper.rfind("DT_", 0) == 0)
        upper.erase(0, 3);
    static const std::pair<const char*, const char*> kNames[] = { { "FLOAT", "float32" },
        { "FLOAT32", "float32" }, { "FP32", "float32" }, { "FLOAT16", "float16" }, { "HALF", "float16" },
        { "FP16", "float16" }, { "BF16", "bfloat16" }, { "BFLOAT16", "bfloat16" }, { "DOUBLE", "float64" },
        { "FLOAT64", "float64" }, { "INT8", "int8" }, { "UINT8", "uint8" }, { "INT16", "int16" },
        { "INT32", "int32" }, { "INT64", "int64" }, { "BOOL", "bool" } };
    for (const auto& [cann, ours] : kNames) {
        if (upper == cann)
            return ours;
    }
    std::string lower;
    for (char c : upper)
        lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return lower;
}

bool shapesAgree(const Kernel& kernel, std::string_view inputShapes, std::string_view inputDtypes)
{
    if (kernel.inputs.empty())
        return false;
    const std::vector<std::string_view> shapes = splitOn(inputShapes, ';');
    const std::vector<std::string_view> dtypes = splitOn(inputDtypes, ';');
    const auto* shapesUsed = inputShapes.empty() ? nullptr : &shapes;
    const auto* dtypesUsed = inputDtypes.empty() ? nullptr : &dtypes;
    std::vector<const DvmInput*> all;
    std::vector<const DvmInput*> tensors;
    for (const DvmInput& input : kernel.inputs) {
        all.push_back(&input);
        if (input.shape)
            tensors.push_back(&input);
    }
    return agreeWith(all, shapesUsed, dtypesUsed)
        || (tensors.size() != all.size() && agreeWith(tensors, shapesUsed, dtypesUsed));
}

ProfileJoin joinProfiles(const Index& index, const std::vector<Profile>& profiles, const JoinOptions& options)
{
    ProfileJoin join;
    join.kernels.resize(index.runs.size());
    join.graphs.resize(index.runs.size());
    join.sharedAmbiguous.resize(index.runs.size());
    join.runs.resize(index.runs.size());
    join.runProfiled.assign(index.runs.size(), false);
    for (std::size_t r = 0; r < index.runs.size(); ++r) {
        const std::vector<Graph>& graphs = index.runs[r].graphs;
        join.graphs[r].resize(graphs.size());
        join.sharedAmbiguous[r].assign(graphs.size(), 0);
        join.kernels[r].resize(graphs.size());
        for (std::size_t g = 0; g < graphs.size(); ++g) {
            if (graphs[g].outputCode)
                join.kernels[r][g].resize(graphs[g].outputCode->kernels.size());
        }
    }
    bool anySteps = false;
    std::set<std::int64_t> steps;
    Joiner joiner(index, join);
    for (std::size_t p = 0; p < profiles.size(); ++p) {
        const Profile& profile = profiles[p];
        join.paths.push_back(profile.path);
        join.diagnostics.insert(
            join.diagnostics.end(), profile.diagnostics.begin(), profile.diagnostics.end());
        std::optional<std::size_t> run;
        if (options.run)
            run = p == 0 && *options.run < index.runs.size() ? options.run : std::nullopt;
        else if (p < index.runs.size())
            run = p;
        join.runOfProfile.push_back(run);
        if (run) {
            join.runProfiled[*run] = true;
        } else {
            join.diagnostics.push_back(note(profile.path, std::nullopt, "profile-without-run",
                "no run of the tree to pair this profile with: its time counts as outside compiled kernels",
                Severity::Warning));
        }
        anySteps = anySteps || profile.hasSteps;
        for (const auto& [step, time] : profile.steps) {
            steps.insert(step);
            join.stepTotalUs[step] += time.totalUs;
        }
        join.outsideSteps.launches += profile.outsideSteps.launches;
        join.outsideSteps.totalUs += profile.outsideSteps.totalUs;
        joiner.joinProfile(profile, p, run);
    }
    if (anySteps) {
        join.steps = static_cast<int>(steps.size());
        join.stepIds.assign(steps.begin(), steps.end());
    }
    const auto byTime = [](const auto& a, const auto& b) { return a.totalUs > b.totalUs; };
    std::stable_sort(join.ambiguousGroups.begin(), join.ambiguousGroups.end(), byTime);
    std::stable_sort(join.outside.begin(), join.outside.end(), byTime);
    for (std::size_t i = 0; i < join.ambiguousGroups.size(); ++i) {
        const AmbiguousGroup& group = join.ambiguousGroups[i];
        if (i == kMaxAmbiguityNotes) {
            join.diagnostics.push_back(note(profiles[group.profile].kernelDetailsPath, std::nullopt,
                "profile-ambiguous",
                std::to_string(join.ambiguousGroups.size() - i) + " more ambiguous kernel names (only the "
                    + std::to_string(kMaxAmbiguityNotes) + " with the most time are listed)"));
            break;
        }
        std::string candidates;
        for (const KernelRef& ref : group.candidates)
            candidates += (candidates.empty() ? "" : ", ") + refText(index, ref);
        join.diagnostics.push_back(
            note(profiles[group.profile].kernelDetailsPath, group.firstLine, "profile-ambiguous",
                (group.name.empty() ? "Type '" + group.type + "' without a Name" : "'" + group.name + "'")
                    + " (" + std::to_string(group.launches) + " launches) matches "
                    + std::to_string(group.candidates.size())
                    + " kernels that its input shapes and dtypes do not tell apart: " + candidates));
    }
    return join;
}

std::optional<double> meanStepUs(const ProfileJoin& join)
{
    if (!join.steps || *join.steps == 0)
        return std::nullopt;
    return (join.total.total() - join.outsideSteps.totalUs) / *join.steps;
}

std::vector<KernelRef> topKernels(const ProfileJoin& join, std::size_t limit, std::optional<std::size_t> run,
    std::optional<std::size_t> graph)
{
    std::vector<KernelRef> refs;
    for (std::size_t r = 0; r < join.kernels.size(); ++r) {
        if (run && r != *run)
            continue;
        for (std::size_t g = 0; g < join.kernels[r].size(); ++g) {
            if (graph && g != *graph)
                continue;
            for (std::size_t k = 0; k < join.kernels[r][g].size(); ++k) {
                if (join.kernels[r][g][k].launches > 0)
                    refs.push_back({ r, g, k });
            }
        }
    }
    std::stable_sort(refs.begin(), refs.end(), [&](const KernelRef& a, const KernelRef& b) {
        return join.timeOf(a)->totalUs > join.timeOf(b)->totalUs;
    });
    if (refs.size() > limit)
        refs.resize(limit);
    return refs;
}

} // namespace dvmlens
