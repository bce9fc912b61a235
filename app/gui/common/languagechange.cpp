// SPDX-License-Identifier: MIT
#include "gui/common/languagechange.h"

#include <QAbstractItemModel>
#include <QEvent>
#include <QPointer>
#include <QWidget>

namespace {

class LanguageChangeListener : public QObject
{
public:
    LanguageChangeListener(QObject* owner, QObject* holder, std::function<void()> apply)
        : QObject(holder)
        , m_owner(owner)
        , m_apply(std::move(apply))
    {
    }

    bool event(QEvent* event) override
    {
        if (event->type() == QEvent::LanguageChange && m_owner)
            m_apply();
        return QObject::event(event);
    }

private:
    QPointer<QObject> m_owner;
    std::function<void()> m_apply;
};

} // namespace

void translateNowAndOnChange(QObject* owner, std::function<void()> apply)
{
    apply();
    onLanguageChange(owner, std::move(apply));
}

void onLanguageChange(QObject* owner, std::function<void()> apply)
{
    // Only widgets pass the event on to their children, so the listener hangs under the nearest one.
    // Without one (a model made on its own, as in tests) nothing calls `apply`.
    QObject* holder = owner;
    while (holder && !holder->isWidgetType())
        holder = holder->parent();
    if (!holder)
        holder = owner;
    auto* listener = new LanguageChangeListener(owner, holder, std::move(apply));
    if (holder != owner)
        QObject::connect(owner, &QObject::destroyed, listener, [listener] { delete listener; });
}

void refreshTranslatedTexts(QAbstractItemModel* model)
{
    const int columns = model->columnCount();
    if (columns > 0)
        Q_EMIT model->headerDataChanged(Qt::Horizontal, 0, columns - 1);
    // A layout change without moved rows: every view repaints from data() and proxies re-sort
    // (a translated column may sort differently), while persistent indexes keep the selection.
    Q_EMIT model->layoutAboutToBeChanged();
    Q_EMIT model->layoutChanged();
}
