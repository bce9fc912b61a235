// SPDX-License-Identifier: MIT
#include "gui/common/kernelformat.h"

#include "core/text/kernelwording.h"

#include <QCoreApplication>
#include <QStringList>

QString backendLabel(dvmlens::Backend backend)
{
    switch (backend) {
    case dvmlens::Backend::Dvm:
        return QStringLiteral("DVM");
    case dvmlens::Backend::ImportFx:
        return QStringLiteral("import_fx");
    case dvmlens::Backend::Triton:
        return QStringLiteral("Triton");
    case dvmlens::Backend::Cpp:
        return QStringLiteral("C++");
    case dvmlens::Backend::Mlir:
        return QStringLiteral("MLIR");
    case dvmlens::Backend::Akg:
        return QStringLiteral("AKG");
    case dvmlens::Backend::Mps:
        return QStringLiteral("MPS");
    case dvmlens::Backend::Other:
        break;
    }
    return QCoreApplication::translate("KernelFormat", "other");
}

QString shortDtype(const std::optional<std::string>& dtype)
{
    return QString::fromStdString(dvmlens::shortDtype(dtype));
}

QString shapeText(const std::optional<std::vector<std::int64_t>>& dims)
{
    return QString::fromStdString(dvmlens::shapeText(dims));
}

QString compactInput(const dvmlens::DvmInput& input)
{
    return QString::fromStdString(dvmlens::compactInputText(input));
}

QString compactInputs(const dvmlens::Kernel& kernel)
{
    QStringList parts;
    for (const dvmlens::DvmInput& input : kernel.inputs)
        parts << compactInput(input);
    return parts.join(QLatin1String(", "));
}

QString compactOutputs(const dvmlens::Kernel& kernel)
{
    QStringList parts;
    for (const dvmlens::DvmOutput& output : kernel.outputs)
        parts << QString::fromStdString(dvmlens::compactOutputText(output));
    return parts.join(QLatin1String(", "));
}

QString yesNo(const std::optional<bool>& value)
{
    if (!value)
        return {};
    return *value ? QCoreApplication::translate("KernelFormat", "yes")
                  : QCoreApplication::translate("KernelFormat", "no");
}
