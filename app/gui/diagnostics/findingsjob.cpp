// SPDX-License-Identifier: MIT
#include "diagnostics/findingsjob.h"

FindingsJob::FindingsJob(QObject* parent)
    : QObject(parent)
{
    qRegisterMetaType<std::shared_ptr<const KnownFailures>>();
    m_pool.setMaxThreadCount(1); // one search at a time; a stale one finishes and is dropped
}

FindingsJob::~FindingsJob()
{
    m_pool.waitForDone();
}

dvmlens::RuleBook FindingsJob::loadGuiRules(std::optional<dvmlens::Diagnostic>& problem)
{
    // The one policy (rulebook.h): a bad user file is a problem to show; the built-in rules apply.
    dvmlens::LoadedRules rules = dvmlens::loadRules(std::nullopt);
    if (!rules.problems.empty())
        problem = rules.problems.front();
    return std::move(rules.book);
}

std::shared_ptr<const KnownFailures> FindingsJob::search(std::shared_ptr<const dvmlens::Index> index)
{
    auto result = std::make_shared<KnownFailures>();
    result->index = index;
    if (!index)
        return result;
    std::optional<dvmlens::Diagnostic> rulesProblem;
    const dvmlens::RuleBook rules = loadGuiRules(rulesProblem);
    if (rulesProblem)
        result->problems.push_back(*rulesProblem);
    result->findings = dvmlens::findKnownFailures(*index, rules, &result->problems);
    for (const dvmlens::Finding& finding : result->findings)
        result->findingDiagnostics.push_back(dvmlens::findingDiagnostic(finding));
    return result;
}

void FindingsJob::start(std::shared_ptr<const dvmlens::Index> index)
{
    const quint64 jobId = ++m_jobId;
    m_running = true;
    m_pool.start([this, jobId, index = std::move(index)] {
        std::shared_ptr<const KnownFailures> result = search(index);
        QMetaObject::invokeMethod(
            this,
            [this, jobId, result] {
                if (jobId != m_jobId)
                    return; // a newer search started meanwhile
                m_running = false;
                Q_EMIT finished(result);
            },
            Qt::QueuedConnection);
    });
}

bool FindingsJob::isRunning() const
{
    return m_running;
}
