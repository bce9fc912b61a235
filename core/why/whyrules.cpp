// SPDX-License-Identifier: MIT
#include "core/why/whyrules.h"

#include "core/install/datadir.h"
#include "core/io/container.h"
#include "core/io/jsonnesting.h"
#include "core/io/pathtext.h"

#include <QFile>
#include <QString>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <sys/stat.h>

// Q_INIT_RESOURCE must be used outside any namespace (a static library's resources are not
// registered unless something asks for them).
static void initWhyResources()
{
    Q_INIT_RESOURCE(whyrules);
}

namespace dvmlens {

using nlohmann::json;

namespace {

constexpr std::uint64_t kMaxWhyFileBytes = 16 * 1024 * 1024;
constexpr const char* kBuiltinPath = ":/dvmlens/rules/why-not-dvm.json";

// Thrown inside the parser only; parseWhyRules turns it into its error text.
struct BadRules
{
    std::string what;
};

const json& member(const json& object, const char* key)
{
    if (!object.is_object() || !object.contains(key))
        throw BadRules { std::string("missing \"") + key + "\"" };
    return object.at(key);
}

std::string stringOf(const json& value, const char* what)
{
    if (!value.is_string())
        throw BadRules { std::string("\"") + what + "\" must be a string" };
    return value.get<std::string>();
}

std::vector<std::string> stringsOf(const json& value, const char* what)
{
    if (!value.is_array())
        throw BadRules { std::string("\"") + what + "\" must be a list of strings" };
    std::vector<std::string> out;
    for (const json& item : value)
        out.push_back(stringOf(item, what));
    return out;
}

LocalizedText localized(const json& value, const char* what)
{
    LocalizedText text;
    text.en = stringOf(member(value, "en"), what);
    if (value.contains("zh"))
        text.zh = stringOf(value.at("zh"), what);
    return text;
}

std::vector<std::string> dtypeSet(const json& sets, const json& name)
{
    const std::string key = stringOf(name, "dtype set");
    if (!sets.contains(key))
        throw BadRules { "unknown dtype set \"" + key + "\"" };
    return stringsOf(sets.at(key), "dtypeSets");
}

WhyRelease parseRelease(const json& item, const json& sets)
{
    WhyRelease release;
    release.id = stringOf(member(item, "id"), "id");
    release.torchNpu = stringOf(member(item, "torchNpu"), "torchNpu");
    release.torch = stringsOf(member(item, "torch"), "torch");
    release.registry = stringOf(member(item, "registry"), "registry");
    release.dtypeOnlyGroupCheck = stringOf(member(item, "groupCheck"), "groupCheck") == "dtype-only";
    release.placeholderDtypes = dtypeSet(sets, member(item, "placeholders"));
    const json& generic = member(item, "genericRule");
    release.genericIn = dtypeSet(sets, member(generic, "in"));
    release.genericOut = dtypeSet(sets, member(generic, "out"));
    release.fallbackListVariable = item.value("fallbackListVariable", false);
    release.matmulFusionVariable = item.value("matmulFusionVariable", false);
    if (item.contains("mmRule"))
        release.mmSmallOutput = item.at("mmRule").value("smallOutput", false);
    return release;
}

// {"ops": [...], "releases": [...]} entries as packet -> releases.
std::unordered_map<std::string, std::vector<std::string>> opReleases(const json& list, const char* what)
{
    std::unordered_map<std::string, std::vector<std::string>> out;
    if (!list.is_array())
        throw BadRules { std::string("\"") + what + "\" must be a list" };
    for (const json& entry : list) {
        const std::vector<std::string> releases = stringsOf(member(entry, "releases"), "releases");
        for (const std::string& op : stringsOf(member(entry, "ops"), "ops")) {
            std::vector<std::string>& to = out[op];
            to.insert(to.end(), releases.begin(), releases.end());
        }
    }
    return out;
}

WhyRules parse(const json& doc)
{
    if (stringOf(member(doc, "schema"), "schema") != kWhyRulesSchema)
        throw BadRules { "\"schema\" must be \"" + std::string(kWhyRulesSchema) + "\"" };
    WhyRules rules;
    rules.version = stringOf(member(doc, "version"), "version");
    const json& sets = member(doc, "dtypeSets");
    for (const json& item : member(doc, "releases"))
        rules.releases.push_back(parseRelease(item, sets));
    if (doc.contains("torchNpuVersions")) {
        for (const auto& [version, release] : doc.at("torchNpuVersions").items())
            rules.torchNpuVersions[version] = stringOf(release, "torchNpuVersions");
    }
    rules.generateList = opReleases(member(doc, "generateList"), "generateList");
    const json& matmul = member(doc, "matmul");
    rules.matmulOps = stringsOf(member(matmul, "ops"), "matmul.ops");
    rules.matmulVariable = stringOf(member(matmul, "variable"), "matmul.variable");
    rules.matmulMaxInner = member(matmul, "maxInner").get<std::int64_t>();
    for (const auto& [registry, entries] : member(doc, "registry").items()) {
        auto& targets = rules.registry[registry];
        for (const json& entry : entries) {
            WhyOpRule rule;
            if (entry.contains("in"))
                rule.in = dtypeSet(sets, entry.at("in"));
            if (entry.contains("out"))
                rule.out = dtypeSet(sets, entry.at("out"));
            rule.inFrom = entry.value("inFrom", 0);
            rule.mm = entry.value("rule", std::string()) == "mm";
            for (const std::string& target : stringsOf(member(entry, "targets"), "targets"))
                targets[target] = rule;
        }
    }
    if (rules.releases.empty())
        throw BadRules { "\"releases\" must name at least one release" };
    for (const WhyRelease& release : rules.releases) {
        if (!rules.registry.count(release.registry))
            throw BadRules { "release \"" + release.id + "\" names the unknown registry \"" + release.registry
                + "\"" };
    }
    rules.keptWhole = opReleases(member(doc, "keptWhole"), "keptWhole");
    for (const json& entry : member(doc, "specialForms"))
        rules.specialForms[stringOf(member(entry, "target"), "target")] =
            stringOf(member(entry, "form"), "form");
    rules.loweredNamespaces = stringsOf(member(doc, "loweredNamespaces"), "loweredNamespaces");
    const json& forced = member(doc, "userForced");
    rules.fallbackListVariable = stringOf(member(forced, "fallbackListVariable"), "fallbackListVariable");
    rules.allFallbackValue = stringOf(member(forced, "allValue"), "allValue");
    rules.modeVariable = stringOf(member(forced, "modeVariable"), "modeVariable");
    rules.modeAllValue = stringOf(member(forced, "modeAllValue"), "modeAllValue");
    rules.backendVariable = stringOf(member(forced, "backendVariable"), "backendVariable");
    for (const json& entry : member(doc, "reasons")) {
        WhyReasonText reason;
        reason.code = stringOf(member(entry, "code"), "code");
        reason.rank = member(entry, "rank").get<int>();
        reason.title = localized(member(entry, "title"), "title");
        reason.text = stringOf(member(entry, "text"), "text");
        reason.fix = localized(member(entry, "fix"), "fix");
        rules.reasons.push_back(std::move(reason));
    }
    if (!rules.reason("unknown"))
        throw BadRules { "the reason \"unknown\" is required" };
    std::stable_sort(rules.reasons.begin(), rules.reasons.end(),
        [](const WhyReasonText& a, const WhyReasonText& b) { return a.rank < b.rank; });
    return rules;
}

std::optional<std::string> readRulesText(const std::string& path, std::string& error)
{
    if (path.rfind(":/", 0) == 0) {
        QFile resource(QString::fromStdString(path));
        if (!resource.open(QIODevice::ReadOnly)) {
            error = path + ": " + resource.errorString().toStdString();
            return std::nullopt;
        }
        return resource.readAll().toStdString();
    }
    std::string bytes;
    std::size_t size = 0;
    FileError fileError;
    if (!readWholeFile(fileSystem(), path, std::string(), kMaxWhyFileBytes, bytes, size, fileError)) {
        error = path + ": cannot read the file: " + fileError.message;
        return std::nullopt;
    }
    bytes.resize(size);
    return bytes;
}

std::optional<json> parseJson(const std::string& text, const std::string& origin, std::string& error)
{
    if (!jsonNestingWithin(text)) {
        error = origin + ": nested more than " + std::to_string(kMaxJsonNesting) + " levels deep";
        return std::nullopt;
    }
    json doc = json::parse(text, nullptr, false);
    if (doc.is_discarded() || !doc.is_object()) {
        error = origin + ": not a JSON object";
        return std::nullopt;
    }
    return doc;
}

// `more`'s top-level keys replace `base`'s; reasons replace those with the same code.
void mergeInto(json& base, const json& more)
{
    for (const auto& [key, value] : more.items()) {
        if (key != "reasons" || !value.is_array() || !base.contains("reasons")) {
            base[key] = value;
            continue;
        }
        json& reasons = base["reasons"];
        for (const json& reason : value) {
            auto same = std::find_if(reasons.begin(), reasons.end(), [&](const json& old) {
                return reason.is_object()
                    && old.value("code", std::string()) == reason.value("code", std::string());
            });
            if (same != reasons.end())
                *same = reason;
            else
                reasons.push_back(reason);
        }
    }
}

// A key the table does not have would be ignored: a typo ("reason" for "reasons") must be said, not
// silently leave the built-in reasons in force. Clears `more` and sets `error` when one is found.
void checkOverrideKeys(const json& override, const json& table, const std::string& path, std::string& error,
    std::optional<json>& more)
{
    if (!override.is_object())
        return; // parseWhyRules says what is wrong with a whole document that is not an object
    for (const auto& [key, value] : override.items()) {
        if (!table.contains(key)) {
            std::string known;
            for (const auto& [name, unused] : table.items())
                known += (known.empty() ? "" : ", ") + name;
            error = path + ": unknown key \"" + key + "\" (the table has: " + known + ")";
            more.reset();
            return;
        }
        if (key != "reasons" || !value.is_array())
            continue;
        for (const json& reason : value)
            if (!reason.is_object() || !reason.contains("code") || !reason["code"].is_string()) {
                error = path + ": every entry of \"reasons\" needs a \"code\" string";
                more.reset();
                return;
            }
    }
}

const json& builtinJson()
{
    static const json doc = [] {
        std::string error;
        // The installed copy is the one a distribution can update; a broken one must not stop the program.
        const QString installed = installedDataPath(QStringLiteral("rules/why-not-dvm.json"));
        if (!installed.isEmpty()) {
            const std::string path = pathBytes(installed);
            const auto text = readRulesText(path, error);
            auto parsed = text ? parseJson(*text, path, error) : std::nullopt;
            if (parsed && parseWhyRules(parsed->dump(), path, error))
                return std::move(*parsed);
            qWarning("%s (the why-not-DVM rules built into the program are used)", error.c_str());
        }
        initWhyResources();
        const auto text = readRulesText(kBuiltinPath, error);
        auto parsed = text ? parseJson(*text, kBuiltinPath, error) : std::nullopt;
        if (!parsed) // compiled in and tested: only a broken build gets here
            qFatal("built-in why-not-DVM rules are broken: %s", error.c_str());
        return std::move(*parsed);
    }();
    return doc;
}

} // namespace

const WhyReasonText* WhyRules::reason(std::string_view code) const
{
    for (const WhyReasonText& entry : reasons) {
        if (entry.code == code)
            return &entry;
    }
    return nullptr;
}

const WhyRelease* WhyRules::release(std::string_view id) const
{
    for (const WhyRelease& entry : releases) {
        if (entry.id == id)
            return &entry;
    }
    return nullptr;
}

const WhyOpRule* WhyRules::opRule(const WhyRelease& release, const std::string& target) const
{
    const auto registryIt = registry.find(release.registry);
    if (registryIt == registry.end())
        return nullptr;
    const auto it = registryIt->second.find(target);
    return it == registryIt->second.end() ? nullptr : &it->second;
}

namespace {

bool listed(const std::unordered_map<std::string, std::vector<std::string>>& table, const std::string& packet,
    const WhyRelease& release)
{
    const auto it = table.find(packet);
    return it != table.end()
        && std::find(it->second.begin(), it->second.end(), release.id) != it->second.end();
}

} // namespace

bool WhyRules::inGenerateList(const std::string& packet, const WhyRelease& release) const
{
    return listed(generateList, packet, release);
}

bool WhyRules::isKeptWhole(const std::string& packet, const WhyRelease& release) const
{
    return listed(keptWhole, packet, release);
}

bool WhyRules::isMatmul(const std::string& packet) const
{
    return std::find(matmulOps.begin(), matmulOps.end(), packet) != matmulOps.end();
}

std::optional<WhyRules> parseWhyRules(std::string_view text, const std::string& origin, std::string& error)
{
    auto doc = parseJson(std::string(text), origin, error);
    if (!doc)
        return std::nullopt;
    try {
        WhyRules rules = parse(*doc);
        rules.origin = origin;
        return rules;
    } catch (const BadRules& bad) {
        error = origin + ": " + bad.what;
    } catch (const json::exception& bad) {
        error = origin + ": " + bad.what();
    }
    return std::nullopt;
}

const WhyRules& builtinWhyRules()
{
    static const WhyRules rules = [] {
        std::string error;
        auto parsed = parseWhyRules(builtinJson().dump(), "built-in", error);
        if (!parsed)
            qFatal("built-in why-not-DVM rules are broken: %s", error.c_str());
        return std::move(*parsed);
    }();
    return rules;
}

std::string defaultUserWhyRulesPath()
{
    // Beside the user's known-failures.json (rules/rulebook.h).
    const std::string rules = defaultUserRulesPath();
    return rules.substr(0, rules.rfind('/') + 1) + "why-not-dvm.json";
}

LoadedWhyRules loadWhyRules(const std::optional<std::string>& extraFile)
{
    LoadedWhyRules loaded;
    json doc = builtinJson();
    std::string origin = "built-in";
    const auto add = [&](const std::string& path) {
        std::string error;
        const auto text = readRulesText(path, error);
        auto more = text ? parseJson(*text, path, error) : std::nullopt;
        if (more)
            checkOverrideKeys(*more, doc, path, error, more);
        json merged = doc;
        if (more) {
            mergeInto(merged, *more);
            if (parseWhyRules(merged.dump(), path, error)) {
                doc = std::move(merged);
                origin += ", " + path;
                return;
            }
        }
        Diagnostic problem;
        problem.path = path;
        problem.severity = Severity::Error;
        problem.code = "bad-why-rules-file";
        problem.message = error + " (the built-in why-not-DVM rules still apply)";
        loaded.problems.push_back(std::move(problem));
    };
    const std::string userFile = defaultUserWhyRulesPath();
    struct stat status;
    if (::lstat(userFile.c_str(), &status) == 0)
        add(userFile);
    if (extraFile)
        add(*extraFile);
    std::string error;
    auto rules = parseWhyRules(doc.dump(), origin, error);
    loaded.rules = rules ? std::move(*rules) : builtinWhyRules();
    return loaded;
}

} // namespace dvmlens
