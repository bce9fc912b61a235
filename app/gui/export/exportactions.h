// SPDX-License-Identifier: MIT
// Evidence for bug reports, from the open tree (TreeDocument): File ▸ Export Screenshot (the window or the
// current view as PNG/JPEG), File ▸ Export Report (core/report.h as Markdown, HTML or JSON: the CLI's bytes
// for the same tree and profile, device time included; in compare mode against side A as baseline) and
// Edit ▸ Copy Summary as Markdown. A report takes the products the document already holds (known
// failures, model sources, profile join, why not DVM) instead of making them again. The menu actions ask for
// files and show errors in dialogs; the functions they call never open a dialog and return or signal the
// error text.
#pragma once

#include "core/model/model.h"
#include "core/profile/profilejoin.h"
#include "core/report/reportmodel.h"
#include "gui/common/jobrunner.h"
#include "gui/document/compilefacts.h"
#include "gui/document/environmentchecklist.h"
#include "gui/document/knownfailures.h"
#include "gui/document/modelsources.h"
#include "gui/document/treewhy.h"

#include <QObject>
#include <QString>

#include <memory>
#include <optional>

class QAction;
class QMainWindow;
class TreeDocument;
class QWidget;

// What a report or summary is about: the open tree, or in compare mode side B against side A.
struct ReportSubject
{
    std::shared_ptr<const dvmlens::Index> index;
    std::shared_ptr<const dvmlens::Index> baseline; // null outside compare mode
    // Products of `index` the document holds, handed to the report as they are (null: the report
    // makes them itself, as the CLI does).
    std::shared_ptr<const KnownFailures> knownFailures;
    std::shared_ptr<const ModelSources> modelSources;
    std::shared_ptr<const dvmlens::ProfileJoin> profile; // device time: "Where the time goes"
    std::shared_ptr<const CompileFacts> compile; // the "Compile" section (null: the report reads the logs)
    std::shared_ptr<const TreeWhy> why; // "Why it fell back" (null: the report decides the reasons)
    // File ▸ Check Environment's result for `index`: the "Environment checklist" section (null: none).
    std::shared_ptr<const EnvironmentChecklist> checklist;
};

class ExportActions : public QObject
{
    Q_OBJECT
public:
    enum class ScreenshotTarget
    {
        Window,
        CurrentView // the page in the middle, or the dock that has the keyboard focus
    };

    // Pictures of `window` (its central widget is the stack of pages); reports of `document`.
    ExportActions(QMainWindow& window, const TreeDocument& document);

    QAction* screenshotWindowAction() const;
    QAction* screenshotViewAction() const;
    QAction* exportReportAction() const;
    QAction* copySummaryAction() const;

    QWidget* currentView() const;
    // The open tree, or in compare mode side B against side A.
    ReportSubject subject() const;
    // The window says when its compare page is the one shown (View ▸ Compare).
    void setCompareMode(bool compare);

    // Renders and writes at once. Returns an empty string, or the path and the writer's reason.
    QString exportScreenshot(const QString& file, ScreenshotTarget target);

    // By suffix: .md / .markdown, .html / .htm, .json; nullopt for anything else.
    static std::optional<dvmlens::ReportFormat> reportFormatForFile(const QString& file);
    // Renders the report of `subject` (rules: built-in plus the user's file, as the CLI) and writes
    // it to `file` atomically. Returns an empty string or the reason. Reads the excerpts of the
    // graphs it shows; what `subject` holds is not made again.
    // `language`: of the report's own words (core/report/reportlanguage.h).
    static QString writeReport(const ReportSubject& subject, const QString& file,
        dvmlens::ReportLanguage language = dvmlens::ReportLanguage::English);
    // writeReport off the GUI thread; reportExported follows.
    void exportReport(
        const QString& file, dvmlens::ReportLanguage language = dvmlens::ReportLanguage::English);
    // The window's language as a report's: Chinese in the Chinese window, else English. Export Report
    // offers it first.
    static dvmlens::ReportLanguage windowReportLanguage();
    bool isExporting() const;

    // core's summaryMarkdown of the open tree (side B in compare mode) in `language`; empty without a
    // tree. Copy Summary as Markdown gives it in the window's language (windowReportLanguage).
    static QString summaryMarkdownOf(
        const ReportSubject& subject, dvmlens::ReportLanguage language = dvmlens::ReportLanguage::English);
    // summaryMarkdownOf off the GUI thread, then onto the clipboard; summaryCopied follows.
    void copySummary();

Q_SIGNALS:
    void reportExported(const QString& file, const QString& error);
    void summaryCopied(const QString& markdown);

private:
    void screenshotDialog(ScreenshotTarget target);
    void reportDialog();
    void showError(const QString& title, const QString& message);
    void updateEnabled();

    QMainWindow& m_window;
    const TreeDocument& m_document;
    bool m_compareMode = false;
    QAction* m_screenshotWindow;
    QAction* m_screenshotView;
    QAction* m_exportReport;
    QAction* m_copySummary;
    JobRunner* m_exports; // one export at a time (the actions are disabled meanwhile)
};
