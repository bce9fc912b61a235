// SPDX-License-Identifier: MIT
#include "gui/shell/welcomepage.h"

#include "core/install/datadir.h"

#include <QDir>
#include <QEvent>
#include <QFileInfo>
#include <QLabel>
#include <QPushButton>
#include <QStyle>
#include <QVBoxLayout>

WelcomePage::WelcomePage(QWidget* parent)
    : QWidget(parent)
    , m_samplePath(dvmlens::sampleTreePath())
    , m_title(new QLabel)
    , m_body(new QLabel)
    , m_recentHeading(new QLabel)
    , m_dropHint(new QLabel)
    , m_openFolder(new QPushButton(style()->standardIcon(QStyle::SP_DirOpenIcon), QString()))
    , m_openFile(new QPushButton(style()->standardIcon(QStyle::SP_FileIcon), QString()))
    , m_sample(new QPushButton)
    , m_recentLayout(new QVBoxLayout)
{
    setObjectName(QStringLiteral("WelcomePage"));
    setAutoFillBackground(true);
    setBackgroundRole(QPalette::Base);
    m_title->setObjectName(QStringLiteral("WelcomeTitle"));
    QFont titleFont = m_title->font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.5);
    titleFont.setBold(true);
    m_title->setFont(titleFont);
    m_title->setWordWrap(true);
    m_title->setTextFormat(Qt::PlainText);
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_body->setObjectName(QStringLiteral("WelcomeBody"));
    m_body->setWordWrap(true);
    m_body->setTextFormat(Qt::RichText);
    m_body->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_dropHint->setForegroundRole(QPalette::PlaceholderText);
    m_dropHint->setWordWrap(true);
    m_openFolder->setObjectName(QStringLiteral("WelcomeOpenFolder"));
    m_openFile->setObjectName(QStringLiteral("WelcomeOpenFile"));
    m_sample->setObjectName(QStringLiteral("WelcomeSample"));
    m_sample->setVisible(!m_samplePath.isEmpty());
    connect(m_openFolder, &QPushButton::clicked, this, &WelcomePage::openFolderRequested);
    connect(m_openFile, &QPushButton::clicked, this, &WelcomePage::openFileRequested);
    connect(m_sample, &QPushButton::clicked, this, [this] { Q_EMIT openPathRequested(m_samplePath); });

    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_openFolder);
    buttons->addWidget(m_openFile);
    buttons->addWidget(m_sample);
    buttons->addStretch(1);

    // A column of readable width in the middle, whatever the window's size.
    auto* column = new QWidget;
    column->setMaximumWidth(fontMetrics().averageCharWidth() * 90);
    auto* layout = new QVBoxLayout(column);
    layout->setSpacing(fontMetrics().height() / 2);
    layout->addWidget(m_title);
    layout->addWidget(m_body);
    layout->addSpacing(fontMetrics().height() / 2);
    layout->addLayout(buttons);
    layout->addSpacing(fontMetrics().height() / 2);
    layout->addWidget(m_recentHeading);
    layout->addLayout(m_recentLayout);
    layout->addSpacing(fontMetrics().height());
    layout->addWidget(m_dropHint);

    auto* outer = new QVBoxLayout(this);
    outer->addStretch(1);
    auto* centred = new QHBoxLayout;
    centred->addStretch(1);
    centred->addWidget(column, 4);
    centred->addStretch(1);
    outer->addLayout(centred);
    outer->addStretch(2);
    updateTexts();
}

void WelcomePage::showWelcome(const QStringList& recentPaths)
{
    m_state = State::Welcome;
    m_emptyPath.clear();
    m_recent = recentPaths.mid(0, kMaxRecent);
    rebuildRecent();
    updateTexts();
}

void WelcomePage::showEmptyTree(const QString& path)
{
    m_state = State::EmptyTree;
    m_emptyPath = path;
    m_recent.clear();
    rebuildRecent();
    updateTexts();
}

WelcomePage::State WelcomePage::state() const
{
    return m_state;
}

QString WelcomePage::titleText() const
{
    return m_title->text();
}

QString WelcomePage::bodyText() const
{
    return m_body->text();
}

QStringList WelcomePage::recentPaths() const
{
    return m_recent;
}

bool WelcomePage::sampleOffered() const
{
    return !m_samplePath.isEmpty();
}

void WelcomePage::rebuildRecent()
{
    while (QLayoutItem* item = m_recentLayout->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    for (const QString& path : std::as_const(m_recent)) {
        // The folder name first (what people recognise), the full path as the tooltip.
        const QFileInfo info(path);
        auto* button = new QPushButton(
            QStringLiteral("%1   %2").arg(info.fileName(), QDir::toNativeSeparators(info.absolutePath())));
        button->setFlat(true);
        button->setStyleSheet(QStringLiteral("text-align: left"));
        // A flat button reads as a label: the link colour and the hand say it opens something.
        button->setCursor(Qt::PointingHandCursor);
        QPalette linkLike = button->palette();
        linkLike.setColor(QPalette::ButtonText, palette().color(QPalette::Link));
        button->setPalette(linkLike);
        button->setToolTip(QDir::toNativeSeparators(path));
        button->setObjectName(QStringLiteral("WelcomeRecent"));
        button->setAccessibleDescription(tr("Open the recent tree %1").arg(button->toolTip()));
        connect(button, &QPushButton::clicked, this, [this, path] { Q_EMIT openPathRequested(path); });
        m_recentLayout->addWidget(button);
    }
    m_recentHeading->setVisible(!m_recent.isEmpty());
}

void WelcomePage::updateTexts()
{
    m_openFolder->setText(tr("Open Folder…"));
    m_openFile->setText(tr("Open File or Archive…"));
    m_sample->setText(tr("Try the Sample Tree"));
    // What each button does, for screen readers (the words on them name it only).
    m_openFolder->setAccessibleDescription(
        tr("Choose a folder to open: a torch_compile_debug, run or graph folder, a TORCH_TRACE "
           "folder, tlparse's output folder or the Inductor cache folder"));
    m_openFile->setAccessibleDescription(
        tr("Choose a file to open: an output_code.py, a TORCH_TRACE log (.log or .log.gz) or a .tar "
           "/ .zip archive of any of them"));
    m_sample->setAccessibleDescription(tr("Open the sample tree that comes with DVM Lens (two runs)"));
    for (QPushButton* button : findChildren<QPushButton*>(QStringLiteral("WelcomeRecent")))
        button->setAccessibleDescription(tr("Open the recent tree %1").arg(button->toolTip()));
    m_recentHeading->setText(tr("Recent"));
    m_dropHint->setText(
        tr("Or drop a torch_compile_debug folder, a TORCH_TRACE folder or log, the Inductor "
           "cache folder or an archive of one here. Shift+drop a second one to compare the two."));
    if (m_state == State::Welcome) {
        m_title->setText(tr("Did DVM generate the kernels?"));
        m_body->setText(
            tr("<p>Open the <code>torch_compile_debug</code> folder a training run wrote (or one "
               "<code>run_*</code> folder, one graph folder, one <code>output_code.py</code>, or a "
               ".tar / .zip of them), a <code>TORCH_TRACE</code> folder or log (or tlparse's output "
               "folder), or the Inductor cache folder to see, per run, graph and kernel, what DVM "
               "generated and what fell back to Triton, ATen or FX.</p>"));
        return;
    }
    // The path on a line of its own: wrapped after "under", it broke after its first "/".
    m_title->setText(tr("No generated code found under\n%1").arg(QDir::toNativeSeparators(m_emptyPath)));
    m_body->setText(
        tr("<p>PyTorch keeps the generated code in three places; open any of them:</p>"
           "<ul><li>a trace folder: run with <code>TORCH_TRACE=/tmp/trace</code> and open "
           "<code>/tmp/trace</code> (or one <code>dedicated_log_torch_trace_*.log</code>);</li>"
           "<li>the Inductor cache folder, <code>TORCHINDUCTOR_CACHE_DIR</code> (by default "
           "<code>/tmp/torchinductor_&lt;user&gt;</code>);</li>"
           "<li>a debug tree: run the training again with</li></ul>"
           "<pre>TORCHINDUCTOR_NPU_BACKEND=dvm TORCH_COMPILE_DEBUG=1 python train.py</pre>"
           "<p>and open the <code>torch_compile_debug</code> folder it creates in the working "
           "directory (<code>run_*/torchinductor/&lt;graph&gt;/output_code.py</code>), or the folder "
           "<code>debug_dir_root</code> names.</p>"));
}

void WelcomePage::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::LanguageChange)
        updateTexts();
    else if (event->type() == QEvent::PaletteChange)
        rebuildRecent(); // the theme's link colour
}
