// SPDX-License-Identifier: MIT
// The DVM kernel bodies (ops, inputs, outputs) of the graphs the kernel table shows, when the
// index holds them without (the GUI indexes within a body budget, shell/indexjob.cpp): read again
// off the GUI thread with core's withKernelBodies, as the code view reads its file, and held only
// while those graphs are shown.
#pragma once

#include "core/model/model.h"
#include "gui/common/jobrunner.h"

#include <QObject>

#include <memory>
#include <unordered_map>
#include <vector>

// Graphs of one index with their bodies read again. A kernel keeps its place in the index (the
// table, the details and the profile go by it); only its body is looked up here.
class KernelBodies
{
public:
    explicit KernelBodies(std::shared_ptr<const dvmlens::Index> index);

    const dvmlens::Index* index() const;
    void add(const dvmlens::Graph* graph, dvmlens::OutputCode complete);
    // `kernel` of `graph` (both of index()) with its ops, inputs and outputs: `kernel` itself when
    // the index holds them, else the copy read again; `kernel` itself when none was read.
    const dvmlens::Kernel& of(const dvmlens::Graph& graph, const dvmlens::Kernel& kernel) const;
    // Whether of() gives `graph`'s kernels with their bodies.
    bool covers(const dvmlens::Graph& graph) const;

private:
    std::shared_ptr<const dvmlens::Index> m_index;
    std::unordered_map<const dvmlens::Graph*, dvmlens::OutputCode> m_read;
};

// Whether `graph` has an output_code.py whose kernel bodies the index left out.
bool lacksKernelBodies(const dvmlens::Graph& graph);

class KernelBodiesJob : public QObject
{
    Q_OBJECT
public:
    explicit KernelBodiesJob(QObject* parent = nullptr);

    // Reads the bodies of those of `graphs` (of `index`) that lack them; a read still running is
    // dropped. False, and nothing started, when none lacks them.
    bool start(std::shared_ptr<const dvmlens::Index> index, const std::vector<const dvmlens::Graph*>& graphs);
    void discard();
    bool isRunning() const;

Q_SIGNALS:
    void finished(std::shared_ptr<const KernelBodies> bodies);

private:
    JobRunner* m_runner;
};
