// SPDX-License-Identifier: MIT
// Decides why each non-DVM kernel and fallback call of an Index is not DVM (document/treewhy.h)
// off the GUI thread: the rule table loaded as dvmlens-cli why loads it (the built-in table and
// the user's file), core's explainIndex (one more read of every output_code.py) and summarizeWhy.
#pragma once

#include "core/model/model.h"
#include "gui/common/jobrunner.h"
#include "gui/document/treewhy.h"

#include <QObject>

#include <memory>

class WhyJob : public QObject
{
    Q_OBJECT
public:
    explicit WhyJob(QObject* parent = nullptr);

    // Explains `index`; a newer start() (or a null index) drops the result of an older one.
    void start(std::shared_ptr<const dvmlens::Index> index);
    bool isRunning() const;

    // What start() computes, on the calling thread.
    static std::shared_ptr<const TreeWhy> explain(std::shared_ptr<const dvmlens::Index> index);

Q_SIGNALS:
    // `result` explains `index`; null when the job failed (it still ends, so nobody waits).
    void finished(std::shared_ptr<const dvmlens::Index> index, std::shared_ptr<const TreeWhy> result);

private:
    JobRunner* m_runner;
    std::shared_ptr<const dvmlens::Index> m_index; // of the current job
};
