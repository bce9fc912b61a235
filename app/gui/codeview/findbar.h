// SPDX-License-Identifier: MIT
// The code view's find bar: a search field with previous/next, "match case" and an "n of m" count,
// plus a go-to-line field. It only edits and reports; the view searches and moves the cursor.
#pragma once

#include <QWidget>

class QCheckBox;
class QLabel;
class QLineEdit;
class QToolButton;

class FindBar : public QWidget
{
    Q_OBJECT
public:
    explicit FindBar(QWidget* parent = nullptr);

    QString text() const;
    bool matchCase() const;
    void setMatchCount(int current, int total); // current is 1-based; 0 when nothing is selected
    QString matchCountText() const;

    void showFind(const QString& initialText = QString()); // shows the bar, focuses and selects the field
    void showGoToLine(int currentLine, int lineCount);

    QLineEdit* findField() const;
    QLineEdit* lineField() const;

Q_SIGNALS:
    void searchChanged(); // text or match case changed
    void findNext();
    void findPrevious();
    void goToLineRequested(int line);
    void closed();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;

private:
    void showMatchCount();

    QLineEdit* m_findField;
    QToolButton* m_previous;
    QToolButton* m_next;
    QCheckBox* m_matchCase;
    QLabel* m_count;
    QLineEdit* m_lineField;
    QToolButton* m_close;
    int m_matchCurrent = 0; // the last setMatchCount, shown again in a new language
    int m_matchTotal = 0;
};
