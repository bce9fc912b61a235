// SPDX-License-Identifier: MIT
#include "gui/common/treepathdialog.h"

#include "core/archive/archivereader.h"
#include "core/io/pathtext.h"
#include "gui/common/filedialogs.h"

#include <QFileInfo>

TreePathDialog::TreePathDialog(QWidget* parent, const QString& caption, const QString& directory)
    : QFileDialog(parent, caption, directory)
{
    setObjectName(QStringLiteral("TreePathDialog"));
    setOption(QFileDialog::DontUseNativeDialog); // a native folder dialog hides the archives
    setFileMode(QFileDialog::Directory);
    setOption(QFileDialog::ShowDirsOnly, false);
    setNameFilters({ tr("Debug tree folders and archives (*.tar *.tgz *.tar.gz *.tar.xz *.tar.zst *.tar.bz2 "
                        "*.zip)"),
        tr("All files (*)") });
    setLabelText(QFileDialog::Accept, tr("Choose"));
    FileDialogs::fit(*this); // Qt's own dialog opens at about 540×360, its columns cut
}

bool TreePathDialog::acceptsFile(const QString& path) const
{
    return dvmlens::looksLikeArchive(dvmlens::pathBytes(path));
}

QString TreePathDialog::chosenPath() const
{
    if (!m_file.isEmpty())
        return m_file;
    const QStringList files = selectedFiles();
    return files.isEmpty() ? QString() : files.first();
}

void TreePathDialog::accept()
{
    const QStringList files = selectedFiles();
    if (!files.isEmpty()) {
        const QFileInfo chosen(files.first());
        if (chosen.isFile() && acceptsFile(chosen.absoluteFilePath())) {
            m_file = chosen.absoluteFilePath();
            QDialog::accept(); // QFileDialog in folder mode would refuse a file
            return;
        }
    }
    m_file.clear();
    QFileDialog::accept(); // a folder: entered or chosen as Qt's folder dialog does
}

QString TreePathDialog::getTreePath(QWidget* parent, const QString& caption, const QString& directory)
{
    TreePathDialog dialog(parent, caption, directory);
    return dialog.exec() == QDialog::Accepted ? dialog.chosenPath() : QString();
}
