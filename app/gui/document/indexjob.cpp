// SPDX-License-Identifier: MIT
#include "gui/document/indexjob.h"

#include "core/index/indexer.h"
#include "core/index/shrinkindex.h"
#include "core/io/pathtext.h"
#include "gui/common/freedmemory.h"
#include "gui/common/timing.h"

namespace {

// Kernel bodies (ops, inputs, outputs) held for the whole tree at most; graphs parsed beyond it
// keep their kernels without, and the browse page reads the selected graphs' again
// (browse/kernelbodiesjob.h). Reading bodies costs the indexer time before the last verdict
// (~0.1 s of CPU on the 145 MiB bench tree at 16 MiB, issue 12); small trees (the sample, the test
// fixtures) still keep them all.
constexpr std::size_t kKernelBodyBudget = std::size_t(2) << 20;

struct Built
{
    std::shared_ptr<const dvmlens::Index> index;
    QString error;
};

} // namespace

IndexJob::IndexJob(QObject* parent)
    : QObject(parent)
    , m_runner(new JobRunner(this, 2)) // a stale job may still be finishing while the new one runs
{
    qRegisterMetaType<std::shared_ptr<const dvmlens::Index>>();
    connect(m_runner, &JobRunner::progress, this,
        [this](int, int done, int total) { Q_EMIT progress(done, total); });
    connect(m_runner, &JobRunner::failed, this,
        [this](quint64 jobId, const QString& message) { Q_EMIT finished(jobId, m_path, nullptr, message); });
}

quint64 IndexJob::start(const QString& path, bool stream)
{
    m_path = path; // a failure is only reported for the current job
    const std::string nativePath = dvmlens::pathBytes(path);
    auto jobId = std::make_shared<quint64>(0);
    *jobId = m_runner->start(
        [this, nativePath, stream](JobContext& job) {
            timing::mark("index-started", false); // on the indexing thread: thread-cpu is its own
            dvmlens::IndexOptions options;
            options.cancel = job.cancelFlag();
            options.kernelBodyBudget = kKernelBodyBudget;
            options.progress = [&job](int done, int total) { job.progress(done, total); };
            // The parts go to the GUI thread as they come; `this` is only used there.
            dvmlens::IndexStream parts;
            // Each batch costs the GUI thread a layout and a paint while the indexer wants both
            // cores: the first verdicts at once, then batches ever further apart.
            parts.maxBatchInterval = std::chrono::milliseconds(250);
            parts.skeleton = [this, &job](dvmlens::Index skeleton) {
                timing::mark("walk-done", false);
                auto shared = std::make_shared<dvmlens::Index>(std::move(skeleton));
                job.postPartial([this, id = job.id(), shared] { Q_EMIT skeletonReady(id, shared); });
            };
            parts.parsed = [this, &job](std::vector<dvmlens::ParsedGraph> batch) {
                for (dvmlens::ParsedGraph& parsed : batch)
                    dvmlens::shrinkToFit(parsed.code); // the window holds them as long as the tree is open
                auto shared = std::make_shared<std::vector<dvmlens::ParsedGraph>>(std::move(batch));
                job.postPartial([this, id = job.id(), shared] { Q_EMIT graphsParsed(id, shared); });
            };
            if (stream)
                options.stream = &parts;
            std::string error;
            std::optional<dvmlens::Index> built = dvmlens::buildIndex(nativePath, options, error);
            Built result;
            if (built) {
                dvmlens::shrinkToFit(*built); // streamed: the skeleton; else the whole index
                releaseFreedMemory(); // what the parse workers freed (their read buffers, the slack)
                result.index = std::make_shared<const dvmlens::Index>(std::move(*built));
            }
            result.error = QString::fromStdString(error);
            return result;
        },
        [this, path, jobId](Built result) { Q_EMIT finished(*jobId, path, result.index, result.error); });
    return *jobId;
}

void IndexJob::cancel()
{
    m_runner->cancel();
}

bool IndexJob::isRunning() const
{
    return m_runner->isRunning();
}

quint64 IndexJob::currentJobId() const
{
    return m_runner->currentJobId();
}
