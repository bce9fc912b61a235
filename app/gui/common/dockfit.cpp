// SPDX-License-Identifier: MIT
#include "gui/common/dockfit.h"

#include <QEvent>
#include <QSplitter>

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
