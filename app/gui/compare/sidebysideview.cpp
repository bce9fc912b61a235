// SPDX-License-Identifier: MIT
#include "compare/sidebysideview.h"

#include "codeview/codeview.h"
#include "common/themes.h"
#include "shell/languagechange.h"

#include <QAction>
#include <QDir>
#include <QEvent>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QScrollBar>
#include <QSplitter>
#include <QStackedWidget>
#include <QStyle>
#include <QTextBlock>
#include <QTextDocument>
#include <QToolBar>
#include <QVBoxLayout>

namespace {

struct DiffColors
{
    QColor removed; // a line only in A
    QColor added; // a line only in B
    QColor changed; // a line paired with one on the other side
    QColor removedText; // changed characters of A
    QColor addedText; // changed characters of B
};

// Tints that keep the syntax colours readable: pale on light bases, deep on dark ones.
DiffColors diffColors(const QPalette& palette)
{
    if (isDarkPalette(palette))
        return { QColor(0x4b, 0x25, 0x2a), QColor(0x1f, 0x40, 0x2a), QColor(0x24, 0x36, 0x4d),
            QColor(0x8c, 0x36, 0x40), QColor(0x2c, 0x75, 0x42) };
    return { QColor(0xfd, 0xe4, 0xe4), QColor(0xe2, 0xf6, 0xe2), QColor(0xe4, 0xed, 0xfb),
        QColor(0xf4, 0xa9, 0xa9), QColor(0x9c, 0xdc, 0x9f) };
}

// Lines [first, last] in one colour. Full width only reaches the window's edge on a selection's
// last line, so lines get one selection each, unless there are so many that every repaint would
// crawl through them (SideBySideView::kMaxLineSelections): then a run of lines shares one.
QTextEdit::ExtraSelection linesSelection(const QTextBlock& first, const QTextBlock& last, const QColor& color)
{
    QTextEdit::ExtraSelection selection;
    selection.cursor = QTextCursor(first);
    selection.cursor.setPosition(last.position() + last.length() - 1, QTextCursor::KeepAnchor);
    selection.format.setBackground(color);
    selection.format.setProperty(QTextFormat::FullWidthSelection, true);
    return selection;
}

QTextEdit::ExtraSelection rangeSelection(
    const QTextBlock& block, const dvmlens::CharRange& range, const QColor& color)
{
    QTextEdit::ExtraSelection selection;
    selection.cursor = QTextCursor(block);
    const int end = std::min(range.start + range.length, block.length() - 1);
    selection.cursor.setPosition(block.position() + std::min(range.start, end));
    selection.cursor.setPosition(block.position() + end, QTextCursor::KeepAnchor);
    selection.format.setBackground(color);
    return selection;
}

// Paints one side: its lines of every hunk, paired ones as changed, and their changed characters.
QList<QTextEdit::ExtraSelection> sideSelections(
    const dvmlens::TextDiff& diff, QTextDocument* document, bool sideA, const DiffColors& colors)
{
    int paintedLines = 0;
    for (const dvmlens::DiffHunk& hunk : diff.hunks)
        paintedLines += sideA ? hunk.countA : hunk.countB;
    const bool linePerSelection = paintedLines <= SideBySideView::kMaxLineSelections;
    QList<QTextEdit::ExtraSelection> lines;
    QList<QTextEdit::ExtraSelection> ranges;
    QTextBlock runStart;
    QTextBlock runEnd;
    QColor runColor;
    const auto flush = [&] {
        if (runStart.isValid())
            lines << linesSelection(runStart, runEnd, runColor);
        runStart = QTextBlock();
    };
    for (const dvmlens::DiffHunk& hunk : diff.hunks) {
        const int start = sideA ? hunk.startA : hunk.startB;
        const int count = sideA ? hunk.countA : hunk.countB;
        const int pairs = int(hunk.changed.size());
        QTextBlock block = document->findBlockByNumber(start - 1);
        for (int i = 0; i < count && block.isValid(); ++i, block = block.next()) {
            // Replaced lines that share little read better as removed and added than as edited.
            const bool edited = i < pairs && hunk.changed[std::size_t(i)].similar;
            const QColor color = edited ? colors.changed : sideA ? colors.removed : colors.added;
            if (runStart.isValid() && (linePerSelection || color != runColor || runEnd.next() != block))
                flush();
            if (!runStart.isValid()) {
                runStart = block;
                runColor = color;
            }
            runEnd = block;
            if (!edited)
                continue;
            const dvmlens::ChangedLine& changed = hunk.changed[std::size_t(i)];
            for (const dvmlens::CharRange& range : sideA ? changed.rangesA : changed.rangesB)
                ranges << rangeSelection(block, range, sideA ? colors.removedText : colors.addedText);
        }
        flush();
    }
    return lines + ranges; // ranges last, so they paint over their line
}

} // namespace

SideBySideView::SideBySideView(QWidget* parent)
    : QWidget(parent)
    , m_next(new QAction(this))
    , m_previous(new QAction(this))
    , m_differenceLabel(new QLabel)
    , m_diffJob(new JobRunner(this, 1))
{
    setObjectName(QStringLiteral("SideBySideView"));
    m_next->setIcon(style()->standardIcon(QStyle::SP_ArrowDown));
    m_next->setShortcut(QKeySequence(Qt::Key_F7));
    m_previous->setIcon(style()->standardIcon(QStyle::SP_ArrowUp));
    m_previous->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_F7));
    for (QAction* action : { m_previous, m_next }) {
        action->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        addAction(action);
    }
    connect(m_next, &QAction::triggered, this, &SideBySideView::goToNextDifference);
    connect(m_previous, &QAction::triggered, this, &SideBySideView::goToPreviousDifference);

    auto* toolBar = new QToolBar;
    toolBar->setIconSize(QSize(16, 16));
    toolBar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    toolBar->addAction(m_previous);
    toolBar->addAction(m_next);
    toolBar->addSeparator();
    m_differenceLabel->setObjectName(QStringLiteral("DifferenceLabel"));
    toolBar->addWidget(m_differenceLabel);

    auto* splitter = new QSplitter(Qt::Horizontal);
    splitter->setChildrenCollapsible(false);
    splitter->addWidget(createPane(m_panes[SideA]));
    splitter->addWidget(createPane(m_panes[SideB]));

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(toolBar);
    layout->addWidget(splitter, 1);

    for (Side side : { SideA, SideB }) {
        Pane& pane = m_panes[side];
        connect(pane.code, &CodeView::loaded, this, [this, &pane](const QString& path) {
            if (path == pane.code->currentPath())
                onPaneLoaded(pane, true);
        });
        connect(pane.code, &CodeView::loadFailed, this, [this, &pane](const QString& path) {
            if (path == pane.code->currentPath())
                onPaneLoaded(pane, false);
        });
        QPlainTextEdit* editor = pane.code->editor();
        connect(editor->verticalScrollBar(), &QScrollBar::valueChanged, this,
            [this, side](int value) { syncScroll(side, value); });
        connect(editor->horizontalScrollBar(), &QScrollBar::valueChanged, this, [this, side](int value) {
            if (m_syncing)
                return;
            m_syncing = true;
            m_panes[side == SideA ? SideB : SideA].code->editor()->horizontalScrollBar()->setValue(value);
            m_syncing = false;
        });
    }
    clear();
    translateNowAndOnChange(this, [this] {
        m_next->setText(tr("&Next Difference"));
        m_previous->setText(tr("&Previous Difference"));
        for (QAction* action : { m_previous, m_next })
            action->setToolTip(QStringLiteral("%1 (%2)").arg(action->text().remove(QLatin1Char('&')),
                action->shortcut().toString(QKeySequence::NativeText)));
        updateDifferenceLabel();
        updateTitles();
        if (m_showsPrompt)
            m_panes[SideA].placeholder->setText(
                tr("Select a graph pair to compare its output_code.py files."));
    });
}

SideBySideView::~SideBySideView()
{
    delete m_diffJob; // waits for a running diff
    // The panes go one after the other, and a dying editor still moves its scroll bars.
    for (Pane& pane : m_panes) {
        disconnect(pane.code, nullptr, this, nullptr);
        disconnect(pane.code->editor()->verticalScrollBar(), nullptr, this, nullptr);
        disconnect(pane.code->editor()->horizontalScrollBar(), nullptr, this, nullptr);
    }
}

QWidget* SideBySideView::createPane(Pane& pane)
{
    auto* box = new QWidget;
    pane.title = new QLabel;
    pane.title->setSizePolicy(
        QSizePolicy::Ignored, QSizePolicy::Preferred); // long paths must not widen the window
    pane.title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    pane.title->setContentsMargins(4, 2, 4, 2);
    pane.code = new CodeView;
    pane.placeholder = new QLabel;
    pane.placeholder->setAlignment(Qt::AlignCenter);
    pane.placeholder->setWordWrap(true);
    pane.placeholder->setForegroundRole(QPalette::PlaceholderText);
    pane.stack = new QStackedWidget;
    pane.stack->addWidget(pane.code);
    pane.stack->addWidget(pane.placeholder);
    auto* layout = new QVBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(pane.title);
    layout->addWidget(pane.stack, 1);
    return box;
}

void SideBySideView::clear()
{
    showContents(
        { {}, nullptr, tr("Select a graph pair to compare its output_code.py files.") }, { {}, nullptr, {} });
    m_showsPrompt = true;
}

void SideBySideView::showContents(const Content& a, const Content& b)
{
    m_diffJob->discard();
    m_showsPrompt = false;
    m_ready = false;
    m_hasDiff = false;
    m_diff = {};
    m_current = -1;
    for (Pane& pane : m_panes)
        pane.code->editor()->setExtraSelections({});
    // The graph folder and file name tell the sides apart; the full path is in the tooltip.
    const auto shortPath = [](const QString& path) {
        const QFileInfo file(path);
        return path.isEmpty() ? QStringLiteral("—")
                              : file.dir().dirName() + QLatin1Char('/') + file.fileName();
    };
    m_panes[SideA].shortPath = shortPath(a.path);
    m_panes[SideB].shortPath = shortPath(b.path);
    updateTitles();
    showContent(m_panes[SideA], a);
    showContent(m_panes[SideB], b);
    updateDifferenceLabel();
    startDiffWhenLoaded();
}

void SideBySideView::updateTitles()
{
    m_panes[SideA].title->setText(tr("A: %1").arg(m_panes[SideA].shortPath));
    m_panes[SideB].title->setText(tr("B: %1").arg(m_panes[SideB].shortPath));
}

void SideBySideView::showContent(Pane& pane, const Content& content)
{
    pane.title->setToolTip(QDir::toNativeSeparators(content.path));
    if (content.path.isEmpty()) {
        pane.code->clear();
        pane.placeholder->setText(content.placeholder);
        pane.stack->setCurrentWidget(pane.placeholder);
        pane.waiting = false;
        pane.hasText = false;
        return;
    }
    pane.stack->setCurrentWidget(pane.code);
    pane.code->showFile(content.path, content.code);
    pane.waiting = pane.code->isLoading();
    pane.hasText = !pane.waiting && pane.code->message().isEmpty();
}

void SideBySideView::onPaneLoaded(Pane& pane, bool ok)
{
    if (!pane.waiting)
        return;
    pane.waiting = false;
    pane.hasText = ok;
    startDiffWhenLoaded();
}

void SideBySideView::startDiffWhenLoaded()
{
    if (m_panes[SideA].waiting || m_panes[SideB].waiting)
        return;
    if (!m_panes[SideA].hasText || !m_panes[SideB].hasText) {
        m_ready = true;
        updateDifferenceLabel();
        Q_EMIT ready();
        return;
    }
    const QString textA = m_panes[SideA].code->editor()->document()->toPlainText();
    const QString textB = m_panes[SideB].code->editor()->document()->toPlainText();
    m_diffJob->start(
        [textA, textB](JobContext&) {
            return std::make_shared<const dvmlens::TextDiff>(dvmlens::diffTexts(textA, textB));
        },
        [this](std::shared_ptr<const dvmlens::TextDiff> diff) { applyDiff(std::move(diff)); });
}

void SideBySideView::applyDiff(std::shared_ptr<const dvmlens::TextDiff> diff)
{
    m_diff = *diff;
    m_hasDiff = true;
    paintDiff();
    m_ready = true;
    updateDifferenceLabel();
    Q_EMIT ready();
}

void SideBySideView::paintDiff()
{
    if (!m_hasDiff)
        return;
    const DiffColors colors = diffColors(palette());
    for (Side side : { SideA, SideB }) {
        QPlainTextEdit* editor = m_panes[side].code->editor();
        editor->setExtraSelections(sideSelections(m_diff, editor->document(), side == SideA, colors));
    }
}

void SideBySideView::syncScroll(Side from, int value)
{
    if (m_syncing || !m_hasDiff)
        return;
    // Without wrapping, the scroll value is the first visible line (0-based).
    const int line = value + 1;
    const int other =
        from == SideA ? dvmlens::alignedLineInB(m_diff, line) : dvmlens::alignedLineInA(m_diff, line);
    m_syncing = true;
    m_panes[from == SideA ? SideB : SideA].code->editor()->verticalScrollBar()->setValue(other - 1);
    m_syncing = false;
}

bool SideBySideView::isReady() const
{
    return m_ready;
}

bool SideBySideView::hasDiff() const
{
    return m_hasDiff;
}

const dvmlens::TextDiff& SideBySideView::diff() const
{
    return m_diff;
}

CodeView* SideBySideView::codeView(Side side) const
{
    return m_panes[side].code;
}

bool SideBySideView::isPlaceholderShown(Side side) const
{
    return m_panes[side].stack->currentWidget() == m_panes[side].placeholder;
}

void SideBySideView::setPlaceholderText(Side side, const QString& text)
{
    m_panes[side].placeholder->setText(text);
}

QString SideBySideView::placeholderText(Side side) const
{
    return isPlaceholderShown(side) ? m_panes[side].placeholder->text() : QString();
}

int SideBySideView::differenceCount() const
{
    return int(m_diff.hunks.size());
}

int SideBySideView::currentDifference() const
{
    return m_current;
}

QString SideBySideView::differenceLabelText() const
{
    return m_differenceLabel->text();
}

void SideBySideView::updateDifferenceLabel()
{
    const int count = differenceCount();
    QString text;
    if (!m_ready)
        text = tr("Comparing…");
    else if (!m_hasDiff)
        text = tr("Nothing to compare");
    else if (count == 0)
        text = m_diff.lineEndingsDiffer ? tr("Identical except line endings") : tr("Identical");
    else if (m_current < 0)
        text = count == 1 ? tr("1 difference") : tr("%1 differences").arg(count);
    else
        text = tr("%1 of %2 differences").arg(m_current + 1).arg(count);
    m_differenceLabel->setText(text);
    m_next->setEnabled(m_hasDiff && m_current + 1 < count);
    m_previous->setEnabled(m_hasDiff && m_current > 0);
}

void SideBySideView::goToDifference(int index)
{
    if (!m_hasDiff || index < 0 || index >= differenceCount())
        return;
    m_current = index;
    const dvmlens::DiffHunk& hunk = m_diff.hunks[std::size_t(index)];
    goToLines(hunk.startA, hunk.startB);
    updateDifferenceLabel();
}

void SideBySideView::goToNextDifference()
{
    goToDifference(m_current + 1);
}

void SideBySideView::goToPreviousDifference()
{
    goToDifference(m_current - 1);
}

void SideBySideView::goToLines(int lineA, int lineB)
{
    m_syncing = true;
    if (lineA > 0 && !isPlaceholderShown(SideA))
        m_panes[SideA].code->goToLine(lineA);
    if (lineB > 0 && !isPlaceholderShown(SideB))
        m_panes[SideB].code->goToLine(lineB);
    m_syncing = false;
}

QAction* SideBySideView::nextDifferenceAction() const
{
    return m_next;
}

QAction* SideBySideView::previousDifferenceAction() const
{
    return m_previous;
}

void SideBySideView::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        paintDiff();
}
