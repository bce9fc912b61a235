// SPDX-License-Identifier: MIT
// A grey line of text inside an item view while its model has no rows, so an empty pane says what
// would fill it (an empty table that says nothing looks broken).
#pragma once

#include <QObject>

#include <functional>

class QAbstractItemView;
class QLabel;

class EmptyViewHint : public QObject
{
    Q_OBJECT
public:
    // `text` is asked again on every change of the model and of the language; an empty text shows
    // no hint (e.g. while another note says why the view is empty). The hint is a child of `view`.
    EmptyViewHint(QAbstractItemView* view, std::function<QString()> text);

    bool isShown() const;
    QString text() const;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void update();

    QAbstractItemView* m_view;
    std::function<QString()> m_text;
    QLabel* m_label;
};
