// SPDX-License-Identifier: MIT
// An archive's entries as the tree walk sees a folder (scan/treesource.h): the same walk, the
// same rules for names, links and special files, so the Index of an archive is the Index of the
// folder it holds, with "ARCHIVE!/…" paths.
#pragma once

#include "core/archive/archivetree.h"
#include "core/scan/treesource.h"

#include <memory>

namespace dvmlens {

class ArchiveTreeSource final : public TreeSource
{
public:
    explicit ArchiveTreeSource(std::shared_ptr<const ArchiveTree> tree);

    bool list(
        const std::string& folder, std::vector<Listed>& entries, int& error, int& partError) const override;
    std::optional<unsigned char> typeOf(const std::string& path, int& error) const override;
    std::optional<std::string> canonical(const std::string& path, std::error_code& error) const override;
    std::optional<unsigned char> targetType(const std::string& path, std::error_code& error) const override;
    std::optional<std::string> readHead(const std::string& path, std::size_t limit) const override;

private:
    std::shared_ptr<const ArchiveTree> m_tree;
};

} // namespace dvmlens
