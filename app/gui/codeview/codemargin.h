// SPDX-License-Identifier: MIT
// The left margin of the code editor: line numbers, a coloured stripe per kernel mark and a dot
// on the first line of a mark that has a why-not-DVM reason; the tooltip names the mark under the
// mouse and says its reason.
#pragma once

#include <QWidget>

class CodeEditor;

class CodeMargin : public QWidget
{
    Q_OBJECT
public:
    explicit CodeMargin(CodeEditor* editor);

    QSize sizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;
    bool event(QEvent* event) override;

private:
    CodeEditor* m_editor;
};
