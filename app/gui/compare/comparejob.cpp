// SPDX-License-Identifier: MIT
#include "compare/comparejob.h"

#include "index/indexer.h"
#include "common/throttledprogress.h"

#include <QDir>

CompareJob::CompareJob(QObject* parent)
    : QObject(parent)
{
    qRegisterMetaType<std::shared_ptr<const CompareOutcome>>();
    m_pool.setMaxThreadCount(1); // buildIndex itself uses every core
}

CompareJob::~CompareJob()
{
    cancel();
    m_pool.waitForDone();
}

quint64 CompareJob::start(const CompareRequest& request)
{
    cancel();
    const quint64 jobId = ++m_jobId;
    m_running = true;
    auto cancelFlag = std::make_shared<std::atomic<bool>>(false);
    m_cancel = cancelFlag;
    m_pool.start([this, jobId, request, cancelFlag] {
        auto outcome = std::make_shared<CompareOutcome>();
        outcome->request = request;
        const auto indexSide = [&](int side, const QString& path) -> std::shared_ptr<const dvmlens::Index> {
            dvmlens::IndexOptions options;
            options.cancel = cancelFlag.get();
            options.progress = throttledProgress(cancelFlag, [this, jobId, side](int done, int total) {
                QMetaObject::invokeMethod(
                    this,
                    [this, jobId, side, done, total] {
                        if (jobId == m_jobId)
                            Q_EMIT progress(side, done, total);
                    },
                    Qt::QueuedConnection);
            });
            std::string error;
            std::optional<dvmlens::Index> built = dvmlens::buildIndex(path.toStdString(), options, error);
            if (!built) {
                outcome->error = tr("Cannot open %1: %2")
                                     .arg(QDir::toNativeSeparators(path), QString::fromStdString(error));
                return nullptr;
            }
            return std::make_shared<const dvmlens::Index>(std::move(*built));
        };
        outcome->indexA = indexSide(0, request.pathA);
        if (outcome->indexA && !cancelFlag->load())
            outcome->indexB = indexSide(1, request.pathB);
        if (outcome->indexA && outcome->indexB) {
            dvmlens::CompareOptions options;
            const auto pickRun = [&](const dvmlens::Index& index, const QString& name,
                                     const char* side) -> std::optional<std::size_t> {
                std::string error;
                std::optional<std::size_t> run = dvmlens::findRun(index, name.toStdString(), error);
                if (!run)
                    outcome->error = tr("%1: %2").arg(QLatin1String(side), QString::fromStdString(error));
                return run;
            };
            if (!request.runA.isEmpty())
                options.runA = pickRun(*outcome->indexA, request.runA, "--run-a");
            if (outcome->error.isEmpty() && !request.runB.isEmpty())
                options.runB = pickRun(*outcome->indexB, request.runB, "--run-b");
            if (outcome->error.isEmpty())
                outcome->result = std::make_shared<const dvmlens::CompareResult>(
                    dvmlens::compareIndexes(*outcome->indexA, *outcome->indexB, options));
        }
        if (!outcome->result && outcome->error.isEmpty())
            outcome->error = tr("Cancelled.");
        QMetaObject::invokeMethod(
            this,
            [this, jobId, outcome = std::shared_ptr<const CompareOutcome>(outcome)] {
                if (jobId != m_jobId)
                    return; // a newer job started meanwhile: this result is stale
                m_running = false;
                Q_EMIT finished(outcome);
            },
            Qt::QueuedConnection);
    });
    return jobId;
}

void CompareJob::cancel()
{
    if (m_cancel)
        m_cancel->store(true);
}

bool CompareJob::isRunning() const
{
    return m_running;
}
