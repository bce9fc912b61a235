// SPDX-License-Identifier: MIT
#include "gui/doctor/checkenvironmentdialog.h"

#include "gui/common/filedialogs.h"
#include "gui/common/languagechange.h"
#include "gui/doctor/checklistmodel.h"
#include "gui/document/treedocument.h"

#include <QClipboard>
#include <QDialogButtonBox>
#include <QDir>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QTableView>
#include <QVBoxLayout>

CheckEnvironmentDialog::CheckEnvironmentDialog(TreeDocument& document, QWidget* parent)
    : QDialog(parent)
    , m_document(document)
    , m_path(new QLineEdit(this))
    , m_browse(new QPushButton(this))
    , m_check(new QPushButton(this))
    , m_copy(new QPushButton(this))
    , m_summary(new QLabel(this))
    , m_table(new QTableView(this))
    , m_model(new ChecklistModel(this))
{
    setObjectName(QStringLiteral("CheckEnvironmentDialog"));
    m_path->setObjectName(QStringLiteral("environmentPath"));
    m_check->setObjectName(QStringLiteral("checkEnvironment"));
    m_copy->setObjectName(QStringLiteral("copyChecklist"));
    m_summary->setObjectName(QStringLiteral("checklistSummary"));
    m_table->setObjectName(QStringLiteral("checklistTable"));
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_summary->setWordWrap(true);
    m_table->setModel(m_model);
    m_table->setWordWrap(true);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->verticalHeader()->hide();
    // Nine rows: each as tall as its wrapped text at the columns' widths, whatever they become.
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    // Evidence (paths) and fix (sentences, the ir.py diff) get the room; number and status their text's.
    QHeaderView* header = m_table->horizontalHeader();
    header->setSectionResizeMode(ChecklistModel::ItemColumn, QHeaderView::ResizeToContents);
    header->setSectionResizeMode(ChecklistModel::StatusColumn, QHeaderView::ResizeToContents);
    header->resizeSection(ChecklistModel::TitleColumn, 220);
    header->resizeSection(ChecklistModel::EvidenceColumn, 360);
    header->setStretchLastSection(true);
    m_check->setDefault(true);

    auto* pathRow = new QHBoxLayout;
    pathRow->addWidget(m_path, 1);
    pathRow->addWidget(m_browse);
    pathRow->addWidget(m_check);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    buttons->addButton(m_copy, QDialogButtonBox::ActionRole);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(pathRow);
    layout->addWidget(m_summary);
    layout->addWidget(m_table, 1);
    layout->addWidget(buttons);
    resize(1100, 600);

    // The environment checked for this tree, else the last one checked in any session.
    const QString checked = m_document.checkedEnvironment();
    m_path->setText(
        checked.isEmpty() ? QSettings().value(QLatin1String(kEnvironmentSetting)).toString() : checked);
    connect(m_path, &QLineEdit::textChanged, this, &CheckEnvironmentDialog::updateEnabled);
    connect(m_path, &QLineEdit::returnPressed, this, &CheckEnvironmentDialog::check);
    connect(m_browse, &QPushButton::clicked, this, &CheckEnvironmentDialog::browse);
    connect(m_check, &QPushButton::clicked, this, &CheckEnvironmentDialog::check);
    connect(m_copy, &QPushButton::clicked, this, &CheckEnvironmentDialog::copyAsText);
    connect(&m_document, &TreeDocument::checklistChanged, this, &CheckEnvironmentDialog::showChecklist);
    // A new tree is checked again against the same environment (item 8 is the tree's).
    connect(&m_document, &TreeDocument::indexChanged, this, &CheckEnvironmentDialog::showChecklist);

    translateNowAndOnChange(this, [this] {
        setWindowTitle(tr("Check Environment"));
        m_path->setPlaceholderText(tr("A Python prefix, a venv or a site-packages folder"));
        m_path->setAccessibleName(tr("Python environment"));
        m_browse->setText(tr("&Browse…"));
        m_check->setText(tr("&Check"));
        m_copy->setText(tr("Copy as &Text"));
        m_copy->setToolTip(tr("Copy the checklist as dvmlens-cli doctor prints it"));
        m_table->setAccessibleName(tr("Environment checklist"));
        m_table->setAccessibleDescription(
            tr("The DVM field guide's checklist: item, status, check, evidence and fix"));
        m_summary->setAccessibleName(tr("Checklist summary"));
        updateSummary();
    });
    showChecklist();
}

QLineEdit* CheckEnvironmentDialog::pathEdit() const
{
    return m_path;
}

QPushButton* CheckEnvironmentDialog::checkButton() const
{
    return m_check;
}

QPushButton* CheckEnvironmentDialog::copyButton() const
{
    return m_copy;
}

QLabel* CheckEnvironmentDialog::summaryLabel() const
{
    return m_summary;
}

QTableView* CheckEnvironmentDialog::table() const
{
    return m_table;
}

ChecklistModel* CheckEnvironmentDialog::model() const
{
    return m_model;
}

void CheckEnvironmentDialog::check()
{
    const QString env = m_path->text().trimmed();
    if (env.isEmpty())
        return;
    QSettings().setValue(QLatin1String(kEnvironmentSetting), env);
    m_document.checkEnvironment(env);
    m_model->setItems({});
    updateSummary();
    updateEnabled();
}

void CheckEnvironmentDialog::copyAsText() const
{
    const std::shared_ptr<const EnvironmentChecklist>& checklist = m_document.checklist();
    if (checklist && !checklist->items.empty())
        QGuiApplication::clipboard()->setText(QString::fromStdString(checklist->text));
}

void CheckEnvironmentDialog::browse()
{
    const QString folder = FileDialogs::existingFolder(this, tr("Choose a Python Environment"),
        m_path->text().isEmpty() ? QDir::homePath() : m_path->text());
    if (!folder.isEmpty())
        m_path->setText(folder);
}

void CheckEnvironmentDialog::showChecklist()
{
    const std::shared_ptr<const EnvironmentChecklist>& checklist = m_document.checklist();
    m_model->setItems(checklist ? checklist->items : std::vector<dvmlens::CheckItem> {});
    updateSummary();
    updateEnabled();
}

void CheckEnvironmentDialog::updateSummary()
{
    const std::shared_ptr<const EnvironmentChecklist>& checklist = m_document.checklist();
    QString text;
    if (m_document.isCheckingEnvironment())
        text = tr("Checking %1…").arg(m_document.checkedEnvironment());
    else if (checklist && !checklist->error.isEmpty())
        text = tr("Nothing to check: %1").arg(checklist->error);
    else if (checklist) {
        const dvmlens::CheckCounts counts = dvmlens::countChecks(checklist->items);
        text = tr("%1 pass, %2 fail, %3 unknown").arg(counts.pass).arg(counts.fail).arg(counts.unknown);
    } else if (!m_document.checkedEnvironment().isEmpty())
        text = tr("The check failed.");
    else
        text = tr("Choose a Python environment and press Check.");
    m_summary->setText(text);
    m_summary->setAccessibleDescription(text);
}

void CheckEnvironmentDialog::updateEnabled()
{
    m_check->setEnabled(!m_path->text().trimmed().isEmpty() && !m_document.isCheckingEnvironment());
    const std::shared_ptr<const EnvironmentChecklist>& checklist = m_document.checklist();
    m_copy->setEnabled(checklist && !checklist->items.empty());
}
