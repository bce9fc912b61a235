// SPDX-License-Identifier: MIT
// Choosing a debug tree to open or compare with: a folder or an archive (.tar, .tar.gz/.tgz,
// .tar.xz, .tar.zst, .tar.bz2, .zip, told by its content as the CLI tells it). Qt's folder dialog
// refuses files and its file dialog refuses folders, so this one (Qt's own widgets, not the
// platform's) shows both and takes either: a folder as the folder dialog does, an archive file at
// once.
#pragma once

#include <QFileDialog>

class TreePathDialog : public QFileDialog
{
    Q_OBJECT
public:
    TreePathDialog(QWidget* parent, const QString& caption, const QString& directory);

    QString chosenPath() const; // after Accepted: the folder or file chosen

    // Runs the dialog; empty when cancelled.
    static QString getTreePath(QWidget* parent, const QString& caption, const QString& directory);

public Q_SLOTS:
    void accept() override;

protected:
    // The files taken at once (the dialog enters or chooses folders): archives here.
    virtual bool acceptsFile(const QString& path) const;

private:
    QString m_file; // the file accepted, if one was
};
