// SPDX-License-Identifier: MIT
#include "gui/browse/codeheader.h"

#include <QDir>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>

CodeHeader::CodeHeader(QWidget* parent)
    : QWidget(parent)
    , m_label(new QLabel)
{
    setObjectName(QStringLiteral("CodeHeader"));
    m_label->setObjectName(QStringLiteral("CodeHeaderText"));
    m_label->setTextFormat(Qt::PlainText);
    m_label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_label->setSizePolicy(
        QSizePolicy::Ignored, QSizePolicy::Preferred); // long names must not widen the window
    auto* layout = new QHBoxLayout(this);
    const int margin = fontMetrics().height() / 4;
    layout->setContentsMargins(margin * 2, margin, margin * 2, margin);
    layout->addWidget(m_label);
    updateText();
}

void CodeHeader::showFile(const QStringList& parts, const QString& path)
{
    m_parts = parts;
    m_showsFile = true;
    setToolTip(QDir::toNativeSeparators(path));
    m_label->setToolTip(toolTip());
    updateText();
}

void CodeHeader::showNoCode(const QString& runName, std::optional<dvmlens::RunInput> emptyRun)
{
    m_parts.clear();
    m_runName = runName;
    m_emptyRun = emptyRun;
    m_showsFile = false;
    setToolTip({});
    m_label->setToolTip({});
    updateText();
}

QString CodeHeader::text() const
{
    return m_label->text();
}

void CodeHeader::updateText()
{
    // Why an empty run has nothing to select is a sentence that may not fit one line; a file's
    // path stays on one line (its full form is the tooltip).
    m_label->setWordWrap(!m_showsFile && m_emptyRun);
    if (m_showsFile)
        m_label->setText(m_parts.join(QStringLiteral("  ▸  ")));
    else if (!m_runName.isEmpty() && m_emptyRun == dvmlens::RunInput::TraceLog)
        m_label->setText(tr("%1  ▸  this TORCH_TRACE log has no inductor_output_code record: no wrapper "
                            "module to show (its compiles failed, made a C++ wrapper, or ended before "
                            "Inductor)")
                             .arg(m_runName));
    else if (!m_runName.isEmpty() && m_emptyRun == dvmlens::RunInput::Cache)
        m_label->setText(
            tr("%1  ▸  this cache folder holds no wrapper module, only kernel and helper modules")
                .arg(m_runName));
    else if (!m_runName.isEmpty() && m_emptyRun == dvmlens::RunInput::DebugTree)
        m_label->setText(tr("%1  ▸  this run has no graph folders").arg(m_runName));
    else if (!m_runName.isEmpty())
        m_label->setText(tr("%1  ▸  select a graph or a kernel to see its code").arg(m_runName));
    else
        m_label->setText(tr("Select a graph or a kernel to see its code"));
}

void CodeHeader::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::LanguageChange)
        updateText();
}
