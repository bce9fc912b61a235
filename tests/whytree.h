// SPDX-License-Identifier: MIT
// A one-graph tree made from the why fixture (tests/fixtures/why/dvm_fallbacks.py) whose run
// recorded an environment (fx_graph_runnable.py): the tree the CLI and GUI tests of "why not DVM"
// read, with reasons known from core's tests.
#pragma once

#include "testutil.h"

#include <QByteArray>
#include <QFile>
#include <QString>
#include <QTemporaryDir>

namespace whytree {

// DVM asked for; matmul fusion not set.
inline const QByteArray kAskedForDvm =
    "os.environ['TORCHINDUCTOR_NPU_BACKEND'] = 'dvm'\nos.environ['TORCH_COMPILE_DEBUG'] = '1'";

inline QByteArray fixtureText()
{
    QFile file(testutil::fixture(QStringLiteral("why/dvm_fallbacks.py")));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("no why fixture");
    return file.readAll();
}

// The graph folder makeTree writes, below the tree's root.
inline const QString kGraphFolder =
    QStringLiteral("run_2026_12_01_10_00_00_000000-pid_7/torchinductor/model__0_forward_0.0");

// A one-graph tree whose run recorded `environment` lines (torch 2.9); returns the tree's root.
inline QString makeTree(const QTemporaryDir& dir, const QByteArray& environment = kAskedForDvm)
{
    const QString graph = dir.filePath(QStringLiteral("torch_compile_debug/") + kGraphFolder);
    testutil::writeTestFile(graph + QStringLiteral("/output_code.py"), fixtureText());
    testutil::writeTestFile(graph + QStringLiteral("/fx_graph_runnable.py"),
        "import os\n" + environment
            + "\n# torch version: 2.9.0+cpu\n\nimport torch\n\nclass Repro(torch.nn.Module):\n    pass\n");
    return dir.filePath(QStringLiteral("torch_compile_debug"));
}

} // namespace whytree
