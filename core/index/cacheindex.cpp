// SPDX-License-Identifier: MIT
#include "core/index/cacheindex.h"

#include "core/cache/cachefolder.h"
#include "core/index/indexstream.h"
#include "core/index/parallelfor.h"
#include "core/io/container.h"
#include "core/parse/outputcodeparser.h"
#include "core/scan/scanpaths.h"

namespace dvmlens {

Index buildCacheIndex(const std::string& root, const IndexOptions& options)
{
    Index index;
    index.root = root;
    index.files = std::make_shared<FolderContainer>(root);
    const Container& files = *index.files;
    const CacheListing listing = listCacheFolder(files, root);
    Run run;
    run.name = kCacheRunName;
    run.path = root;
    std::vector<std::optional<OutputCode>> codes(listing.wrappers.size());
    parallelFor(listing.wrappers.size(), options, [&](std::size_t i) {
        std::string scratch;
        codes[i] = parseOutputCodeFile(files, listing.wrappers[i].path, scratch, options.kernelDetail, root);
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
    const auto modules = [](std::size_t count, const char* what) {
        return std::to_string(count) + ' ' + what + (count == 1 ? " module" : " modules");
    };
    summary.message = "An Inductor cache folder: " + modules(listing.wrappers.size(), "wrapper") + ", "
        + modules(std::size_t(listing.kernelModules), "Triton kernel") + " and "
        + modules(std::size_t(listing.otherModules), "other")
        + ". A cache keeps the wrappers of every process and run that used it, oldest first, with no "
          "compile id, rank or pid.";
    index.diagnostics.push_back(summary);
    if (listing.unreadable > 0) {
        // Which ones and why, so a link out of the cache or a FIFO can be found and removed.
        const auto inCache = [&root](const std::string& path) {
            return path.size() > root.size() && path.compare(0, root.size(), root) == 0
                    && path[root.size()] == '/'
                ? path.substr(root.size() + 1)
                : path;
        };
        std::string named;
        for (const auto& [path, why] : listing.unreadableNamed)
            named += std::string(named.empty() ? ": " : "; ") + inCache(path) + " (" + why + ')';
        const std::size_t rest = std::size_t(listing.unreadable) - listing.unreadableNamed.size();
        if (rest > 0)
            named += "; and " + std::to_string(rest) + " more";
        Diagnostic unreadable = summary;
        unreadable.severity = Severity::Warning;
        unreadable.code = "cache-unreadable-modules";
        unreadable.message = modules(std::size_t(listing.unreadable), "cache") + " could not be read" + named
            + "; they are left out.";
        index.diagnostics.push_back(std::move(unreadable));
    }
    return index;
}

} // namespace dvmlens
