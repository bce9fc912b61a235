// SPDX-License-Identifier: MIT
#include "gui/codeview/codeview.h"

#include "gui/codeview/codeeditor.h"
#include "gui/codeview/codehighlighter.h"
#include "gui/codeview/codelegend.h"
#include "gui/codeview/filetextloader.h"
#include "gui/codeview/findbar.h"
#include "gui/common/languagechange.h"
#include "gui/common/timing.h"

#include <QAction>
#include <QEvent>
#include <QFileInfo>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QScrollBar>
#include <QStackedWidget>
#include <QTextBlock>
#include <QTextDocument>
#include <QVBoxLayout>

#include <algorithm>
#include <utility>

namespace {

// A load that takes longer than this shows "Loading…"; quicker ones switch without a flash.
constexpr int kLoadingMessageDelayMs = 150;

QString invalidUtf8Note()
{
    return CodeView::tr("Some bytes are not valid UTF-8; they are shown as %1.")
        .arg(QChar(QChar::ReplacementCharacter));
}

} // namespace

CodeView::CodeView(QWidget* parent)
    : QWidget(parent)
    , m_editor(new CodeEditor(this))
    , m_pages(new QStackedWidget(this))
    , m_message(new QLabel(this))
    , m_note(new QLabel(this))
    , m_legend(new CodeLegend(this))
    , m_findBar(new FindBar(this))
    , m_loader(new FileTextLoader(this))
{
    m_message->setAlignment(Qt::AlignCenter);
    m_message->setWordWrap(true);
    m_message->setTextFormat(Qt::PlainText);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_message->setObjectName(QStringLiteral("codeViewMessage"));
    m_message->setMargin(fontMetrics().height());
    m_note->setWordWrap(true);
    m_note->setTextFormat(Qt::PlainText);
    m_note->setObjectName(QStringLiteral("codeViewNote"));
    m_note->setContentsMargins(fontMetrics().height() / 2, 0, 0, 0);
    m_note->hide();
    m_legend->hide();
    m_findBar->hide();

    m_pages->addWidget(m_editor);
    m_pages->addWidget(m_message);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_legend);
    layout->addWidget(m_note);
    layout->addWidget(m_pages, 1);
    layout->addWidget(m_findBar);

    m_document = plainTextDocument(QString(), m_editor->font());
    m_editor->showDocument(m_document.get());

    m_loadingMessageDelay.setSingleShot(true);
    m_loadingMessageDelay.setInterval(kLoadingMessageDelayMs);
    connect(&m_loadingMessageDelay, &QTimer::timeout, this, [this] {
        if (isLoading())
            showMessage(tr("Loading %1…").arg(QFileInfo(m_path).fileName()));
    });
    connect(m_loader, &FileTextLoader::finished, this, &CodeView::onLoadFinished);
    connect(m_editor, &QPlainTextEdit::cursorPositionChanged, this,
        [this] { Q_EMIT cursorLineChanged(cursorLine()); });

    connect(m_findBar, &FindBar::searchChanged, this, &CodeView::updateMatches);
    connect(m_findBar, &FindBar::findNext, this, &CodeView::findNext);
    connect(m_findBar, &FindBar::findPrevious, this, &CodeView::findPrevious);
    connect(m_findBar, &FindBar::goToLineRequested, this, [this](int line) {
        goToLine(line);
        m_editor->setFocus(Qt::OtherFocusReason);
    });
    connect(m_findBar, &FindBar::closed, this, [this] { m_editor->setFocus(Qt::OtherFocusReason); });

    m_editor->installEventFilter(this);
    if (timing::enabled()) // when a loaded file's first screen is painted
        m_editor->viewport()->installEventFilter(this);
    setUpActions();
}

CodeView::~CodeView()
{
    // The highlighter and the editor refer to the document: let go of them first.
    m_highlighter.reset();
    m_editor->setDocument(nullptr);
}

void CodeView::setUpActions()
{
    const auto makeAction = [this](const QKeySequence& shortcut) {
        auto* action = new QAction(this);
        action->setShortcut(shortcut);
        action->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        addAction(action);
        return action;
    };
    m_findAction = makeAction(QKeySequence::Find);
    m_goToLineAction = makeAction(QKeySequence(Qt::CTRL | Qt::Key_G));
    m_nextDvmKernelAction = makeAction(QKeySequence(Qt::Key_F8));
    m_previousDvmKernelAction = makeAction(QKeySequence(Qt::SHIFT | Qt::Key_F8));
    translateNowAndOnChange(this, [this] {
        m_findAction->setText(tr("&Find…"));
        m_goToLineAction->setText(tr("&Go to Line…"));
        m_nextDvmKernelAction->setText(tr("&Next DVM Kernel"));
        m_previousDvmKernelAction->setText(tr("&Previous DVM Kernel"));
        if (!m_note->isHidden()) // the only note there is
            showNote(invalidUtf8Note());
    });

    connect(m_findAction, &QAction::triggered, this, [this] {
        m_findBar->showFind(m_editor->textCursor().selectedText().section(QChar::ParagraphSeparator, 0, 0));
    });
    connect(m_goToLineAction, &QAction::triggered, this,
        [this] { m_findBar->showGoToLine(cursorLine(), m_editor->lineCount()); });
    connect(m_nextDvmKernelAction, &QAction::triggered, this, &CodeView::goToNextDvmKernel);
    connect(m_previousDvmKernelAction, &QAction::triggered, this, &CodeView::goToPreviousDvmKernel);
    setHasText(false);
}

void CodeView::setHasText(bool hasText)
{
    // Find, Go to Line and F8 act on text: greyed out while there is none (nothing open, loading,
    // a file that could not be shown), so the menu says what can be done.
    for (QAction* action :
        { m_findAction, m_goToLineAction, m_nextDvmKernelAction, m_previousDvmKernelAction })
        action->setEnabled(hasText);
}

void CodeView::showFile(const QString& path, std::shared_ptr<const dvmlens::Container> files,
    const dvmlens::OutputCode* code, const dvmlens::GraphWhy* why)
{
    m_marks = code ? codeMarksFor(*code, why) : QVector<CodeMark>();
    m_hasCode = code != nullptr;
    if (path == m_path && !isLoading() && !m_path.isEmpty() && message().isEmpty()
        && m_editor->fillers().empty()) {
        applyMarks();
        return;
    }
    m_path = path;
    m_pendingLine = 0;
    m_pendingLastLine = 0;
    m_pendingLinkedLines.clear();
    setHasText(false);
    m_showingPrefix = false;
    timing::mark("code-requested", false);
    m_loader->start(path, std::move(files), m_editor->font());
    m_loadingMessageDelay.start();
}

void CodeView::clear()
{
    m_loader->cancel();
    m_loadingMessageDelay.stop();
    m_showingPrefix = false;
    m_path.clear();
    m_marks.clear();
    m_hasCode = false;
    m_pendingLine = 0;
    m_pendingLastLine = 0;
    m_pendingLinkedLines.clear();
    replaceDocument(plainTextDocument(QString(), m_editor->font()));
    m_text.clear();
    m_pages->setCurrentWidget(m_editor);
    m_message->clear();
    showNote(QString());
    applyMarks();
    updateMatches();
    setHasText(false);
}

QString CodeView::currentPath() const
{
    return m_path;
}

bool CodeView::isLoading() const
{
    return m_loader->isRunning();
}

void CodeView::goToLine(int line, int lastLine)
{
    if (isLoading()) {
        m_pendingLine = line;
        m_pendingLastLine = lastLine;
        return;
    }
    QTextDocument* document = m_editor->document();
    const int lineCount = std::max(1, m_editor->lineCount());
    line = std::clamp(line, 1, lineCount);
    const bool range = lastLine >= line;
    lastLine = range ? std::min(lastLine, lineCount) : line;

    // A range (a kernel) is painted under the text rather than selected, so its syntax colours
    // stay readable; the cursor goes to its first line.
    QTextCursor cursor(document->findBlockByNumber(m_editor->blockOfLine(line)));
    m_editor->setTextCursor(cursor);
    m_editor->setCurrentRange(range ? line : 0, range ? lastLine : 0);

    scrollToShow(line, lastLine);
}

void CodeView::scrollToShow(int line, int lastLine)
{
    // Without wrapping, one block is one scroll step: centre a range that fits, else show its
    // start with a little context above.
    const int block = m_editor->blockOfLine(line); // filler rows of Compare count as lines here
    const int lastBlock = m_editor->blockOfLine(lastLine);
    const int lineHeight = std::max(1, m_editor->fontMetrics().lineSpacing());
    const int visibleLines = std::max(1, m_editor->viewport()->height() / lineHeight);
    const int rangeLines = lastBlock - block + 1;
    const int top = rangeLines <= visibleLines ? block - (visibleLines - rangeLines) / 2 : block - 2;
    QScrollBar* bar = m_editor->verticalScrollBar();
    bar->setValue(std::clamp(top, bar->minimum(), bar->maximum()));
}

QPair<int, int> CodeView::currentRange() const
{
    return m_editor->currentRange();
}

void CodeView::setLinkedLines(QVector<int> lines, bool scroll)
{
    std::sort(lines.begin(), lines.end());
    lines.erase(std::unique(lines.begin(), lines.end()), lines.end());
    if (isLoading()) {
        m_pendingLinkedLines = lines;
        m_pendingLinkedScroll = scroll;
        return;
    }
    m_editor->setLinkedLines(lines);
    if (scroll && !lines.isEmpty()) {
        // The first run of consecutive lines is what is centred (a kernel's nodes, a definition).
        int last = lines.first();
        for (int i = 1; i < lines.size() && lines[i] == last + 1; ++i)
            last = lines[i];
        scrollToShow(lines.first(), last);
    }
}

QVector<int> CodeView::linkedLines() const
{
    return isLoading() ? m_pendingLinkedLines : m_editor->linkedLines();
}

QPlainTextEdit* CodeView::editor() const
{
    return m_editor;
}

void CodeView::setLineBandsShown(bool shown)
{
    m_editor->setLineBandsShown(shown);
}

bool CodeView::lineBandsShown() const
{
    return m_editor->lineBandsShown();
}

QAction* CodeView::findAction() const
{
    return m_findAction;
}

QAction* CodeView::goToLineAction() const
{
    return m_goToLineAction;
}

QAction* CodeView::nextDvmKernelAction() const
{
    return m_nextDvmKernelAction;
}

QAction* CodeView::previousDvmKernelAction() const
{
    return m_previousDvmKernelAction;
}

const QVector<CodeMark>& CodeView::marks() const
{
    return m_editor->marks();
}

bool CodeView::isLegendShown() const
{
    return !m_legend->isHidden();
}

QString CodeView::message() const
{
    return m_pages->currentWidget() == m_message ? m_message->text() : QString();
}

QString CodeView::note() const
{
    return m_note->isHidden() ? QString() : m_note->text();
}

FindBar* CodeView::findBar() const
{
    return m_findBar;
}

CodeHighlighter* CodeView::highlighter() const
{
    return m_highlighter.get();
}

void CodeView::findNext()
{
    if (m_matches.isEmpty())
        return;
    // The first match after the current selection's start, wrapping at the end.
    const qsizetype from = m_editor->textCursor().selectionStart();
    auto it = std::upper_bound(m_matches.cbegin(), m_matches.cend(), from);
    selectMatch(it == m_matches.cend() ? 0 : int(it - m_matches.cbegin()));
}

void CodeView::findPrevious()
{
    if (m_matches.isEmpty())
        return;
    const qsizetype from = m_editor->textCursor().selectionStart();
    auto it = std::lower_bound(m_matches.cbegin(), m_matches.cend(), from);
    selectMatch(it == m_matches.cbegin() ? int(m_matches.size()) - 1 : int(it - m_matches.cbegin()) - 1);
}

void CodeView::goToNextDvmKernel()
{
    // From the kernel the cursor is in (or the cursor line) to the next DVM kernel, wrapping.
    const int line = cursorLine();
    const CodeMark* current = m_editor->markAt(line);
    const int reference = current && current->kind == CodeMarkKind::DvmKernel ? current->firstLine : line;
    const CodeMark* first = nullptr;
    for (const CodeMark& mark : m_editor->marks()) {
        if (mark.kind != CodeMarkKind::DvmKernel)
            continue;
        if (!first)
            first = &mark;
        if (mark.firstLine > reference) {
            reachDvmKernel(&mark, false);
            return;
        }
    }
    reachDvmKernel(first, first != nullptr); // wraps
}

void CodeView::reachDvmKernel(const CodeMark* mark, bool wrapped)
{
    if (!mark) {
        Q_EMIT noDvmKernelToReach();
        return;
    }
    goToLine(mark->firstLine, mark->lastLine);
    int position = 0;
    int count = 0;
    for (const CodeMark& each : m_editor->marks()) {
        if (each.kind != CodeMarkKind::DvmKernel)
            continue;
        ++count;
        if (&each == mark)
            position = count;
    }
    Q_EMIT dvmKernelReached(mark->firstLine, position, count, wrapped);
}

void CodeView::goToPreviousDvmKernel()
{
    const int line = cursorLine();
    const CodeMark* current = m_editor->markAt(line);
    const int reference = current && current->kind == CodeMarkKind::DvmKernel ? current->firstLine : line;
    const CodeMark* last = nullptr;
    const CodeMark* previous = nullptr;
    for (const CodeMark& mark : m_editor->marks()) {
        if (mark.kind != CodeMarkKind::DvmKernel)
            continue;
        last = &mark;
        if (mark.firstLine < reference)
            previous = &mark;
    }
    reachDvmKernel(previous ? previous : last, !previous && last); // wraps to the last
}

void CodeView::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    // Children learn of the change after this widget, so take the colours from here.
    if (event->type() == QEvent::PaletteChange && m_highlighter)
        m_highlighter->setPalette(palette());
}

bool CodeView::eventFilter(QObject* watched, QEvent* event)
{
    if (m_firstPaintPending && watched == m_editor->viewport() && event->type() == QEvent::Paint) {
        m_firstPaintPending = false;
        const bool done = QWidget::eventFilter(watched, event);
        // After this paint: the text is on screen.
        QTimer::singleShot(0, this, [] { timing::mark("code-first-screen", false); });
        return done;
    }
    // Esc in the text closes the find bar too, not only Esc in its fields.
    if (watched == m_editor && event->type() == QEvent::KeyPress && !m_findBar->isHidden()
        && static_cast<QKeyEvent*>(event)->key() == Qt::Key_Escape) {
        m_findBar->hide();
        return true;
    }
    return QWidget::eventFilter(watched, event);
}

void CodeView::onLoadFinished(const std::shared_ptr<LoadedFileText>& result)
{
    m_loadingMessageDelay.stop();
    FileText& file = result->file;
    if (file.status != FileText::Status::Ok) {
        replaceDocument(plainTextDocument(QString(), m_editor->font()));
        m_text.clear();
        showNote(QString());
        m_legend->hide();
        m_editor->setMarks({});
        showMessage(QFileInfo(file.path).fileName() + QLatin1String("\n\n") + file.message);
        updateMatches();
        setHasText(false);
        Q_EMIT loadFailed(file.path, file.message);
        return;
    }
    // The whole file after its first lines: the same text from the top, so the place the user
    // scrolled to and the cursor carry over (unless a go-to-line waits for the whole file).
    const bool afterPrefix = m_showingPrefix && !result->prefix;
    QScrollBar* vertical = m_editor->verticalScrollBar();
    QScrollBar* horizontal = m_editor->horizontalScrollBar();
    const int scrolled = vertical->value();
    const int scrolledSideways = horizontal->value();
    const int cursor = m_editor->textCursor().position();
    m_showingPrefix = result->prefix;
    // Chrome first: showing or hiding a bar re-lays out the editor at once, which is only cheap
    // while it still holds the small old document.
    m_pages->setCurrentWidget(m_editor);
    m_message->clear();
    showNote(file.invalidUtf8 ? invalidUtf8Note() : QString());
    m_legend->setVisible(m_hasCode);
    // The margin is as wide as the whole file's line numbers from the first lines on.
    m_editor->setLineCountHint(result->prefix ? result->lineCount : 0);
    replaceDocument(std::move(result->document));
    m_text = std::move(file.text);
    applyMarks();
    updateMatches();
    setHasText(true);
    if (afterPrefix) {
        QTextCursor restored(m_editor->document());
        restored.setPosition(std::min(cursor, m_editor->document()->characterCount() - 1));
        m_editor->setTextCursor(restored);
        vertical->setValue(scrolled);
        horizontal->setValue(scrolledSideways);
    }
    if (result->prefix) {
        // Scrollable now; what waits for the whole file (go to line, linked lines) still waits.
        timing::mark("code-prefix-in", false);
        m_firstPaintPending = timing::enabled();
        return;
    }
    timing::mark("code-text-in", false);
    m_firstPaintPending = timing::enabled() && !afterPrefix;
    if (m_highlighter && timing::enabled()) {
        connect(m_highlighter.get(), &CodeHighlighter::finished, this,
            [] { timing::mark("code-highlighted", false); });
        if (m_highlighter->isFinished())
            timing::mark("code-highlighted", false);
    }
    if (m_pendingLine > 0) {
        goToLine(m_pendingLine, m_pendingLastLine);
        m_pendingLine = 0;
        m_pendingLastLine = 0;
    }
    if (!m_pendingLinkedLines.isEmpty())
        setLinkedLines(std::exchange(m_pendingLinkedLines, {}), m_pendingLinkedScroll);
    Q_EMIT loaded(file.path);
}

void CodeView::replaceDocument(std::unique_ptr<QTextDocument> document)
{
    // The highlighter points into the old document: drop it before the document goes.
    m_highlighter.reset();
    m_editor->setFillers({});
    m_editor->setRowBackgrounds({});
    m_editor->showDocument(document.get());
    m_loader->disposeInBackground(std::exchange(m_document, std::move(document)));
    if (!m_path.isEmpty())
        m_highlighter = createHighlighter(m_document.get(), m_path, m_editor->palette());
}

void CodeView::showMessage(const QString& message)
{
    m_message->setText(message);
    m_pages->setCurrentWidget(m_message);
}

void CodeView::showNote(const QString& note)
{
    m_note->setText(note);
    m_note->setVisible(!note.isEmpty());
}

void CodeView::setMarkReasons(const dvmlens::OutputCode& code, const dvmlens::GraphWhy* why)
{
    m_marks = codeMarksFor(code, why);
    m_hasCode = true;
    if (!isLoading()) // else the load applies them
        applyMarks();
}

void CodeView::applyMarks()
{
    m_editor->setMarks(m_marks);
    m_legend->setVisible(m_hasCode);
}

void CodeView::updateMatches()
{
    m_matches.clear();
    m_currentMatch = -1;
    const QString needle = m_findBar->text();
    if (!needle.isEmpty()) {
        const Qt::CaseSensitivity cs = m_findBar->matchCase() ? Qt::CaseSensitive : Qt::CaseInsensitive;
        for (qsizetype at = m_text.indexOf(needle, 0, cs); at >= 0; at = m_text.indexOf(needle, at + 1, cs))
            m_matches.append(at);
    }
    if (m_matches.isEmpty()) {
        m_findBar->setMatchCount(0, 0);
        return;
    }
    // Searching as one types starts at the cursor, so the view does not jump back to the top.
    const qsizetype from = m_editor->textCursor().selectionStart();
    auto it = std::lower_bound(m_matches.cbegin(), m_matches.cend(), from);
    selectMatch(it == m_matches.cend() ? 0 : int(it - m_matches.cbegin()));
}

void CodeView::selectMatch(int index)
{
    m_currentMatch = index;
    const qsizetype start = m_matches.at(index);
    QTextCursor cursor(m_editor->document());
    cursor.setPosition(int(start));
    cursor.setPosition(int(start + m_findBar->text().size()), QTextCursor::KeepAnchor);
    m_editor->setTextCursor(cursor);
    m_editor->centerCursor();
    m_findBar->setMatchCount(index + 1, int(m_matches.size()));
}

int CodeView::cursorLine() const
{
    int block = m_editor->textCursor().blockNumber();
    int line = m_editor->lineOfBlock(block);
    while (line == 0 && block + 1 < m_editor->blockCount())
        line = m_editor->lineOfBlock(++block);
    return std::max(line, 1);
}

void CodeView::setFillers(const std::vector<dvmlens::FillerBlock>& fillers)
{
    if (isLoading() || fillers == m_editor->fillers())
        return;
    QTextDocument* document = m_editor->document();
    if (!m_editor->fillers().empty()) // fillers only ever go into freshly loaded text
        return;
    QTextCursor cursor(document);
    cursor.beginEditBlock();
    // From the bottom up, so the blocks above keep their numbers while inserting. The rows go at
    // the end of the line above: the lines keep their blocks and so their highlighting.
    for (auto it = fillers.rbegin(); it != fillers.rend(); ++it) {
        const QTextBlock above = document->findBlockByNumber(it->beforeLine - 2);
        if (it->beforeLine <= 1 || !above.isValid()) {
            cursor.setPosition(0);
        } else {
            cursor.setPosition(above.position() + above.length() - 1);
        }
        cursor.insertText(QString(it->rows, u'\n'));
    }
    cursor.endEditBlock();
    // The line after each filler loses its colours in the insertion: highlight again (off the
    // GUI thread's critical path: the built-in highlighters work in idle-time chunks).
    if (m_highlighter && !fillers.empty())
        m_highlighter->setPalette(m_editor->palette());
    m_editor->setFillers(fillers);
    m_text = document->toPlainText(); // find works on what is shown
    updateMatches();
}

void CodeView::setRowBackgrounds(const QVector<CodeRowBackground>& backgrounds)
{
    m_editor->setRowBackgrounds(backgrounds);
}

const QVector<CodeRowBackground>& CodeView::rowBackgrounds() const
{
    return m_editor->rowBackgrounds();
}

int CodeView::blockOfLine(int line) const
{
    return m_editor->blockOfLine(line);
}

int CodeView::lineOfBlock(int blockNumber) const
{
    return m_editor->lineOfBlock(blockNumber);
}
