// SPDX-License-Identifier: MIT
// Two output_code.py files side by side, as a diff tool shows them: two read-only CodeViews
// (highlighting, kernel stripes in the margin) with filler rows where core's TextAlignment puts
// them, so equal lines always sit on the same row and both sides scroll by the same value;
// removed, added and changed lines painted over every kernel band, the changed characters
// stronger; a minimap of the differences beside each scroll bar; next / previous difference
// (F7 / Shift+F7) and an "n of m differences" label. The diff runs off the GUI thread.
#pragma once

#include "core/compare/textalignment.h"
#include "core/compare/textdiff.h"
#include "core/model/model.h"
#include "gui/common/jobrunner.h"

#include <QList>
#include <QString>
#include <QTextEdit>
#include <QWidget>

#include <memory>

class CodeView;
class DiffMinimap;
class QAction;
class QLabel;
class QStackedWidget;

class SideBySideView : public QWidget
{
    Q_OBJECT
public:
    enum Side
    {
        SideA,
        SideB
    };
    // What one side shows: a file (with its parsed output code for kernel bands), or, when
    // `path` is empty, the `placeholder` text.
    struct Content
    {
        QString path;
        std::shared_ptr<const dvmlens::Container> files; // where `path` is read from (its index's)
        const dvmlens::OutputCode* code = nullptr; // copied from; need not outlive the call
        QString placeholder;
    };

    explicit SideBySideView(QWidget* parent = nullptr);
    ~SideBySideView() override; // waits for a running diff

    // Loads both sides (off the GUI thread), then diffs them; ready() follows.
    void showContents(const Content& a, const Content& b);
    // Which run (and rank, with several) each side's file is of, shown before its name in the pane
    // headers from the next showContents on; clear() forgets them.
    void setOrigins(const QString& a, const QString& b);
    void clear();

    // Both sides are loaded (or placeholders) and their differences painted.
    bool isReady() const;
    bool hasDiff() const; // both sides hold text and were diffed
    const dvmlens::TextDiff& diff() const;
    const dvmlens::TextAlignment& alignment() const; // the filler rows of the shown diff

    DiffMinimap* minimap(Side side) const;

    CodeView* codeView(Side side) const;
    bool isPlaceholderShown(Side side) const;
    QString placeholderText(Side side) const;
    void setPlaceholderText(Side side, const QString& text); // a shown placeholder's, e.g. translated

    int differenceCount() const;
    // The difference jumped to or holding the place goToLines() moved to; -1 before the first jump.
    // Between differences (after goToLines()), the last one before the place, and
    // isBetweenDifferences(): next and previous go on from there.
    int currentDifference() const;
    bool isBetweenDifferences() const;
    QString differenceLabelText() const;
    void goToDifference(int index);
    void goToNextDifference();
    void goToPreviousDifference();
    QAction* nextDifferenceAction() const; // F7
    QAction* previousDifferenceAction() const; // Shift+F7

    // Moves each side's cursor to its line (1-based; 0 leaves that side alone) without syncing,
    // e.g. to show one fusion's kernels on both sides.
    void goToLines(int lineA, int lineB);

Q_SIGNALS:
    void ready();

protected:
    void changeEvent(QEvent* event) override;

private:
    struct Pane
    {
        QStackedWidget* stack = nullptr;
        CodeView* code = nullptr;
        QLabel* placeholder = nullptr;
        QLabel* title = nullptr;
        DiffMinimap* minimap = nullptr;
        QString shortPath; // the title after "A: ", kept for a language change
        QString origin; // setOrigins
        bool waiting = false; // a file is loading
        bool hasText = false; // a file is shown (not a placeholder or a failed load)
    };

    QWidget* createPane(Pane& pane);
    void showContent(Pane& pane, const Content& content);
    void onPaneLoaded(Pane& pane, bool ok);
    void startDiffWhenLoaded();
    struct AlignedDiff
    {
        dvmlens::TextDiff diff;
        dvmlens::TextAlignment alignment;
    };
    void applyDiff(std::shared_ptr<const AlignedDiff> diff);
    void updateMinimapFrame(Side side);
    void paintDiff();
    void syncScroll(Side from, int value);
    void updateDifferenceLabel();
    void updateTitles();
    void moveToLines(int lineA, int lineB); // goToLines without updating the current difference

    Pane m_panes[2];
    QAction* m_next;
    QAction* m_previous;
    QLabel* m_differenceLabel;
    JobRunner* m_diffJob; // every showContents() discards the running diff
    bool m_ready = false;
    bool m_syncing = false;
    int m_current = -1;
    bool m_between = false; // m_current is the last difference before the place gone to
    dvmlens::TextDiff m_diff;
    dvmlens::TextAlignment m_alignment;
    bool m_hasDiff = false;
    bool m_showsPrompt = false; // cleared: side A asks to select a graph pair
};
