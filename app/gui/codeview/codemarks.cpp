// SPDX-License-Identifier: MIT
#include "gui/codeview/codemarks.h"

#include "gui/common/whyreasontext.h"

#include <QCoreApplication>

#include <algorithm>
#include <limits>

namespace {

CodeMarkKind kernelMarkKind(dvmlens::Backend backend)
{
    switch (backend) {
    case dvmlens::Backend::Dvm:
        return CodeMarkKind::DvmKernel;
    case dvmlens::Backend::ImportFx:
        return CodeMarkKind::ImportFxKernel;
    default:
        return CodeMarkKind::OtherKernel;
    }
}

QString kernelLabel(const dvmlens::Kernel& kernel)
{
    QString label = QString::fromStdString(kernel.name) + QStringLiteral(" · ")
        + QString::fromLatin1(dvmlens::backendName(kernel.backend).data(),
            qsizetype(dvmlens::backendName(kernel.backend).size()));
    if (kernel.ktype)
        label += QLatin1String(" (") + QString::fromStdString(*kernel.ktype) + QLatin1Char(')');
    if (kernel.launches > 0)
        label += QCoreApplication::translate("CodeMarks", ", launched %n time(s)", nullptr, kernel.launches);
    return label;
}

QString whyText(const dvmlens::WhyReason* reason)
{
    if (!reason)
        return {};
    return QCoreApplication::translate("CodeMarks", "Why not DVM: %1").arg(whyTitle(reason))
        + QLatin1Char('\n') + whyExplanation(reason);
}

} // namespace

CodeMarkGroup codeMarkGroup(CodeMarkKind kind)
{
    switch (kind) {
    case CodeMarkKind::DvmKernel:
    case CodeMarkKind::DvmLaunch:
        return CodeMarkGroup::DvmKernel;
    case CodeMarkKind::ImportFxKernel:
    case CodeMarkKind::FallbackCall:
        return CodeMarkGroup::Fallback;
    case CodeMarkKind::OtherKernel:
        return CodeMarkGroup::OtherKernel;
    case CodeMarkKind::DvmImport:
        return CodeMarkGroup::DvmImport;
    }
    return CodeMarkGroup::OtherKernel;
}

QString codeMarkGroupName(CodeMarkGroup group)
{
    switch (group) {
    case CodeMarkGroup::DvmKernel:
        return QCoreApplication::translate("CodeMarks", "DVM kernel");
    case CodeMarkGroup::Fallback:
        return QCoreApplication::translate("CodeMarks", "import_fx / fallback");
    case CodeMarkGroup::OtherKernel:
        return QCoreApplication::translate("CodeMarks", "Triton / other kernel");
    case CodeMarkGroup::DvmImport:
        return QCoreApplication::translate("CodeMarks", "dvm import");
    }
    return {};
}

QColor codeMarkStripe(CodeMarkKind kind, const CodeColors& colors)
{
    switch (codeMarkGroup(kind)) {
    case CodeMarkGroup::DvmKernel:
        return colors.dvmStripe;
    case CodeMarkGroup::Fallback:
        return colors.fallbackStripe;
    case CodeMarkGroup::OtherKernel:
        return colors.otherStripe;
    case CodeMarkGroup::DvmImport:
        return colors.importStripe;
    }
    return colors.otherStripe;
}

QColor codeMarkBand(CodeMarkKind kind, const CodeColors& colors)
{
    switch (codeMarkGroup(kind)) {
    case CodeMarkGroup::DvmKernel:
        return colors.dvmBand;
    case CodeMarkGroup::Fallback:
        return colors.fallbackBand;
    case CodeMarkGroup::OtherKernel:
        return colors.otherBand;
    case CodeMarkGroup::DvmImport:
        return colors.importBand;
    }
    return colors.otherBand;
}

QColor codeMarkSelectedBand(CodeMarkKind kind, const CodeColors& colors)
{
    return blended(codeMarkBand(kind, colors), codeMarkStripe(kind, colors), colors.dark ? 0.22 : 0.16);
}

QString codeMarkToolTip(const CodeMark& mark)
{
    return mark.why.isEmpty() ? mark.label : mark.label + QLatin1Char('\n') + mark.why;
}

QVector<CodeMark> codeMarksFor(const dvmlens::OutputCode& code, const dvmlens::GraphWhy* why)
{
    QVector<CodeMark> marks;
    const int lastLineOfFile = code.lines > 0 ? code.lines : std::numeric_limits<int>::max();
    const auto add = [&](int first, int last, CodeMarkKind kind, QString label, QString reason = {}) {
        first = std::max(first, 1);
        last = std::min(std::max(last, first), lastLineOfFile);
        if (first <= last)
            marks.append(CodeMark { first, last, kind, std::move(label), std::move(reason) });
    };
    // The reasons are parallel to the kernels and fallback calls (why/whyreason.h).
    const auto kernelReason = [why](std::size_t k) -> const dvmlens::WhyReason* {
        return why && k < why->kernels.size() && why->kernels[k] ? &*why->kernels[k] : nullptr;
    };
    const auto fallbackReason = [why](std::size_t f) -> const dvmlens::WhyReason* {
        return why && f < why->fallbacks.size() ? &why->fallbacks[f] : nullptr;
    };

    if (code.dvmImportLine)
        add(*code.dvmImportLine, *code.dvmImportLine, CodeMarkKind::DvmImport,
            QStringLiteral("from torch_npu._inductor import dvm"));
    for (std::size_t k = 0; k < code.kernels.size(); ++k) {
        const dvmlens::Kernel& kernel = code.kernels[k];
        add(kernel.line, kernel.endLine, kernelMarkKind(kernel.backend), kernelLabel(kernel),
            whyText(kernelReason(k)));
        if (kernel.backend != dvmlens::Backend::Dvm)
            continue;
        for (int line : kernel.launchLines)
            add(line, line, CodeMarkKind::DvmLaunch,
                QCoreApplication::translate("CodeMarks", "launch of DVM kernel %1")
                    .arg(QString::fromStdString(kernel.name)));
    }
    for (std::size_t f = 0; f < code.fallbacks.size(); ++f) {
        const dvmlens::Fallback& fallback = code.fallbacks[f];
        add(fallback.line, fallback.line, CodeMarkKind::FallbackCall,
            QCoreApplication::translate("CodeMarks", "fallback call %1")
                .arg(QString::fromStdString(fallback.target)),
            whyText(fallbackReason(f)));
    }

    std::stable_sort(marks.begin(), marks.end(),
        [](const CodeMark& a, const CodeMark& b) { return a.firstLine < b.firstLine; });
    return marks;
}
