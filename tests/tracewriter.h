// SPDX-License-Identifier: MIT
// TORCH_TRACE logs written by the tests themselves, in PyTorch's format (trace-and-cache.md §A2):
// a glog prefix, the JSON object, "has_payload" = md5 of the payload, payload lines after a TAB.
#pragma once

#include "testutil.h"

#include <QByteArray>
#include <QCryptographicHash>
#include <QFile>
#include <QString>

#include <archive.h>
#include <archive_entry.h>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace testutil {

inline std::string md5Hex(std::string_view text)
{
    return QCryptographicHash::hash(
        QByteArrayView(text.data(), static_cast<qsizetype>(text.size())), QCryptographicHash::Md5)
        .toHex()
        .toStdString();
}

struct TracePrefixParts
{
    long long writer = 4242; // the third column: a pid (or, before PyTorch 2.5, a thread id)
    std::string emitter = "torch/_inductor/graph.py";
    int emitterLine = 2390;
    std::string time = "1203 10:00:00.000000"; // MMDD HH:MM:SS.ffffff
};

// One record: `fields` is the JSON object's inside without "has_payload" (added when `payload` is
// set), e.g. R"("inductor_output_code": {"filename": "x.py"}, "frame_id": 0, "frame_compile_id": 0)".
inline std::string traceRecord(std::string_view fields,
    std::optional<std::string_view> payload = std::nullopt, const TracePrefixParts& prefix = {})
{
    std::string line = "V" + prefix.time + " " + std::to_string(prefix.writer) + " " + prefix.emitter + ":"
        + std::to_string(prefix.emitterLine) + "] {" + std::string(fields);
    if (payload)
        line += ", \"has_payload\": \"" + md5Hex(*payload) + "\"";
    line += "}\n";
    if (payload) {
        std::size_t start = 0;
        while (true) {
            const std::size_t end = payload->find('\n', start);
            line += '\t';
            line +=
                payload->substr(start, end == std::string_view::npos ? std::string_view::npos : end - start);
            line += '\n';
            if (end == std::string_view::npos)
                break;
            start = end + 1;
        }
    }
    return line;
}

// A wrapper module's text as Inductor writes it (ends with '\n').
inline std::string wrapperModule(std::string_view aotId, std::string_view marker = "pass")
{
    return "# AOT ID: ['" + std::string(aotId)
        + "']\nfrom ctypes import c_void_p, c_long, c_int\nimport torch\n"
          "from torch._inductor.async_compile import AsyncCompile\n"
          "async_compile = AsyncCompile()\n\n\n"
          "def call(args):\n    "
        + std::string(marker) + "\n\n\nif __name__ == \"__main__\":\n    pass\n";
}

inline bool writeBytes(const QString& path, std::string_view bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly | QIODevice::Truncate)
        && file.write(bytes.data(), static_cast<qint64>(bytes.size())) == static_cast<qint64>(bytes.size());
}

// `bytes` gzip-compressed into `path` (libarchive's raw writer with the gzip filter).
inline bool writeGzip(const QString& path, std::string_view bytes)
{
    struct archive* writer = archive_write_new();
    archive_write_add_filter_gzip(writer);
    archive_write_set_format_raw(writer);
    const QByteArray name = QFile::encodeName(path);
    bool ok = archive_write_open_filename(writer, name.constData()) == ARCHIVE_OK;
    struct archive_entry* entry = archive_entry_new();
    archive_entry_set_pathname(entry, "log");
    archive_entry_set_filetype(entry, AE_IFREG);
    archive_entry_set_size(entry, static_cast<la_int64_t>(bytes.size()));
    ok = ok && archive_write_header(writer, entry) == ARCHIVE_OK
        && archive_write_data(writer, bytes.data(), bytes.size()) == static_cast<la_ssize_t>(bytes.size());
    archive_entry_free(entry);
    ok = archive_write_close(writer) == ARCHIVE_OK && ok;
    archive_write_free(writer);
    return ok;
}

inline std::string readText(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return file.readAll().toStdString();
}

// A trace log of the sample tree's run `runFolder` (resources/samples/torch_compile_debug), as
// PyTorch would have written it: per graph folder, in compile order, its fx_graph_runnable
// artifact and post-grad graph (before the code), its inductor_output_code (when the folder has an
// output_code.py), then the fx_graph_cache_<cache> artifact. Forward and backward of AOT ID 0 are
// compile [0/0], the inference graph [1/0]. `rank` < 0: no "rank" key.
inline std::string traceOfSampleRun(
    const QString& runFolder, long long writer, int rank, const std::string& cache = "miss")
{
    const std::pair<const char*, const char*> graphs[] = { { "model__0_forward_1.0",
                                                               "0, \"frame_compile_id\": 0" },
        { "model__0_backward_2.1", "0, \"frame_compile_id\": 0" },
        { "model__1_inference_3.2", "1, \"frame_compile_id\": 0" } };
    const std::string rankField = rank >= 0 ? ", \"rank\": " + std::to_string(rank) : std::string();
    TracePrefixParts prefix;
    prefix.writer = writer;
    std::string log;
    int second = 10;
    for (const auto& [folder, ids] : graphs) {
        const QString graph = runFolder + QStringLiteral("/torchinductor/") + QString::fromLatin1(folder);
        const std::string tail = rankField + ", \"frame_id\": " + ids + ", \"attempt\": 0";
        prefix.time = "0720 10:15:" + std::to_string(second++) + ".000000";
        const std::string runnable = readText(graph + QStringLiteral("/fx_graph_runnable.py"));
        if (!runnable.empty())
            log += traceRecord(R"("artifact": {"name": "fx_graph_runnable", "encoding": "string"})" + tail,
                runnable, prefix);
        const std::string postGrad = readText(graph + QStringLiteral("/fx_graph_transformed.py"));
        if (!postGrad.empty())
            log += traceRecord(R"("inductor_post_grad_graph": {})" + tail, postGrad, prefix);
        const std::string code = readText(graph + QStringLiteral("/output_code.py"));
        if (!code.empty())
            log += traceRecord(
                R"("inductor_output_code": {"filename": "/tmp/torchinductor_u/xx/cxx.py"})" + tail, code,
                prefix);
        log += traceRecord(
            R"("artifact": {"name": "fx_graph_cache_)" + cache + R"(", "encoding": "json"})" + tail,
            std::string(R"({"key": "fabc", "cache_state": ")") + cache + "\"}", prefix);
    }
    return log;
}

// `graphs` compiles of the sample's forward graph (frame ids 0…), as PyTorch logs each: its runnable,
// post-grad graph and wrapper module, then (with `cacheArtifact`) its fx_graph_cache_miss artifact.
inline std::string sampleForwardCompilesLog(int graphs, bool cacheArtifact)
{
    const QString graph =
        sampleTree(kSampleEngagedRun) + QStringLiteral("/torchinductor/model__0_forward_1.0");
    const std::string runnable = readText(graph + QStringLiteral("/fx_graph_runnable.py"));
    const std::string postGrad = readText(graph + QStringLiteral("/fx_graph_transformed.py"));
    const std::string code = readText(graph + QStringLiteral("/output_code.py"));
    std::string log;
    for (int g = 0; g < graphs; ++g) {
        const std::string tail =
            ", \"rank\": 0, \"frame_id\": " + std::to_string(g) + ", \"frame_compile_id\": 0, \"attempt\": 0";
        log += traceRecord(
            "\"artifact\": {\"name\": \"fx_graph_runnable\", \"encoding\": \"string\"}" + tail, runnable);
        log += traceRecord("\"inductor_post_grad_graph\": {}" + tail, postGrad);
        log += traceRecord(
            "\"inductor_output_code\": {\"filename\": \"/tmp/torchinductor_u/xx/cxx.py\"}" + tail, code);
        if (cacheArtifact)
            log += traceRecord(
                "\"artifact\": {\"name\": \"fx_graph_cache_miss\", \"encoding\": \"json\"}" + tail,
                "{\"key\": \"fabc\"}");
    }
    return log;
}

} // namespace testutil
