// SPDX-License-Identifier: MIT
#include "gui/profile/profilecontroller.h"

#include "core/io/pathtext.h"
#include "gui/common/languagechange.h"
#include "gui/profile/hotkernelsdock.h"
#include "gui/profile/profilejob.h"

#include <QAction>
#include <QDir>
#include <QFileDialog>
#include <QMainWindow>
#include <QMessageBox>
#include <QStatusBar>
#include <QToolButton>

ProfileController::ProfileController(QMainWindow& window)
    : QObject(&window)
    , m_window(window)
    , m_job(new ProfileJob(this))
    , m_dock(new HotKernelsDock(&window))
    , m_openProfile(new QAction(this))
    , m_offer(new QToolButton(&window))
{
    m_openProfile->setObjectName(QStringLiteral("openProfileAction"));
    m_openProfile->setEnabled(false); // until a tree is open
    m_offer->setObjectName(QStringLiteral("profileOfferButton"));
    m_offer->setAutoRaise(true);
    m_offer->hide();
    connect(m_openProfile, &QAction::triggered, this, &ProfileController::openProfileDialog);
    connect(m_offer, &QToolButton::clicked, this, [this] {
        m_offer->hide();
        loadProfile(m_offeredPath);
    });
    connect(m_job, &ProfileJob::finished, this, &ProfileController::onFinished);
    connect(m_dock, &HotKernelsDock::kernelActivated, this, &ProfileController::kernelActivated);
    translateNowAndOnChange(m_dock, [this] {
        m_openProfile->setText(tr("Open &Profile…"));
        m_openProfile->setStatusTip(tr("Show Ascend profiler device time beside every kernel"));
        m_offer->setText(tr("Profile found beside the tree: load it"));
        m_offer->setToolTip(QDir::toNativeSeparators(m_offeredPath));
    });
}

QAction* ProfileController::openProfileAction() const
{
    return m_openProfile;
}

HotKernelsDock* ProfileController::dock() const
{
    return m_dock;
}

QToolButton* ProfileController::offerButton() const
{
    return m_offer;
}

void ProfileController::setQuiet(bool quiet)
{
    m_quiet = quiet;
}

void ProfileController::setIndex(std::shared_ptr<const dvmlens::Index> index, const QString& path)
{
    m_index = std::move(index);
    m_join.reset();
    m_dock->setProfile(m_index, nullptr, {});
    Q_EMIT joinChanged(nullptr);
    m_openProfile->setEnabled(m_index != nullptr);
    m_offer->hide();
    if (path != m_treePath)
        m_profilePath.clear(); // another tree: the old profile is not its own
    m_treePath = path;
    if (!m_index)
        return;
    if (!m_profilePath.isEmpty()) {
        loadProfile(m_profilePath); // the same profile, joined to the new kernels
        return;
    }
    const std::optional<std::string> beside = dvmlens::profileBeside(dvmlens::pathBytes(path));
    if (!beside)
        return;
    m_offeredPath = dvmlens::pathText(*beside);
    if (m_quiet) {
        loadProfile(m_offeredPath);
        return;
    }
    m_offer->setToolTip(QDir::toNativeSeparators(m_offeredPath));
    m_offer->show();
}

void ProfileController::loadProfile(const QString& path)
{
    m_profilePath = path;
    m_job->start(path, m_index);
    m_window.statusBar()->showMessage(tr("Reading profile %1…").arg(QDir::toNativeSeparators(path)));
}

const std::shared_ptr<const dvmlens::ProfileJoin>& ProfileController::join() const
{
    return m_join;
}

QString ProfileController::profilePath() const
{
    return m_profilePath;
}

bool ProfileController::isLoading() const
{
    return m_job->isRunning();
}

void ProfileController::openProfileDialog()
{
    const QString path = QFileDialog::getExistingDirectory(&m_window,
        tr("Open Profile (a *_ascend_pt folder, its ASCEND_PROFILER_OUTPUT, or a folder of them)"),
        m_offeredPath);
    if (!path.isEmpty())
        loadProfile(path);
}

void ProfileController::onFinished(quint64, const QString& path, std::shared_ptr<const dvmlens::Index> index,
    std::shared_ptr<const dvmlens::ProfileJoin> join, const QString& error)
{
    if (index != m_index)
        return; // joined to an index that is gone
    m_window.statusBar()->clearMessage();
    if (!join) {
        m_profilePath.clear();
        const QString message = tr("Cannot read profile %1: %2").arg(QDir::toNativeSeparators(path), error);
        if (!m_quiet)
            QMessageBox::warning(&m_window, tr("Open Profile"), message);
        Q_EMIT profileLoaded(path, error.isEmpty() ? message : error);
        return;
    }
    m_join = std::move(join);
    m_dock->setProfile(m_index, m_join, QDir::toNativeSeparators(path));
    m_dock->show();
    m_dock->raise();
    Q_EMIT joinChanged(m_join);
    Q_EMIT profileLoaded(path, QString());
}
