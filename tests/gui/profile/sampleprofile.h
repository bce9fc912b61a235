// SPDX-License-Identifier: MIT
// The sample run indexed and joined to tests/fixtures/profile/sample-run/kernel_details.csv, as the
// profile GUI tests read it: add_mul and silu_view are forward kernels, mul_view_0 a backward one;
// MatMulV2 no kernel's.
#pragma once

#include "core/index/indexer.h"
#include "core/profile/profile.h"
#include "core/profile/profilejoin.h"
#include "testutil.h"

#include <memory>

namespace testprofile {

struct Loaded
{
    std::shared_ptr<const dvmlens::Index> index;
    std::shared_ptr<const dvmlens::ProfileJoin> join; // null when the run or the CSV did not load
};

inline Loaded loadSampleProfile()
{
    Loaded loaded;
    std::string error;
    const QString run = testutil::sourcePath(
        QStringLiteral("resources/samples/torch_compile_debug/run_2026_07_20_10_15_30_123456-pid_4101"));
    auto index = dvmlens::buildIndex(run.toStdString(), {}, error);
    if (!index)
        return loaded;
    auto profiles = dvmlens::loadProfiles(
        testutil::fixturePath(QStringLiteral("profile/sample-run/kernel_details.csv")), error);
    if (!profiles)
        return loaded;
    loaded.index = std::make_shared<const dvmlens::Index>(std::move(*index));
    loaded.join =
        std::make_shared<const dvmlens::ProfileJoin>(dvmlens::joinProfiles(*loaded.index, *profiles, {}));
    return loaded;
}

} // namespace testprofile
