// SPDX-License-Identifier: MIT
// Indexes two trees off the GUI thread (on a JobRunner), then compares them
// (dvmlens::compareIndexes) and hands everything back. Starting a new job cancels the previous one; a result
// from an older job is dropped.
#pragma once

#include "core/compare/compare.h"
#include "core/model/model.h"
#include "core/profile/profilecompare.h"
#include "core/sources/sourcecompare.h"
#include "gui/common/jobrunner.h"

#include <QObject>
#include <QString>

#include <memory>
#include <vector>

struct CompareRequest
{
    QString pathA; // the tree before (any level buildIndex accepts)
    QString pathB; // the tree after
    QString runA; // findRun() names (run folder, pid or unique prefix); empty = every run
    QString runB;
};

struct CompareOutcome
{
    CompareRequest request;
    std::shared_ptr<const dvmlens::Index> indexA; // null when the side could not be read
    std::shared_ptr<const dvmlens::Index> indexB;
    std::shared_ptr<const dvmlens::CompareResult> result; // null on any error
    // A profile found beside each tree (profileBeside), joined to its side; null: none there.
    std::shared_ptr<const dvmlens::ProfileJoin> profileA;
    std::shared_ptr<const dvmlens::ProfileJoin> profileB;
    std::shared_ptr<const dvmlens::ProfileComparison> times; // set when either side has a profile
    // Model source lines whose DVM kernels changed A → B (core's compareIndexSources), as `compare`
    // prints them; null on any error.
    std::shared_ptr<const std::vector<dvmlens::SourceLocationChange>> sourceChanges;
    QString error; // empty on success, else one readable sentence
};
Q_DECLARE_METATYPE(std::shared_ptr<const CompareOutcome>)

class CompareJob : public QObject
{
    Q_OBJECT
public:
    explicit CompareJob(QObject* parent = nullptr);

    quint64 start(const CompareRequest& request);
    void cancel();
    bool isRunning() const;

Q_SIGNALS:
    // side is 0 while A is indexed, 1 for B.
    void progress(int side, int done, int total);
    void finished(std::shared_ptr<const CompareOutcome> outcome);

private:
    JobRunner* m_runner;
    CompareRequest m_request; // of the current job
};
