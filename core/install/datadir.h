// SPDX-License-Identifier: MIT
// The installed data of DVM Lens (share/dvmlens: known-failure rules, translation, sample tree), found from
// the running program's own folder (bin/../share/dvmlens), so /usr, any `cmake --install --prefix` and an
// unpacked TGZ all work. A build tree has the same layout for the sample (resources/CMakeLists.txt).
#pragma once

#include <QString>

namespace dvmlens {

// The share/dvmlens folder beside the program's folder; empty when there is none (or no QCoreApplication).
QString installedDataDir();

// `relative` ("rules/known-failures.json") below installedDataDir(); empty when it does not exist.
QString installedDataPath(const QString& relative);

// The sample torch_compile_debug tree (installed, or the source's from a build tree); empty when absent.
QString sampleTreePath();

} // namespace dvmlens
