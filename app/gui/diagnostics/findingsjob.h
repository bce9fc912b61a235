// SPDX-License-Identifier: MIT
// Looks for known failures (core/knownfailures.h: the built-in rules plus the user's rules file)
// in an Index off the GUI thread. The Index itself stays as buildIndex made it, so reports
// exported from the GUI are the CLI's bytes for the same tree.
#pragma once

#include "core/model/model.h"
#include "core/rules/knownfailures.h"
#include "gui/common/jobrunner.h"

#include <QObject>

#include <memory>
#include <vector>

struct KnownFailures
{
    std::shared_ptr<const dvmlens::Index> index; // what was searched
    std::vector<dvmlens::Finding> findings; // findKnownFailures order
    std::vector<dvmlens::Diagnostic> findingDiagnostics; // findingDiagnostic() of each finding
    // Diagnostics of the index that a finding restates (restatedDiagnostic): the list shows the
    // finding in their place, so it counts what the CLI counts.
    std::vector<const dvmlens::Diagnostic*> restated;
    // Logs that could not be read, and a user rules file that could not be used (the built-in
    // rules are applied then).
    std::vector<dvmlens::Diagnostic> problems;
};
Q_DECLARE_METATYPE(std::shared_ptr<const KnownFailures>)

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
