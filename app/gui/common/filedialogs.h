// SPDX-License-Identifier: MIT
// The window's file dialogs, sized for paths like ours. Where the desktop offers no dialog of its own
// (and under Xvfb), Qt's opens at about 540×360 with the Name column cut after a dozen characters;
// these open at 900×560, or the size of the window when it is smaller, with the Name column taking
// half the width. A desktop's own dialog sizes itself and is left alone.
#pragma once

#include <QString>

class QFileDialog;
class QWidget;

namespace FileDialogs {

// 900×560, or the parent window's size when smaller; the detail view's Name column half the width.
void fit(QFileDialog& dialog);

// As QFileDialog's static functions of the same purpose; empty when cancelled.
QString existingFolder(QWidget* parent, const QString& caption, const QString& folder);
QString openFile(QWidget* parent, const QString& caption, const QString& folder, const QString& filter);
// `selectedFilter`, when given, receives the filter chosen.
QString saveFile(QWidget* parent, const QString& caption, const QString& file, const QString& filter,
    QString* selectedFilter = nullptr);

} // namespace FileDialogs
