// SPDX-License-Identifier: MIT
#include "gui/compare/sidebysideview.h"

#include "core/compare/diffposition.h"
#include "gui/codeview/codecolors.h"
#include "gui/codeview/codeview.h"
#include "gui/common/languagechange.h"
#include "gui/compare/diffminimap.h"

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

#include <utility>

namespace {

struct DiffColors
{
    QColor removed; // a line only in A
    QColor added; // a line only in B
    QColor changed; // a line paired with one on the other side
    QColor removedText; // changed characters of A
    QColor addedText; // changed characters of B
};

// The code view's own diff colours: every syntax colour reads at 4.5:1 on them (codecolors.h).
DiffColors diffColors(const QPalette& palette)
{
    const CodeColors colors = codeColorsFor(palette);
    return { colors.diffRemoved, colors.diffAdded, colors.diffChanged, colors.diffRemovedChars,
        colors.diffAddedChars };
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

// One side's rows: its lines of every hunk (paired ones as changed), and the filler rows that
// stand for the other side's lines, hatched in the colour those lines have there.
QVector<CodeRowBackground> sideRows(const dvmlens::TextDiff& diff,
    const std::vector<dvmlens::FillerBlock>& fillers, bool sideA, const DiffColors& colors)
{
    QVector<CodeRowBackground> rows;
    const auto add = [&rows](int first, int last, const QColor& color, bool hatched) {
        if (!rows.isEmpty() && rows.back().lastBlock + 1 == first && rows.back().color == color
            && rows.back().hatched == hatched)
            rows.back().lastBlock = last;
        else
            rows.push_back({ first, last, color, hatched });
    };
    for (const dvmlens::DiffHunk& hunk : diff.hunks) {
        const int start = sideA ? hunk.startA : hunk.startB;
        const int count = sideA ? hunk.countA : hunk.countB;
        const int otherCount = sideA ? hunk.countB : hunk.countA;
        const int pairs = int(hunk.changed.size());
        for (int i = 0; i < count; ++i) {
            // Replaced lines that share little read better as removed and added than as edited.
            const bool edited = i < pairs && hunk.changed[std::size_t(i)].similar;
            const int block = dvmlens::rowOfLine(fillers, start + i) - 1;
            add(block, block, edited ? colors.changed : sideA ? colors.removed : colors.added, false);
        }
        if (otherCount > count) {
            const int after = dvmlens::rowOfLine(fillers, start + count) - 1; // block of the next line
            add(after - (otherCount - count), after - 1, sideA ? colors.added : colors.removed, true);
        }
    }
    return rows;
}

QList<QTextEdit::ExtraSelection> changedCharacters(
    const dvmlens::TextDiff& diff, const CodeView* view, bool sideA, const DiffColors& colors)
{
    QList<QTextEdit::ExtraSelection> ranges;
    const QTextDocument* document = view->editor()->document();
    for (const dvmlens::DiffHunk& hunk : diff.hunks) {
        for (const dvmlens::ChangedLine& changed : hunk.changed) {
            if (!changed.similar)
                continue;
            const QTextBlock block =
                document->findBlockByNumber(view->blockOfLine(sideA ? changed.lineA : changed.lineB));
            if (!block.isValid())
                continue;
            for (const dvmlens::CharRange& range : sideA ? changed.rangesA : changed.rangesB)
                ranges << rangeSelection(block, range, sideA ? colors.removedText : colors.addedText);
        }
    }
    return ranges;
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
        connect(pane.minimap, &DiffMinimap::rowClicked, this, [editor](int row) {
            QScrollBar* bar = editor->verticalScrollBar();
            bar->setValue(row - bar->pageStep() / 2); // the clicked row in the middle; the other side follows
        });
        connect(editor->verticalScrollBar(), &QScrollBar::rangeChanged, this,
            [this, side] { updateMinimapFrame(side); });
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
    // Equal lines stay neutral (as in meld): the backend shows in the margin stripe, never as a
    // band a diff colour could be mistaken for.
    pane.code->setLineBandsShown(false);
    pane.placeholder = new QLabel;
    pane.placeholder->setAlignment(Qt::AlignCenter);
    pane.placeholder->setWordWrap(true);
    pane.placeholder->setForegroundRole(QPalette::PlaceholderText);
    pane.stack = new QStackedWidget;
    pane.stack->addWidget(pane.code);
    pane.stack->addWidget(pane.placeholder);
    pane.minimap = new DiffMinimap;
    auto* body = new QHBoxLayout;
    body->setContentsMargins(0, 0, 0, 0);
    body->setSpacing(0);
    body->addWidget(pane.stack, 1);
    body->addWidget(pane.minimap);
    auto* layout = new QVBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(pane.title);
    layout->addLayout(body, 1);
    return box;
}

void SideBySideView::setOrigins(const QString& a, const QString& b)
{
    m_panes[SideA].origin = a;
    m_panes[SideB].origin = b;
}

void SideBySideView::clear()
{
    setOrigins({}, {});
    showContents({ {}, nullptr, nullptr, tr("Select a graph pair to compare its output_code.py files.") },
        { {}, nullptr, nullptr, {} });
    m_showsPrompt = true;
}

void SideBySideView::showContents(const Content& a, const Content& b)
{
    m_diffJob->discard();
    m_showsPrompt = false;
    m_ready = false;
    m_hasDiff = false;
    m_diff = {};
    m_alignment = {};
    m_current = -1;
    m_between = false;
    for (Pane& pane : m_panes) {
        pane.code->editor()->setExtraSelections({});
        pane.code->setRowBackgrounds({});
        pane.minimap->setDifferences({}, 0);
    }
    // The graph folder and file name tell the sides apart; the full path is in the tooltip.
    const auto shortPath = [](const QString& path) {
        const QFileInfo file(path);
        return path.isEmpty() ? QStringLiteral("—")
                              : file.dir().dirName() + QLatin1Char('/') + file.fileName();
    };
    for (auto [pane, content] : { std::pair(&m_panes[SideA], &a), std::pair(&m_panes[SideB], &b) }) {
        pane->shortPath = pane->origin.isEmpty() || content->path.isEmpty()
            ? shortPath(content->path)
            : pane->origin + QStringLiteral(" · ") + shortPath(content->path);
    }
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
    pane.code->showFile(content.path, content.files, content.code);
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
            auto aligned = std::make_shared<AlignedDiff>();
            aligned->diff = dvmlens::diffTexts(textA, textB);
            aligned->alignment = dvmlens::alignTexts(aligned->diff);
            return std::shared_ptr<const AlignedDiff>(std::move(aligned));
        },
        [this](std::shared_ptr<const AlignedDiff> diff) { applyDiff(std::move(diff)); });
}

void SideBySideView::applyDiff(std::shared_ptr<const AlignedDiff> diff)
{
    m_diff = diff->diff;
    m_alignment = diff->alignment;
    m_hasDiff = true;
    m_syncing = true; // inserting rows moves the scroll bars
    m_panes[SideA].code->setFillers(m_alignment.fillersA);
    m_panes[SideB].code->setFillers(m_alignment.fillersB);
    m_syncing = false;
    m_panes[SideB].code->editor()->verticalScrollBar()->setValue(
        m_panes[SideA].code->editor()->verticalScrollBar()->value());
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
        Pane& pane = m_panes[side];
        const QVector<CodeRowBackground> rows = sideRows(
            m_diff, side == SideA ? m_alignment.fillersA : m_alignment.fillersB, side == SideA, colors);
        pane.code->setRowBackgrounds(rows);
        pane.code->editor()->setExtraSelections(changedCharacters(m_diff, pane.code, side == SideA, colors));
        pane.minimap->setDifferences(rows, m_alignment.rows);
        updateMinimapFrame(side);
    }
}

void SideBySideView::updateMinimapFrame(Side side)
{
    QPlainTextEdit* editor = m_panes[side].code->editor();
    m_panes[side].minimap->setVisibleRows(
        editor->verticalScrollBar()->value(), editor->verticalScrollBar()->pageStep());
}

void SideBySideView::syncScroll(Side from, int value)
{
    updateMinimapFrame(from);
    if (m_syncing || !m_hasDiff)
        return;
    // Both sides have the same rows (fillers included): the same scroll value shows the same rows.
    m_syncing = true;
    m_panes[from == SideA ? SideB : SideA].code->editor()->verticalScrollBar()->setValue(value);
    m_syncing = false;
    updateMinimapFrame(from == SideA ? SideB : SideA);
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

const dvmlens::TextAlignment& SideBySideView::alignment() const
{
    return m_alignment;
}

DiffMinimap* SideBySideView::minimap(Side side) const
{
    return m_panes[side].minimap;
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
    else if (m_between && m_current < 0)
        text = tr("before difference 1 of %1").arg(count);
    else if (m_between)
        text = tr("after difference %1 of %2").arg(m_current + 1).arg(count);
    else if (m_current < 0)
        text = count == 1 ? tr("1 difference") : tr("%1 differences").arg(count);
    else
        text = tr("%1 of %2 differences").arg(m_current + 1).arg(count);
    m_differenceLabel->setText(text);
    m_next->setEnabled(m_hasDiff && m_current + 1 < count);
    m_previous->setEnabled(m_hasDiff && (m_between ? m_current >= 0 : m_current > 0));
}

bool SideBySideView::isBetweenDifferences() const
{
    return m_between;
}

void SideBySideView::goToDifference(int index)
{
    if (!m_hasDiff || index < 0 || index >= differenceCount())
        return;
    m_current = index;
    m_between = false;
    const dvmlens::DiffHunk& hunk = m_diff.hunks[std::size_t(index)];
    moveToLines(hunk.startA, hunk.startB);
    updateDifferenceLabel();
}

void SideBySideView::goToNextDifference()
{
    goToDifference(m_current + 1);
}

void SideBySideView::goToPreviousDifference()
{
    goToDifference(m_between ? m_current : m_current - 1);
}

void SideBySideView::goToLines(int lineA, int lineB)
{
    moveToLines(lineA, lineB);
    if (!m_hasDiff)
        return;
    // F7 after picking a fusion goes on from the fusion, and the counter says where that is.
    const dvmlens::DiffPosition position = dvmlens::diffPositionOf(m_diff, lineA, lineB);
    m_current = position.hunk;
    m_between = !position.inside;
    updateDifferenceLabel();
}

void SideBySideView::moveToLines(int lineA, int lineB)
{
    m_syncing = true;
    if (lineA > 0 && !isPlaceholderShown(SideA))
        m_panes[SideA].code->goToLine(lineA);
    if (lineB > 0 && !isPlaceholderShown(SideB))
        m_panes[SideB].code->goToLine(lineB);
    // Aligned rows: the side asked first sets the scroll position of both.
    if (m_hasDiff && (lineA > 0 || lineB > 0)) {
        const Side leader = lineA > 0 ? SideA : SideB;
        m_panes[leader == SideA ? SideB : SideA].code->editor()->verticalScrollBar()->setValue(
            m_panes[leader].code->editor()->verticalScrollBar()->value());
    }
    m_syncing = false;
    updateMinimapFrame(SideA);
    updateMinimapFrame(SideB);
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
