// SPDX-License-Identifier: MIT
#include "gui/browse/verdicttext.h"

#include "core/verdict/derivedcounts.h"

#include <QStringList>

QString VerdictText::graphCell(dvmlens::Verdict verdict)
{
    switch (verdict) {
    case dvmlens::Verdict::Engaged:
        return tr("DVM");
    case dvmlens::Verdict::NotEngaged:
    case dvmlens::Verdict::Partly: // never a graph's rung
        return tr("no DVM");
    case dvmlens::Verdict::NoCode:
        return tr("no code");
    case dvmlens::Verdict::NotIndexed:
        return tr("not indexed");
    case dvmlens::Verdict::Unreadable:
        return tr("unreadable");
    case dvmlens::Verdict::NotWrapper:
        break;
    }
    return tr("no verdict");
}

QString VerdictText::graphHeadline(dvmlens::Verdict verdict)
{
    switch (verdict) {
    case dvmlens::Verdict::Engaged:
        return tr("DVM engaged");
    case dvmlens::Verdict::NotEngaged:
    case dvmlens::Verdict::Partly:
        return tr("DVM not engaged");
    case dvmlens::Verdict::NoCode:
        return tr("No output_code.py");
    case dvmlens::Verdict::NotIndexed:
        return tr("Not indexed");
    case dvmlens::Verdict::Unreadable:
        return tr("output_code.py could not be read: whether DVM engaged is unknown");
    case dvmlens::Verdict::NotWrapper:
        break;
    }
    return tr("Not an Inductor wrapper module: no verdict");
}

QString VerdictText::ladderWord(dvmlens::Verdict verdict)
{
    switch (verdict) {
    case dvmlens::Verdict::Engaged:
        return tr("engaged");
    case dvmlens::Verdict::Partly:
        return tr("partly");
    case dvmlens::Verdict::NotEngaged:
        return tr("not engaged");
    case dvmlens::Verdict::NoCode:
        return tr("no code");
    case dvmlens::Verdict::NotIndexed:
        return tr("not indexed");
    case dvmlens::Verdict::Unreadable:
        return tr("unreadable");
    case dvmlens::Verdict::NotWrapper:
        break;
    }
    return tr("no verdict");
}

QString VerdictText::ladderCell(const dvmlens::VerdictCounts& counts)
{
    // After Cancel, "not indexed 278/480" read as 278 not indexed: say what was indexed first.
    if (dvmlens::ladderVerdict(counts) == dvmlens::Verdict::NotIndexed)
        return tr("%1 of %2 indexed, DVM %3/%1")
            .arg(dvmlens::parsedGraphs(counts))
            .arg(counts.withCode)
            .arg(counts.engaged);
    const dvmlens::Verdict verdict = dvmlens::ladderVerdict(counts);
    const QString cell =
        ladderWord(verdict) + QLatin1Char(' ') + QString::fromStdString(dvmlens::verdictCountText(counts));
    // "engaged 1/1" alone reads as all well when another graph could not be read (the CLI says it too).
    if (counts.unreadable > 0 && verdict != dvmlens::Verdict::Unreadable)
        return tr("%1 (%2 unreadable)").arg(cell).arg(counts.unreadable);
    return cell;
}

QString VerdictText::ladderSentence(const dvmlens::VerdictCounts& counts)
{
    QString sentence;
    switch (dvmlens::ladderVerdict(counts)) {
    case dvmlens::Verdict::Engaged:
        sentence = tr("DVM engaged in all %1 graphs with code").arg(counts.withCode);
        break;
    case dvmlens::Verdict::Partly:
        sentence =
            tr("DVM partly engaged: %1 of %2 graphs with code").arg(counts.engaged).arg(counts.withCode);
        break;
    case dvmlens::Verdict::NotEngaged:
        sentence = tr("DVM not engaged in any of %1 graphs with code").arg(counts.withCode);
        break;
    case dvmlens::Verdict::NoCode:
    case dvmlens::Verdict::NotWrapper:
        sentence = tr("No output_code.py to verify");
        break;
    case dvmlens::Verdict::NotIndexed:
        sentence = tr("Not indexed yet: DVM engaged in %1 of %2 graphs with code so far")
                       .arg(counts.engaged)
                       .arg(counts.withCode);
        break;
    case dvmlens::Verdict::Unreadable:
        sentence = tr("Could not decide: no output_code.py could be read");
        break;
    }
    QStringList notes;
    if (counts.withoutCode > 0)
        notes << tr("%1 without code").arg(counts.withoutCode);
    if (counts.notIndexed > 0)
        notes << tr("%1 not indexed").arg(counts.notIndexed);
    if (counts.notWrapper > 0)
        notes << tr("%1 not a wrapper module").arg(counts.notWrapper);
    if (counts.unreadable > 0)
        notes << tr("%1 unreadable").arg(counts.unreadable);
    if (!notes.isEmpty())
        sentence += QStringLiteral("; ") + notes.join(QStringLiteral(", "));
    return sentence;
}

QString VerdictText::notIndexed()
{
    return tr("Indexing was cancelled: re-index (F5) to see this graph");
}

QString VerdictText::indexing()
{
    return tr("indexing…");
}
