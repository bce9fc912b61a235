// SPDX-License-Identifier: MIT
#include "gui/codeview/findbar.h"

#include "gui/common/languagechange.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QIntValidator>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QStyle>
#include <QToolButton>

#include <limits>

FindBar::FindBar(QWidget* parent)
    : QWidget(parent)
    , m_findField(new QLineEdit(this))
    , m_previous(new QToolButton(this))
    , m_next(new QToolButton(this))
    , m_matchCase(new QCheckBox(this))
    , m_count(new QLabel(this))
    , m_lineField(new QLineEdit(this))
    , m_close(new QToolButton(this))
{
    m_findField->setClearButtonEnabled(true);
    m_findField->setObjectName(QStringLiteral("findField"));
    m_previous->setArrowType(Qt::UpArrow);
    m_next->setArrowType(Qt::DownArrow);
    m_count->setObjectName(QStringLiteral("matchCount"));
    m_count->setMinimumWidth(fontMetrics().horizontalAdvance(QStringLiteral("99999 of 99999")));
    m_lineField->setObjectName(QStringLiteral("lineField"));
    m_lineField->setValidator(new QIntValidator(1, std::numeric_limits<int>::max(), m_lineField));
    m_lineField->setMaximumWidth(fontMetrics().horizontalAdvance(QLatin1Char('9')) * 12);
    m_close->setIcon(style()->standardIcon(QStyle::SP_TitleBarCloseButton));
    m_close->setAutoRaise(true);

    auto* layout = new QHBoxLayout(this);
    const int margin = fontMetrics().height() / 4;
    layout->setContentsMargins(margin, margin, margin, margin);
    layout->addWidget(m_findField, 1);
    layout->addWidget(m_previous);
    layout->addWidget(m_next);
    layout->addWidget(m_matchCase);
    layout->addWidget(m_count);
    layout->addSpacing(fontMetrics().height());
    auto* lineLabel = new QLabel(this);
    layout->addWidget(lineLabel);
    layout->addWidget(m_lineField);
    layout->addWidget(m_close);
    translateNowAndOnChange(this, [this, lineLabel] {
        m_findField->setPlaceholderText(tr("Find"));
        m_previous->setToolTip(tr("Previous match (Shift+Enter)"));
        m_next->setToolTip(tr("Next match (Enter)"));
        m_matchCase->setText(tr("Match case"));
        m_lineField->setPlaceholderText(tr("Line"));
        m_lineField->setToolTip(tr("Go to line (Ctrl+G)"));
        m_close->setToolTip(tr("Close (Esc)"));
        lineLabel->setText(tr("Go to line:"));
        showMatchCount();
    });

    m_findField->installEventFilter(this);
    connect(m_findField, &QLineEdit::textChanged, this, &FindBar::searchChanged);
    connect(m_matchCase, &QCheckBox::toggled, this, &FindBar::searchChanged);
    connect(m_previous, &QToolButton::clicked, this, &FindBar::findPrevious);
    connect(m_next, &QToolButton::clicked, this, &FindBar::findNext);
    connect(m_lineField, &QLineEdit::returnPressed, this, [this] {
        bool ok = false;
        const int line = m_lineField->text().toInt(&ok);
        if (ok)
            Q_EMIT goToLineRequested(line);
    });
    connect(m_close, &QToolButton::clicked, this, [this] {
        hide();
        Q_EMIT closed();
    });
}

QString FindBar::text() const
{
    return m_findField->text();
}

bool FindBar::matchCase() const
{
    return m_matchCase->isChecked();
}

void FindBar::setMatchCount(int current, int total)
{
    m_matchCurrent = current;
    m_matchTotal = total;
    showMatchCount();
}

void FindBar::showMatchCount()
{
    const int current = m_matchCurrent;
    const int total = m_matchTotal;
    if (m_findField->text().isEmpty())
        m_count->clear();
    else if (total == 0)
        m_count->setText(tr("No matches"));
    else if (current == 0)
        m_count->setText(tr("%n match(es)", nullptr, total));
    else
        m_count->setText(tr("%1 of %2").arg(current).arg(total));
}

QString FindBar::matchCountText() const
{
    return m_count->text();
}

void FindBar::showFind(const QString& initialText)
{
    show();
    if (!initialText.isEmpty())
        m_findField->setText(initialText);
    m_findField->setFocus(Qt::ShortcutFocusReason);
    m_findField->selectAll();
}

void FindBar::showGoToLine(int currentLine, int lineCount)
{
    show();
    m_lineField->setPlaceholderText(tr("1–%1").arg(std::max(1, lineCount)));
    m_lineField->setText(QString::number(currentLine));
    m_lineField->setFocus(Qt::ShortcutFocusReason);
    m_lineField->selectAll();
}

QLineEdit* FindBar::findField() const
{
    return m_findField;
}

QLineEdit* FindBar::lineField() const
{
    return m_lineField;
}

bool FindBar::eventFilter(QObject* watched, QEvent* event)
{
    // Enter finds forward, Shift+Enter backward (QLineEdit::returnPressed cannot tell them apart).
    if (watched == m_findField && event->type() == QEvent::KeyPress) {
        const auto* key = static_cast<QKeyEvent*>(event);
        if (key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter) {
            if (key->modifiers() & Qt::ShiftModifier)
                Q_EMIT findPrevious();
            else
                Q_EMIT findNext();
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

void FindBar::keyPressEvent(QKeyEvent* event)
{
    if (event->key() == Qt::Key_Escape) {
        hide();
        Q_EMIT closed();
        return;
    }
    QWidget::keyPressEvent(event);
}
