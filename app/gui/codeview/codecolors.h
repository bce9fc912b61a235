// SPDX-License-Identifier: MIT
// Every colour the code view paints, derived from the widget palette so light and dark themes
// (and custom palettes) stay readable: band and diff colours are a hue blended into the base at low
// strength, and every text colour is nudged until it reads at 4.5:1 (WCAG) on each of those backgrounds.
#pragma once

#include "gui/common/contrast.h"

#include <QColor>
#include <QPalette>

struct CodeColors
{
    bool dark = false;
    QColor base; // the editor background
    QColor text;

    // Syntax.
    QColor keyword;
    QColor builtin;
    QColor string;
    QColor comment;
    QColor number;
    QColor decorator;
    QColor dvmDecorator; // @dvm.kernel, drawn bold
    QColor dvmOp; // k.<op>(…) inside a DVM builder
    QColor torchOp; // torch.ops.<ns>.<op>
    QColor definition; // the name after def / class
    QColor error; // ERROR / Traceback lines in logs
    QColor warning;
    QColor jsonKey;

    // Kernel marks: a strong stripe colour for the margin and a faint band for the lines.
    QColor dvmStripe, dvmBand;
    QColor fallbackStripe, fallbackBand; // import_fx kernels and fallback calls
    QColor otherStripe, otherBand; // Triton, C++, MLIR… kernels
    QColor importStripe, importBand; // the `from torch_npu._inductor import dvm` line
    // The kernel or range picked in the kernel table: stronger than any band, but under the text
    // (unlike a text selection, it keeps the syntax colours readable).
    QColor currentRange, currentRangeEdge;

    // Compare's rows (painted over the kernel bands): a line only in A, only in B, a line paired with one
    // on the other side, and the changed characters of A and of B.
    QColor diffRemoved, diffAdded, diffChanged, diffRemovedChars, diffAddedChars;

    // Margin.
    QColor marginBackground;
    QColor lineNumber;
    QColor currentLineNumber;
};

CodeColors codeColorsFor(const QPalette& palette);
