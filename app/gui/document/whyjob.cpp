// SPDX-License-Identifier: MIT
#include "gui/document/whyjob.h"

#include "gui/common/freedmemory.h"

WhyJob::WhyJob(QObject* parent)
    : QObject(parent)
    , m_runner(new JobRunner(this, 1))
{
    qRegisterMetaType<std::shared_ptr<const TreeWhy>>();
    connect(m_runner, &JobRunner::failed, this,
        [this](quint64, const QString&) { Q_EMIT finished(m_index, nullptr); });
}

std::shared_ptr<const TreeWhy> WhyJob::explain(std::shared_ptr<const dvmlens::Index> index)
{
    auto result = std::make_shared<TreeWhy>();
    result->index = index;
    if (!index)
        return result;
    // As dvmlens-cli why: a bad user file is a problem to show, and the built-in table applies.
    dvmlens::LoadedWhyRules loaded = dvmlens::loadWhyRules();
    result->rules = std::move(loaded.rules);
    result->problems = std::move(loaded.problems);
    result->why = dvmlens::explainIndex(*index, result->rules);
    result->problems.insert(result->problems.end(), result->why.problems.begin(), result->why.problems.end());
    result->groups = dvmlens::summarizeWhy(*index, result->why, result->rules);
    releaseFreedMemory(); // each file's text, read again in the worker threads' arenas
    return result;
}

void WhyJob::start(std::shared_ptr<const dvmlens::Index> index)
{
    m_index = index;
    if (!index) {
        m_runner->discard();
        return;
    }
    m_runner->start([index](JobContext&) { return explain(index); },
        [this, index](std::shared_ptr<const TreeWhy> result) { Q_EMIT finished(index, std::move(result)); });
}

bool WhyJob::isRunning() const
{
    return m_runner->isRunning();
}
