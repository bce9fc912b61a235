// SPDX-License-Identifier: MIT
#include "gui/document/comparejob.h"

#include "core/compare/compareexplained.h"
#include "core/index/indexer.h"
#include "core/io/pathtext.h"
#include "core/sources/sourcecompare.h"
#include "core/why/whywithsources.h"

#include <QDir>

namespace {

// The profile beside (or inside) a compared tree, joined to it as the CLI's --profile-a/-b would;
// null when there is none or it cannot be read (the comparison stands without times).
std::shared_ptr<const dvmlens::ProfileJoin> profileBesideJoined(
    const QString& treePath, const dvmlens::Index& index, std::optional<std::size_t> run)
{
    const std::optional<std::string> beside = dvmlens::profileBeside(dvmlens::pathBytes(treePath));
    if (!beside)
        return nullptr;
    std::string error;
    const auto profiles = dvmlens::loadProfiles(*beside, error);
    if (!profiles)
        return nullptr;
    dvmlens::JoinOptions options;
    options.run = run;
    return std::make_shared<const dvmlens::ProfileJoin>(dvmlens::joinProfiles(index, *profiles, options));
}

} // namespace

CompareJob::CompareJob(QObject* parent)
    : QObject(parent)
    , m_runner(new JobRunner(this, 1)) // buildIndex itself uses every core
{
    qRegisterMetaType<std::shared_ptr<const CompareOutcome>>();
    connect(m_runner, &JobRunner::progress, this, &CompareJob::progress);
    connect(m_runner, &JobRunner::failed, this, [this](quint64, const QString& message) {
        auto outcome = std::make_shared<CompareOutcome>();
        outcome->request = m_request;
        outcome->error = message;
        Q_EMIT finished(outcome);
    });
}

quint64 CompareJob::start(const CompareRequest& request)
{
    m_request = request;
    return m_runner->start(
        [request](JobContext& job) {
            auto outcome = std::make_shared<CompareOutcome>();
            outcome->request = request;
            const auto indexSide = [&](int side,
                                       const QString& path) -> std::shared_ptr<const dvmlens::Index> {
                dvmlens::IndexOptions options;
                options.cancel = job.cancelFlag();
                options.progress = [&job, side](int done, int total) { job.progress(done, total, side); };
                std::string error;
                std::optional<dvmlens::Index> built =
                    dvmlens::buildIndex(dvmlens::pathBytes(path), options, error);
                if (!built) {
                    outcome->error = tr("Cannot open %1: %2")
                                         .arg(QDir::toNativeSeparators(path), QString::fromStdString(error));
                    return nullptr;
                }
                return std::make_shared<const dvmlens::Index>(std::move(*built));
            };
            outcome->indexA = indexSide(0, request.pathA);
            if (outcome->indexA && !job.cancelled())
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
                // Each side's output_code.py files read once, for the reasons and the model sources both.
                std::optional<dvmlens::SourcesWithWhy> readA, readB;
                // As `dvmlens-cli compare` does: split pairs, compile sentences and reason changes.
                if (outcome->error.isEmpty()) {
                    const dvmlens::LoadedWhyRules whyRules = dvmlens::loadWhyRules();
                    readA = dvmlens::buildSourcesWithWhy(*outcome->indexA, whyRules.rules);
                    readB = dvmlens::buildSourcesWithWhy(*outcome->indexB, whyRules.rules);
                    outcome->result =
                        std::make_shared<const dvmlens::CompareResult>(dvmlens::compareExplained(
                            *outcome->indexA, *outcome->indexB, options, readA->why, readB->why));
                }
                if (outcome->result && !job.cancelled()) {
                    outcome->profileA = profileBesideJoined(request.pathA, *outcome->indexA, options.runA);
                    outcome->profileB = profileBesideJoined(request.pathB, *outcome->indexB, options.runB);
                    if (outcome->profileA || outcome->profileB)
                        outcome->times = std::make_shared<const dvmlens::ProfileComparison>(
                            dvmlens::compareProfiles(*outcome->result, *outcome->indexA, *outcome->indexB,
                                outcome->profileA.get(), outcome->profileB.get()));
                }
                if (outcome->result && !job.cancelled())
                    outcome->sourceChanges =
                        std::make_shared<const std::vector<dvmlens::SourceLocationChange>>(
                            dvmlens::compareIndexSources(*outcome->indexA, readA->map, *outcome->indexB,
                                readB->map, options.runA, options.runB));
            }
            if (!outcome->result && outcome->error.isEmpty())
                outcome->error = tr("Cancelled.");
            return std::shared_ptr<const CompareOutcome>(outcome);
        },
        [this](std::shared_ptr<const CompareOutcome> outcome) { Q_EMIT finished(std::move(outcome)); });
}

void CompareJob::cancel()
{
    m_runner->cancel();
}

bool CompareJob::isRunning() const
{
    return m_runner->isRunning();
}
