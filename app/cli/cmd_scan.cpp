// SPDX-License-Identifier: MIT
// dvmlens-cli scan: what the tree holds, per run and graph, as text or dvmlens.scan/1 JSON.
#include "command.h"
#include "indexargs.h"
#include "scanjson.h"
#include "scantext.h"

namespace cli {

namespace {

int runScan(const QStringList& args);

const Command kScan { "scan", "scan [--json] [--jobs N] PATH",
    "list runs, graphs and kernels per backend, and whether DVM engaged (--json: dvmlens.scan/1)", runScan };

int runScan(const QStringList& args)
{
    const std::optional<IndexArgs> parsed = parseIndexArgs(kScan, args, true);
    if (!parsed)
        return ExitUsage;
    const std::optional<dvmlens::Index> index = loadIndex(kScan, *parsed);
    if (!index)
        return ExitUsage;
    writeOut(parsed->json ? dvmlens::scanJsonText(*index) : dvmlens::scanText(*index));
    return ExitOk;
}

const RegisterCommand registration(kScan);

} // namespace

} // namespace cli
