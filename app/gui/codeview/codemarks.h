// SPDX-License-Identifier: MIT
// The line marks the code view draws for one output_code.py: kernel definitions, fallback calls
// and the dvm import line, taken as-is from core's OutputCode (the view never re-parses).
#pragma once

#include "core/model/model.h"
#include "core/why/whyreason.h"
#include "gui/codeview/codecolors.h"

#include <QColor>
#include <QString>
#include <QVector>

enum class CodeMarkKind
{
    DvmKernel, // a real @dvm.kernel builder
    ImportFxKernel, // async_compile.import_fx: an FX fallback, even when named dvm_fused_*
    FallbackCall, // torch.ops.aten.* / extern_kernels.* call in the entry code
    DvmLaunch, // a call of a DVM kernel in the entry code: marked as fallback calls are, in DVM's colour
    OtherKernel, // Triton, C++, MLIR, AKG, MPS…
    DvmImport, // from torch_npu._inductor import dvm
};

// The four colours of the legend; import_fx kernels and fallback calls share one.
enum class CodeMarkGroup
{
    DvmKernel,
    Fallback,
    OtherKernel,
    DvmImport
};

struct CodeMark
{
    int firstLine = 0; // 1-based, inclusive
    int lastLine = 0; // 1-based, inclusive
    CodeMarkKind kind = CodeMarkKind::OtherKernel;
    QString label; // shown as the margin tooltip: "DVM kernel dvm_fused_add_0 (vector)"
    // Why this kernel or fallback call is not DVM (core's reason: title, sentence, fix), marked in
    // the margin and added to the tooltip; empty for none.
    QString why {};

    bool operator==(const CodeMark& other) const = default;
};

CodeMarkGroup codeMarkGroup(CodeMarkKind kind);
QString codeMarkGroupName(CodeMarkGroup group); // the legend text
QColor codeMarkStripe(CodeMarkKind kind, const CodeColors& colors);
QColor codeMarkBand(CodeMarkKind kind, const CodeColors& colors);
// The band of a selected (current) kernel: its own hue, stronger, so a selected DVM kernel stays
// green and is never confused with a Triton one (blue) on screen or in a screenshot.
QColor codeMarkSelectedBand(CodeMarkKind kind, const CodeColors& colors);

// The marks of `code`, sorted by first line. Ranges outside 1…code.lines are clamped; empty
// ranges are dropped so a stale or odd model cannot make the view select nonsense. `why` (core's
// reasons of that file, may be null) gives each non-DVM kernel and fallback call its reason.
QVector<CodeMark> codeMarksFor(const dvmlens::OutputCode& code, const dvmlens::GraphWhy* why = nullptr);
// What the margin's tooltip says of a mark: its label, then its reason.
QString codeMarkToolTip(const CodeMark& mark);
