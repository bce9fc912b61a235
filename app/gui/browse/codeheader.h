// SPDX-License-Identifier: MIT
// The line over the browse code view that names what it shows: run ▸ graph ▸ file (the full path
// in the tooltip), or, with a run selected, that run and what to select to see code.
#pragma once

#include "core/model/runinput.h"

#include <QStringList>
#include <QWidget>

#include <optional>

class QLabel;

class CodeHeader : public QWidget
{
    Q_OBJECT
public:
    explicit CodeHeader(QWidget* parent = nullptr);

    // `parts`: run, graph, file names, outermost first (any may be missing); `path`: the file.
    void showFile(const QStringList& parts, const QString& path);
    // A run (or nothing) is selected: no code is shown. `emptyRun`: the run has no graphs, and was
    // read from that input (the header says why there is nothing to select).
    void showNoCode(const QString& runName, std::optional<dvmlens::RunInput> emptyRun = std::nullopt);
    QString text() const;

protected:
    void changeEvent(QEvent* event) override;

private:
    void updateText();

    QLabel* m_label;
    QStringList m_parts;
    QString m_runName;
    std::optional<dvmlens::RunInput> m_emptyRun;
    bool m_showsFile = false;
};
