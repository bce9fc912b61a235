// SPDX-License-Identifier: MIT
// dvmlens-cli doctor: the field guide's eight-item checklist for a Python environment, from its
// files (and, with --tree, a torch_compile_debug tree); exit 1 when an item fails. --write-smoke DIR
// writes the two minimal examples and the script that runs and checks them.
#include "command.h"
#include "commandoptions.h"
#include "core/doctor/doctor.h"
#include "core/doctor/smoke.h"
#include "core/io/pathtext.h"
#include "core/json/doctorjson.h"
#include "core/text/doctortext.h"
#include "indexargs.h"

#include <QTextStream>

using namespace Qt::StringLiterals;

namespace cli {

namespace {

void declareDoctor(CommandOptions& options);
int runDoctor(const CommandOptions& options);

const Command kDoctor { "doctor", "doctor [--json] [--tree TREE] [--write-smoke DIR] ENV",
    "check a Python environment (a prefix, venv or site-packages) against the DVM field guide's checklist: "
    "paired torch/torch_npu versions, one torch_npu on the path, _inductor/dvm present, the ir.py "
    "FallbackKernel fix, the backend requested, with --tree the generated code; exit 1 when an item fails "
    "(--json: dvmlens.doctor/1; --write-smoke: the two minimal examples and a script that runs and checks "
    "them)",
    declareDoctor, runDoctor };

void declareDoctor(CommandOptions& options)
{
    declareIndexOptions(options, true);
    options.addValue({ u"tree"_s }, u"TREE"_s, u"a torch_compile_debug tree: its environment and code"_s,
        u"needs a tree"_s);
    options.addValue({ u"write-smoke"_s }, u"DIR"_s, u"write the two minimal examples and run_dvm_smoke.sh"_s,
        u"needs a folder"_s);
}

int runDoctor(const CommandOptions& options)
{
    std::optional<IndexArgs> parsed = parseIndexArgs(kDoctor, options, true);
    if (!parsed)
        return ExitUsage;
    if (options.isSet(u"write-smoke"_s)) {
        std::string error;
        const auto written =
            dvmlens::writeSmokeFiles(dvmlens::pathBytes(options.value(u"write-smoke"_s)), error);
        if (written.empty()) {
            QTextStream(stderr) << "dvmlens-cli: doctor: " << QString::fromStdString(error) << '\n';
            return ExitUsage;
        }
        for (const std::string& path : written)
            QTextStream(stderr) << "wrote " << QString::fromStdString(path) << '\n';
    }
    dvmlens::DoctorInput input = dvmlens::doctorInputFromProcess(parsed->path);
    if (dvmlens::hasNothingToCheck(input.env)) {
        for (const std::string& problem : input.env.problems)
            QTextStream(stderr) << "dvmlens-cli: doctor: " << QString::fromStdString(problem) << '\n';
        return ExitUsage;
    }
    if (options.isSet(u"tree"_s)) {
        IndexArgs treeArgs = *parsed;
        treeArgs.path = dvmlens::pathBytes(options.value(u"tree"_s));
        treeArgs.kernelDetail = dvmlens::KernelDetail::Summary;
        input.tree = loadIndex(kDoctor, treeArgs);
        if (!input.tree)
            return ExitUsage;
    }
    const std::vector<dvmlens::CheckItem> items = dvmlens::runDoctor(input);
    writeOut(parsed->json ? dvmlens::doctorJsonText(parsed->path, items)
                          : dvmlens::doctorText(parsed->path, items));
    return dvmlens::anyFailed(items) ? ExitFailed : ExitOk;
}

const RegisterCommand registration(kDoctor);

} // namespace

} // namespace cli
