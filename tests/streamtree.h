// SPDX-License-Identifier: MIT
// A tree for tests of indexing as it goes (index/indexstream.h and the window that shows it): runs
// of graph folders whose output_code.py files take longer to parse than the walk takes to find
// them, DVM and Triton graphs alternating, the last graph of each run a cache hit.
#pragma once

#include "testutil.h"

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QString>

namespace streamtree {

struct Shape
{
    int runs = 2;
    int graphsPerRun = 40; // with the cache hit
    int fileKib = 32;

    int outputCodes() const
    {
        return runs * (graphsPerRun - 1);
    }
};

inline QByteArray repeatedFixture(const QString& name, int atLeast)
{
    QFile file(testutil::fixture(QStringLiteral("trees/small/") + name));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(name));
    const QByteArray once = file.readAll();
    QByteArray bytes = once;
    while (bytes.size() < atLeast)
        bytes += once;
    return bytes;
}

// Writes the tree under `parent`; returns its torch_compile_debug folder. Graph k of a run is
// model__k_forward_k.k: DVM for even k, Triton for odd k.
inline QString make(const QString& parent, const Shape& shape = {})
{
    const QByteArray dvm = repeatedFixture(QStringLiteral("dvm_output_code.py"), shape.fileKib * 1024);
    const QByteArray triton = repeatedFixture(QStringLiteral("triton_output_code.py"), shape.fileKib * 1024);
    const QString root = parent + QStringLiteral("/torch_compile_debug");
    for (int run = 0; run < shape.runs; ++run) {
        const QString inductor = root
            + QStringLiteral("/run_2026_07_20_10_15_3%1_123456-pid_%2/torchinductor").arg(run).arg(700 + run);
        for (int k = 0; k < shape.graphsPerRun; ++k) {
            const QString graph = inductor + QStringLiteral("/model__%1_forward_%1.%1").arg(k);
            QDir().mkpath(graph);
            if (k == shape.graphsPerRun - 1)
                continue;
            QFile file(graph + QStringLiteral("/output_code.py"));
            const QByteArray& bytes = k % 2 == 0 ? dvm : triton;
            if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size())
                qFatal("cannot write %s", qPrintable(file.fileName()));
        }
    }
    return root;
}

} // namespace streamtree
