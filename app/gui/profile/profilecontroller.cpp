// SPDX-License-Identifier: MIT
#include "gui/profile/profilecontroller.h"

#include "core/io/pathtext.h"
#include "gui/common/languagechange.h"
#include "gui/document/treedocument.h"
#include "gui/profile/hotkernelsdock.h"
#include "gui/profile/profilepathdialog.h"

#include <QAction>
#include <QDir>
#include <QMainWindow>
#include <QMessageBox>
#include <QStatusBar>
#include <QToolButton>

ProfileController::ProfileController(QMainWindow& window, TreeDocument& document)
    : QObject(&window)
    , m_window(window)
    , m_document(document)
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
    connect(&m_document, &TreeDocument::indexChanged, this, &ProfileController::onIndexChanged);
    connect(&m_document, &TreeDocument::indexFinished, this, &ProfileController::offerProfileBeside);
    connect(&m_document, &TreeDocument::profileJoined, this, &ProfileController::onProfileJoined);
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

void ProfileController::onIndexChanged()
{
    m_dock->setProfile(m_document.index(), nullptr, {}); // the old join went with the old index
    m_openProfile->setEnabled(m_document.index() != nullptr);
    m_offer->hide();
}

void ProfileController::offerProfileBeside(const QString& treePath, const QString& error)
{
    if (!error.isEmpty() || !m_document.index() || !m_document.profilePath().isEmpty())
        return; // nothing open, or the tree's own profile is being joined again
    const std::optional<std::string> beside = dvmlens::profileBeside(dvmlens::pathBytes(treePath));
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
    m_document.loadProfile(path);
    m_window.statusBar()->showMessage(tr("Reading profile %1…").arg(QDir::toNativeSeparators(path)));
}

void ProfileController::openProfileDialog()
{
    const QString path = ProfilePathDialog::getProfilePath(&m_window, m_offeredPath);
    if (!path.isEmpty())
        loadProfile(path);
}

void ProfileController::onProfileJoined(const QString& path, const QString& error)
{
    m_window.statusBar()->clearMessage();
    if (!error.isEmpty()) {
        const QString message = tr("Cannot read profile %1: %2").arg(QDir::toNativeSeparators(path), error);
        if (!m_quiet)
            QMessageBox::warning(&m_window, tr("Open Profile"), message);
        return;
    }
    m_dock->setProfile(m_document.index(), m_document.profileJoin(), QDir::toNativeSeparators(path));
    m_dock->show();
    m_dock->raise();
}
