// SPDX-License-Identifier: MIT
#include "gui/codeview/codemargin.h"

#include "gui/codeview/codeeditor.h"

#include <QHelpEvent>
#include <QToolTip>

CodeMargin::CodeMargin(CodeEditor* editor)
    : QWidget(editor)
    , m_editor(editor)
{
}

QSize CodeMargin::sizeHint() const
{
    return QSize(m_editor->marginWidth(), 0);
}

void CodeMargin::paintEvent(QPaintEvent* event)
{
    m_editor->paintMargin(event);
}

bool CodeMargin::event(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        const auto* help = static_cast<QHelpEvent*>(event);
        const CodeMark* mark = m_editor->markAt(m_editor->lineAtMarginY(help->pos().y()));
        if (mark)
            QToolTip::showText(help->globalPos(), codeMarkToolTip(*mark), this);
        else
            QToolTip::hideText();
        return true;
    }
    return QWidget::event(event);
}
