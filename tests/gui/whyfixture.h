// SPDX-License-Identifier: MIT
// The why fixture tree (tests/whytree.h) indexed, with its reasons as the window's document
// decides them (WhyJob::explain, on the calling thread): what the GUI tests of "why not DVM" show,
// with what they share to read it (rule texts in Chinese, a model's column as text).
#pragma once

#include "core/index/indexer.h"
#include "core/io/pathtext.h"
#include "gui/document/whyjob.h"
#include "whytree.h"

#include <QAbstractItemModel>
#include <QByteArrayView>
#include <QStringList>
#include <QTemporaryDir>
#include <QTranslator>

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

// Says rule texts are to be shown in Chinese, as the Chinese translation does (ruletext.h).
class ChineseRuleTexts : public QTranslator
{
public:
    QString translate(const char* context, const char* source, const char*, int) const override
    {
        return QByteArrayView(context) == "FindingDetails" && QByteArrayView(source) == "en"
            ? QStringLiteral("zh")
            : QString();
    }
    bool isEmpty() const override
    {
        return false;
    }
};

// The cells of column `section` of `model`, top to bottom.
inline QStringList column(const QAbstractItemModel& model, int section, int role = Qt::DisplayRole)
{
    QStringList cells;
    for (int row = 0; row < model.rowCount(); ++row)
        cells << model.index(row, section).data(role).toString();
    return cells;
}

} // namespace whyfixture
