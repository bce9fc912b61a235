// SPDX-License-Identifier: MIT
// The index of a test tree, built the way the CLI builds it; a test that cannot index its own
// fixture stops at once.
#pragma once

#include "core/index/indexer.h"

#include <QFile>
#include <QString>
#include <QStringList>

#include <optional>
#include <string>
#include <vector>

namespace testutil {

inline dvmlens::Index indexOf(const QString& path, dvmlens::KernelDetail detail = dvmlens::KernelDetail::Full)
{
    dvmlens::IndexOptions options;
    options.kernelDetail = detail;
    std::string error;
    std::optional<dvmlens::Index> index =
        dvmlens::buildIndex(QFile::encodeName(path).toStdString(), options, error);
    if (!index)
        qFatal("buildIndex failed: %s", error.c_str());
    return std::move(*index);
}

// The names of `run`'s graphs, in order.
inline QStringList graphNames(const dvmlens::Run& run)
{
    QStringList names;
    for (const dvmlens::Graph& graph : run.graphs)
        names << QString::fromStdString(graph.name);
    return names;
}

// The codes of `diagnostics`, in order, to compare in one go.
inline QStringList diagnosticCodes(const std::vector<dvmlens::Diagnostic>& diagnostics)
{
    QStringList codes;
    for (const dvmlens::Diagnostic& diagnostic : diagnostics)
        codes << QString::fromStdString(diagnostic.code);
    return codes;
}

} // namespace testutil
