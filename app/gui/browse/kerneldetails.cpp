// SPDX-License-Identifier: MIT
#include "gui/browse/kerneldetails.h"

#include "core/compile/compilegraphs.h"
#include "core/compile/compilestory.h"
#include "core/io/pathtext.h"
#include "core/io/safefile.h"
#include "core/sources/sourcesummary.h"
#include "core/verdict/summary.h"
#include "core/verdict/verdict.h"
#include "gui/browse/kernelbodiesjob.h"
#include "gui/browse/notengagedreasontext.h"
#include "gui/browse/verdicttext.h"
#include "gui/common/diagnostictext.h"
#include "gui/common/kernelformat.h"
#include "gui/common/languagechange.h"
#include "gui/common/ruletext.h"
#include "gui/common/themes.h"
#include "gui/common/whyreasontext.h"

#include <QEvent>
#include <QFile>
#include <QScrollBar>
#include <QTextStream>
#include <QUrl>

#include <algorithm>
#include <cstring>

namespace {

constexpr int kMaxDocstringLines = 4000; // a graph dump is never longer

QString escaped(const std::string& text)
{
    return QString::fromStdString(text).toHtmlEscaped();
}

// Label and value both at the top of the row: a value centred beside a taller (Chinese, bold)
// label sat on another baseline.
QString row(const QString& label, const QString& value)
{
    return QStringLiteral("<tr><th align=left valign=top>%1</th><td valign=top>%2</td></tr>")
        .arg(label, value);
}

// A shape or stride that never breaks across lines: its spaces become no-break spaces.
QString unbreakable(QString text)
{
    return text.replace(QLatin1Char(' '), QChar(QChar::Nbsp));
}

QString lineLink(int line)
{
    return QStringLiteral("<a href=\"line:%1\">%1</a>").arg(line);
}

} // namespace

QString stringStatementText(QStringList lines)
{
    if (lines.isEmpty())
        return {};
    QString& first = lines.first();
    const qsizetype open = first.indexOf(QLatin1String("\"\"\""));
    first.remove(0, open < 0 ? 0 : open + 3);
    QString& last = lines.last();
    const qsizetype close = last.lastIndexOf(QLatin1String("\"\"\""));
    if (close >= 0)
        last.truncate(close);
    while (!lines.isEmpty() && lines.first().trimmed().isEmpty())
        lines.removeFirst();
    while (!lines.isEmpty() && lines.last().trimmed().isEmpty())
        lines.removeLast();
    return lines.join(QLatin1Char('\n'));
}

namespace {

// One physical line without its line break (CR included).
QString physicalLineText(QByteArrayView bytes)
{
    while (bytes.endsWith('\r'))
        bytes.chop(1);
    return QString::fromUtf8(bytes);
}

// Reads physical lines [first, last] of `path`: only the dump the parser located, read up to its
// end in 1 MiB chunks whose line breaks memchr counts, so a kernel near the end of a 10 MB file
// does not cost a readLine per line before it (this runs on the GUI thread).
QString fxGraphDump(const QString& path, const dvmlens::Container& files, int first, int last)
{
    // Opened through its index's container (io/container.h): a regular file, an archive member, a
    // trace log's record.
    dvmlens::FileError error;
    std::optional<dvmlens::SafeFile> safe = last - first >= kMaxDocstringLines
        ? std::nullopt
        : files.open(dvmlens::pathBytes(path), {}, UINT64_MAX, error);
    QFile file;
    if (!safe || !file.open(safe->release(), QIODevice::ReadOnly, QFileDevice::AutoCloseHandle))
        return {};
    QStringList lines;
    QByteArray pending; // the start of a wanted line that goes on in the next chunk
    int line = 1;
    while (line <= last) {
        const QByteArray chunk = file.read(qint64(1) << 20);
        if (chunk.isEmpty())
            break;
        const char* at = chunk.constData();
        const char* const end = at + chunk.size();
        while (at < end && line <= last) {
            const auto* newline =
                static_cast<const char*>(std::memchr(at, '\n', static_cast<std::size_t>(end - at)));
            if (!newline) {
                if (line >= first)
                    pending.append(at, end - at);
                break;
            }
            if (line >= first) {
                pending.append(at, newline - at);
                lines.append(physicalLineText(pending));
                pending.clear();
            }
            ++line;
            at = newline + 1;
        }
    }
    if (line >= first && line <= last && !pending.isEmpty())
        lines.append(physicalLineText(pending)); // the file's last line, without a line break
    return stringStatementText(lines);
}

} // namespace

KernelDetails::KernelDetails(QWidget* parent)
    : QTextBrowser(parent)
{
    setOpenLinks(false);
    // Break lines between words only: a name, shape or dtype is never cut ("primal/s_1"); a
    // token wider than the pane scrolls instead.
    setWordWrapMode(QTextOption::WordWrap);
    translateNowAndOnChange(this, [this] {
        setPlaceholderText(tr("Select a kernel to see its ops, inputs, outputs and launch sites."));
        setAccessibleName(tr("Kernel Details")); // a screen reader names the pane even while it is empty
        if (!m_graph)
            return;
        const int scrolled = verticalScrollBar()->value();
        render();
        verticalScrollBar()->setValue(scrolled);
    });
    connect(this, &QTextBrowser::anchorClicked, this, [this](const QUrl& url) {
        if (url.scheme() != QLatin1String("line") || !m_graph || !m_graph->outputCode)
            return;
        Q_EMIT lineActivated(dvmlens::pathText(m_graph->outputCode->path), url.path().toInt());
    });
}

void KernelDetails::showKernel(
    std::shared_ptr<const dvmlens::Index> index, const dvmlens::Kernel* kernel, const dvmlens::Graph* graph)
{
    m_index = std::move(index);
    m_kernel = kernel;
    m_graph = graph;
    render();
}

void KernelDetails::showGraph(std::shared_ptr<const dvmlens::Index> index, const dvmlens::Graph* graph)
{
    m_index = std::move(index);
    m_kernel = nullptr;
    m_graph = graph;
    render();
}

void KernelDetails::setKernelBodies(std::shared_ptr<const KernelBodies> bodies)
{
    m_bodies = std::move(bodies);
    if (m_kernel)
        render();
}

void KernelDetails::setWhy(std::shared_ptr<const TreeWhy> why)
{
    m_why = std::move(why);
    if (m_graph) {
        const int scrolled = verticalScrollBar()->value();
        render();
        verticalScrollBar()->setValue(scrolled);
    }
}

QString KernelDetails::kernelWhyHtml() const
{
    const dvmlens::WhyReason* reason = m_why ? m_why->kernelReason(*m_graph, *m_kernel) : nullptr;
    if (!reason)
        return {};
    QString html;
    QTextStream out(&html);
    out << "<h4>" << tr("Why not DVM") << "</h4>";
    out << "<p><b>" << whyTitle(reason).toHtmlEscaped() << "</b> <code>" << escaped(reason->code)
        << "</code><br/>" << escaped(reason->text) << "</p>";
    const dvmlens::WhyEvidence& evidence = reason->evidence;
    out << "<table cellspacing=0 cellpadding=2>";
    if (evidence.line) { // a link in the output_code.py shown, the place in another file
        out << row(tr("Line"),
            evidence.file.empty() ? lineLink(*evidence.line)
                                  : QStringLiteral("%1:%2").arg(escaped(evidence.file)).arg(*evidence.line));
    }
    if (!evidence.op.empty())
        out << row(tr("Op"), QStringLiteral("<code>") + escaped(evidence.op) + QStringLiteral("</code>"));
    if (!evidence.node.empty())
        out << row(
            tr("FX node"), QStringLiteral("<code>") + escaped(evidence.node) + QStringLiteral("</code>"));
    if (!evidence.input.empty())
        out << row(
            tr("Input"), QStringLiteral("<code>") + escaped(evidence.input) + QStringLiteral("</code>"));
    if (!evidence.dtype.empty())
        out << row(tr("dtype"), escaped(evidence.dtype));
    if (!evidence.allowed.empty())
        out << row(tr("Allowed dtypes"), escaped(evidence.allowed));
    if (!evidence.setting.empty())
        out << row(tr("Setting"), escaped(evidence.setting));
    if (!reason->releases.empty())
        out << row(tr("torch_npu releases"), whyReleases(reason->releases).toHtmlEscaped());
    out << "</table>";
    const QString fix = localizedRuleText(reason->fix);
    if (!fix.isEmpty())
        out << "<p><b>" << tr("Fix:") << "</b> " << fix.toHtmlEscaped() << "</p>";
    for (const dvmlens::WhyAlternative& alternative : reason->alternatives) {
        out << "<p><i>"
            << tr("With torch_npu %1: %2")
                   .arg(whyReleases(alternative.releases), QString::fromStdString(alternative.text))
                   .toHtmlEscaped()
            << "</i></p>";
    }
    return html;
}

QString KernelDetails::graphWhyHtml() const
{
    const dvmlens::GraphWhy* reasons = m_why ? m_why->graphWhy(*m_graph) : nullptr;
    if (!reasons)
        return {};
    dvmlens::WhyCounts counts;
    dvmlens::addWhyCounts(*reasons, counts);
    if (counts.empty())
        return {};
    QString html;
    QTextStream out(&html);
    out << "<h4>" << tr("Why not DVM: kernels and calls by reason")
        << "</h4><table cellspacing=0 cellpadding=2>";
    // In the rule table's order: the most general reason first.
    for (const dvmlens::WhyReasonText& reason : m_why->rules.reasons) {
        const auto count = counts.find(reason.code);
        if (count == counts.end())
            continue;
        out << row(localizedRuleText(reason.title).toHtmlEscaped(), QString::number(count->second));
        counts.erase(count);
    }
    for (const auto& [code, count] : counts) // a code the table has no text for
        out << row(escaped(code), QString::number(count));
    out << "</table>";
    return html;
}

void KernelDetails::clearKernel()
{
    m_kernel = nullptr;
    m_graph = nullptr;
    m_index.reset();
    m_bodies.reset();
    clear();
}

void KernelDetails::changeEvent(QEvent* event)
{
    QTextBrowser::changeEvent(event);
    if (event->type() == QEvent::PaletteChange && m_graph)
        render(); // the backend colour comes from the palette
}

void KernelDetails::renderGraph()
{
    const dvmlens::Graph& graph = *m_graph;
    const dvmlens::Verdict verdict = dvmlens::graphVerdict(graph);
    QString html;
    QTextStream out(&html);
    out << "<h3 style=\"margin-bottom:2px\">" << escaped(graph.name) << "</h3>";
    out << "<p style=\"margin-top:0\"><b style=\"color:" << verdictColor(verdict, palette()).name() << "\">";
    out << VerdictText::graphHeadline(verdict).toHtmlEscaped();
    out << "</b></p>";
    // No counts or reasons where the parser never read the file (they would all be zero).
    if (verdict == dvmlens::Verdict::NotIndexed)
        out << "<p>" << VerdictText::notIndexed().toHtmlEscaped() << "</p>";
    if (verdict == dvmlens::Verdict::Unreadable)
        out << "<p>"
            << tr("DVM Lens could not look into this file, so it counts neither as engaged nor as not "
                  "engaged. Diagnostics says why.")
                   .toHtmlEscaped()
            << "</p>";
    if (verdict == dvmlens::Verdict::NotWrapper)
        out << "<p>"
            << tr("This file holds no async_compile, entry code or kernels, so DVM Lens does not judge it.")
                   .toHtmlEscaped()
            << "</p>";
    const std::vector<dvmlens::NotEngagedReason> reasons = dvmlens::notEngagedReasonList(graph);
    if (!reasons.empty()) {
        out << "<ul>";
        for (const dvmlens::NotEngagedReason& reason : reasons)
            out << "<li>" << notEngagedReasonText(reason).toHtmlEscaped() << "</li>";
        out << "</ul>";
    }
    if (verdict == dvmlens::Verdict::Engaged || verdict == dvmlens::Verdict::NotEngaged) {
        const dvmlens::Summary summary = dvmlens::summarize(graph);
        out << "<table cellspacing=0 cellpadding=2>";
        for (dvmlens::Backend backend : dvmlens::kAllBackends) {
            if (summary.kernelCount(backend) > 0)
                out << row(tr("%1 kernels").arg(backendLabel(backend)),
                    QString::number(summary.kernelCount(backend)));
        }
        out << row(tr("Fallback calls"), QString::number(summary.fallbacks));
        const auto percent = [](const std::optional<double>& share) {
            return share ? QStringLiteral("%1%").arg(100.0 * *share, 0, 'f', 1) : QStringLiteral("—");
        };
        if (graph.outputCode)
            out << row(tr("DVM coverage"),
                tr("%1 of kernel launches and fallback calls").arg(percent(graph.outputCode->dvmCoverage)));
        if (const dvmlens::Run* run = runOf(graph)) {
            // Unreadable graphs add no launches: 100% is then of what could be read (core counts them).
            const int unreadable = dvmlens::verdictCounts(*run).unreadable;
            const QString coverage = percent(dvmlens::dvmCoverage(*run));
            out << row(tr("DVM coverage of the run"),
                unreadable == 0
                    ? coverage
                    : tr("%1 of readable launches; %2 graphs unreadable").arg(coverage).arg(unreadable));
        }
        out << "</table>" << graphWhyHtml();
        out << "<p>" << tr("Select a kernel in the Kernels table for its details.") << "</p>";
    }
    out << compileHtml();
    if (!graph.diagnostics.empty()) {
        out << "<h4>" << tr("Diagnostics") << "</h4>";
        for (const dvmlens::Diagnostic& diagnostic : graph.diagnostics)
            out << "<p><b>" << escaped(diagnostic.code)
                << "</b>: " << diagnosticText(diagnostic).toHtmlEscaped() << "</p>";
    }
    setHtml(html);
}

const dvmlens::Run* KernelDetails::runOf(const dvmlens::Graph& graph) const
{
    if (!m_index)
        return nullptr;
    for (const dvmlens::Run& run : m_index->runs) {
        if (!run.graphs.empty() && &graph >= run.graphs.data()
            && &graph < run.graphs.data() + run.graphs.size())
            return &run;
    }
    return nullptr;
}

void KernelDetails::setCompileFacts(std::shared_ptr<const CompileFacts> facts)
{
    m_compile = std::move(facts);
    if (m_graph && !m_kernel)
        renderGraph();
}

// "Compile": how the shown graph's compile came to be, from its trace log (core's words).
QString KernelDetails::compileHtml() const
{
    if (!m_compile || !m_index || m_compile->index != m_index.get() || !m_graph)
        return {};
    const dvmlens::GraphCompileFacts* facts = dvmlens::compileFactsOfGraph(m_compile->logs, *m_graph);
    if (!facts)
        return {};
    const std::vector<dvmlens::LocalizedText> story = dvmlens::compileStoryLocalized(*facts);
    if (story.empty())
        return {};
    QString html = QStringLiteral("<h4>") + tr("Compile") + QStringLiteral("</h4><ul>");
    for (const dvmlens::LocalizedText& sentence : story)
        html +=
            QStringLiteral("<li>") + localizedRuleText(sentence).toHtmlEscaped() + QStringLiteral("</li>");
    return html + QStringLiteral("</ul>");
}

void KernelDetails::setModelSources(std::shared_ptr<const ModelSources> sources)
{
    m_sources = std::move(sources);
    if (m_kernel)
        render();
}

// "Model source lines": where in the model the shown kernel came from (core's SourceMap).
QString KernelDetails::sourceLinesHtml() const
{
    if (!m_sources || !m_index || m_sources->index != m_index.get() || !m_graph || !m_graph->outputCode)
        return {};
    const std::vector<dvmlens::Kernel>& kernels = m_graph->outputCode->kernels;
    if (kernels.empty() || m_kernel < kernels.data() || m_kernel >= kernels.data() + kernels.size())
        return {};
    for (std::size_t r = 0; r < m_index->runs.size(); ++r) {
        const std::vector<dvmlens::Graph>& graphs = m_index->runs[r].graphs;
        if (graphs.empty() || m_graph < graphs.data() || m_graph >= graphs.data() + graphs.size())
            continue;
        const dvmlens::SourceItemRef ref { r, static_cast<std::size_t>(m_graph - graphs.data()), false,
            static_cast<std::size_t>(m_kernel - kernels.data()) };
        const std::vector<const dvmlens::SourceFrame*> frames =
            dvmlens::itemFrames(m_sources->map, ref, true);
        QString html = QStringLiteral("<h4>") + tr("Model source lines") + QStringLiteral("</h4>");
        if (frames.empty())
            return html + QStringLiteral("<p>") + tr("None found in this tree.") + QStringLiteral("</p>");
        html += QStringLiteral("<ul style=\"margin-top:0\">");
        for (const dvmlens::SourceFrame* frame : frames) {
            html += QStringLiteral("<li><code>%1:%2</code>").arg(escaped(frame->file)).arg(frame->line);
            if (!frame->function.empty())
                html += tr(" in %1").arg(escaped(frame->function));
            if (frame->library)
                html += QStringLiteral(" <i>") + tr("(library)") + QStringLiteral("</i>");
            if (!frame->code.empty())
                html += QStringLiteral("<br/><code>") + escaped(frame->code) + QStringLiteral("</code>");
            html += QStringLiteral("</li>");
        }
        return html + QStringLiteral("</ul>");
    }
    return {};
}

void KernelDetails::render()
{
    if (!m_graph) {
        clear();
        return;
    }
    if (!m_kernel) {
        renderGraph();
        return;
    }
    const bool bodyRead = m_bodies && m_bodies->index() == m_index.get() && m_bodies->covers(*m_graph);
    const dvmlens::Kernel& kernel = bodyRead ? m_bodies->of(*m_graph, *m_kernel) : *m_kernel;
    const QString colour = backendColor(kernel.backend, palette()).name();
    QString html;
    QTextStream out(&html);
    out << "<h3 style=\"margin-bottom:2px\">" << escaped(kernel.name) << "</h3>";
    out << "<p style=\"margin-top:0\"><b style=\"color:" << colour << "\">" << backendLabel(kernel.backend)
        << "</b> · "
        << (kernel.endLine > kernel.line
                   ? tr("lines %1–%2").arg(lineLink(kernel.line), QString::number(kernel.endLine))
                   : tr("line %1").arg(lineLink(kernel.line)))
        << " · " << QString::fromStdString(m_graph->name).toHtmlEscaped() << "</p>";

    if (kernel.backend == dvmlens::Backend::ImportFx) {
        out << "<p>"
            << tr("<b>This is an FX fallback, not DVM code.</b> Inductor could not generate this kernel with "
                  "DVM "
                  "(an unsupported op or dtype, or a forced fallback), so it is run from the FX graph below "
                  "through "
                  "<code>async_compile.import_fx</code>, even though it may be named "
                  "<code>dvm_fused_*</code>.")
            << "</p>";
    } else if (kernel.backend != dvmlens::Backend::Dvm) {
        out << "<p>" << tr("A %1 kernel: not generated by DVM.").arg(backendLabel(kernel.backend)) << "</p>";
    }

    out << "<table cellspacing=0 cellpadding=2>";
    if (kernel.framing)
        out << row(tr("Framing"), escaped(*kernel.framing));
    if (kernel.ktype)
        out << row(tr("ktype"), escaped(*kernel.ktype));
    if (kernel.dynShape)
        out << row(tr("dyn_shape"), yesNo(kernel.dynShape));
    if (kernel.mfusion)
        out << row(tr("mfusion"), yesNo(kernel.mfusion));
    out << row(tr("Launch sites"), QString::number(kernel.launches));
    out << "</table>";
    out << kernelWhyHtml();
    out << sourceLinesHtml();

    if (kernel.backend == dvmlens::Backend::Dvm && lacksKernelBodies(*m_graph) && !bodyRead)
        out << "<p><i>" << tr("Reading its ops, inputs and outputs…") << "</i></p>";
    if (!kernel.ops.empty()) {
        QStringList ops;
        for (const std::string& op : kernel.ops)
            ops << escaped(op);
        out << "<h4>" << tr("Ops (%1, in order)").arg(kernel.ops.size()) << "</h4><p><code>"
            << ops.join(QStringLiteral(" → ")) << "</code></p>";
    }
    if (!kernel.inputs.empty()) {
        // Stride is only known for view_load inputs: no column of dashes when none has one.
        const bool anyStride = std::any_of(kernel.inputs.begin(), kernel.inputs.end(),
            [](const dvmlens::DvmInput& input) { return input.stride.has_value(); });
        out << "<h4>" << tr("Inputs")
            << "</h4><table border=1 cellspacing=0 cellpadding=3 style=\"border-collapse:"
            << "collapse\"><tr><th>#</th><th>" << tr("Name") << "</th><th>" << tr("Op") << "</th><th>"
            << tr("Shape") << "</th>";
        if (anyStride)
            out << "<th>" << tr("Stride") << "</th>";
        out << "<th>" << tr("dtype") << "</th></tr>";
        int number = 0;
        for (const dvmlens::DvmInput& input : kernel.inputs) {
            out << "<tr><td>" << number++ << "</td><td nowrap><code>" << escaped(input.name)
                << "</code></td><td nowrap>" << escaped(input.op) << "</td><td nowrap><code>"
                << unbreakable(shapeText(input.shape)) << "</code></td>";
            if (anyStride)
                out << "<td nowrap><code>" << unbreakable(shapeText(input.stride)) << "</code></td>";
            out << "<td nowrap>" << shortDtype(input.dtype).toHtmlEscaped() << "</td></tr>";
        }
        out << "</table>";
    }
    if (!kernel.outputs.empty()) {
        // Shapes come from the launch sites (core's parse/launchoutputs.h); stride only when known.
        const bool anyStride = std::any_of(kernel.outputs.begin(), kernel.outputs.end(),
            [](const dvmlens::DvmOutput& output) { return output.stride.has_value(); });
        const bool anyUnknown = std::any_of(kernel.outputs.begin(), kernel.outputs.end(),
            [](const dvmlens::DvmOutput& output) { return !output.shape.has_value(); });
        const QString unknown = QStringLiteral("—");
        out << "<h4>" << tr("Outputs")
            << "</h4><table border=1 cellspacing=0 cellpadding=3 style=\"border-collapse:"
            << "collapse\"><tr><th>#</th><th>" << tr("Name") << "</th><th>" << tr("Shape") << "</th>";
        if (anyStride)
            out << "<th>" << tr("Stride") << "</th>";
        out << "<th>" << tr("dtype") << "</th></tr>";
        int number = 0;
        for (const dvmlens::DvmOutput& output : kernel.outputs) {
            out << "<tr><td>" << number++ << "</td><td nowrap><code>" << escaped(output.name)
                << "</code></td><td nowrap><code>"
                << (output.shape ? unbreakable(shapeText(output.shape)) : unknown) << "</code></td>";
            if (anyStride) {
                out << "<td nowrap><code>"
                    << (output.stride ? unbreakable(shapeText(output.stride)) : unknown) << "</code></td>";
            }
            out << "<td nowrap>" << (output.dtype ? shortDtype(output.dtype).toHtmlEscaped() : unknown)
                << "</td></tr>";
        }
        out << "</table>";
        if (anyUnknown) {
            out << "<p><i>"
                << tr("— : not known. No launch in the entry code passes this output a buffer whose "
                      "allocation is in the file (graph_fusion and mfusion kernels return their outputs).")
                << "</i></p>";
        }
    }
    if (!kernel.launchLines.empty()) {
        QStringList links;
        for (int line : kernel.launchLines)
            links << lineLink(line);
        out << "<h4>" << tr("Launched at lines") << "</h4><p>" << links.join(QLatin1String(", ")) << "</p>";
    } else {
        out << "<p><i>" << tr("Not launched in the entry code.") << "</i></p>";
    }

    if (m_graph->outputCode && kernel.fxGraphLine && kernel.fxGraphEndLine) {
        const QString dump = fxGraphDump(dvmlens::pathText(m_graph->outputCode->path),
            dvmlens::filesOr(m_index ? m_index->files : nullptr), *kernel.fxGraphLine,
            *kernel.fxGraphEndLine);
        if (!dump.isEmpty()) {
            out << "<h4>" << tr("FX graph fused into this kernel") << "</h4><pre>" << dump.toHtmlEscaped()
                << "</pre>";
        }
    }
    setHtml(html);
}
