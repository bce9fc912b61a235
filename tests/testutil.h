// SPDX-License-Identifier: MIT
// Small helpers shared by the tests: where fixtures and the shared real samples are; running dvmlens-cli.
#pragma once

#include <QDir>
#include <QFileInfo>
#include <QProcess>
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

struct CliResult
{
    int exitCode = -1; // -1 when it crashed or did not finish
    QString out;
    QString err;
};

// Runs the built dvmlens-cli with `arguments` and waits up to `timeoutMs` for it.
inline CliResult runCli(const QStringList& arguments, int timeoutMs = 60000)
{
    QProcess process;
    process.start(QStringLiteral(DVMLENS_CLI), arguments);
    CliResult result;
    if (!process.waitForStarted() || !process.waitForFinished(timeoutMs)) {
        process.kill();
        process.waitForFinished();
        result.err = QStringLiteral("dvmlens-cli did not finish: ") + process.errorString();
        return result;
    }
    result.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    result.out = QString::fromUtf8(process.readAllStandardOutput());
    result.err = QString::fromUtf8(process.readAllStandardError());
    return result;
}

} // namespace testutil
