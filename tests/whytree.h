// SPDX-License-Identifier: MIT
// A one-graph tree made from the why fixture (tests/fixtures/why/dvm_fallbacks.py) whose run
// recorded an environment (fx_graph_runnable.py): the tree the CLI and GUI tests of "why not DVM"
// read, with reasons known from core's tests.
#pragma once

#include "testutil.h"

#include <QByteArray>
#include <QDir>
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

// The post-grad graph of the fixture's items with the model lines they came from: the permute and
// mm calls from layers.py:118, the div call from layers.py:120, the import_fx kernel
// dvm_fused_exp_sum_4 (its docstring's exp and sum_1) and the sum and add calls from layers.py:124.
inline const QByteArray kModelLines = R"(class GraphModule(torch.nn.Module):
    def forward(self, arg0_1: "f32[8, 16]", arg1_1: "f32[8, 16]", arg2_1: "f32[16, 16]"):
         # File: /workspace/model/layers.py:118 in forward, code: h = x @ x.t()
        permute: "f32[16, 8]" = torch.ops.aten.permute.default(arg0_1, [1, 0])
        mm: "f32[8, 8]" = torch.ops.aten.mm.default(arg0_1, permute);  permute = None

         # File: /workspace/model/layers.py:120 in forward, code: y = torch.div(h, s, rounding_mode='floor')
        div: "f32[8, 8]" = torch.ops.aten.div.Tensor_mode(mm, arg2_1, rounding_mode='floor');  mm = None

         # File: /workspace/model/layers.py:124 in forward, code: z = y.exp().sum(1) + y.sum(1)
        exp: "f32[8, 8]" = torch.ops.aten.exp.default(div)
        sum_1: "f32[8]" = torch.ops.aten.sum.dim_IntList(exp, [1]);  exp = None
        sum_2: "f32[8]" = torch.ops.aten.sum.dim_IntList(div, [1]);  div = None
        add_3: "f32[8]" = torch.ops.aten.add.Tensor(sum_1, sum_2);  sum_1 = sum_2 = None
        return (add_3,)
)";

// makeTree's tree with kModelLines beside its output_code.py: model source lines with reasons.
inline QString makeTreeWithSources(const QTemporaryDir& dir, const QByteArray& environment = kAskedForDvm)
{
    const QString root = makeTree(dir, environment);
    testutil::writeTestFile(
        QDir(root).filePath(kGraphFolder + QStringLiteral("/fx_graph_transformed.py")), kModelLines);
    return root;
}

} // namespace whytree
