// SPDX-License-Identifier: MIT
// The window's file dialogs open large enough for long paths, with the Name column readable, where
// Qt's own dialog is used (here: the offscreen platform has no native one).
#include "gui/common/filedialogs.h"
#include "gui/common/treepathdialog.h"

#include <QApplication>
#include <QDir>
#include <QFileDialog>
#include <QHeaderView>
#include <QTimer>
#include <QTreeView>
#include <QtTest>

#include <functional>

namespace {

struct Seen
{
    QSize size;
    int nameColumn = -1;
};

// Runs `open` and, once its dialog is up, notes its size and Name column, then cancels it.
Seen whileOpen(const std::function<QString()>& open)
{
    Seen seen;
    QTimer::singleShot(200, [&seen] {
        auto* dialog = qobject_cast<QFileDialog*>(QApplication::activeModalWidget());
        if (!dialog)
            return;
        seen.size = dialog->size();
        if (auto* details = dialog->findChild<QTreeView*>(QStringLiteral("treeView")))
            seen.nameColumn = details->header()->sectionSize(0);
        dialog->reject();
    });
    const QString chosen = open();
    if (!chosen.isEmpty())
        seen.nameColumn = -2; // a cancelled dialog chose something
    return seen;
}

} // namespace

class TestFileDialogs : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void openAtAReadableSize()
    {
        QWidget window;
        window.resize(1400, 900);
        window.show();
        const QString folder = QDir::tempPath();
        const Seen openFolder =
            whileOpen([&] { return FileDialogs::existingFolder(&window, u"Open"_qs, folder); });
        QCOMPARE(openFolder.size, QSize(900, 560));
        QCOMPARE(openFolder.nameColumn, 450);
        const Seen openFile = whileOpen(
            [&] { return FileDialogs::openFile(&window, u"Open"_qs, folder, u"All files (*)"_qs); });
        QCOMPARE(openFile.size, QSize(900, 560));
        QCOMPARE(openFile.nameColumn, 450);
        QString filter = u"untouched"_qs;
        const Seen save = whileOpen([&] {
            return FileDialogs::saveFile(&window, u"Save"_qs, folder + u"/report.md"_qs,
                u"Markdown (*.md);;HTML (*.html)"_qs, &filter);
        });
        QCOMPARE(save.size, QSize(900, 560));
        QCOMPARE(filter, u"untouched"_qs); // cancelled: nothing chosen
        const Seen tree =
            whileOpen([&] { return TreePathDialog::getTreePath(&window, u"Compare"_qs, folder); });
        QCOMPARE(tree.size, QSize(900, 560));
        QCOMPARE(tree.nameColumn, 450);
    }

    void aSmallWindowBoundsTheDialog()
    {
        QWidget window;
        window.resize(760, 480);
        window.show();
        const Seen seen =
            whileOpen([&] { return FileDialogs::existingFolder(&window, u"Open"_qs, QDir::tempPath()); });
        QCOMPARE(seen.size, QSize(760, 480));
        QCOMPARE(seen.nameColumn, 380);
    }
};

QTEST_MAIN(TestFileDialogs)
#include "tst_filedialogs.moc"
