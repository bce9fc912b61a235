// SPDX-License-Identifier: MIT
// Core's verdict ladder (verdict/verdict.h) in the user's language: the words the run tree, the
// details pane and the status bar show, so a screen reader hears what the icon and colour say.
#pragma once

#include "core/verdict/verdict.h"

#include <QCoreApplication>
#include <QString>

// Static members only: a class so lupdate files the strings under one context ("VerdictText").
class VerdictText
{
    Q_DECLARE_TR_FUNCTIONS(VerdictText)

public:
    // A graph's Verdict cell: "DVM", "no DVM", "no code", "not indexed", "no verdict".
    static QString graphCell(dvmlens::Verdict verdict);
    // The details pane's headline for a graph: "DVM engaged", "DVM not engaged", "No output_code.py"…
    static QString graphHeadline(dvmlens::Verdict verdict);
    // A rung's word: "engaged", "partly", "not engaged", "no code", "not indexed", "no verdict".
    static QString ladderWord(dvmlens::Verdict verdict);
    // A run's (or the tree's) Verdict cell: the rung then engaged / graphs with code, "partly 5/7".
    static QString ladderCell(const dvmlens::VerdictCounts& counts);
    // One sentence for a tooltip or the status bar: "DVM engaged in 5 of 7 graphs with code; 2 without
    // code, 1 not indexed".
    static QString ladderSentence(const dvmlens::VerdictCounts& counts);
    // Why a graph is not indexed, and what to do about it.
    static QString notIndexed();
    // The Verdict cell of a graph (or a run with such graphs) whose output_code.py the running
    // indexing has not parsed yet: no verdict before then.
    static QString indexing();
};
