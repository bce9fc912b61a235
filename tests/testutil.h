// SPDX-License-Identifier: MIT
// Small helpers shared by the tests: where fixtures and the shared real samples are; running dvmlens-cli
// (or another program) with an environment, a timeout, input and a working directory.
#pragma once

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QString>
#include <QStringList>

namespace testutil {

inline QString fixture(const QString& relative)
{
    return QDir(QStringLiteral(DVMLENS_FIXTURES_DIR)).filePath(relative);
}

// Writes `bytes` to `path`, making its folders; aborts the test program when it cannot.
inline void writeTestFile(const QString& path, const QByteArray& bytes)
{
    QDir().mkpath(QFileInfo(path).path());
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size())
        qFatal("cannot write %s", qPrintable(path));
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

// The sample tree shipped in resources/samples (run 4101 has DVM kernels, run 4102 none), or a
// path inside it.
inline QString sampleTree(const QString& relative = QString())
{
    const QString root = sourcePath(QStringLiteral("resources/samples/torch_compile_debug"));
    return relative.isEmpty() ? root : root + QLatin1Char('/') + relative;
}
inline const QString kSampleEngagedRun = QStringLiteral("run_2026_07_20_10_15_30_123456-pid_4101");
inline const QString kSampleLostRun = QStringLiteral("run_2026_07_20_11_02_07_654321-pid_4102");

struct CliResult
{
    int exitCode = -1; // -1 when it crashed or did not finish
    bool finished = false; // it started and ended (or crashed) within the timeout
    QString out; // stdout and stderr as UTF-8 text
    QString err;
    QByteArray rawOut; // the same, byte for byte (for tests of what reaches a terminal)
    QByteArray rawErr;
};

// How to run a program beyond its arguments; the defaults run it as the test runs.
struct RunOptions
{
    int timeoutMs = 60000;
    QStringList setEnvironment; // "NAME=value", on top of the test's own environment
    QStringList unsetEnvironment; // names removed from it
    QString workingDirectory; // empty: the test's
    QByteArray standardInput; // written, then closed; empty: no input (closed at once)
    QString standardOutputFile; // stdout goes there (e.g. /dev/full) instead of into `out`
};

// Runs `program` with `arguments` and waits up to `options.timeoutMs` for it.
inline CliResult runProgram(
    const QString& program, const QStringList& arguments, const RunOptions& options = {})
{
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    for (const QString& name : options.unsetEnvironment)
        environment.remove(name);
    for (const QString& entry : options.setEnvironment)
        environment.insert(entry.section(QLatin1Char('='), 0, 0), entry.section(QLatin1Char('='), 1));
    process.setProcessEnvironment(environment);
    if (!options.workingDirectory.isEmpty())
        process.setWorkingDirectory(options.workingDirectory);
    if (!options.standardOutputFile.isEmpty())
        process.setStandardOutputFile(options.standardOutputFile);
    process.start(program, arguments);
    CliResult result;
    const bool started = process.waitForStarted();
    if (started) {
        if (!options.standardInput.isEmpty())
            process.write(options.standardInput);
        process.closeWriteChannel();
    }
    if (!started || !process.waitForFinished(options.timeoutMs)) {
        process.kill();
        process.waitForFinished();
        result.err =
            QFileInfo(program).fileName() + QStringLiteral(" did not finish: ") + process.errorString();
        return result;
    }
    result.finished = true;
    result.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    result.rawOut = process.readAllStandardOutput();
    result.rawErr = process.readAllStandardError();
    result.out = QString::fromUtf8(result.rawOut);
    result.err = QString::fromUtf8(result.rawErr);
    return result;
}

// Runs the built dvmlens-cli with `arguments`.
inline CliResult runCli(const QStringList& arguments, const RunOptions& options)
{
    return runProgram(QStringLiteral(DVMLENS_CLI), arguments, options);
}

inline CliResult runCli(const QStringList& arguments, int timeoutMs = 60000)
{
    RunOptions options;
    options.timeoutMs = timeoutMs;
    return runCli(arguments, options);
}

} // namespace testutil
