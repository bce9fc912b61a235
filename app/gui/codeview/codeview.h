// SPDX-License-Identifier: MIT
// The code view: a read-only editor with line numbers, syntax highlighting, kernel bands for an
// output_code.py, a find bar (Ctrl+F), go to line (Ctrl+G), next/previous DVM kernel (F8 /
// Shift+F8) and a colour legend. Files are read and decoded off the GUI thread.
#pragma once

#include "core/model/model.h"
#include "gui/codeview/codeeditor.h"
#include "gui/codeview/codemarks.h"

#include <QPlainTextEdit>
#include <QString>
#include <QTimer>
#include <QVector>
#include <QWidget>

#include <memory>

class CodeHighlighter;
class CodeLegend;
class FileTextLoader;
class FindBar;
class QAction;
class QLabel;
class QStackedWidget;
class QTextDocument;
struct LoadedFileText;

class CodeView : public QWidget
{
    Q_OBJECT
public:
    explicit CodeView(QWidget* parent = nullptr);
    ~CodeView() override;

    // Shows the file at `path` (read off the GUI thread; large files must not freeze the window). When `code`
    // is not null (an output_code.py), DVM kernel ranges are banded, fallback lines / import_fx kernels /
    // other kernel kinds marked, the dvm import line marked. `code` is copied from; it need not outlive the
    // call. Showing the path that is already shown only replaces the marks (call clear() first to re-read).
    // `why` (core's reasons of that file, may be null) marks each non-DVM kernel and call's reason.
    // `files` is the container `path` is read from (its index's: an archive, a trace log; null: the
    // file system).
    void showFile(const QString& path, std::shared_ptr<const dvmlens::Container> files,
        const dvmlens::OutputCode* code = nullptr, const dvmlens::GraphWhy* why = nullptr);
    // The marks of the output_code.py shown, made again with its why-not-DVM reasons (they came
    // after the file): the text, its place and a move waiting for the load stay.
    void setMarkReasons(const dvmlens::OutputCode& code, const dvmlens::GraphWhy* why);
    void clear();
    QString currentPath() const;
    bool isLoading() const;
    // Scrolls so the line is visible, cursor there; selects [line, lastLine] when lastLine >= line.
    // Called while a file loads, it applies once the text is in.
    void goToLine(int line, int lastLine = 0);
    // The range the last goToLine(line, lastLine) painted, 1-based; 0, 0 for none.
    QPair<int, int> currentRange() const;
    // Paints `lines` (1-based) as linked to a selection in another view and, with `scroll`,
    // brings the first into view without moving the cursor; kept until another file or clear().
    // Called while a file loads, it applies once the text is in.
    void setLinkedLines(QVector<int> lines, bool scroll);
    QVector<int> linkedLines() const;
    QPlainTextEdit* editor() const; // for tests and for sync scrolling
    // Kernel bands under the lines (CodeEditor::setLineBandsShown); Compare turns them off.
    void setLineBandsShown(bool shown);
    bool lineBandsShown() const;
    // Compare: inserts empty filler rows into the loaded text (core's TextAlignment) so two views
    // show equal lines on equal rows; lines, marks and go-to-line keep counting file lines. Showing
    // a file again drops them. Row backgrounds paint the diff over the kernel bands.
    void setFillers(const std::vector<dvmlens::FillerBlock>& fillers);
    void setRowBackgrounds(const QVector<CodeRowBackground>& backgrounds);
    const QVector<CodeRowBackground>& rowBackgrounds() const;
    int blockOfLine(int line) const; // 0-based block of a 1-based file line
    int lineOfBlock(int blockNumber) const; // 0 for a filler row
    // The file line of the cursor (a filler row counts as the next line).
    int cursorLine() const;
    QAction* findAction() const; // Ctrl+F: opens the find bar
    QAction* goToLineAction() const; // Ctrl+G
    QAction* nextDvmKernelAction() const; // F8
    QAction* previousDvmKernelAction() const; // Shift+F8

    // The marks drawn for the current file (sorted by first line); empty for non-output_code files.
    const QVector<CodeMark>& marks() const;
    bool isLegendShown() const;
    // The message shown instead of the text (binary, missing, too large…), or empty.
    QString message() const;
    // The note above the text (e.g. invalid UTF-8 replaced), or empty.
    QString note() const;
    FindBar* findBar() const;
    // The active highlighter, or null for file types without highlighting.
    CodeHighlighter* highlighter() const;

    void findNext();
    void findPrevious();
    void goToNextDvmKernel();
    void goToPreviousDvmKernel();

Q_SIGNALS:
    void loaded(const QString& path); // text is in the editor (after async load)
    void loadFailed(const QString& path, const QString& reason);
    void cursorLineChanged(int line);
    // F8 / Shift+F8 reached the DVM kernel defined from `firstLine`, or found none to go to.
    // F8 / Shift+F8 reached DVM kernel `position` of `count` (1-based, in file order); `wrapped`: it
    // went past the last (or before the first) and came round to the other end.
    void dvmKernelReached(int firstLine, int position, int count, bool wrapped);
    void noDvmKernelToReach();

protected:
    void changeEvent(QEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void setUpActions();
    void reachDvmKernel(const CodeMark* mark, bool wrapped); // null: there is none
    void setHasText(bool hasText);
    void onLoadFinished(const std::shared_ptr<LoadedFileText>& result);
    void replaceDocument(std::unique_ptr<QTextDocument> document);
    void showMessage(const QString& message);
    void showNote(const QString& note);
    void applyMarks();
    void updateMatches();
    void selectMatch(int index);
    void scrollToShow(int line, int lastLine);

    CodeEditor* m_editor;
    QStackedWidget* m_pages;
    QLabel* m_message;
    QLabel* m_note;
    CodeLegend* m_legend;
    FindBar* m_findBar;
    FileTextLoader* m_loader;
    QTimer m_loadingMessageDelay;

    QAction* m_findAction;
    QAction* m_goToLineAction;
    QAction* m_nextDvmKernelAction;
    QAction* m_previousDvmKernelAction;

    std::unique_ptr<QTextDocument> m_document; // what the editor shows
    std::unique_ptr<CodeHighlighter> m_highlighter;
    QString m_path;
    QString m_text; // the document's text, for searching without copying it out each time
    bool m_hasCode = false;
    QVector<CodeMark> m_marks;
    int m_pendingLine = 0; // a goToLine() that waits for the load
    int m_pendingLastLine = 0;
    QVector<int> m_pendingLinkedLines; // a setLinkedLines() that waits for the load
    bool m_pendingLinkedScroll = false;

    bool m_firstPaintPending = false; // DVMLENS_TIMING: the loaded text's first paint is to come
    bool m_showingPrefix = false; // a large file's first lines, until the whole file is in
    QVector<qsizetype> m_matches; // start positions of the find bar's text
    int m_currentMatch = -1;
};
