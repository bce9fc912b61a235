// SPDX-License-Identifier: MIT
#include "indexer.h"

#include "knownfailures.h"
#include "outputcodeparser.h"
#include "treescanner.h"

#include <algorithm>
#include <thread>
#include <vector>

namespace dvmlens {

namespace {

int workerCount(const IndexOptions& options, std::size_t files)
{
    int jobs = options.jobs;
    if (jobs <= 0)
        jobs = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    return static_cast<int>(
        std::min<std::size_t>(static_cast<std::size_t>(jobs), std::max<std::size_t>(files, 1)));
}

bool cancelled(const IndexOptions& options)
{
    return options.cancel && options.cancel->load(std::memory_order_relaxed);
}

} // namespace

void parseOutputCodes(Index& index, const IndexOptions& options)
{
    std::vector<Graph*> pending;
    for (Run& run : index.runs) {
        for (Graph& graph : run.graphs) {
            if (graph.outputCode)
                pending.push_back(&graph);
        }
    }
    const int total = static_cast<int>(pending.size());
    // Each worker writes only the slots it claimed, so the result does not depend on the number of
    // workers or their timing.
    std::vector<std::optional<OutputCode>> parsed(pending.size());
    std::atomic<int> next { 0 };
    std::atomic<int> done { 0 };
    auto work = [&] {
        std::string scratch; // one buffer per worker, reused for every file it reads
        while (!cancelled(options)) {
            const int slot = next.fetch_add(1, std::memory_order_relaxed);
            if (slot >= total)
                break;
            parsed[slot] = parseOutputCodeFile(pending[slot]->outputCode->path, scratch);
            const int finished = done.fetch_add(1, std::memory_order_acq_rel) + 1;
            if (options.progress)
                options.progress(finished, total);
        }
    };
    const int workers = workerCount(options, pending.size());
    if (workers <= 1) {
        work();
    } else {
        std::vector<std::thread> threads;
        threads.reserve(workers);
        for (int i = 0; i < workers; ++i)
            threads.emplace_back(work);
        for (std::thread& thread : threads)
            thread.join();
    }

    int skipped = 0;
    for (std::size_t i = 0; i < pending.size(); ++i) {
        if (!parsed[i]) {
            ++skipped;
            continue;
        }
        Graph& graph = *pending[i];
        OutputCode& code = *parsed[i];
        std::move(code.diagnostics.begin(), code.diagnostics.end(), std::back_inserter(graph.diagnostics));
        code.diagnostics.clear();
        graph.outputCode = std::move(code);
    }
    if (skipped > 0) {
        Diagnostic diagnostic;
        diagnostic.path = index.root;
        diagnostic.severity = Severity::Info;
        diagnostic.code = "cancelled";
        diagnostic.message = "The scan was cancelled: " + std::to_string(skipped) + " of "
            + std::to_string(total)
            + " output_code.py files were not parsed, so their graphs show no kernels.";
        index.diagnostics.push_back(std::move(diagnostic));
    }
}

std::optional<Index> buildIndex(const std::string& path, const IndexOptions& options, std::string& error)
{
    std::optional<Index> index = scanTree(path, error);
    if (index) {
        parseOutputCodes(*index, options);
        // Known failures read every log of the tree: not worth it once the caller has cancelled.
        if (options.knownFailures && !(options.cancel && options.cancel->load()))
            applyKnownFailures(*index, *options.knownFailures);
    }
    return index;
}

} // namespace dvmlens
