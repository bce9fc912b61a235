// SPDX-License-Identifier: MIT
#include "gui/export/exportactions.h"

#include "core/io/pathtext.h"
#include "core/report/report.h"
#include "core/report/reportfile.h"
#include "core/report/reportmarkdown.h"
#include "core/report/reportwhy.h"
#include "core/rules/knownfailures.h"
#include "gui/common/filedialogs.h"
#include "gui/common/languagechange.h"
#include "gui/document/treedocument.h"
#include "gui/export/imageexport.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QDateTime>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QFileInfo>
#include <QInputDialog>
#include <QMainWindow>
#include <QMessageBox>
#include <QRegularExpression>
#include <QStackedWidget>
#include <QStandardPaths>
#include <QStatusBar>

namespace {

constexpr int kStatusMs = 5000;

// A name that says what was saved and never overwrites the last one: dvmlens-<tree>-<time>.png,
// in the user's Pictures folder (for images) when there is one, else the home folder.
QString suggestedFile(const QString& treePath, const QString& kind, const QString& extension, bool picture)
{
    QString folder = picture ? QStandardPaths::writableLocation(QStandardPaths::PicturesLocation) : QString();
    if (folder.isEmpty() || !QFileInfo(folder).isDir())
        folder = QDir::homePath();
    QString tree = QFileInfo(treePath).fileName();
    tree.replace(QRegularExpression(QStringLiteral("[^A-Za-z0-9_.-]+")), QStringLiteral("_"));
    const QString stem = QStringLiteral("dvmlens") + kind
        + (tree.isEmpty() ? QString() : QLatin1Char('-') + tree) + QLatin1Char('-')
        + QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss"));
    return QDir(folder).filePath(stem + extension);
}

QString shownPath(const QString& file)
{
    return QDir::toNativeSeparators(QFileInfo(file).absoluteFilePath());
}

// The suffix a save-dialog filter such as "Markdown (*.md)" stands for.
QString filterSuffix(const QString& filter)
{
    const qsizetype star = filter.indexOf(QLatin1String("*."));
    if (star < 0)
        return {};
    const qsizetype end = filter.indexOf(QRegularExpression(QStringLiteral("[ )]")), star);
    return filter.mid(star + 2, end < 0 ? -1 : end - star - 2);
}

} // namespace

ExportActions::ExportActions(QMainWindow& window, const TreeDocument& document)
    : QObject(&window)
    , m_window(window)
    , m_document(document)
    , m_screenshotWindow(new QAction(this))
    , m_screenshotView(new QAction(this))
    , m_exportReport(new QAction(this))
    , m_copySummary(new QAction(this))
    , m_exports(new JobRunner(this, 1))
{
    translateNowAndOnChange(this, [this] {
        m_screenshotWindow->setText(tr("&Window…"));
        m_screenshotView->setText(tr("&Current View…"));
        m_exportReport->setText(tr("Export &Report…"));
        m_copySummary->setText(tr("Copy &Summary as Markdown"));
        m_screenshotWindow->setToolTip(tr("Save a picture of the whole window as PNG or JPEG"));
        m_screenshotView->setToolTip(tr("Save a picture of the page in the middle, or of the focused pane"));
        m_exportReport->setToolTip(tr("Write a bug report (Markdown, HTML or JSON) for the open tree"));
        m_copySummary->setToolTip(tr("Copy a short Markdown summary of the open tree for an issue or chat"));
    });
    m_copySummary->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    connect(m_screenshotWindow, &QAction::triggered, this,
        [this] { screenshotDialog(ScreenshotTarget::Window); });
    connect(m_screenshotView, &QAction::triggered, this,
        [this] { screenshotDialog(ScreenshotTarget::CurrentView); });
    connect(m_exportReport, &QAction::triggered, this, &ExportActions::reportDialog);
    connect(m_copySummary, &QAction::triggered, this, &ExportActions::copySummary);
    connect(&m_document, &TreeDocument::indexChanged, this, &ExportActions::updateEnabled);
    connect(&m_document, &TreeDocument::compareFinished, this, &ExportActions::updateEnabled);
    updateEnabled();
}

QAction* ExportActions::screenshotWindowAction() const
{
    return m_screenshotWindow;
}

QAction* ExportActions::screenshotViewAction() const
{
    return m_screenshotView;
}

QAction* ExportActions::exportReportAction() const
{
    return m_exportReport;
}

QAction* ExportActions::copySummaryAction() const
{
    return m_copySummary;
}

QWidget* ExportActions::currentView() const
{
    for (QWidget* widget = QApplication::focusWidget(); widget; widget = widget->parentWidget()) {
        auto* dock = qobject_cast<QDockWidget*>(widget);
        if (dock && dock->window() == &m_window)
            return dock;
    }
    auto* pages = qobject_cast<QStackedWidget*>(m_window.centralWidget());
    return pages ? pages->currentWidget() : m_window.centralWidget();
}

ReportSubject ExportActions::subject() const
{
    if (m_compareMode) {
        const std::shared_ptr<const CompareOutcome>& outcome = m_document.comparison();
        if (outcome && outcome->result)
            return { outcome->indexB, outcome->indexA, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr };
    }
    ReportSubject subject { m_document.index(), nullptr, nullptr, nullptr, m_document.profileJoin(), nullptr,
        nullptr, nullptr };
    // Only what describes the open index (a product still being computed is made by the report).
    const std::shared_ptr<const KnownFailures>& known = m_document.knownFailures();
    if (known && known->index == subject.index && known->rules)
        subject.knownFailures = known;
    const std::shared_ptr<const ModelSources>& modelSources = m_document.modelSources();
    if (modelSources && modelSources->index == subject.index.get())
        subject.modelSources = modelSources;
    const std::shared_ptr<const CompileFacts>& compile = m_document.compile();
    if (compile && compile->index == subject.index.get())
        subject.compile = compile;
    const std::shared_ptr<const TreeWhy>& why = m_document.why();
    if (why && why->index == subject.index)
        subject.why = why;
    const std::shared_ptr<const EnvironmentChecklist>& checklist = m_document.checklist();
    if (checklist && checklist->index == subject.index && !checklist->items.empty())
        subject.checklist = checklist;
    return subject;
}

void ExportActions::setCompareMode(bool compare)
{
    m_compareMode = compare;
    updateEnabled();
}

QString ExportActions::exportScreenshot(const QString& file, ScreenshotTarget target)
{
    QWidget* widget = target == ScreenshotTarget::Window ? &m_window : currentView();
    return saveImage(renderWidget(*widget), file);
}

std::optional<dvmlens::ReportFormat> ExportActions::reportFormatForFile(const QString& file)
{
    const QString suffix = QFileInfo(file).suffix().toLower();
    if (suffix == QLatin1String("md") || suffix == QLatin1String("markdown"))
        return dvmlens::ReportFormat::Markdown;
    if (suffix == QLatin1String("html") || suffix == QLatin1String("htm"))
        return dvmlens::ReportFormat::Html;
    if (suffix == QLatin1String("json"))
        return dvmlens::ReportFormat::Json;
    return std::nullopt;
}

dvmlens::ReportLanguage ExportActions::windowReportLanguage()
{
    // The Chinese translation answers "zh" here, as Qt's own translations answer "RTL" for
    // QT_LAYOUT_DIRECTION: the language the user reads the window in, whatever the system's.
    return tr("en", "the language of an exported report in this translation: en or zh") == QLatin1String("zh")
        ? dvmlens::ReportLanguage::Chinese
        : dvmlens::ReportLanguage::English;
}

QString ExportActions::writeReport(
    const ReportSubject& subject, const QString& file, dvmlens::ReportLanguage language)
{
    const std::optional<dvmlens::ReportFormat> format = reportFormatForFile(file);
    if (!format)
        return tr("Cannot write %1: use a .md, .html or .json file name.").arg(shownPath(file));
    if (!subject.index)
        return tr("Cannot write %1: no tree is open.").arg(shownPath(file));
    dvmlens::ReportInput input;
    input.index = subject.index.get();
    input.baseline = subject.baseline.get();
    input.modelSources = true; // "Where it fell back", as the CLI's report
    input.language = language;
    input.profile = subject.profile.get();
    // The same rules as `dvmlens-cli report` and the Diagnostics dock: a broken user rules file
    // is shown there (bad-rules-file), and the built-in rules apply. The known failures found with
    // them are the document's; the report lists only the logs that could not be read, as the CLI.
    std::optional<dvmlens::LoadedRules> loaded;
    std::vector<dvmlens::Diagnostic> logProblems;
    if (const KnownFailures* known = subject.knownFailures.get()) {
        input.rules = known->rules.get();
        input.findings = &known->findings;
        logProblems.assign(
            known->problems.begin() + std::ptrdiff_t(known->rulesProblems), known->problems.end());
        input.findingProblems = &logProblems;
    } else {
        loaded = dvmlens::loadRules(std::nullopt);
        input.rules = &loaded->book;
    }
    if (subject.modelSources)
        input.sources = &subject.modelSources->summary;
    // "Why it fell back", as the CLI's report has it (from the reasons and model sources the
    // document holds; what it does not hold yet is made here).
    const dvmlens::SourceMap* map = subject.modelSources ? &subject.modelSources->map : nullptr;
    const std::vector<dvmlens::WhyGroup> why = subject.why
        ? dvmlens::reportWhyGroups(*subject.index, subject.why->why, subject.why->rules, map)
        : dvmlens::reportWhyGroups(*subject.index, map);
    input.why = &why;
    // "Compile", as the CLI's report has it: the TORCH_TRACE logs of a folder (not of an archive).
    std::shared_ptr<const CompileFacts> compile;
    if (QFileInfo(dvmlens::pathText(subject.index->root)).isDir())
        compile = subject.compile ? subject.compile : computeCompileFacts(*subject.index);
    if (compile && compile->hasLogs())
        input.compile = &compile->summary;
    // "Environment checklist", as `dvmlens-cli report --env ENV` has it, when an environment was checked.
    if (subject.checklist)
        input.checklist = &subject.checklist->items;
    const std::string report = dvmlens::renderReport(input, *format);
    // The CLI's writer: atomic, and never onto a device, FIFO, socket or folder.
    const std::string failure = dvmlens::writeReportFile(QFile::encodeName(file).toStdString(), report);
    if (!failure.empty())
        return tr("Cannot write %1: %2").arg(shownPath(file), QString::fromStdString(failure));
    return {};
}

void ExportActions::exportReport(const QString& file, dvmlens::ReportLanguage language)
{
    m_window.statusBar()->showMessage(tr("Writing %1…").arg(shownPath(file)));
    m_exports->start(
        [file, language, subject = subject()](JobContext&) { return writeReport(subject, file, language); },
        [this, file](const QString& error) {
            updateEnabled();
            m_window.statusBar()->showMessage(
                error.isEmpty() ? tr("Wrote %1").arg(shownPath(file)) : error, kStatusMs);
            Q_EMIT reportExported(file, error);
        });
    updateEnabled();
}

bool ExportActions::isExporting() const
{
    return m_exports->isRunning();
}

QString ExportActions::summaryMarkdownOf(const ReportSubject& subject, dvmlens::ReportLanguage language)
{
    return subject.index ? QString::fromStdString(dvmlens::summaryMarkdown(*subject.index, language))
                         : QString();
}

void ExportActions::copySummary()
{
    // In the window's language, as Export Report defaults to (read here: tr() on the GUI thread).
    m_exports->start([subject = subject(), language = windowReportLanguage()](
                         JobContext&) { return summaryMarkdownOf(subject, language); },
        [this](const QString& markdown) {
            updateEnabled();
            QApplication::clipboard()->setText(markdown);
            m_window.statusBar()->showMessage(tr("Summary copied as Markdown"), kStatusMs);
            Q_EMIT summaryCopied(markdown);
        });
    updateEnabled();
}

void ExportActions::screenshotDialog(ScreenshotTarget target)
{
    const QString file = FileDialogs::saveFile(&m_window,
        target == ScreenshotTarget::Window ? tr("Export Screenshot of the Window")
                                           : tr("Export Screenshot of the Current View"),
        suggestedFile(m_document.path(), QString(), QStringLiteral(".png"), true),
        tr("PNG image (*.png);;JPEG image (*.jpg *.jpeg)"));
    if (file.isEmpty())
        return;
    const QString error = exportScreenshot(file, target);
    if (error.isEmpty())
        m_window.statusBar()->showMessage(tr("Wrote %1").arg(shownPath(file)), kStatusMs);
    else
        showError(tr("Cannot Export Screenshot"), error);
}

void ExportActions::reportDialog()
{
    // The report's language first, set to the window's (a Chinese window wrote English reports).
    const QStringList languages { tr("English"), tr("Chinese (中文)") };
    bool chosen = false;
    const QString language = QInputDialog::getItem(&m_window, tr("Export Report"),
        tr("Language of the report's headings, tables and sentences:"), languages,
        windowReportLanguage() == dvmlens::ReportLanguage::Chinese ? 1 : 0, false, &chosen);
    if (!chosen)
        return;
    const dvmlens::ReportLanguage reportLanguage =
        language == languages.at(1) ? dvmlens::ReportLanguage::Chinese : dvmlens::ReportLanguage::English;
    QString filter;
    QString file = FileDialogs::saveFile(&m_window, tr("Export Report"),
        suggestedFile(m_document.path(), QStringLiteral("-report"), QStringLiteral(".md"), false),
        tr("Markdown (*.md);;HTML (*.html);;JSON (*.json)"), &filter);
    if (file.isEmpty())
        return;
    if (!reportFormatForFile(file)) {
        const QString suffix = filterSuffix(filter);
        file += QLatin1Char('.') + (suffix.isEmpty() ? QStringLiteral("md") : suffix);
    }
    connect(
        this, &ExportActions::reportExported, this,
        [this](const QString&, const QString& error) {
            if (!error.isEmpty())
                showError(tr("Cannot Export Report"), error);
        },
        Qt::SingleShotConnection);
    exportReport(file, reportLanguage);
}

void ExportActions::showError(const QString& title, const QString& message)
{
    QMessageBox::warning(&m_window, title, message);
}

void ExportActions::updateEnabled()
{
    const bool hasTree = subject().index != nullptr;
    m_exportReport->setEnabled(hasTree && !isExporting());
    m_copySummary->setEnabled(hasTree && !isExporting());
}
