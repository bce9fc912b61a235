// SPDX-License-Identifier: MIT
// The container (io/container.h) an index's files are read from, made once by the indexer and held
// by Index::files: the graph files of TORCH_TRACE logs ("LOG!L<line>/…") over the folder or the
// archive the index was read from.
#pragma once

#include "core/archive/archivetree.h"
#include "core/io/container.h"

#include <memory>
#include <string>

namespace dvmlens {

// A folder, a trace log or a folder of them on disk, bounded by `root`.
std::shared_ptr<const Container> folderFiles(const std::string& root);

// An archive's entries, and its trace logs' graph files.
std::shared_ptr<const Container> archiveFiles(std::shared_ptr<const ArchiveTree> tree);

} // namespace dvmlens
