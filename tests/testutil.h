// SPDX-License-Identifier: MIT
// Small helpers shared by the tests: where fixtures and the shared real samples are.
#pragma once

#include <QDir>
#include <QFileInfo>
#include <QString>

namespace testutil {

inline QString fixture(const QString& relative)
{
    return QDir(QStringLiteral(DVMLENS_FIXTURES_DIR)).filePath(relative);
}

inline std::string fixturePath(const QString& relative)
{
    return fixture(relative).toStdString();
}

// ../shared/real-samples beside the repo; tests skip when it is absent.
inline QString realSample(const QString& relative)
{
    return QDir(QStringLiteral(DVMLENS_SHARED_DIR)).filePath(QStringLiteral("real-samples/") + relative);
}

inline QString sourcePath(const QString& relative)
{
    return QDir(QStringLiteral(DVMLENS_SOURCE_DIR)).filePath(relative);
}

} // namespace testutil
