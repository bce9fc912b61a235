// SPDX-License-Identifier: MIT
// File ▸ Recent: the last ten opened paths, newest first, kept in QSettings.
#pragma once

#include <QObject>
#include <QStringList>

class QMenu;

class RecentFolders : public QObject
{
    Q_OBJECT
public:
    static constexpr int kMaximum = 10;

    explicit RecentFolders(QObject* parent = nullptr);

    QStringList paths() const;
    void add(const QString& path);
    void clear();

    // Keeps `menu` listing the paths (and "Clear Recent") whenever they change.
    void attachMenu(QMenu* menu);

Q_SIGNALS:
    void changed();
    void openRequested(const QString& path);

private:
    void save(const QStringList& paths);
    void fillMenu(QMenu* menu);
};
