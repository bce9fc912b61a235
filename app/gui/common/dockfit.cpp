// SPDX-License-Identifier: MIT
#include "gui/common/dockfit.h"

#include <QBoxLayout>
#include <QDockWidget>
#include <QEvent>
#include <QHeaderView>
#include <QLayout>
#include <QSplitter>
#include <QStyle>

#include <algorithm>

WrappedLabel::WrappedLabel(QWidget* parent)
    : QLabel(parent)
{
    setWordWrap(true);
}

QSize WrappedLabel::minimumSizeHint() const
{
    QSize size = QLabel::minimumSizeHint();
    // Before the first layout the width means nothing (a word a line): the plain hint then.
    if (width() >= 8 * fontMetrics().averageCharWidth())
        size.setHeight(std::max(size.height(), heightForWidth(width())));
    return size;
}

void WrappedLabel::resizeEvent(QResizeEvent* event)
{
    QLabel::resizeEvent(event);
    const int fitted = heightForWidth(width());
    if (fitted != m_fittedHeight) {
        m_fittedHeight = fitted;
        updateGeometry(); // the minimum above changed with the width
    }
}

namespace {

class Stacking : public QObject
{
public:
    Stacking(QSplitter* splitter, std::function<int()> tallEnough)
        : QObject(splitter)
        , m_splitter(splitter)
        , m_tallEnough(std::move(tallEnough))
    {
        splitter->installEventFilter(this);
    }

    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (event->type() == QEvent::Resize) {
            // The height does not depend on the orientation (the dock decides it): no back and forth.
            const Qt::Orientation wanted =
                m_splitter->height() >= m_tallEnough() ? Qt::Vertical : Qt::Horizontal;
            if (m_splitter->orientation() != wanted)
                m_splitter->setOrientation(wanted);
        }
        return QObject::eventFilter(watched, event);
    }

private:
    QSplitter* m_splitter;
    std::function<int()> m_tallEnough;
};

} // namespace

void stackWhenTall(QSplitter* splitter, std::function<int()> tallEnough)
{
    new Stacking(splitter, std::move(tallEnough));
}

int headerHeight(const QHeaderView& header)
{
    return std::max(header.sizeHint().height(), header.fontMetrics().height() + 20);
}

int dockHeightFor(const QDockWidget& dock, const QWidget& list, int listHeight, int width)
{
    const QWidget* content = dock.widget();
    const QLayout* layout = content ? content->layout() : nullptr;
    if (!layout)
        return listHeight;
    const QMargins margins = layout->contentsMargins();
    const int inner = width - margins.left() - margins.right();
    int height = margins.top() + margins.bottom();
    int items = 0;
    for (int i = 0; i < layout->count(); ++i) {
        QLayoutItem* item = layout->itemAt(i);
        const QWidget* widget = item->widget();
        if (widget && widget->isHidden())
            continue;
        ++items;
        if (widget && (widget == &list || widget->isAncestorOf(&list)))
            height += listHeight;
        else if (item->hasHeightForWidth())
            height += item->heightForWidth(inner);
        else
            height += item->sizeHint().height();
    }
    if (const auto* box = qobject_cast<const QBoxLayout*>(layout))
        height += std::max(items - 1, 0) * std::max(box->spacing(), 0);
    // The title bar: a line of the title and the style's margins round it.
    const int title = dock.fontMetrics().height()
        + 2 * dock.style()->pixelMetric(QStyle::PM_DockWidgetTitleMargin)
        + 2 * dock.style()->pixelMetric(QStyle::PM_DockWidgetFrameWidth);
    return height + title;
}
