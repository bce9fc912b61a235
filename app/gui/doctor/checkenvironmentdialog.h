// SPDX-License-Identifier: MIT
// File ▸ Check Environment…: pick a Python environment (a prefix, a venv or a site-packages folder;
// the last one is remembered), Check, and read the field guide's checklist for it and the open tree
// in a table (docs/doctor.md). The document runs core's doctor off the GUI thread and keeps the
// result, which the exported report includes; Copy as Text copies what `dvmlens-cli doctor` prints.
#pragma once

#include <QDialog>

class ChecklistModel;
class QLabel;
class QLineEdit;
class QPushButton;
class QTableView;
class TreeDocument;

class CheckEnvironmentDialog : public QDialog
{
    Q_OBJECT
public:
    static constexpr const char* kEnvironmentSetting = "doctor/environment";

    CheckEnvironmentDialog(TreeDocument& document, QWidget* parent = nullptr);

    QLineEdit* pathEdit() const;
    QPushButton* checkButton() const;
    QPushButton* copyButton() const;
    QLabel* summaryLabel() const; // "5 pass, 1 fail, 3 unknown", or the reason nothing was checked
    QTableView* table() const;
    ChecklistModel* model() const;

    void check(); // the Check button: the path in the field, remembered
    void copyAsText() const; // the CLI's text output of the shown checklist, onto the clipboard

private:
    void browse();
    void showChecklist(); // the document's checklist, or its absence
    void updateSummary();
    void updateEnabled();

    TreeDocument& m_document;
    QLineEdit* m_path;
    QPushButton* m_browse;
    QPushButton* m_check;
    QPushButton* m_copy;
    QLabel* m_summary;
    QTableView* m_table;
    ChecklistModel* m_model;
};
