// SPDX-License-Identifier: MIT
// The left margin of the code editor: line numbers and a coloured stripe per kernel mark; the
// tooltip names the mark under the mouse.
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
