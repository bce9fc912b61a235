// SPDX-License-Identifier: MIT
#include "rules/knownfailures.h"

#include "install/datadir.h"
#include "parse/versions.h"
#include "rules/logscanner.h"
#include "verdict/summary.h"

#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>
#include <QString>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <deque>
#include <string_view>
#include <thread>
#include <unordered_map>

// Q_INIT_RESOURCE must be used outside any namespace; a static library's resources are not
// registered unless something asks for them.
static void initRuleResources()
{
    Q_INIT_RESOURCE(knownfailures);
}

namespace dvmlens {

using nlohmann::json;

namespace {

constexpr std::size_t kExcerptBytes = 300;
constexpr std::size_t kMaxPendingMatches = 64; // matches waiting for context that may follow them

// ASCII only, and inline: the locale-aware std::tolower dominated profiles of big logs.
constexpr char asciiLower(char c)
{
    return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

// ---------------------------------------------------------------------------------------------
// Loading

struct RuleFileError
{
    std::string message;
};

std::pair<int, int> lineAndColumn(std::string_view text, std::size_t byteOffset)
{
    byteOffset = std::min(byteOffset, text.size());
    int line = 1;
    std::size_t lineStart = 0;
    for (std::size_t i = 0; i < byteOffset; ++i) {
        if (text[i] == '\n') {
            ++line;
            lineStart = i + 1;
        }
    }
    return { line, static_cast<int>(byteOffset - lineStart) + 1 };
}

// Line numbers of the objects in the top-level "rules" array, found with a string-aware bracket
// walk: nlohmann keeps no positions, and a schema error should point at its rule.
std::vector<int> ruleObjectLines(std::string_view text)
{
    std::vector<int> lines;
    int line = 1;
    int depth = 0;
    bool inString = false;
    bool escaped = false;
    bool inRules = false;
    std::string lastString;
    std::string topLevelKey;
    for (char c : text) {
        if (c == '\n')
            ++line;
        if (inString) {
            if (escaped)
                escaped = false;
            else if (c == '\\')
                escaped = true;
            else if (c == '"')
                inString = false;
            else if (depth == 1)
                lastString.push_back(c);
            continue;
        }
        switch (c) {
        case '"':
            inString = true;
            lastString.clear();
            break;
        case ':':
            if (depth == 1)
                topLevelKey = lastString;
            break;
        case '[':
            ++depth;
            inRules = inRules || (depth == 2 && topLevelKey == "rules");
            break;
        case '{':
            ++depth;
            if (inRules && depth == 3)
                lines.push_back(line);
            break;
        case ']':
            if (depth == 2)
                inRules = false;
            --depth;
            break;
        case '}':
            --depth;
            break;
        default:
            break;
        }
    }
    return lines;
}

// The longest run of literal characters that any match of `pattern` must contain, read
// conservatively: nothing inside groups or classes, nothing when the top level has an alternation,
// and a character followed by ?, * or {…} does not count. Case-insensitive patterns ((?i) prefix)
// give no literal, since the byte search is case-sensitive.
std::string requiredLiteral(std::string_view pattern)
{
    std::string best;
    std::string run;
    auto endRun = [&] {
        if (run.size() > best.size())
            best = run;
        run.clear();
    };
    // Inline flags such as (?i) change how literals compare; lookarounds (?<!…) are just groups.
    if (pattern.size() > 2 && pattern.substr(0, 2) == "(?"
        && std::isalpha(static_cast<unsigned char>(pattern[2])))
        return std::string();
    for (std::size_t i = 0; i < pattern.size(); ++i) {
        const char c = pattern[i];
        switch (c) {
        case '|':
            return std::string();
        case '\\':
            if (i + 1 < pattern.size() && !std::isalnum(static_cast<unsigned char>(pattern[i + 1]))) {
                run.push_back(pattern[++i]);
            } else {
                ++i;
                endRun();
            }
            break;
        case '(':
        case '[': {
            // Skip the group or class; a top-level '|' inside a group is fine.
            int depth = 0;
            bool inClass = false;
            for (; i < pattern.size(); ++i) {
                const char d = pattern[i];
                if (d == '\\') {
                    ++i;
                } else if (inClass) {
                    inClass = d != ']';
                } else if (d == '[') {
                    inClass = true;
                    if (c == '[')
                        break;
                } else if (d == '(') {
                    ++depth;
                } else if (d == ')' && --depth == 0) {
                    break;
                }
            }
            if (c == '[') {
                for (++i; i < pattern.size() && pattern[i] != ']'; ++i) {
                    if (pattern[i] == '\\')
                        ++i;
                }
            }
            endRun();
            break;
        }
        case '?':
        case '*':
        case '{':
            if (!run.empty())
                run.pop_back();
            endRun();
            if (c == '{') {
                while (i < pattern.size() && pattern[i] != '}')
                    ++i;
            }
            break;
        case '+':
        case '.':
        case '^':
        case '$':
            endRun();
            break;
        default:
            run.push_back(c);
            break;
        }
    }
    endRun();
    return best.size() >= 2 ? best : std::string();
}

constexpr TreeCheck kAllTreeChecks[] = { TreeCheck::GraphWithoutDvmKernel, TreeCheck::DvmNamedImportFx,
    TreeCheck::MissingOutputCode, TreeCheck::NoDvmInTree, TreeCheck::TorchNpuWithoutDvm };

class RuleReader
{
public:
    RuleReader(const json& object, std::string origin, int index, std::optional<int> line)
        : m_object(object)
        , m_origin(std::move(origin))
        , m_index(index)
        , m_line(line)
    {
    }

    Rule read()
    {
        if (!m_object.is_object())
            fail("is not an object");
        Rule rule;
        rule.origin = m_origin;
        const json* id = member("id");
        if (id == nullptr || !id->is_string() || id->get<std::string>().empty())
            fail("has no \"id\" (a non-empty string)");
        rule.text.id = id->get<std::string>();
        m_id = rule.text.id;

        const std::string kind = optionalString("kind").value_or("log");
        if (kind != "log" && kind != "tree")
            fail("has an unknown \"kind\" '" + kind + "' (expected \"log\" or \"tree\")");
        rule.isTreeRule = kind == "tree";
        rule.text.layer = optionalString("layer").value_or(std::string());
        rule.text.severity = severity(optionalString("severity").value_or("error"));
        rule.text.title = localized("title", true);
        rule.text.cause = localized("cause", true);
        rule.text.fix = localized("fix", true);
        if (const json* fixCode = member("fixCode")) {
            if (!fixCode->is_object() || !fixCode->contains("text") || !(*fixCode)["text"].is_string())
                fail("has a \"fixCode\" without a \"text\" string");
            rule.text.fixCode = (*fixCode)["text"].get<std::string>();
            if (fixCode->contains("language") && (*fixCode)["language"].is_string())
                rule.text.fixCodeLanguage = (*fixCode)["language"].get<std::string>();
        }

        if (rule.isTreeRule) {
            rule.check = treeCheck(optionalString("check").value_or(std::string()));
        } else {
            const json* match = member("match");
            if (match == nullptr)
                fail("has no \"match\"");
            if (match->is_array()) {
                for (const json& signature : *match)
                    rule.signatures.push_back(lineSignature(signature));
            } else {
                rule.signatures.push_back(lineSignature(*match));
            }
            if (rule.signatures.empty())
                fail("has an empty \"match\"");
            const std::string scope = optionalString("scope").value_or("any");
            if (scope != "any" && scope != "graph")
                fail("has an unknown \"scope\" '" + scope + "' (expected \"any\" or \"graph\")");
            rule.graphLogsOnly = scope == "graph";
            if (const json* context = member("context")) {
                if (!context->is_object() || !context->contains("within")
                    || !(*context)["within"].is_number_integer())
                    fail("has a \"context\" without an integer \"within\"");
                rule.contextWithin = std::max(0, (*context)["within"].get<int>());
                rule.context = patterns(context->value("anyOf", json::array()), "context.anyOf");
                if (rule.context.empty())
                    fail("has a \"context\" without \"anyOf\" patterns");
            }
        }
        return rule;
    }

private:
    [[noreturn]] void fail(const std::string& problem) const
    {
        std::string where = m_origin;
        if (m_line)
            where += ":" + std::to_string(*m_line);
        std::string what = m_id.empty() ? "rule #" + std::to_string(m_index + 1) : "rule '" + m_id + "'";
        throw RuleFileError { where + ": " + what + " " + problem };
    }

    const json* member(const char* name) const
    {
        const auto it = m_object.find(name);
        return it == m_object.end() ? nullptr : &*it;
    }

    std::optional<std::string> optionalString(const char* name) const
    {
        const json* value = member(name);
        if (value == nullptr)
            return std::nullopt;
        if (!value->is_string())
            fail(std::string("has a non-string \"") + name + "\"");
        return value->get<std::string>();
    }

    Severity severity(const std::string& name) const
    {
        for (Severity severity : { Severity::Info, Severity::Warning, Severity::Error }) {
            if (severityName(severity) == name)
                return severity;
        }
        fail("has an unknown \"severity\" '" + name + "' (expected info, warning or error)");
    }

    TreeCheck treeCheck(const std::string& name) const
    {
        for (TreeCheck check : kAllTreeChecks) {
            if (treeCheckName(check) == name)
                return check;
        }
        fail("has an unknown \"check\" '" + name
            + "' (expected graph-without-dvm-kernel, dvm-named-import-fx, missing-output-code, "
              "no-dvm-in-tree or torch-npu-without-dvm)");
    }

    LocalizedText localized(const char* name, bool required) const
    {
        LocalizedText text;
        const json* value = member(name);
        if (value == nullptr) {
            if (required)
                fail(std::string("has no \"") + name + "\"");
            return text;
        }
        if (value->is_string()) {
            text.en = value->get<std::string>();
        } else if (value->is_object() && value->contains("en") && (*value)["en"].is_string()) {
            text.en = (*value)["en"].get<std::string>();
            if (value->contains("zh") && (*value)["zh"].is_string())
                text.zh = (*value)["zh"].get<std::string>();
        } else {
            fail(std::string("has a \"") + name + "\" without an \"en\" text");
        }
        return text;
    }

    TextPattern pattern(const json& value, const std::string& where) const
    {
        TextPattern pattern;
        if (value.is_string()) {
            pattern.text = value.get<std::string>();
        } else if (value.is_object() && value.contains("substring") && value["substring"].is_string()) {
            pattern.text = value["substring"].get<std::string>();
            pattern.ignoreCase = value.value("ignoreCase", false);
            if (pattern.ignoreCase) {
                for (char& c : pattern.text)
                    c = asciiLower(c);
            }
        } else if (value.is_object() && value.contains("regex") && value["regex"].is_string()) {
            pattern.text = value["regex"].get<std::string>();
            pattern.isRegex = true;
            pattern.regex = QRegularExpression(QString::fromStdString(pattern.text));
            if (!pattern.regex.isValid()) {
                fail("has a bad regex in " + where + " '" + pattern.text
                    + "': " + pattern.regex.errorString().toStdString() + " at offset "
                    + std::to_string(pattern.regex.patternErrorOffset()));
            }
            pattern.regex.optimize();
            pattern.requiredLiteral = requiredLiteral(pattern.text);
        } else {
            fail("has a pattern in " + where
                + " that is neither a string, {\"substring\": …} nor {\"regex\": …}");
        }
        if (pattern.text.empty())
            fail("has an empty pattern in " + where);
        return pattern;
    }

    std::vector<TextPattern> patterns(const json& list, const std::string& where) const
    {
        if (!list.is_array())
            fail("has a \"" + where + "\" that is not a list");
        std::vector<TextPattern> result;
        for (const json& value : list)
            result.push_back(pattern(value, where));
        return result;
    }

    LineSignature lineSignature(const json& value) const
    {
        if (!value.is_object())
            fail("has a \"match\" entry that is not an object");
        LineSignature signature;
        signature.allOf = patterns(value.value("allOf", json::array()), "match.allOf");
        signature.anyOf = patterns(value.value("anyOf", json::array()), "match.anyOf");
        signature.noneOf = patterns(value.value("noneOf", json::array()), "match.noneOf");
        if (signature.allOf.empty() && signature.anyOf.empty())
            fail("has a \"match\" without \"allOf\" or \"anyOf\" patterns");
        return signature;
    }

    const json& m_object;
    std::string m_origin;
    int m_index;
    std::optional<int> m_line;
    std::string m_id;
};

// ---------------------------------------------------------------------------------------------
// Matching one line

// The line as bytes, and as QString only when a regex needs it (most lines never do).
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
    const QString& text()
    {
        if (!m_text)
            m_text = QString::fromUtf8(m_bytes.data(), static_cast<qsizetype>(m_bytes.size()));
        return *m_text;
    }

private:
    std::string_view m_bytes;
    std::optional<QString> m_text;
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
        return pattern.regex.match(line.text()).hasMatch();
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

// ---------------------------------------------------------------------------------------------
// Tree rules

std::string countedNoun(std::size_t count, const char* noun)
{
    return std::to_string(count) + " " + noun + (count == 1 ? "" : "s");
}

std::string kernelSummary(const OutputCode& code)
{
    std::string summary = countedNoun(code.kernels.size(), "kernel");
    std::string byBackend;
    for (Backend backend : kAllBackends) {
        const auto count = std::count_if(code.kernels.begin(), code.kernels.end(),
            [&](const Kernel& kernel) { return kernel.backend == backend; });
        if (count > 0)
            byBackend += (byBackend.empty() ? "" : ", ") + std::to_string(count) + " "
                + std::string(backendName(backend));
    }
    if (!byBackend.empty())
        summary += " (" + byBackend + ")";
    return summary + ", " + countedNoun(code.fallbacks.size(), "fallback call") + ", no @dvm.kernel";
}

Finding treeFinding(const Rule& rule, std::string path, std::string excerpt, Confidence confidence)
{
    Finding finding;
    finding.rule = rule.text;
    finding.path = std::move(path);
    finding.excerpt = std::move(excerpt);
    finding.confidence = confidence;
    return finding;
}

// Why we believe DVM was wanted in this tree, or nullopt when nothing says so (a CUDA or CPU tree).
std::optional<std::string> dvmWantedEvidence(const Index& index)
{
    for (const Run& run : index.runs) {
        const Versions versions = runVersions(run);
        if (versions.npuBackend && *versions.npuBackend == "dvm")
            return "TORCHINDUCTOR_NPU_BACKEND='dvm' in " + versions.source.value_or("fx_graph_runnable.py");
    }
    for (const Run& run : index.runs) {
        for (const Graph& graph : run.graphs) {
            if (!graph.outputCode)
                continue;
            if (graph.outputCode->dvmImport)
                return "the dvm import in " + graph.outputCode->path;
            for (const Kernel& kernel : graph.outputCode->kernels) {
                if (hasDvmKernelName(kernel.name))
                    return "the kernel " + kernel.name + " in " + graph.outputCode->path;
            }
        }
    }
    return std::nullopt;
}

void applyTreeRule(const Rule& rule, const Index& index, std::vector<Finding>& findings)
{
    bool anyEngaged = false;
    std::size_t outputCodes = 0;
    std::size_t graphs = 0;
    for (const Run& run : index.runs) {
        for (const Graph& graph : run.graphs) {
            ++graphs;
            // Judged graphs only: not a cancelled index's unparsed ones, nor a file that is no wrapper.
            const Verdict verdict = graphVerdict(graph);
            outputCodes += verdict == Verdict::Engaged || verdict == Verdict::NotEngaged;
            anyEngaged = anyEngaged || verdict == Verdict::Engaged;
        }
    }

    if (rule.check == TreeCheck::TorchNpuWithoutDvm) {
        // Per run: the version it was made with says DVM cannot have run, whatever was asked for.
        if (anyEngaged)
            return;
        for (std::size_t r = 0; r < index.runs.size(); ++r) {
            const Versions versions = runVersions(index.runs[r]);
            if (!versions.torchNpu || !isTorchNpuReleaseWithoutDvm(*versions.torchNpu))
                continue;
            const bool asked = versions.npuBackend && *versions.npuBackend == "dvm";
            if (!asked && !dvmWantedEvidence(index))
                continue;
            Finding finding = treeFinding(rule, versions.source.value_or(index.runs[r].path),
                "torch_npu " + *versions.torchNpu + (asked ? ", TORCHINDUCTOR_NPU_BACKEND='dvm'" : ""),
                Confidence::High);
            finding.run = r;
            findings.push_back(std::move(finding));
        }
        return;
    }

    if (rule.check == TreeCheck::NoDvmInTree) {
        if (anyEngaged || outputCodes == 0)
            return;
        if (const auto evidence = dvmWantedEvidence(index)) {
            findings.push_back(treeFinding(rule, index.root,
                *evidence + "; 0 of " + countedNoun(outputCodes, "output_code.py") + " define a @dvm.kernel",
                Confidence::High));
        }
        return;
    }

    for (std::size_t r = 0; r < index.runs.size(); ++r) {
        const Run& run = index.runs[r];
        for (std::size_t g = 0; g < run.graphs.size(); ++g) {
            const Graph& graph = run.graphs[g];
            std::optional<Finding> finding;
            switch (rule.check) {
            case TreeCheck::GraphWithoutDvmKernel: {
                const OutputCode* code = graph.outputCode ? &*graph.outputCode : nullptr;
                // A graph of views only has nothing DVM could have taken.
                if (anyEngaged && graphVerdict(graph) == Verdict::NotEngaged
                    && (!code->kernels.empty() || !code->fallbacks.empty()))
                    finding = treeFinding(rule, code->path, kernelSummary(*code), Confidence::High);
                break;
            }
            case TreeCheck::DvmNamedImportFx: {
                if (!graph.outputCode)
                    break;
                std::vector<const Kernel*> named;
                for (const Kernel& kernel : graph.outputCode->kernels) {
                    if (kernel.backend == Backend::ImportFx && hasDvmKernelName(kernel.name))
                        named.push_back(&kernel);
                }
                if (named.empty())
                    break;
                std::string names;
                for (std::size_t i = 0; i < named.size() && i < 5; ++i)
                    names += (i ? ", " : "") + named[i]->name;
                if (named.size() > 5)
                    names += ", …";
                finding = treeFinding(
                    rule, graph.outputCode->path, names + " = async_compile.import_fx(…)", Confidence::High);
                finding->line = named.front()->line;
                finding->occurrences = static_cast<int>(named.size());
                break;
            }
            case TreeCheck::MissingOutputCode: {
                if (graph.outputCode)
                    break;
                // Only the cache-hit shape, as treescanner judges it: nothing but hidden files.
                // Folders with dumps but no output_code.py are a crash, which the logs explain.
                const bool empty = std::all_of(graph.files.begin(), graph.files.end(),
                    [](const std::string& file) { return file.empty() || file.front() == '.'; });
                if (empty)
                    finding = treeFinding(rule, graph.path, "the graph folder is empty", Confidence::High);
                break;
            }
            case TreeCheck::NoDvmInTree:
            case TreeCheck::TorchNpuWithoutDvm:
                break;
            }
            if (finding) {
                finding->run = r;
                finding->graph = g;
                findings.push_back(std::move(*finding));
            }
        }
    }
}

std::string firstSentence(const std::string& text)
{
    const std::size_t end = text.find(". ");
    return end == std::string::npos ? text : text.substr(0, end + 1);
}

} // namespace

// -------------------------------------------------------------------------------------------------

std::string_view treeCheckName(TreeCheck check)
{
    switch (check) {
    case TreeCheck::GraphWithoutDvmKernel:
        return "graph-without-dvm-kernel";
    case TreeCheck::DvmNamedImportFx:
        return "dvm-named-import-fx";
    case TreeCheck::MissingOutputCode:
        return "missing-output-code";
    case TreeCheck::NoDvmInTree:
        return "no-dvm-in-tree";
    case TreeCheck::TorchNpuWithoutDvm:
        break;
    }
    return "torch-npu-without-dvm";
}

bool isTorchNpuReleaseWithoutDvm(std::string_view version)
{
    constexpr std::string_view kReleases[] = { "2.10.0-26.0.0", "2.11.0-26.1.0", "2.12.0-26.1.0",
        "26.1.0-pytorch2.11.0", "26.1.0-pytorch2.12.0" };
    while (!version.empty() && (version.front() == ' ' || version.front() == '\t'))
        version.remove_prefix(1);
    while (!version.empty() && (version.back() == ' ' || version.back() == '\t' || version.back() == '\r'))
        version.remove_suffix(1);
    if (!version.empty() && (version.front() == 'v' || version.front() == 'V'))
        version.remove_prefix(1);
    for (const std::string_view release : kReleases) {
        if (version.substr(0, release.size()) != release)
            continue;
        const std::string_view rest = version.substr(release.size());
        if (rest.empty() || rest.front() == '+' || rest.substr(0, 5) == ".post")
            return true;
    }
    return false;
}

const Rule* RuleBook::find(std::string_view id) const
{
    const auto it =
        std::find_if(rules.begin(), rules.end(), [&](const Rule& rule) { return rule.text.id == id; });
    return it == rules.end() ? nullptr : &*it;
}

std::optional<RuleBook> parseRuleBook(std::string_view text, const std::string& origin, std::string& error)
{
    json document;
    try {
        document = json::parse(text.begin(), text.end());
    } catch (const json::parse_error& e) {
        // nlohmann reports a byte offset (1-based, at the offending byte); people need line:col.
        const auto [line, column] = lineAndColumn(text, e.byte == 0 ? 0 : e.byte - 1);
        std::string reason = e.what();
        const std::size_t colon = reason.find(": ", reason.find("column"));
        if (colon != std::string::npos)
            reason = reason.substr(colon + 2);
        error =
            origin + ":" + std::to_string(line) + ":" + std::to_string(column) + ": invalid JSON: " + reason;
        return std::nullopt;
    }
    if (!document.is_object() || !document.contains("rules") || !document["rules"].is_array()) {
        error = origin + ": not a rule file: expected an object with a \"rules\" list";
        return std::nullopt;
    }
    if (document.contains("schema")
        && (!document["schema"].is_string() || document["schema"].get<std::string>() != "dvmlens.rules/1")) {
        error = origin + ": unsupported \"schema\" (expected \"dvmlens.rules/1\")";
        return std::nullopt;
    }
    const std::vector<int> lines = ruleObjectLines(text);
    RuleBook book;
    try {
        const json& rules = document["rules"];
        for (std::size_t i = 0; i < rules.size(); ++i) {
            const std::optional<int> line = i < lines.size() ? std::optional<int>(lines[i]) : std::nullopt;
            Rule rule = RuleReader(rules[i], origin, static_cast<int>(i), line).read();
            if (book.find(rule.text.id) != nullptr) {
                throw RuleFileError { origin + (line ? ":" + std::to_string(*line) : std::string())
                    + ": rule '" + rule.text.id + "' is defined twice in this file" };
            }
            book.rules.push_back(std::move(rule));
        }
    } catch (const RuleFileError& e) {
        error = e.message;
        return std::nullopt;
    }
    return book;
}

std::optional<RuleBook> loadRuleFile(const std::string& path, std::string& error)
{
    QFile file(QString::fromStdString(path));
    if (!file.open(QIODevice::ReadOnly)) {
        error = path + ": cannot read the rule file: " + file.errorString().toStdString();
        return std::nullopt;
    }
    // Rule files are small; a huge one is a mistake, not rules.
    constexpr qint64 kMaxRuleFileBytes = 16 * 1024 * 1024;
    if (file.size() > kMaxRuleFileBytes) {
        error = path + ": the rule file is larger than 16 MiB";
        return std::nullopt;
    }
    const QByteArray bytes = file.readAll();
    return parseRuleBook(
        std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())), path, error);
}

const RuleBook& builtinRules()
{
    static const RuleBook book = [] {
        std::string error;
        // The installed copy is the one a distribution can update; a broken one must not stop the program.
        const QString installed = installedDataPath(QStringLiteral("rules/known-failures.json"));
        if (!installed.isEmpty()) {
            if (auto loaded = loadRuleFile(installed.toStdString(), error))
                return std::move(*loaded);
            qWarning("%s (the rules built into the program are used)", error.c_str());
        }
        initRuleResources();
        auto loaded = loadRuleFile(":/dvmlens/rules/known-failures.json", error);
        // The file is compiled in and covered by tests, so this only fires on a broken build.
        if (!loaded)
            qFatal("built-in known-failure rules are broken: %s", error.c_str());
        for (Rule& rule : loaded->rules)
            rule.origin = "built-in";
        return std::move(*loaded);
    }();
    return book;
}

std::string defaultUserRulesPath()
{
    QString base = qEnvironmentVariable("XDG_CONFIG_HOME");
    if (base.isEmpty())
        base = QStandardPaths::writableLocation(QStandardPaths::HomeLocation) + QStringLiteral("/.config");
    return QString(base + QStringLiteral("/dvmlens/known-failures.json")).toStdString();
}

void mergeRules(RuleBook& book, const RuleBook& more)
{
    for (const Rule& rule : more.rules) {
        auto it = std::find_if(book.rules.begin(), book.rules.end(),
            [&](const Rule& existing) { return existing.text.id == rule.text.id; });
        if (it != book.rules.end())
            *it = rule;
        else
            book.rules.push_back(rule);
    }
}

std::optional<RuleBook> loadRules(const std::optional<std::string>& extraFile, std::string& error)
{
    RuleBook book = builtinRules();
    const std::string userFile = defaultUserRulesPath();
    if (QFileInfo::exists(QString::fromStdString(userFile))) {
        const auto user = loadRuleFile(userFile, error);
        if (!user)
            return std::nullopt;
        mergeRules(book, *user);
    }
    if (extraFile) {
        const auto extra = loadRuleFile(*extraFile, error);
        if (!extra)
            return std::nullopt;
        mergeRules(book, *extra);
    }
    return book;
}

std::string_view confidenceName(Confidence confidence)
{
    return confidence == Confidence::High ? "high" : "medium";
}

std::optional<std::vector<Finding>> scanLogForKnownFailures(
    const std::string& path, const RuleBook& rules, std::string& error)
{
    std::vector<RuleProgress> progress;
    for (const Rule& rule : rules.rules) {
        if (!rule.isTreeRule) {
            RuleProgress state;
            state.rule = &rule;
            progress.push_back(std::move(state));
        }
    }
    if (progress.empty())
        return std::vector<Finding>();
    LogLineReader reader;
    const bool ok = reader.read(
        path,
        [&](const LogLine& logLine) {
            LineText line(logLine.text);
            for (RuleProgress& state : progress)
                observeLine(state, logLine.number, line);
            return true;
        },
        error);
    if (!ok)
        return std::nullopt;
    return progressToFindings(progress, path);
}

std::vector<Finding> findKnownFailures(
    const Index& index, const RuleBook& rules, std::vector<Diagnostic>* problems)
{
    // Logs are independent: scan them on every core, then take the results in log order.
    struct LogScan
    {
        std::size_t run;
        const std::string* path;
        std::optional<std::vector<Finding>> findings;
        std::string error;
    };
    std::vector<LogScan> scans;
    for (std::size_t r = 0; r < index.runs.size(); ++r) {
        for (const std::string& log : index.runs[r].logs)
            scans.push_back({ r, &log, std::nullopt, {} });
    }
    std::atomic<std::size_t> next { 0 };
    const auto work = [&] {
        for (std::size_t i = next++; i < scans.size(); i = next++)
            scans[i].findings = scanLogForKnownFailures(*scans[i].path, rules, scans[i].error);
    };
    const std::size_t threads =
        std::min<std::size_t>(std::max(1u, std::thread::hardware_concurrency()), scans.size());
    std::vector<std::thread> helpers;
    for (std::size_t i = 1; i < threads; ++i)
        helpers.emplace_back(work);
    work();
    for (std::thread& helper : helpers)
        helper.join();

    std::vector<Finding> findings;
    std::optional<std::size_t> graphsOfRun;
    std::unordered_map<std::string_view, std::size_t> graphByFolder; // of run *graphsOfRun
    for (LogScan& scan : scans) {
        if (!scan.findings) {
            if (problems) {
                Diagnostic problem;
                problem.path = *scan.path;
                problem.severity = Severity::Warning;
                problem.code = "unreadable-log";
                problem.message = "The log could not be read: " + scan.error + ".";
                problems->push_back(std::move(problem));
            }
            continue;
        }
        if (scan.findings->empty())
            continue;
        const Run& run = index.runs[scan.run];
        if (graphsOfRun != scan.run) {
            graphByFolder.clear();
            for (std::size_t g = run.graphs.size(); g-- > 0;)
                graphByFolder[run.graphs[g].path] = g; // the first graph of a path wins
            graphsOfRun = scan.run;
        }
        // The first graph (in run order) whose folder holds the log: look its folders up, not
        // every graph of the run (a run can have thousands).
        std::optional<std::size_t> graph;
        const std::string_view log = *scan.path;
        for (std::size_t slash = log.rfind('/'); slash != std::string_view::npos && slash > 0;
             slash = log.rfind('/', slash - 1)) {
            const auto found = graphByFolder.find(log.substr(0, slash));
            if (found != graphByFolder.end() && (!graph || found->second < *graph))
                graph = found->second;
        }
        for (Finding& finding : *scan.findings) {
            const Rule* rule = graph ? nullptr : rules.find(finding.rule.id);
            if (rule && rule->graphLogsOnly)
                continue; // a run-level log cannot say which graph's code never ran
            finding.run = scan.run;
            finding.graph = graph;
            findings.push_back(std::move(finding));
        }
    }
    for (const Rule& rule : rules.rules) {
        if (rule.isTreeRule)
            applyTreeRule(rule, index, findings);
    }
    return findings;
}

Diagnostic findingDiagnostic(const Finding& finding)
{
    Diagnostic diagnostic;
    diagnostic.path = finding.path;
    diagnostic.line = finding.line;
    diagnostic.severity = finding.rule.severity;
    diagnostic.code = finding.rule.id;
    diagnostic.message = finding.rule.title.en + ": " + firstSentence(finding.rule.cause.en);
    if (finding.occurrences > 1)
        diagnostic.message += " (" + std::to_string(finding.occurrences) + " occurrences)";
    return diagnostic;
}

void applyKnownFailures(Index& index, const RuleBook& rules)
{
    std::vector<Diagnostic> problems;
    const std::vector<Finding> findings = findKnownFailures(index, rules, &problems);
    for (Diagnostic& problem : problems)
        index.diagnostics.push_back(std::move(problem));
    for (const Finding& finding : findings) {
        std::vector<Diagnostic>& target = finding.run && finding.graph
            ? index.runs[*finding.run].graphs[*finding.graph].diagnostics
            : index.diagnostics;
        // A tree rule whose check the scanner already reported (its "missing-output-code") adds
        // cause and fix to reports, not a second diagnostic.
        const Rule* rule = rules.find(finding.rule.id);
        const std::string_view check =
            rule && rule->isTreeRule ? treeCheckName(rule->check) : std::string_view();
        const bool reported = !check.empty()
            && std::any_of(target.begin(), target.end(),
                [&](const Diagnostic& d) { return d.code == check && d.path == finding.path; });
        if (!reported)
            target.push_back(findingDiagnostic(finding));
    }
}

} // namespace dvmlens
