// SPDX-License-Identifier: MIT
#include "gui/common/filedialogs.h"

#include <QFileDialog>
#include <QHeaderView>
#include <QTreeView>

namespace {

constexpr QSize kPreferred(900, 560);

QString run(QFileDialog& dialog)
{
    FileDialogs::fit(dialog);
    if (dialog.exec() != QDialog::Accepted)
        return {};
    const QStringList files = dialog.selectedFiles();
    return files.isEmpty() ? QString() : files.first();
}

} // namespace

namespace FileDialogs {

void fit(QFileDialog& dialog)
{
    QSize size = kPreferred;
    if (const QWidget* parent = dialog.parentWidget())
        size = size.boundedTo(parent->window()->size()).expandedTo(QSize(600, 400));
    dialog.resize(size);
    // Qt's own dialog makes its views when it is first shown, and names the detail one "treeView"
    // (a desktop's dialog has none): widened once the dialog's event loop runs.
    QMetaObject::invokeMethod(
        &dialog,
        [&dialog, width = size.width()] {
            if (auto* details = dialog.findChild<QTreeView*>(QStringLiteral("treeView")))
                details->header()->resizeSection(0, width / 2);
        },
        Qt::QueuedConnection);
}

QString existingFolder(QWidget* parent, const QString& caption, const QString& folder)
{
    QFileDialog dialog(parent, caption, folder);
    dialog.setFileMode(QFileDialog::Directory);
    dialog.setOption(QFileDialog::ShowDirsOnly);
    return run(dialog);
}

QString openFile(QWidget* parent, const QString& caption, const QString& folder, const QString& filter)
{
    QFileDialog dialog(parent, caption, folder, filter);
    dialog.setFileMode(QFileDialog::ExistingFile);
    return run(dialog);
}

QString saveFile(QWidget* parent, const QString& caption, const QString& file, const QString& filter,
    QString* selectedFilter)
{
    QFileDialog dialog(parent, caption, file, filter);
    dialog.setAcceptMode(QFileDialog::AcceptSave);
    dialog.setFileMode(QFileDialog::AnyFile);
    const QString chosen = run(dialog);
    if (selectedFilter && !chosen.isEmpty())
        *selectedFilter = dialog.selectedNameFilter();
    return chosen;
}

} // namespace FileDialogs
