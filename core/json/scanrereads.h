// SPDX-License-Identifier: MIT
// What dvmlens.scan/1 reads again of a graph while writing it: its model sources and, when the
// index kept its output_code.py without DVM kernel bodies, the file parsed with them. From a folder
// each graph reads its own files; from an archive the graphs are read ahead chunk by chunk (graphs
// consecutive in the document), each chunk in one pass in archive order (archivegraphpass.h), so a
// scan --json of an archive costs about one more pass, not one per graph.
#pragma once

#include "core/archive/archivetree.h"
#include "core/model/model.h"
#include "core/sources/sourcemap.h"
#include "core/why/whyexplain.h"

#include <cstddef>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace dvmlens {

struct GraphRereads
{
    std::optional<GraphSources> sources; // with model sources
    std::vector<Diagnostic> sourceProblems;
    std::optional<OutputCode> withBodies; // only when the index holds the file without them
    std::optional<Diagnostic> bodiesProblem;
    std::optional<GraphWhy> why; // with reasons asked for, from the text the sources read
    std::vector<Diagnostic> whyProblems; // "why-unreadable": the index's diagnostics
};

// Why a graph's kernels are not DVM, asked of the rereads: the rules and its run's environment.
struct WhyAsk
{
    const WhyRules* rules = nullptr;
    const WhyEnvironment* environment = nullptr;
};

// Reads the graph's output_code.py once (through `files`) for its model sources and its reasons
// (with `why`).
GraphRereads rereadGraph(const Container& files, const Graph& graph, const std::string& tree,
    bool modelSources, std::string& scratch, const WhyAsk* why = nullptr);

class ScanRereads
{
public:
    // `files` the index's container (null: the file system); `graphs` in document order; `tree` the
    // index root; `why`, when not empty, what each graph's reasons need (parallel to `graphs`).
    ScanRereads(std::shared_ptr<const Container> files, std::vector<const Graph*> graphs, std::string tree,
        bool modelSources, int jobs, std::vector<WhyAsk> why = {});

    // Graph i's rereads (each asked once, in about increasing i from any thread).
    GraphRereads take(std::size_t i);

private:
    void prepareChunk(); // the next chunk from m_prepared
    // rereadGraph of graph i through `files`, with a read buffer from m_scratch (given back after).
    GraphRereads reread(const Container& files, std::size_t i);

    const WhyAsk* whyOf(std::size_t i) const
    {
        return m_why.empty() ? nullptr : &m_why[i];
    }

    std::shared_ptr<const Container> m_files;
    std::vector<const Graph*> m_graphs;
    std::vector<WhyAsk> m_why;
    std::string m_tree;
    bool m_modelSources = false;
    int m_jobs = 0;
    const ArchiveTree* m_archive = nullptr; // of m_files; null: a folder, each graph read when taken
    std::mutex m_mutex;
    std::size_t m_prepared = 0; // graphs before it have been read ahead
    std::vector<std::unique_ptr<GraphRereads>> m_ready; // read ahead, not taken yet
    // Read buffers free for the next reread (about one per thread that rereads), so each graph's
    // file is not read into a newly allocated buffer. Its own mutex: workers reading ahead take
    // buffers while take() holds m_mutex.
    std::mutex m_scratchMutex;
    std::vector<std::string> m_scratch;
};

} // namespace dvmlens
