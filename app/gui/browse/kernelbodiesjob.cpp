// SPDX-License-Identifier: MIT
#include "gui/browse/kernelbodiesjob.h"

#include "core/io/container.h"
#include "core/parse/kernelbodies.h"

#include <string>

KernelBodies::KernelBodies(std::shared_ptr<const dvmlens::Index> index)
    : m_index(std::move(index))
{
}

const dvmlens::Index* KernelBodies::index() const
{
    return m_index.get();
}

void KernelBodies::add(const dvmlens::Graph* graph, dvmlens::OutputCode complete)
{
    m_read.insert_or_assign(graph, std::move(complete));
}

const dvmlens::Kernel& KernelBodies::of(const dvmlens::Graph& graph, const dvmlens::Kernel& kernel) const
{
    if (!graph.outputCode || graph.outputCode->kernelBodies)
        return kernel;
    const auto read = m_read.find(&graph);
    if (read == m_read.end())
        return kernel;
    // withKernelBodies gave the same kernels in the same order, so the place carries over.
    const std::vector<dvmlens::Kernel>& kernels = graph.outputCode->kernels;
    if (kernels.empty() || &kernel < kernels.data() || &kernel >= kernels.data() + kernels.size())
        return kernel;
    const auto place = static_cast<std::size_t>(&kernel - kernels.data());
    return place < read->second.kernels.size() ? read->second.kernels[place] : kernel;
}

bool KernelBodies::covers(const dvmlens::Graph& graph) const
{
    return !lacksKernelBodies(graph) || m_read.count(&graph) > 0;
}

bool lacksKernelBodies(const dvmlens::Graph& graph)
{
    return graph.outputCode && !graph.outputCode->kernelBodies;
}

KernelBodiesJob::KernelBodiesJob(QObject* parent)
    : QObject(parent)
    , m_runner(new JobRunner(this, 2)) // a dropped read may still be finishing while the new one runs
{
}

bool KernelBodiesJob::start(
    std::shared_ptr<const dvmlens::Index> index, const std::vector<const dvmlens::Graph*>& graphs)
{
    std::vector<const dvmlens::Graph*> lacking;
    for (const dvmlens::Graph* graph : graphs) {
        if (graph && lacksKernelBodies(*graph))
            lacking.push_back(graph);
    }
    if (!index || lacking.empty()) {
        m_runner->discard();
        return false;
    }
    m_runner->start(
        [index, lacking](JobContext& job) {
            auto bodies = std::make_shared<KernelBodies>(index);
            std::string scratch;
            for (const dvmlens::Graph* graph : lacking) {
                if (job.cancelled())
                    break;
                std::optional<dvmlens::Diagnostic> problem;
                dvmlens::OutputCode complete = dvmlens::withKernelBodies(
                    dvmlens::filesOr(index->files), *graph->outputCode, scratch, problem, index->root);
                // A file that changed or went away since the index keeps its kernels without bodies.
                if (!problem && complete.kernelBodies)
                    bodies->add(graph, std::move(complete));
            }
            return std::shared_ptr<const KernelBodies>(std::move(bodies));
        },
        [this](std::shared_ptr<const KernelBodies> bodies) { Q_EMIT finished(std::move(bodies)); });
    return true;
}

void KernelBodiesJob::discard()
{
    m_runner->discard();
}

bool KernelBodiesJob::isRunning() const
{
    return m_runner->isRunning();
}
