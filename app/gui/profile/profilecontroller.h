// SPDX-License-Identifier: MIT
// Everything the window does with Ascend profiles, in one place so MainWindow only wires it:
// File ▸ Open Profile…, the offer of a profile found beside an opened tree (core's profileBeside),
// the profile job, and the Hot kernels dock that shows the result. A new index drops the profile
// (it was joined to the old kernels) and loads it again for the new one.
#pragma once

#include "core/model/model.h"
#include "core/profile/profilejoin.h"

#include <QObject>
#include <QString>

#include <memory>

class HotKernelsDock;
class ProfileJob;
class QAction;
class QMainWindow;
class QToolButton;

class ProfileController : public QObject
{
    Q_OBJECT
public:
    explicit ProfileController(QMainWindow& window);

    QAction* openProfileAction() const;
    HotKernelsDock* dock() const;
    // Shown in the status bar while a profile beside the tree is on offer.
    QToolButton* offerButton() const;
    // Quiet windows never open dialogs; a profile found beside the tree is then loaded at once.
    void setQuiet(bool quiet);

    // After each indexing: joins the current profile again, or offers one found beside `path`.
    void setIndex(std::shared_ptr<const dvmlens::Index> index, const QString& path);
    // Reads `path` and joins it to the current index (profileLoaded follows).
    void loadProfile(const QString& path);
    const std::shared_ptr<const dvmlens::ProfileJoin>& join() const;
    QString profilePath() const;
    bool isLoading() const;

Q_SIGNALS:
    // After every load: `error` is empty on success.
    void profileLoaded(const QString& path, const QString& error);
    // "[RUN/]GRAPH/KERNEL" chosen in the Hot kernels dock.
    void kernelActivated(const QString& spec);
    // The joined profile changed (null: none, e.g. after a new index).
    void joinChanged(std::shared_ptr<const dvmlens::ProfileJoin> join);

private:
    void openProfileDialog();
    void onFinished(quint64 jobId, const QString& path, std::shared_ptr<const dvmlens::Index> index,
        std::shared_ptr<const dvmlens::ProfileJoin> join, const QString& error);

    QMainWindow& m_window;
    ProfileJob* m_job;
    HotKernelsDock* m_dock;
    QAction* m_openProfile;
    QToolButton* m_offer;
    std::shared_ptr<const dvmlens::Index> m_index;
    std::shared_ptr<const dvmlens::ProfileJoin> m_join;
    QString m_profilePath; // loaded (or loading)
    QString m_offeredPath;
    QString m_treePath; // the profile is joined again only to a new index of the same tree
    bool m_quiet = false;
};
