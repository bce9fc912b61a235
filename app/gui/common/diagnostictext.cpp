// SPDX-License-Identifier: MIT
#include "gui/common/diagnostictext.h"

#include "core/scan/graphfolder.h"

#include <QCoreApplication>
#include <QRegularExpression>

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

// Core's fixed and templated messages of a few more codes (parse/outputcodeparser.cpp,
// scan/treescanner.cpp, index/indexer.cpp), read back word for word: a message that does not match
// stays core's English, so a reworded core message is never mistranslated.
QString codeMessageText(const std::string& code, const QString& message)
{
    if (code == "empty-file" && message == QLatin1String("The output_code.py file is empty."))
        return QCoreApplication::translate("DiagnosticText", "The output_code.py file is empty.");
    if (code == "binary-file"
        && message == QLatin1String("The output_code.py file holds binary data, not Python source."))
        return QCoreApplication::translate(
            "DiagnosticText", "The output_code.py file holds binary data, not Python source.");
    if (code == "link-loop") {
        if (message
            == QLatin1String(
                "This link leads round a loop (it points at itself, or through other links back to "
                "itself); it is not followed."))
            return QCoreApplication::translate("DiagnosticText",
                "This link leads round a loop (it points at itself, or through other links back "
                "to itself); it is not followed.");
        static const QRegularExpression backwards(QStringLiteral(
            "^This link points back at a folder that contains it \\((.*)\\); it is not followed, so the scan "
            "cannot go round in a loop\\.$"));
        if (const QRegularExpressionMatch match = backwards.match(message); match.hasMatch())
            return QCoreApplication::translate("DiagnosticText",
                "This link points back at a folder that contains it (%1); it is not followed, so "
                "the scan cannot go round in a loop.")
                .arg(match.captured(1));
    }
    if (code == "aot-id-mismatch") {
        static const QRegularExpression mismatch(QStringLiteral(
            "^The folder name says AOT ID (.*), but its output_code.py says (.*): the folder was "
            "renamed or the file copied from another graph\\.$"));
        if (const QRegularExpressionMatch match = mismatch.match(message); match.hasMatch())
            return QCoreApplication::translate("DiagnosticText",
                "The folder name says AOT ID %1, but its output_code.py says %2: the folder was "
                "renamed or the file copied from another graph.")
                .arg(match.captured(1), match.captured(2));
    }
    return {};
}

} // namespace

QString diagnosticText(const dvmlens::Diagnostic& diagnostic)
{
    if (const auto missing = dvmlens::graphfolder::readMissingOutputCode(diagnostic))
        return missingOutputCodeText(*missing);
    const QString message = QString::fromStdString(diagnostic.message);
    const QString translated = codeMessageText(diagnostic.code, message);
    return translated.isEmpty() ? message : translated;
}
