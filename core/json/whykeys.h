// SPDX-License-Identifier: MIT
// The keys "why not DVM" adds to dvmlens.scan/1 (docs/why-not-dvm.md), written against either
// emitter of jsonwriter.h: "why" on every non-DVM kernel and fallback call, "why_summary" per graph,
// run and tree. Without reasons none of them is written, so the document stays as it was.
#pragma once

#include "core/why/whyindex.h"
#include "core/why/whyreason.h"

namespace dvmlens {

template <typename W> void writeLocalized(W& w, const LocalizedText& text)
{
    w.beginObject();
    w.key("en");
    w.value(text.en);
    w.key("zh");
    w.value(text.zh);
    w.endObject();
}

// Evidence fields that say nothing are left out; "line" is null when no line decided it.
template <typename W> void writeWhyEvidence(W& w, const WhyEvidence& evidence)
{
    w.beginObject();
    w.key("line");
    if (evidence.line)
        w.value(*evidence.line);
    else
        w.value(nullptr);
    const std::pair<const char*, const std::string*> fields[] = { { "file", &evidence.file },
        { "node", &evidence.node }, { "op", &evidence.op }, { "dtype", &evidence.dtype },
        { "allowed", &evidence.allowed }, { "input", &evidence.input }, { "setting", &evidence.setting },
        { "detail", &evidence.detail } };
    for (const auto& [key, value] : fields) {
        if (value->empty())
            continue;
        w.key(key);
        w.value(*value);
    }
    w.endObject();
}

template <typename W> void writeStrings(W& w, const std::vector<std::string>& values)
{
    w.beginArray();
    for (const std::string& value : values)
        w.value(value);
    w.endArray();
}

// "code", "text" and "releases" of a reason or an alternative, in that order ("evidence" between).
template <typename W, typename Between>
void writeCodeTextReleases(W& w, const std::string& code, const std::string& text,
    const std::vector<std::string>& releases, Between between)
{
    w.key("code");
    w.value(code);
    w.key("text");
    w.value(text);
    between();
    w.key("releases");
    writeStrings(w, releases);
}

// "why": {"code","text","evidence":{…},"releases":[…],"fix":{"en","zh"},"title":{"en","zh"},
// "alternatives":[{"code","text","releases"}]}
template <typename W> void writeWhy(W& w, const WhyReason& reason)
{
    w.key("why");
    w.beginObject();
    writeCodeTextReleases(w, reason.code, reason.text, reason.releases, [&] {
        w.key("evidence");
        writeWhyEvidence(w, reason.evidence);
    });
    w.key("fix");
    writeLocalized(w, reason.fix);
    w.key("title");
    writeLocalized(w, reason.title);
    w.key("alternatives");
    w.beginArray();
    for (const WhyAlternative& other : reason.alternatives) {
        w.beginObject();
        writeCodeTextReleases(w, other.code, other.text, other.releases, [] {});
        w.endObject();
    }
    w.endArray();
    w.endObject();
}

// "why_summary": {code: count} in code order.
template <typename W> void writeWhySummary(W& w, const WhyCounts& counts)
{
    w.key("why_summary");
    w.beginObject();
    for (const auto& [code, count] : counts) {
        w.key(code);
        w.value(count);
    }
    w.endObject();
}

} // namespace dvmlens
