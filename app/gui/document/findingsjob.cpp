// SPDX-License-Identifier: MIT
#include "gui/document/findingsjob.h"

FindingsJob::FindingsJob(QObject* parent)
    : QObject(parent)
    , m_runner(new JobRunner(this, 1))
{
    qRegisterMetaType<std::shared_ptr<const KnownFailures>>();
    // A search that throws still ends: with no findings and the reason as a problem.
    connect(m_runner, &JobRunner::failed, this, [this](quint64, const QString& message) {
        auto result = std::make_shared<KnownFailures>();
        result->index = m_index;
        result->problems.push_back(dvmlens::Diagnostic {
            {}, std::nullopt, dvmlens::Severity::Error, "known-failures-failed", message.toStdString() });
        Q_EMIT finished(result);
    });
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
    auto rules = std::make_shared<const dvmlens::RuleBook>(loadGuiRules(rulesProblem));
    result->rules = rules;
    if (rulesProblem) {
        result->problems.push_back(*rulesProblem);
        result->rulesProblems = 1;
    }
    result->findings = dvmlens::findKnownFailures(*index, *rules, &result->problems);
    for (const dvmlens::Finding& finding : result->findings) {
        result->findingDiagnostics.push_back(dvmlens::findingDiagnostic(finding));
        if (const dvmlens::Diagnostic* restated = dvmlens::restatedDiagnostic(*index, *rules, finding))
            result->restated.push_back(restated);
    }
    return result;
}

void FindingsJob::start(std::shared_ptr<const dvmlens::Index> index)
{
    m_index = index;
    m_runner->start([index = std::move(index)](JobContext&) { return search(index); },
        [this](std::shared_ptr<const KnownFailures> result) { Q_EMIT finished(std::move(result)); });
}

bool FindingsJob::isRunning() const
{
    return m_runner->isRunning();
}
