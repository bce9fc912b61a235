// SPDX-License-Identifier: MIT
// Panes of a bottom dock that stay readable when the dock is short and wide (issue 29 #11): a dock
// spanning the window's width below the code is a few hundred pixels tall, so a list stacked above
// its details showed 2½ rows, and a wrapped explanation above a table was cut mid-line.
#pragma once

#include <QLabel>

#include <functional>

class QSplitter;

// A word-wrapped label that is never made shorter than its text needs at its width: the layout
// gives the table below it less room, never the explanation.
class WrappedLabel : public QLabel
{
public:
    explicit WrappedLabel(QWidget* parent = nullptr);
    QSize minimumSizeHint() const override;

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    int m_fittedHeight = -1; // the height asked for at the last width
};

// Lays `splitter`'s panes one above the other while it is at least `tallEnough()` pixels high, side
// by side otherwise, so the first pane keeps its rows in a short dock.
void stackWhenTall(QSplitter* splitter, std::function<int()> tallEnough);

class QDockWidget;
class QHeaderView;

// A header's height, also before it has columns (its size hint is then a few pixels).
int headerHeight(const QHeaderView& header);

// The height `dock` needs to show `listHeight` pixels of `list` (a view, or a splitter holding it)
// when it is `width` wide: its title bar, margins and spacing, and what is stacked above and below
// the list at their heights for that width (a wrapped explanation, a filter).
int dockHeightFor(const QDockWidget& dock, const QWidget& list, int listHeight, int width);
