// SPDX-License-Identifier: MIT
// Under the Diagnostics list: what the selected entry means. For a known failure, the rule's
// title, layer, evidence, cause and fix (in the user-interface language when the rule has it),
// the fix's code, and a "Copy Fix" button; for a why-not-DVM reason, its count, example and fix;
// for any other diagnostic, its message and place.
#pragma once

#include "core/model/model.h"
#include "core/rules/knownfailures.h"
#include "core/why/whysummary.h"
#include "gui/common/ruletext.h"

#include <QWidget>

class QLabel;
class QPushButton;
class QTextBrowser;

class FindingDetails : public QWidget
{
    Q_OBJECT
public:
    explicit FindingDetails(QWidget* parent = nullptr);

    // Either may be null; a finding wins over its diagnostic.
    void showEntry(const dvmlens::Diagnostic* diagnostic, const dvmlens::Finding* finding);
    // A why-not-DVM reason of the tree (core's group): title, count, example, releases and fix.
    void showWhyGroup(const dvmlens::WhyGroup& group);
    void clear();
    // Paths under `root` (the open tree) are shown relative to it.
    void setRoot(const QString& root);

    // The fix as "Copy Fix" puts it on the clipboard: the fix sentence, then the fix code.
    QString fixText() const;
    void copyFix();

    QTextBrowser* text() const;
    QPushButton* copyFixButton() const;

private:
    QTextBrowser* m_text;
    QPushButton* m_copyFix;
    QString m_fix;
    QString m_root;
};
