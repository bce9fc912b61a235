// SPDX-License-Identifier: MIT
#include "core/rules/rulebook.h"

#include "core/install/datadir.h"
#include "core/io/container.h"
#include "core/io/jsonnesting.h"
#include "core/io/pathtext.h"
#include "core/rules/requiredliteral.h"
#include "core/rules/rulefiletext.h"

#include <QFile>
#include <QStandardPaths>
#include <QString>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <limits>
#include <re2/re2.h>
#include <sys/stat.h>
#include <unordered_map>
#include <unordered_set>

// Q_INIT_RESOURCE must be used outside any namespace; a static library's resources are not
// registered unless something asks for them.
static void initRuleResources()
{
    Q_INIT_RESOURCE(knownfailures);
}

namespace dvmlens {

using nlohmann::json;

namespace {

using namespace rulefile;

// Rule files are small; a huge one is a mistake, not rules.
constexpr std::uint64_t kMaxRuleFileBytes = 16 * 1024 * 1024;
// "within" beyond this is a mistake (and would overflow line arithmetic).
constexpr std::int64_t kMaxContextWithin = 1000000;
// RE2's memory for one compiled pattern; a bigger pattern is refused, not compiled.
constexpr std::int64_t kMaxRegexMemory = 8 << 20;

struct RuleFileError
{
    std::string message;
};

constexpr TreeCheck kAllTreeChecks[] = { TreeCheck::GraphWithoutDvmKernel, TreeCheck::DvmNamedImportFx,
    TreeCheck::MissingOutputCode, TreeCheck::NoDvmInTree, TreeCheck::TorchNpuWithoutDvm };

constexpr char asciiLower(char c)
{
    return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

class RuleReader
{
public:
    RuleReader(const json& object, std::string origin, int index, std::optional<Position> position)
        : m_object(object)
        , m_origin(std::move(origin))
        , m_index(index)
        , m_position(position)
    {
    }

    Rule read()
    {
        if (!m_object.is_object())
            fail("is not an object");
        Rule rule;
        rule.origin = m_origin;
        const json* id = member("id");
        if (id == nullptr || !id->is_string() || id->get_ref<const std::string&>().empty())
            fail("has no \"id\" (a non-empty string)");
        rule.text.id = id->get<std::string>();
        m_id = rule.text.id;

        const std::string kind = optionalString("kind").value_or("log");
        if (kind != "log" && kind != "tree")
            fail("has an unknown \"kind\" " + quotedStart(kind) + " (expected \"log\" or \"tree\")");
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
            if (fixCode->contains("language")) {
                if (!(*fixCode)["language"].is_string())
                    fail("has a \"fixCode\" whose \"language\" is not a string");
                rule.text.fixCodeLanguage = (*fixCode)["language"].get<std::string>();
            }
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
                fail("has an unknown \"scope\" " + quotedStart(scope) + " (expected \"any\" or \"graph\")");
            rule.graphLogsOnly = scope == "graph";
            if (const json* context = member("context")) {
                if (!context->is_object() || !context->contains("within")
                    || !(*context)["within"].is_number_integer())
                    fail("has a \"context\" without an integer \"within\"");
                const json& within = (*context)["within"];
                // An unsigned beyond int64 or a negative number: both outside the range.
                const bool inRange = within.is_number_unsigned()
                    ? within.get<std::uint64_t>() <= static_cast<std::uint64_t>(kMaxContextWithin)
                    : within.get<std::int64_t>() >= 0 && within.get<std::int64_t>() <= kMaxContextWithin;
                if (!inRange)
                    fail("has a \"context.within\" of " + within.dump() + " (expected 0 to "
                        + std::to_string(kMaxContextWithin) + " lines)");
                rule.contextWithin = static_cast<int>(within.get<std::int64_t>());
                const json* anyOf = context->contains("anyOf") ? &(*context)["anyOf"] : nullptr;
                if (anyOf != nullptr)
                    rule.context = patterns(*anyOf, "context.anyOf");
                if (rule.context.empty())
                    fail("has a \"context\" without \"anyOf\" patterns");
            }
        }
        return rule;
    }

private:
    [[noreturn]] void fail(const std::string& problem) const
    {
        std::string at = m_position ? where(m_origin, *m_position) : m_origin;
        std::string what =
            m_id.empty() ? "rule #" + std::to_string(m_index + 1) : "rule " + quotedStart(m_id);
        throw RuleFileError { at + ": " + what + " " + problem };
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
        fail("has an unknown \"severity\" " + quotedStart(name) + " (expected info, warning or error)");
    }

    TreeCheck treeCheck(const std::string& name) const
    {
        for (TreeCheck check : kAllTreeChecks) {
            if (treeCheckName(check) == name)
                return check;
        }
        fail("has an unknown \"check\" " + quotedStart(name)
            + " (expected graph-without-dvm-kernel, dvm-named-import-fx, missing-output-code, "
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
            if (value->contains("zh")) {
                if (!(*value)["zh"].is_string())
                    fail(std::string("has a \"") + name + "\" whose \"zh\" is not a string");
                text.zh = (*value)["zh"].get<std::string>();
            }
        } else {
            fail(std::string("has a \"") + name + "\" without an \"en\" text");
        }
        return text;
    }

    void compileRegex(TextPattern& pattern, const std::string& where) const
    {
        RE2::Options options;
        options.set_log_errors(false);
        options.set_max_mem(kMaxRegexMemory);
        auto regex = std::make_shared<const RE2>(pattern.text, options);
        if (!regex->ok()) {
            std::string reason = regex->error();
            if (reason.size() > kQuotedBytes)
                reason = quotedStart(reason);
            fail("has a regex in " + where + " that cannot be used: " + quotedStart(pattern.text) + ": "
                + reason + " (RE2 syntax: no backreferences or lookarounds)");
        }
        pattern.regex = std::move(regex);
        pattern.requiredLiteral = requiredLiteral(pattern.text);
    }

    TextPattern pattern(const json& value, const std::string& where) const
    {
        TextPattern pattern;
        if (value.is_string()) {
            pattern.text = value.get<std::string>();
        } else if (value.is_object() && value.contains("substring") && value["substring"].is_string()) {
            pattern.text = value["substring"].get<std::string>();
            if (value.contains("ignoreCase")) {
                if (!value["ignoreCase"].is_boolean())
                    fail("has an \"ignoreCase\" in " + where + " that is not true or false");
                pattern.ignoreCase = value["ignoreCase"].get<bool>();
            }
            if (pattern.ignoreCase) {
                for (char& c : pattern.text)
                    c = asciiLower(c);
            }
        } else if (value.is_object() && value.contains("regex") && value["regex"].is_string()) {
            pattern.text = value["regex"].get<std::string>();
            pattern.isRegex = true;
            if (!pattern.text.empty())
                compileRegex(pattern, where);
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

    std::vector<TextPattern> optionalPatterns(
        const json& object, const char* key, const std::string& where) const
    {
        const auto it = object.find(key);
        return it == object.end() ? std::vector<TextPattern>() : patterns(*it, where);
    }

    LineSignature lineSignature(const json& value) const
    {
        if (!value.is_object())
            fail("has a \"match\" entry that is not an object");
        LineSignature signature;
        signature.allOf = optionalPatterns(value, "allOf", "match.allOf");
        signature.anyOf = optionalPatterns(value, "anyOf", "match.anyOf");
        signature.noneOf = optionalPatterns(value, "noneOf", "match.noneOf");
        if (signature.allOf.empty() && signature.anyOf.empty())
            fail("has a \"match\" without \"allOf\" or \"anyOf\" patterns");
        return signature;
    }

    const json& m_object;
    std::string m_origin;
    int m_index;
    std::optional<Position> m_position;
    std::string m_id;
};

std::optional<RuleBook> parseRuleBookOrThrow(
    std::string_view text, const std::string& origin, std::string& error)
{
    // nlohmann ends its input at a NUL byte, so a document followed by a NUL and garbage would pass
    // as the document alone: a rule file holds no NUL anywhere.
    if (const std::size_t nul = text.find('\0'); nul != std::string_view::npos) {
        error = where(origin, positionAt(text, nul))
            + ": invalid JSON: a NUL byte (a rule file is UTF-8 text, and nothing may follow its document)";
        return std::nullopt;
    }
    if (!jsonNestingWithin(text)) {
        error = origin + ": invalid rule file: nested more than " + std::to_string(kMaxJsonNesting)
            + " levels deep";
        return std::nullopt;
    }
    json document;
    try {
        document = json::parse(text.begin(), text.end());
    } catch (const json::exception& e) {
        // nlohmann reports a byte offset (1-based, at the offending byte) for syntax errors only;
        // the SAX pass finds it for the others (a number like 1e400).
        std::size_t byte = 0;
        std::string reason = e.what();
        if (const auto* parseError = dynamic_cast<const json::parse_error*>(&e)) {
            byte = parseError->byte;
        } else {
            ErrorPosition finder;
            json::sax_parse(text.begin(), text.end(), &finder);
            byte = finder.position + 1; // 1-based, as parse_error::byte
            if (!finder.reason.empty())
                reason = finder.reason;
        }
        error = where(origin, positionAt(text, byte == 0 ? 0 : byte - 1))
            + ": invalid JSON: " + shortReason(reason);
        return std::nullopt;
    }
    if (!document.is_object() || !document.contains("rules") || !document["rules"].is_array()) {
        error = origin + ":1:1: not a rule file: expected an object with a \"rules\" list";
        return std::nullopt;
    }
    if (document.contains("schema")
        && (!document["schema"].is_string() || document["schema"].get<std::string>() != "dvmlens.rules/1")) {
        error = origin + ":1:1: unsupported \"schema\" (expected \"dvmlens.rules/1\")";
        return std::nullopt;
    }
    const std::vector<Position> positions = ruleObjectPositions(text);
    RuleBook book;
    std::unordered_set<std::string> ids; // a hash set: 150,000 rules load in linear time
    try {
        const json& rules = document["rules"];
        book.rules.reserve(rules.size());
        for (std::size_t i = 0; i < rules.size(); ++i) {
            const std::optional<Position> position =
                i < positions.size() ? std::optional<Position>(positions[i]) : std::nullopt;
            Rule rule = RuleReader(rules[i], origin, static_cast<int>(i), position).read();
            if (!ids.insert(rule.text.id).second) {
                throw RuleFileError { (position ? where(origin, *position) : origin) + ": rule "
                    + quotedStart(rule.text.id) + " is defined twice in this file" };
            }
            book.rules.push_back(std::move(rule));
        }
    } catch (const RuleFileError& e) {
        error = e.message;
        return std::nullopt;
    }
    return book;
}

} // namespace

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

const Rule* RuleBook::find(std::string_view id) const
{
    const auto it =
        std::find_if(rules.begin(), rules.end(), [&](const Rule& rule) { return rule.text.id == id; });
    return it == rules.end() ? nullptr : &*it;
}

std::optional<RuleBook> parseRuleBook(std::string_view text, const std::string& origin, std::string& error)
{
    // The boundary: whatever the file holds, a rule file error comes out, never an exception.
    try {
        return parseRuleBookOrThrow(text, origin, error);
    } catch (const std::exception& e) {
        error = origin + ":1:1: cannot read the rule file: " + quotedStart(e.what());
    } catch (...) {
        error = origin + ":1:1: cannot read the rule file";
    }
    return std::nullopt;
}

std::optional<RuleBook> loadRuleFile(const std::string& path, std::string& error)
{
    std::string bytes;
    std::size_t size = 0;
    FileError fileError;
    bool read = false;
    if (path.size() > 2 && path.compare(0, 2, ":/") == 0) {
        // A Qt resource (the built-in rules): not a file of the file system.
        QFile resource(QString::fromStdString(path));
        read = resource.open(QIODevice::ReadOnly);
        const QByteArray all = read ? resource.readAll() : QByteArray();
        bytes.assign(all.constData(), static_cast<std::size_t>(all.size()));
        size = bytes.size();
        fileError.message = resource.errorString().toStdString();
    } else {
        read = readWholeFile(fileSystem(), path, std::string(), kMaxRuleFileBytes, bytes, size, fileError);
        if (!read && fileError.problem == FileProblem::TooLarge)
            fileError.message = "it is larger than 16 MiB";
    }
    if (!read) {
        error = path + ": cannot read the rule file: " + fileError.message;
        return std::nullopt;
    }
    return parseRuleBook(std::string_view(bytes.data(), size), path, error);
}

const RuleBook& builtinRules()
{
    static const RuleBook book = [] {
        std::string error;
        // The installed copy is the one a distribution can update; a broken one must not stop the program.
        const QString installed = installedDataPath(QStringLiteral("rules/known-failures.json"));
        if (!installed.isEmpty()) {
            if (auto loaded = loadRuleFile(pathBytes(installed), error))
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
    return QFile::encodeName(base + QStringLiteral("/dvmlens/known-failures.json")).toStdString();
}

void mergeRules(RuleBook& book, const RuleBook& more)
{
    // Each id's place in `book`, hashed once: merging n rules into m costs n + m, not n * m.
    std::unordered_map<std::string, std::size_t> placeOf;
    placeOf.reserve(book.rules.size() + more.rules.size());
    for (std::size_t i = 0; i < book.rules.size(); ++i)
        placeOf.emplace(book.rules[i].text.id, i);
    book.rules.reserve(book.rules.size() + more.rules.size());
    for (const Rule& rule : more.rules) {
        const auto [place, added] = placeOf.emplace(rule.text.id, book.rules.size());
        if (added)
            book.rules.push_back(rule);
        else
            book.rules[place->second] = rule;
    }
}

LoadedRules loadRules(const std::optional<std::string>& extraFile)
{
    LoadedRules loaded;
    loaded.book = builtinRules();
    const auto add = [&](const std::string& path) {
        std::string error;
        if (const auto more = loadRuleFile(path, error)) {
            mergeRules(loaded.book, *more);
            return;
        }
        Diagnostic problem;
        problem.path = path;
        problem.severity = Severity::Error;
        problem.code = "bad-rules-file";
        problem.message = error + std::string(kBuiltinRulesStillApply);
        loaded.problems.push_back(std::move(problem));
    };
    const std::string userFile = defaultUserRulesPath();
    struct stat status;
    if (::lstat(userFile.c_str(), &status) == 0)
        add(userFile);
    if (extraFile)
        add(*extraFile);
    return loaded;
}

} // namespace dvmlens
