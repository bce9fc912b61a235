// SPDX-License-Identifier: MIT
#include "core/index/indexfiles.h"

#include "core/archive/archivecontainer.h"
#include "core/trace/tracecontainer.h"

namespace dvmlens {

std::shared_ptr<const Container> folderFiles(const std::string& root)
{
    return std::make_shared<TraceLogContainer>(std::make_shared<FolderContainer>(root));
}

std::shared_ptr<const Container> archiveFiles(std::shared_ptr<const ArchiveTree> tree)
{
    return std::make_shared<TraceLogContainer>(std::make_shared<ArchiveContainer>(std::move(tree)));
}

} // namespace dvmlens
