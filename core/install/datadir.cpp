// SPDX-License-Identifier: MIT
#include "core/install/datadir.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

#ifndef DVMLENS_DATA_FROM_BIN
#error "DVMLENS_DATA_FROM_BIN (share/dvmlens relative to bin/) comes from core/CMakeLists.txt"
#endif

namespace dvmlens {

QString installedDataDir()
{
    // applicationDirPath needs the application object and warns without one.
    if (!QCoreApplication::instance())
        return {};
    const QString dir =
        QDir::cleanPath(QCoreApplication::applicationDirPath() + QStringLiteral("/" DVMLENS_DATA_FROM_BIN));
    return QFileInfo(dir).isDir() ? dir : QString();
}

QString installedDataPath(const QString& relative)
{
    const QString dir = installedDataDir();
    if (dir.isEmpty())
        return {};
    const QString path = QDir(dir).filePath(relative);
    return QFileInfo::exists(path) ? path : QString();
}

QString sampleTreePath()
{
    return installedDataPath(QStringLiteral("samples/torch_compile_debug"));
}

} // namespace dvmlens
