// SPDX-License-Identifier: MIT
#include "core/index/cacheindex.h"

#include "core/cache/cachefolder.h"
#include "core/index/indexstream.h"
#include "core/index/parallelfor.h"
#include "core/parse/outputcodeparser.h"
#include "core/scan/scanpaths.h"

namespace dvmlens {

Index buildCacheIndex(const std::string& root, const IndexOptions& options)
{
    Index index;
    index.root = root;
    const CacheListing listing = listCacheFolder(root);
    Run run;
    run.name = kCacheRunName;
    run.path = root;
    std::vector<std::optional<OutputCode>> codes(listing.wrappers.size());
    parallelFor(listing.wrappers.size(), options, [&](std::size_t i) {
        std::string scratch;
        codes[i] = parseOutputCodeFile(listing.wrappers[i].path, scratch, options.kernelDetail, root);
    });
    for (std::size_t i = 0; i < listing.wrappers.size(); ++i) {
        if (!codes[i])
            continue; // not reached before cancel
        const std::string& module = listing.wrappers[i].path;
        const std::string stem(scanpath::fileName(module).substr(0, scanpath::fileName(module).size() - 3));
        Graph graph;
        graph.path = module.substr(0, module.size() - scanpath::fileName(module).size() - 1);
        graph.files = { std::string(scanpath::fileName(module)) };
        graph.looseFile = true;
        graph.seq = static_cast<int>(i);
        attachOutputCode(graph, std::move(*codes[i]));
        graph.name =
            (graph.outputCode->aotId ? *graph.outputCode->aotId + ' ' : std::string()) + stem.substr(0, 9);
        GraphOrigin origin;
        origin.kind = "cache";
        origin.file = module;
        origin.codeHash = stem;
        graph.origin = std::move(origin);
        run.graphs.push_back(std::move(graph));
    }
    index.runs.push_back(std::move(run));
    Diagnostic summary;
    summary.path = root;
    summary.severity = Severity::Info;
    summary.code = "inductor-cache";
    summary.message = "An Inductor cache folder: " + std::to_string(listing.wrappers.size())
        + " wrapper modules, " + std::to_string(listing.kernelModules) + " Triton kernel modules and "
        + std::to_string(listing.otherModules)
        + " other modules. A cache keeps the wrappers of every process and run that used it, oldest first, "
          "with no "
          "compile id, rank or pid.";
    index.diagnostics.push_back(std::move(summary));
    if (listing.unreadable > 0) {
        Diagnostic unreadable = summary;
        unreadable.severity = Severity::Warning;
        unreadable.code = "cache-unreadable-modules";
        unreadable.message = std::to_string(listing.unreadable) + " modules of the cache could not be read.";
        index.diagnostics.push_back(std::move(unreadable));
    }
    return index;
}

} // namespace dvmlens
