// SPDX-License-Identifier: MIT
// The compile side of an index: the compile events of every TORCH_TRACE log its trace graphs came from
// (each log read once more, whatever the number of its graphs), each graph's facts found by its origin
// (log and compile id), and the rollup. What scan --json's "compile" keys and compare's compile changes
// are made of; graphs of a debug tree or the cache folder have none.
#pragma once

#include "core/compile/compileframes.h"
#include "core/compile/compilesummary.h"
#include "core/model/model.h"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace dvmlens {

class IndexCompile
{
public:
    IndexCompile() = default;
    // The facts point into logs(): moved whole, never copied.
    IndexCompile(const IndexCompile&) = delete;
    IndexCompile& operator=(const IndexCompile&) = delete;
    IndexCompile(IndexCompile&&) = default;
    IndexCompile& operator=(IndexCompile&&) = default;

    // Logs in the order their first graph comes in the index (runs, then graphs); `runs` keeps only those
    // runs (an index into index.runs each), all when empty.
    static IndexCompile read(const Index& index, int jobs = 0, const std::vector<std::size_t>& runs = {});

    // Whether any trace log was read (a tree without one has no compile side: the JSON says null).
    bool any() const
    {
        return !logs_.empty();
    }
    const std::vector<CompileLog>& logs() const
    {
        return logs_;
    }
    const CompileSummary& summary() const
    {
        return summary_;
    }
    // The frames of the logs, with the graphs of the index each made (compileframes.h).
    const std::vector<CompileFrame>& frames() const
    {
        return frames_;
    }
    // index.runs[run].graphs[graph]'s facts; null for a graph of no trace log, or one its log has none for.
    const GraphCompileFacts* graph(std::size_t run, std::size_t graph) const;

private:
    std::vector<CompileLog> logs_;
    CompileSummary summary_;
    std::vector<CompileFrame> frames_; // point into logs_
    std::vector<std::vector<const GraphCompileFacts*>> graphs_; // [run][graph]
};

} // namespace dvmlens
