// SPDX-License-Identifier: MIT
// Looks for known failures (document/knownfailures.h) in an Index off the GUI thread. The Index
// itself stays as buildIndex made it, so reports exported from the GUI are the CLI's bytes for the
// same tree.
#pragma once

#include "core/model/model.h"
#include "core/rules/knownfailures.h"
#include "gui/common/jobrunner.h"
#include "gui/document/knownfailures.h"

#include <QObject>

#include <memory>
#include <vector>

class FindingsJob : public QObject
{
    Q_OBJECT
public:
    explicit FindingsJob(QObject* parent = nullptr);

    // Searches `index` (null: finishes at once with no findings). A newer start() drops the
    // result of an older one.
    void start(std::shared_ptr<const dvmlens::Index> index);
    bool isRunning() const;

    // The rules the GUI applies; on a bad user file, the built-in ones and `problem` set.
    static dvmlens::RuleBook loadGuiRules(std::optional<dvmlens::Diagnostic>& problem);
    // What start() computes, on the calling thread.
    static std::shared_ptr<const KnownFailures> search(std::shared_ptr<const dvmlens::Index> index);

Q_SIGNALS:
    void finished(std::shared_ptr<const KnownFailures> result);

private:
    JobRunner* m_runner; // one search at a time; a stale one finishes and is dropped
    std::shared_ptr<const dvmlens::Index> m_index; // of the current search
};
