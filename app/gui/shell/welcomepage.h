// SPDX-License-Identifier: MIT
// What the window's centre shows when there is nothing to browse: the welcome page (Open Folder,
// Open File, the recent trees, the sample tree, "drop a folder or an archive here") before
// anything is open, and the empty-tree page when an opened folder holds no torch_compile_debug
// run, saying what to set (TORCHINDUCTOR_NPU_BACKEND=dvm, TORCH_COMPILE_DEBUG=1) to get one.
#pragma once

#include <QStringList>
#include <QWidget>

class QLabel;
class QPushButton;
class QVBoxLayout;

class WelcomePage : public QWidget
{
    Q_OBJECT
public:
    enum class State
    {
        Welcome,
        EmptyTree
    };

    explicit WelcomePage(QWidget* parent = nullptr);

    void showWelcome(const QStringList& recentPaths);
    void showEmptyTree(const QString& path);
    State state() const;
    QString titleText() const;
    QString bodyText() const;
    QStringList recentPaths() const; // the recent trees offered (at most kMaxRecent)
    bool sampleOffered() const; // the sample tree is installed or in the build tree

    static constexpr int kMaxRecent = 5;

Q_SIGNALS:
    void openFolderRequested();
    void openFileRequested();
    void openPathRequested(const QString& path); // a recent tree or the sample tree

protected:
    void changeEvent(QEvent* event) override;

private:
    void updateTexts();
    void rebuildRecent();

    State m_state = State::Welcome;
    QString m_emptyPath;
    QStringList m_recent;
    QString m_samplePath;
    QLabel* m_title;
    QLabel* m_body;
    QLabel* m_recentHeading;
    QLabel* m_dropHint;
    QPushButton* m_openFolder;
    QPushButton* m_openFile;
    QPushButton* m_sample;
    QVBoxLayout* m_recentLayout;
};
