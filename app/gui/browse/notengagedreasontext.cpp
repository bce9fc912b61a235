// SPDX-License-Identifier: MIT
#include "gui/browse/notengagedreasontext.h"

#include <QCoreApplication>
#include <QStringList>

QString notEngagedReasonText(const dvmlens::NotEngagedReason& reason)
{
    using Kind = dvmlens::NotEngagedReasonKind;
    switch (reason.kind) {
    case Kind::FileUnreadable:
        return QCoreApplication::translate("NotEngagedReason", "output_code.py is unreadable");
    case Kind::FileEmpty:
        return QCoreApplication::translate("NotEngagedReason", "output_code.py is empty");
    case Kind::FileBinary:
        return QCoreApplication::translate("NotEngagedReason", "output_code.py is binary");
    case Kind::NoDvmImport:
        return QCoreApplication::translate("NotEngagedReason", "no `from torch_npu._inductor import dvm`");
    case Kind::NoDvmKernel:
        return QCoreApplication::translate("NotEngagedReason", "no @dvm.kernel definitions");
    case Kind::OnlyDvmNamedImportFx: {
        QStringList names;
        for (const std::string& kernel : reason.kernels)
            names << QString::fromStdString(kernel);
        return QCoreApplication::translate("NotEngagedReason",
            "only import_fx FX fallbacks named like DVM kernels (%1), which are not DVM code")
            .arg(names.join(QLatin1String(", ")));
    }
    }
    return {};
}
