// SPDX-License-Identifier: MIT
#include "gui/document/profilejob.h"

#include "core/io/pathtext.h"

namespace {

struct ProfileOutcome
{
    std::shared_ptr<const dvmlens::ProfileJoin> join;
    QString error;
};

} // namespace

ProfileJob::ProfileJob(QObject* parent)
    : QObject(parent)
    , m_runner(new JobRunner(this, 1)) // the reader starts its own threads for a big file
{
    qRegisterMetaType<std::shared_ptr<const dvmlens::ProfileJoin>>();
    connect(m_runner, &JobRunner::failed, this, [this](quint64 jobId, const QString& message) {
        Q_EMIT finished(jobId, m_path, m_index, nullptr, message);
    });
}

quint64 ProfileJob::start(const QString& path, std::shared_ptr<const dvmlens::Index> index)
{
    m_path = path;
    m_index = index;
    const std::string nativePath = dvmlens::pathBytes(path);
    auto jobId = std::make_shared<quint64>(0);
    *jobId = m_runner->start(
        [nativePath, index](JobContext&) {
            ProfileOutcome outcome;
            std::string error;
            if (index) {
                if (auto profiles = dvmlens::loadProfiles(nativePath, error))
                    outcome.join = std::make_shared<const dvmlens::ProfileJoin>(
                        dvmlens::joinProfiles(*index, *profiles, {}));
            }
            outcome.error = QString::fromStdString(error);
            return outcome;
        },
        [this, jobId, path, index](
            ProfileOutcome outcome) { Q_EMIT finished(*jobId, path, index, outcome.join, outcome.error); });
    return *jobId;
}

bool ProfileJob::isRunning() const
{
    return m_runner->isRunning();
}
