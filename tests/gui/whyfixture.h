// SPDX-License-Identifier: MIT
// The why fixture tree (tests/whytree.h) indexed, with its reasons as the window's document
// decides them (WhyJob::explain, on the calling thread): what the GUI tests of "why not DVM" show.
#pragma once

#include "core/index/indexer.h"
#include "core/io/pathtext.h"
#include "gui/document/whyjob.h"
#include "whytree.h"

#include <QTemporaryDir>

#include <memory>
#include <string>

namespace whyfixture {

struct Explained
{
    QTemporaryDir dir;
    QString tree;
    std::shared_ptr<const dvmlens::Index> index;
    std::shared_ptr<const TreeWhy> why;
    const dvmlens::Graph* graph = nullptr; // the tree's one graph
    std::string error; // why `index` is null
};

// `withSources`: the tree with model source lines (whytree::makeTreeWithSources).
inline std::unique_ptr<Explained> explained(bool withSources = false)
{
    auto result = std::make_unique<Explained>();
    result->tree = withSources ? whytree::makeTreeWithSources(result->dir) : whytree::makeTree(result->dir);
    auto built = dvmlens::buildIndex(dvmlens::pathBytes(result->tree), {}, result->error);
    if (!built)
        return result;
    result->index = std::make_shared<const dvmlens::Index>(std::move(*built));
    result->graph = &result->index->runs.at(0).graphs.at(0);
    result->why = WhyJob::explain(result->index);
    return result;
}

} // namespace whyfixture
