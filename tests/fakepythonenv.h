// SPDX-License-Identifier: MIT
// Fake Python environments written from files, as core's doctor reads them (docs/doctor.md):
// torch/version.py, torch_npu/version.py, their dist-info (METADATA, RECORD), torch_npu/_inductor/dvm/
// and inductor_patch/ir.py with or without the FallbackKernel fix. Core, CLI and GUI tests share them.
#pragma once

#include "testutil.h"

#include <QByteArray>
#include <QString>

namespace fakepythonenv {

using namespace Qt::StringLiterals;

// inductor_patch/ir.py's three early returns, none naming FallbackKernel (no release up to 2026-08 has it).
inline const QByteArray kIrPy =
    "import torch\n"
    "from torch._inductor import ir\n"
    "\n"
    "def _patch_baseview_realize(self):\n"
    "    buffer = try_get_buffer(self)\n"
    "    if isinstance(buffer, (ir.MultiOutput, ir.InputBuffer, ir.ConcatKernel)):\n"
    "        return r\n"
    "\n"
    "def _patch_baseview_realize_hint(self):\n"
    "    buffer = try_get_buffer(self)\n"
    "    if isinstance(buffer, (ir.MultiOutput, ir.InputBuffer, ir.ConcatKernel)):\n"
    "        return r\n"
    "\n"
    "def _patch_mark_reuse(self, users):\n"
    "    if isinstance(buffer, (ir.MultiOutput, ir.InputBuffer, ir.ConcatKernel)):\n"
    "        return r\n";

inline const QByteArray kIrPyFixed =
    QByteArray(kIrPy).replace("ir.ConcatKernel))", "ir.ConcatKernel, ir.FallbackKernel))");

struct FakeEnv
{
    QString torchVersion = QStringLiteral("2.7.1+cpu");
    QString npuVersion = QStringLiteral("2.7.1.post8");
    bool dvm = true;
    QByteArray ir = kIrPyFixed;
    QByteArray cuda = "None";
};

// A site-packages folder with torch and torch_npu as `env` says.
inline void makeSite(const QString& site, const FakeEnv& env)
{
    testutil::writeTestFile(site + u"/torch/__init__.py"_s, "");
    testutil::writeTestFile(site + u"/torch/version.py"_s,
        "from typing import Optional\n__version__ = '" + env.torchVersion.toUtf8()
            + "'\ncuda: Optional[str] = " + env.cuda + "\n");
    testutil::writeTestFile(site + u"/torch-"_s + env.torchVersion + u".dist-info/METADATA"_s,
        "Version: " + env.torchVersion.toUtf8() + "\n");
    testutil::writeTestFile(site + u"/torch_npu/__init__.py"_s, "");
    testutil::writeTestFile(site + u"/torch_npu/version.py"_s,
        "__version__ = '" + env.npuVersion.toUtf8() + "'\ngit_version = 'abc'\n");
    const QString info = site + u"/torch_npu-"_s + env.npuVersion + u".dist-info"_s;
    testutil::writeTestFile(info + u"/METADATA"_s,
        "Metadata-Version: 2.1\nName: torch_npu\nVersion: " + env.npuVersion.toUtf8()
            + "\nRequires-Dist: torch==" + env.npuVersion.section(QLatin1Char('.'), 0, 2).toUtf8()
            + "+cpu\n\n");
    QByteArray record = "torch_npu/__init__.py,sha256=x,1\n";
    if (env.dvm) {
        testutil::writeTestFile(site + u"/torch_npu/_inductor/dvm/__init__.py"_s, "");
        testutil::writeTestFile(site + u"/torch_npu/_inductor/dvm/mlir_fusion.py"_s, "");
        record += "torch_npu/_inductor/dvm/__init__.py,sha256=x,1\n";
    }
    testutil::writeTestFile(info + u"/RECORD"_s, record);
    testutil::writeTestFile(
        site + u"/torch_npu/_inductor/ascend_npu_ir/ascend_npu_ir/npu/inductor_patch/ir.py"_s, env.ir);
}

// The site-packages folder of a prefix made under `root`: <root>/prefix/lib/python3.12/site-packages.
inline QString sitePackages(const QString& root)
{
    return root + u"/prefix/lib/python3.12/site-packages"_s;
}

} // namespace fakepythonenv
