// SPDX-License-Identifier: MIT
#include "compileargs.h"

#include "commandoptions.h"
#include "core/compile/tracelogfiles.h"
#include "core/io/pathtext.h"
#include "indexargs.h"

#include <QTextStream>

using namespace Qt::StringLiterals;

namespace cli {

void declareCompileGates(CommandOptions& options)
{
    options.addFlag(
        { u"no-recompiles"_s }, u"fail (exit 1) when any frame recompiled (TORCH_TRACE logs under PATH)"_s);
    options.addValue({ u"max-breaks"_s }, u"N"_s,
        u"fail (exit 1) when the trace logs under PATH hold more than N distinct graph breaks"_s,
        u"needs a number"_s);
}

std::optional<dvmlens::CompileGates> parseCompileGates(
    const Command& command, const CommandOptions& options, bool& any)
{
    dvmlens::CompileGates gates;
    gates.noRecompiles = options.isSet(u"no-recompiles"_s);
    if (options.isSet(u"max-breaks"_s)) {
        bool ok = false;
        const QString value = options.value(u"max-breaks"_s);
        const int maxBreaks = value.toInt(&ok);
        if (!ok || maxBreaks < 0) {
            usageError(command, u"--max-breaks wants a whole number from 0, not '%1'"_s.arg(value));
            return std::nullopt;
        }
        gates.maxBreaks = maxBreaks;
    }
    any = gates.noRecompiles || gates.maxBreaks;
    return gates;
}

std::optional<std::vector<dvmlens::CompileLog>> readCompileLogsAt(
    const Command& command, const std::string& path, bool sayUnreadLogs)
{
    const std::string absolute = dvmlens::pathBytes(dvmlens::absolutePathText(dvmlens::pathText(path)));
    const dvmlens::TraceLogFiles files = dvmlens::findTraceLogs(absolute);
    if (!files.error.empty()) {
        QTextStream(stderr) << "dvmlens-cli: " << command.name << ": cannot read "
                            << dvmlens::pathText(files.error) << '\n';
        return std::nullopt;
    }
    if (sayUnreadLogs)
        cli::sayUnreadLogs(command, files.notes);
    return dvmlens::readCompileLogs(files, absolute);
}

} // namespace cli
