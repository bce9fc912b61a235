// SPDX-License-Identifier: MIT
// The index of a test tree, built the way the CLI builds it; a test that cannot index its own
// fixture stops at once.
#pragma once

#include "core/index/indexer.h"

#include <QFile>
#include <QString>

#include <optional>
#include <string>

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

} // namespace testutil
