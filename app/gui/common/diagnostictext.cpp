// SPDX-License-Identifier: MIT
#include "gui/common/diagnostictext.h"

#include "core/scan/graphfolder.h"

#include <QCoreApplication>

namespace {

// The English texts are core's (scan/graphfolder.cpp), word for word: gui-diagnostictext checks it.
QString missingOutputCodeText(const dvmlens::graphfolder::MissingOutputCode& missing)
{
    using Case = dvmlens::graphfolder::MissingOutputCode::Case;
    switch (missing.which) {
    case Case::EmptyFolder:
        return QCoreApplication::translate("DiagnosticText",
            "The graph folder is empty (hidden files aside), which usually means an FX graph cache hit: "
            "Inductor reused a cached compile and wrote no files (or the compile stopped before writing "
            "any). Set a fresh TORCHINDUCTOR_CACHE_DIR or disable the FX graph cache "
            "(TORCHINDUCTOR_FX_GRAPH_CACHE=0) and rerun; until then there is nothing to verify DVM "
            "against.");
    case Case::AotiWrapper:
        return QCoreApplication::translate("DiagnosticText",
            "The graph folder has output_code.cpp (an AOTInductor C++ wrapper) but no output_code.py, so "
            "there is no Python wrapper to verify DVM against.");
    case Case::StoppedAfter:
        return QCoreApplication::translate("DiagnosticText",
            "The graph folder has no output_code.py. Inductor writes it after the FX and IR dumps, and "
            "the last of those here is %1: the compile may have stopped (a crash, an interrupt) after "
            "writing it, or, since PyTorch of May 2026 (#185621), this may be an FX graph cache hit that "
            "still wrote them. There is nothing to verify DVM against; look for an error in the run's "
            "logs.")
            .arg(QString::fromStdString(missing.lastWritten));
    case Case::NothingWritten:
        return QCoreApplication::translate("DiagnosticText",
            "The graph folder has no output_code.py and none of the files Inductor writes before it "
            "(fx_graph_*.py, ir_*_fusion.txt), so nothing here tells how far the compile got. There is "
            "nothing to verify DVM against; look for an error in the run's logs.");
    }
    return {};
}

} // namespace

QString diagnosticText(const dvmlens::Diagnostic& diagnostic)
{
    if (const auto missing = dvmlens::graphfolder::readMissingOutputCode(diagnostic))
        return missingOutputCodeText(*missing);
    return QString::fromStdString(diagnostic.message);
}
