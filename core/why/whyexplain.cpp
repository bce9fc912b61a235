// SPDX-License-Identifier: MIT
#include "core/why/whyexplain.h"

#include "core/parse/linetext.h"
#include "core/parse/versions.h"
#include "core/rules/treerules.h"
#include "core/sources/graphfiles.h"
#include "core/why/fxdocgraph.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <map>

namespace dvmlens {

namespace {

// What one release's rules say of one item, before the reason text is written.
struct Decision
{
    std::string code;
    WhyEvidence evidence;
};

bool contains(const std::vector<std::string>& list, std::string_view value)
{
    return std::find(list.begin(), list.end(), value) != list.end();
}

std::string joined(const std::vector<std::string>& list)
{
    std::string out;
    for (const std::string& item : list)
        out += (out.empty() ? "" : ", ") + item;
    return out;
}

// "aten.mul.Tensor" -> "aten.mul"; "extern_kernels.mm" stays whole.
std::string packetOf(const std::string& target)
{
    const std::size_t first = target.find('.');
    const std::size_t second = first == std::string::npos ? first : target.find('.', first + 1);
    return second == std::string::npos ? target : target.substr(0, second);
}

std::string namespaceOf(const std::string& target)
{
    return target.substr(0, target.find('.'));
}

// The lines of a file, 1-based.
class FileLines
{
public:
    explicit FileLines(std::string_view text)
        : m_text(text)
    {
        m_starts.push_back(0);
        for (std::size_t i = 0; i < text.size(); ++i) {
            if (text[i] == '\n')
                m_starts.push_back(i + 1);
        }
    }
    // Lines first..last (inclusive); empty outside the file.
    std::string_view range(int first, int last) const
    {
        if (first < 1 || last < first || std::size_t(first) > m_starts.size())
            return {};
        const std::size_t begin = m_starts[first - 1];
        const std::size_t end = std::size_t(last) < m_starts.size() ? m_starts[last] : m_text.size();
        return m_text.substr(begin, end - begin);
    }

private:
    std::string_view m_text;
    std::vector<std::size_t> m_starts;
};

// `dtype=torch.int64` in a call's text: the dtype it asks for.
std::optional<std::string> calledDtype(std::string_view line)
{
    for (std::string_view key : { "dtype=torch.", "dtype = torch." }) {
        const std::size_t at = line.find(key);
        if (at == std::string_view::npos)
            continue;
        std::size_t end = at + key.size();
        while (end < line.size() && (std::isalnum(static_cast<unsigned char>(line[end])) || line[end] == '_'))
            ++end;
        std::string name(line.substr(at + key.size(), end - at - key.size()));
        if (name == "float")
            name = "float32";
        else if (name == "half")
            name = "float16";
        else if (name == "double")
            name = "float64";
        else if (name == "long")
            name = "int64";
        else if (name == "int")
            name = "int32";
        return name;
    }
    return std::nullopt;
}

class Explainer
{
public:
    Explainer(const OutputCode& code, std::string_view text, const WhyEnvironment& environment,
        const WhyRules& rules)
        : m_code(code)
        , m_lines(text)
        , m_environment(environment)
        , m_rules(rules)
        , m_releases(candidateReleases(rules, environment, text))
        , m_matmulKernels(text.find("k.matmul(") != std::string_view::npos)
    {
    }

    GraphWhy explain()
    {
        GraphWhy why;
        for (const WhyRelease* release : m_releases)
            why.releases.push_back(release->id);
        for (const Kernel& kernel : m_code.kernels) {
            if (kernel.backend == Backend::Dvm) {
                why.kernels.emplace_back();
                continue;
            }
            why.kernels.push_back(perRelease([&](const WhyRelease& release) {
                return m_code.dvmImport ? kernelDecision(kernel, release) : backendDecision(kernel.line);
            }));
        }
        for (const Fallback& fallback : m_code.fallbacks) {
            why.fallbacks.push_back(perRelease([&](const WhyRelease& release) {
                return m_code.dvmImport ? fallbackDecision(fallback, release)
                                        : backendDecision(fallback.line);
            }));
        }
        return why;
    }

private:
    template <typename Decide> WhyReason perRelease(const Decide& decide) const
    {
        // Releases that decide the same, in table order; the newest candidate's is the reason.
        std::vector<std::pair<Decision, std::vector<std::string>>> groups;
        for (const WhyRelease* release : m_releases) {
            Decision decision = decide(*release);
            auto same = std::find_if(groups.begin(), groups.end(), [&](const auto& group) {
                return group.first.code == decision.code && group.first.evidence == decision.evidence;
            });
            if (same == groups.end())
                groups.push_back({ std::move(decision), { release->id } });
            else
                same->second.push_back(release->id);
        }
        const std::size_t primary = groups.size() - 1;
        WhyReason reason = written(groups[primary].first, groups[primary].second);
        for (std::size_t i = 0; i < primary; ++i) {
            const WhyReason other = written(groups[i].first, groups[i].second);
            reason.alternatives.push_back({ other.code, other.text, other.releases });
        }
        return reason;
    }

    WhyReason written(const Decision& decision, const std::vector<std::string>& releases) const
    {
        const WhyReasonText* text = m_rules.reason(decision.code);
        if (!text) // a user table without this code: say so rather than guess
            text = m_rules.reason("unknown");
        WhyReason reason;
        reason.code = text->code;
        reason.rank = text->rank;
        reason.title = text->title;
        reason.fix = text->fix;
        reason.evidence = decision.evidence;
        reason.releases = releases;
        const std::pair<std::string_view, std::string> fields[] = {
            { "{op}", decision.evidence.op },
            { "{node}", decision.evidence.node },
            { "{dtype}", decision.evidence.dtype },
            { "{allowed}", decision.evidence.allowed },
            { "{input}", decision.evidence.input },
            { "{setting}", decision.evidence.setting },
            { "{detail}", decision.evidence.detail },
            { "{releases}", joined(releases) },
        };
        std::string out = text->text;
        for (const auto& [key, value] : fields) {
            for (std::size_t at = out.find(key); at != std::string::npos;
                 at = out.find(key, at + value.size()))
                out.replace(at, key.size(), value);
        }
        reason.text = std::move(out);
        return reason;
    }

    std::string recordedSetting(const std::string& name) const
    {
        if (const std::string* value = m_environment.value(name))
            return name + "='" + *value + "' in " + m_environment.source;
        return name + " is not set in the recorded environment (" + m_environment.source + ")";
    }

    // What the file holds instead of DVM: "2 triton kernels, 3 fallback calls".
    std::string fileContents() const
    {
        std::map<std::string, int> counts;
        for (const Kernel& kernel : m_code.kernels)
            ++counts[std::string(backendName(kernel.backend)) + " kernel"];
        std::string out;
        for (const auto& [what, count] : counts)
            out += (out.empty() ? "" : ", ") + std::to_string(count) + " " + what + (count == 1 ? "" : "s");
        const std::size_t calls = m_code.fallbacks.size();
        if (calls > 0)
            out += (out.empty() ? "" : ", ") + std::to_string(calls) + " fallback call"
                + (calls == 1 ? "" : "s");
        return out.empty() ? "nothing" : out;
    }

    std::optional<std::string> allForced(const WhyRelease& release) const
    {
        if (release.fallbackListVariable) {
            const std::string* list = m_environment.value(m_rules.fallbackListVariable);
            if (list && *list == m_rules.allFallbackValue)
                return recordedSetting(m_rules.fallbackListVariable);
        }
        const std::string* mode = m_environment.value(m_rules.modeVariable);
        if (mode && *mode == m_rules.modeAllValue)
            return recordedSetting(m_rules.modeVariable);
        return std::nullopt;
    }

    bool opForced(const WhyRelease& release, const std::string& packet) const
    {
        const std::string* list =
            release.fallbackListVariable ? m_environment.value(m_rules.fallbackListVariable) : nullptr;
        if (!list)
            return false;
        std::size_t start = 0;
        while (start <= list->size()) {
            std::size_t comma = list->find(',', start);
            if (comma == std::string::npos)
                comma = list->size();
            if (trimmedLine(std::string_view(*list).substr(start, comma - start)) == packet)
                return true;
            start = comma + 1;
        }
        return false;
    }

    Decision backendDecision(int line) const
    {
        Decision decision;
        decision.evidence.line = line;
        decision.evidence.detail = fileContents();
        if (!m_environment.recorded) {
            decision.code = "backend-not-dvm";
            return decision;
        }
        decision.evidence.setting = recordedSetting(m_rules.backendVariable);
        if (!m_environment.npuBackend || *m_environment.npuBackend != "dvm") {
            if (m_environment.npuBackend && !m_environment.value(m_rules.backendVariable))
                decision.evidence.setting =
                    "npu_backend='" + *m_environment.npuBackend + "' in " + m_environment.source;
            decision.code = "backend-not-requested";
            return decision;
        }
        const std::string* list = m_environment.value(m_rules.fallbackListVariable);
        const std::string* mode = m_environment.value(m_rules.modeVariable);
        if ((list && *list == m_rules.allFallbackValue) || (mode && *mode == m_rules.modeAllValue)) {
            decision.code = "user-forced-all";
            decision.evidence.setting =
                recordedSetting(list ? m_rules.fallbackListVariable : m_rules.modeVariable);
            return decision;
        }
        decision.code = "backend-not-available";
        if (m_environment.torchNpu && isTorchNpuReleaseWithoutDvm(*m_environment.torchNpu))
            decision.evidence.detail = "torch_npu " + *m_environment.torchNpu + " ships no DVM backend.";
        else
            decision.evidence.detail = "the torch_npu that ran "
                + (m_environment.torchNpu ? *m_environment.torchNpu + " " : std::string())
                + "has no torch_npu/_inductor/dvm/ or could not load it (" + fileContents() + ").";
        return decision;
    }

    Decision fallbackDecision(const Fallback& fallback, const WhyRelease& release) const
    {
        Decision decision;
        WhyEvidence& evidence = decision.evidence;
        evidence.line = fallback.line;
        evidence.op = fallback.target;
        const std::string packet = packetOf(fallback.target);
        const auto decided = [&](const char* code) {
            decision.code = code;
            return decision;
        };
        if (auto setting = allForced(release)) {
            evidence.setting = std::move(*setting);
            return decided("user-forced-all");
        }
        if (fallback.kind == FallbackKind::Extern) {
            evidence.detail = "`" + fallback.target
                + "`: the DVM backend emits no extern_kernels calls, so another lowering (the Triton "
                  "backend's or "
                  "an unpatched upstream one) made it";
            return decided("unknown");
        }
        if (!contains(m_rules.loweredNamespaces, namespaceOf(fallback.target))
            && !m_rules.inGenerateList(packet, release))
            return decided("no-lowering");
        if (opForced(release, packet)) {
            evidence.setting = recordedSetting(m_rules.fallbackListVariable);
            return decided("user-forced-op");
        }
        if (const auto form = m_rules.specialForms.find(fallback.target);
            form != m_rules.specialForms.end()) {
            // copy_ is special only where DVM lowers copy_ at all; elsewhere it is simply not listed.
            if (m_rules.inGenerateList(packet, release) || !m_rules.generateList.count(packet)) {
                evidence.detail = form->second;
                return decided("special-form");
            }
        }
        if (m_rules.isKeptWhole(packet, release))
            return decided("kept-whole");
        if (m_rules.isMatmul(packet))
            return matmulDecision(decision, release);
        if (!m_rules.inGenerateList(packet, release))
            return decided("not-in-lowering-list");
        const std::string_view line = m_lines.range(fallback.line, fallback.line);
        const WhyOpRule* rule = m_rules.opRule(release, fallback.target);
        const std::vector<std::string>& allowed = rule && rule->out ? *rule->out : release.genericOut;
        if (const auto dtype = calledDtype(line); dtype && !contains(allowed, *dtype)) {
            evidence.dtype = *dtype;
            evidence.allowed = joined(allowed);
            return decided("dtype-refused");
        }
        evidence.detail = "`" + packet + "` is in the DVM lowering list of torch_npu " + release.id
            + ", so its dtypes, a complex or CPU tensor or a setting sent it to ATen; output_code.py does "
              "not show "
              "which";
        return decided("unknown");
    }

    Decision matmulDecision(Decision decision, const WhyRelease& release) const
    {
        const std::string& variable = m_rules.matmulVariable;
        if (!release.matmulFusionVariable) {
            decision.evidence.setting =
                "torch_npu " + release.id + " has no DVM matmul fusion (" + variable + " arrived in 26.2)";
            decision.code = "matmul-fusion-off";
            return decision;
        }
        const std::string* value = m_environment.value(variable);
        if (m_matmulKernels || (value && *value == "1")) {
            decision.evidence.setting =
                m_matmulKernels ? "k.matmul kernels in this file" : recordedSetting(variable);
            decision.evidence.detail =
                "mm_rule refused it (output not fp16/bf16, rank outside 2 to 4, inner axis K "
                "above "
                + std::to_string(m_rules.matmulMaxInner)
                + " or dynamic, or K = 1 with a transposed operand; output_code.py does not show which)";
            decision.code = "matmul-refused";
            return decision;
        }
        if (m_environment.recorded) {
            decision.evidence.setting = recordedSetting(variable);
            decision.code = "matmul-fusion-off";
            return decision;
        }
        decision.evidence.detail =
            "matmul fusion may be off or mm_rule may have refused it: the tree records no "
            "environment and the file has no k.matmul kernel";
        decision.code = "unknown";
        return decision;
    }

    // S5 on an import_fx group (dvm-fallback-rules.md §3.5): the first failing placeholder or node.
    Decision kernelDecision(const Kernel& kernel, const WhyRelease& release) const
    {
        Decision decision;
        WhyEvidence& evidence = decision.evidence;
        evidence.line = kernel.line;
        const auto decided = [&](const char* code) {
            decision.code = code;
            return decision;
        };
        if (kernel.backend == Backend::Triton) {
            if (m_rules.inGenerateList("higher_order.triton_kernel_wrapper_mutation", release))
                return decided("user-triton-kernel");
            evidence.detail = "a Triton kernel in a DVM file: torch_npu " + release.id
                + " does not lower triton_kernel_wrapper_mutation, and what it emits for user Triton kernels "
                  "is not "
                  "known";
            return decided("unknown");
        }
        if (kernel.backend != Backend::ImportFx) {
            evidence.detail = "a " + std::string(backendName(kernel.backend)) + " kernel in a DVM file";
            return decided("unknown");
        }
        if (!kernel.fxGraphLine || !kernel.fxGraphEndLine) {
            evidence.detail = "an import_fx kernel without the FX graph docstring above it";
            return decided("unknown");
        }
        const FxDocGraph graph =
            parseFxDocGraph(m_lines.range(*kernel.fxGraphLine, *kernel.fxGraphEndLine), *kernel.fxGraphLine);
        for (const FxDocValue& input : graph.placeholders) {
            const auto& dtype = input.annotation.dtype;
            if (dtype && !contains(release.placeholderDtypes, *dtype)) {
                evidence.line = input.line;
                evidence.input = input.name;
                evidence.dtype = *dtype;
                evidence.allowed = joined(release.placeholderDtypes);
                return decided("group-placeholder-dtype");
            }
        }
        for (const FxDocNode& node : graph.nodes) {
            const std::optional<std::string> failed = nodeFailure(node, graph, release, evidence);
            if (!failed)
                continue;
            evidence.line = node.line;
            evidence.node = node.name;
            evidence.op = node.target;
            return decided(failed->c_str());
        }
        return decided("group-forced");
    }

    // The code a node fails with in `release`, or nullopt when it passes; fills dtype and allowed.
    std::optional<std::string> nodeFailure(const FxDocNode& node, const FxDocGraph& graph,
        const WhyRelease& release, WhyEvidence& evidence) const
    {
        const auto refuse = [&](const std::string& dtype, const std::vector<std::string>& allowed) {
            evidence.dtype = dtype;
            evidence.allowed = joined(allowed);
            return std::optional<std::string>("group-node-dtype");
        };
        const auto& out = node.annotation.dtype;
        if (release.dtypeOnlyGroupCheck) // R26.0: outputs only; an unregistered op is a compile error
            return out && !contains(release.placeholderDtypes, *out) ? refuse(*out, release.placeholderDtypes)
                                                                     : std::nullopt;
        const WhyOpRule* rule = m_rules.opRule(release, node.target);
        if (!rule)
            return "group-no-emitter";
        if (rule->in) {
            for (std::size_t i = std::size_t(rule->inFrom); i < node.positional.size(); ++i) {
                for (const std::string& name : node.positional[i]) {
                    const FxAnnotation* input = graph.annotation(name);
                    if (input && input->dtype && !contains(*rule->in, *input->dtype))
                        return refuse(*input->dtype, *rule->in);
                }
            }
            for (const std::string& name : node.keyword) {
                const FxAnnotation* input = graph.annotation(name);
                if (input && input->dtype && !contains(*rule->in, *input->dtype))
                    return refuse(*input->dtype, *rule->in);
            }
        }
        if (rule->out && out && !contains(*rule->out, *out))
            return refuse(*out, *rule->out);
        if (rule->mm) {
            if (const auto problem = mmProblem(node, graph, release)) {
                evidence.dtype = out.value_or("");
                evidence.allowed = "mm_rule: " + *problem;
                return "group-node-dtype";
            }
        }
        return std::nullopt;
    }

    // What mm_rule refuses that the docstring shows (no strides: the transposed case is not seen).
    std::optional<std::string> mmProblem(
        const FxDocNode& node, const FxDocGraph& graph, const WhyRelease& release) const
    {
        const auto& out = node.annotation.dtype;
        if (out && *out != "float16" && *out != "bfloat16")
            return "the output is " + *out + ", not fp16/bf16";
        const bool withBias =
            node.target.starts_with("aten.addmm") || node.target.starts_with("aten.baddbmm");
        const std::size_t lhsAt = withBias ? 1 : 0;
        for (std::size_t at : { lhsAt, lhsAt + 1 }) {
            if (at >= node.positional.size() || node.positional[at].size() != 1)
                continue;
            const FxAnnotation* operand = graph.annotation(node.positional[at].front());
            if (!operand || !operand->dtype)
                continue;
            if (operand->shape.size() < 2 || operand->shape.size() > 4)
                return "operand `" + node.positional[at].front() + "` has rank "
                    + std::to_string(operand->shape.size());
            if (at == lhsAt) {
                const std::string& inner = operand->shape.back();
                std::int64_t k = 0;
                const auto [end, error] = std::from_chars(inner.data(), inner.data() + inner.size(), k);
                if (error != std::errc() || end != inner.data() + inner.size())
                    return "the inner axis K is dynamic (" + inner + ")";
                if (k > m_rules.matmulMaxInner)
                    return "the inner axis K = " + inner + " is above "
                        + std::to_string(m_rules.matmulMaxInner);
            }
        }
        if (release.mmSmallOutput && node.annotation.shape.size() >= 2) {
            const auto small = [](const std::string& dim) {
                std::int64_t size = 0;
                const auto [end, error] = std::from_chars(dim.data(), dim.data() + dim.size(), size);
                return error == std::errc() && end == dim.data() + dim.size() && size <= 256;
            };
            const auto& shape = node.annotation.shape;
            if (small(shape[shape.size() - 1]) && small(shape[shape.size() - 2]))
                return "the output's last two dims are static and at most 256";
        }
        return std::nullopt;
    }

    const OutputCode& m_code;
    FileLines m_lines;
    const WhyEnvironment& m_environment;
    const WhyRules& m_rules;
    std::vector<const WhyRelease*> m_releases;
    bool m_matmulKernels = false;
};

// "2.7.1+cpu" -> "2.7"
std::string majorMinor(const std::string& version)
{
    const std::size_t first = version.find('.');
    if (first == std::string::npos)
        return version;
    std::size_t end = first + 1;
    while (end < version.size() && std::isdigit(static_cast<unsigned char>(version[end])))
        ++end;
    return version.substr(0, end);
}

// The torch_npu release line of a version: "26.1" from "26.1.0", "v26.1.0-pytorch2.9.0" or a
// COMPATIBILITY row ("2.7.1.post8"); empty when it cannot be told.
std::string torchNpuRelease(const WhyRules& rules, std::string version)
{
    version = version.substr(0, version.find('+'));
    if (version.starts_with("v"))
        version.erase(0, 1);
    if (const auto it = rules.torchNpuVersions.find(version); it != rules.torchNpuVersions.end())
        return it->second;
    if (version.starts_with("26."))
        return majorMinor(version);
    return {};
}

template <typename Keep> void narrow(std::vector<const WhyRelease*>& releases, const Keep& keep)
{
    std::vector<const WhyRelease*> kept;
    std::copy_if(releases.begin(), releases.end(), std::back_inserter(kept), keep);
    if (!kept.empty())
        releases = std::move(kept);
}

} // namespace

const std::string* WhyEnvironment::value(std::string_view name) const
{
    for (const auto& [key, value] : variables) {
        if (key == name)
            return &value;
    }
    return nullptr;
}

WhyEnvironment whyEnvironment(const Versions& versions)
{
    WhyEnvironment environment;
    environment.recorded = versions.source.has_value() && !versions.empty();
    environment.source = versions.source.value_or("");
    environment.variables = versions.environment;
    environment.npuBackend = versions.npuBackend;
    environment.torch = versions.torch;
    environment.torchNpu = versions.torchNpu;
    return environment;
}

WhyEnvironment runWhyEnvironment(const Container& files, const Run& run, const std::string& tree)
{
    return whyEnvironment(runVersions(files, run, tree));
}

std::vector<const WhyRelease*> candidateReleases(
    const WhyRules& rules, const WhyEnvironment& environment, std::string_view text)
{
    std::vector<const WhyRelease*> releases;
    for (const WhyRelease& release : rules.releases)
        releases.push_back(&release);
    if (environment.torch) {
        const std::string torch = majorMinor(*environment.torch);
        narrow(releases, [&](const WhyRelease* release) { return contains(release->torch, torch); });
    }
    if (environment.torchNpu) {
        const std::string line = torchNpuRelease(rules, *environment.torchNpu);
        if (!line.empty())
            narrow(releases, [&](const WhyRelease* release) { return release->torchNpu == line; });
    }
    // dvm-format.md §1.6, dvm-fallback-rules.md §6.2.
    if (text.find("# contiguity_flags") != std::string_view::npos) {
        narrow(releases, [](const WhyRelease* r) { return r->torchNpu == "26.0" || r->torchNpu == "26.1"; });
    } else if (text.find("# kernel_fullname") != std::string_view::npos) {
        narrow(releases, [](const WhyRelease* r) { return r->torchNpu != "26.0" && r->torchNpu != "26.1"; });
    }
    if (text.find("k.matmul(") != std::string_view::npos)
        narrow(releases, [](const WhyRelease* r) { return r->matmulFusionVariable; });
    return releases;
}

GraphWhy explainOutputCode(
    const OutputCode& code, std::string_view text, const WhyEnvironment& environment, const WhyRules& rules)
{
    return Explainer(code, text, environment, rules).explain();
}

bool explainsGraph(const Graph& graph)
{
    return graph.outputCode && graph.outputCode->indexed && graph.outputCode->wrapperModule;
}

std::optional<GraphWhy> explainGraphText(const Graph& graph, const std::optional<std::string_view>& text,
    const FileError& error, const WhyEnvironment& environment, const WhyRules& rules,
    std::vector<Diagnostic>& problems)
{
    if (!text) {
        problems.push_back(unreadableGraphText(
            graph.outputCode->path, "why-unreadable", "to tell why its kernels are not DVM", error));
        return std::nullopt;
    }
    return explainOutputCode(*graph.outputCode, *text, environment, rules);
}

std::optional<GraphWhy> explainGraph(const Container& files, const Graph& graph, const std::string& tree,
    const WhyEnvironment& environment, const WhyRules& rules, std::vector<Diagnostic>& problems)
{
    if (!explainsGraph(graph))
        return std::nullopt;
    FileError error;
    const std::optional<std::string> text =
        readGraphText(files, graph.outputCode->path, tree, kMaxOutputCodeBytes, error);
    return explainGraphText(graph, text ? std::optional<std::string_view>(*text) : std::nullopt, error,
        environment, rules, problems);
}

} // namespace dvmlens
