// SPDX-License-Identifier: MIT
#include "gui/common/emptyviewhint.h"

#include <QAbstractItemView>
#include <QEvent>
#include <QLabel>

EmptyViewHint::EmptyViewHint(QAbstractItemView* view, std::function<QString()> text)
    : QObject(view)
    , m_view(view)
    , m_text(std::move(text))
    , m_label(new QLabel(view->viewport()))
{
    setObjectName(QStringLiteral("EmptyViewHint"));
    m_label->setObjectName(QStringLiteral("EmptyViewHintLabel"));
    m_label->setWordWrap(true);
    m_label->setTextFormat(Qt::PlainText);
    m_label->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_label->setForegroundRole(QPalette::PlaceholderText);
    m_label->setMargin(view->fontMetrics().height() / 2);
    m_label->setAttribute(Qt::WA_TransparentForMouseEvents); // drops and clicks reach the view
    view->installEventFilter(this);
    view->viewport()->installEventFilter(this);
    if (QAbstractItemModel* model = view->model()) {
        connect(model, &QAbstractItemModel::modelReset, this, &EmptyViewHint::update);
        connect(model, &QAbstractItemModel::layoutChanged, this, &EmptyViewHint::update);
        connect(model, &QAbstractItemModel::rowsInserted, this, &EmptyViewHint::update);
        connect(model, &QAbstractItemModel::rowsRemoved, this, &EmptyViewHint::update);
    }
    update();
}

bool EmptyViewHint::isShown() const
{
    return !m_label->isHidden();
}

QString EmptyViewHint::text() const
{
    return m_label->text();
}

bool EmptyViewHint::eventFilter(QObject* watched, QEvent* event)
{
    if ((watched == m_view && event->type() == QEvent::LanguageChange)
        || (watched == m_view->viewport() && event->type() == QEvent::Resize))
        update();
    return QObject::eventFilter(watched, event);
}

void EmptyViewHint::update()
{
    const QAbstractItemModel* model = m_view->model();
    const QString text = !model || model->rowCount() == 0 ? m_text() : QString();
    m_label->setVisible(!text.isEmpty());
    if (text.isEmpty())
        return;
    m_label->setText(text);
    m_label->setGeometry(m_view->viewport()->rect());
}
