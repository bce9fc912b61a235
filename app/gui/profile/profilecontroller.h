// SPDX-License-Identifier: MIT
// What the window shows of Ascend profiles, in one place so MainWindow only wires it: File ▸ Open
// Profile…, the offer of a profile found beside an opened tree (core's profileBeside), and the Hot
// kernels dock. The profile join itself is the open tree's (TreeDocument::loadProfile, profileJoin):
// this controller asks for it and shows what the document announces.
#pragma once

#include <QObject>
#include <QString>

class HotKernelsDock;
class QAction;
class QMainWindow;
class QToolButton;
class TreeDocument;

class ProfileController : public QObject
{
    Q_OBJECT
public:
    ProfileController(QMainWindow& window, TreeDocument& document);

    QAction* openProfileAction() const;
    HotKernelsDock* dock() const;
    // Shown in the status bar while a profile beside the tree is on offer.
    QToolButton* offerButton() const;
    // Quiet windows never open dialogs; a profile found beside the tree is then loaded at once.
    void setQuiet(bool quiet);

    // Reads `path` and joins it to the open tree (TreeDocument::profileJoined follows).
    void loadProfile(const QString& path);

Q_SIGNALS:
    // "[RUN/]GRAPH/KERNEL" chosen in the Hot kernels dock.
    void kernelActivated(const QString& spec);

private:
    void openProfileDialog();
    void onIndexChanged();
    // After each indexing: offers a profile found beside the tree, unless the document joins the
    // tree's own profile again.
    void offerProfileBeside(const QString& treePath, const QString& error);
    void onProfileJoined(const QString& path, const QString& error);

    QMainWindow& m_window;
    TreeDocument& m_document;
    HotKernelsDock* m_dock;
    QAction* m_openProfile;
    QToolButton* m_offer;
    QString m_offeredPath;
    bool m_quiet = false;
};
