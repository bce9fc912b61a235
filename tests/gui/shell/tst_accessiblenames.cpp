// SPDX-License-Identifier: MIT
// What a screen reader reads on the pages without a tree: the welcome page, the empty-tree page and
// Help ▸ Keyboard Shortcuts, in English and Chinese. Every button, label, link, text field, tab, table and
// table cell shown (in the page and the docks around it) has a name in words (no icon-only or empty
// controls), the buttons also say what they do, and the names are in the interface language.
#include "gui/shell/mainwindow.h"
#include "gui/shell/recentfolders.h"
#include "gui/shell/shortcutsdialog.h"
#include "gui/shell/translations.h"
#include "gui/shell/welcomepage.h"
#include "testutil.h"

#include <QAccessible>
#include <QPushButton>
#include <QSignalSpy>
#include <QStackedWidget>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QtTest>

using namespace Qt::StringLiterals;

namespace {

struct Node
{
    QAccessible::Role role;
    QString name;
    QString description;
};

// The shown accessible nodes under `interface`, depth first.
void collect(QAccessibleInterface* interface, QList<Node>& nodes, int depth = 0)
{
    if (!interface || !interface->isValid() || depth > 30 || interface->state().invisible)
        return;
    nodes << Node { interface->role(), interface->text(QAccessible::Name),
        interface->text(QAccessible::Description) };
    for (int i = 0; i < interface->childCount(); ++i)
        collect(interface->child(i), nodes, depth + 1);
}

QList<Node> nodesOf(QWidget* widget)
{
    QList<Node> nodes;
    collect(QAccessible::queryAccessibleInterface(widget), nodes);
    return nodes;
}

bool mustBeNamed(QAccessible::Role role)
{
    switch (role) {
    case QAccessible::Button:
    case QAccessible::StaticText:
    case QAccessible::Link:
    case QAccessible::Table:
    case QAccessible::Tree:
    case QAccessible::Cell:
    case QAccessible::TreeItem:
    case QAccessible::ColumnHeader:
    case QAccessible::CheckBox:
    case QAccessible::RadioButton:
    case QAccessible::ComboBox:
    case QAccessible::EditableText:
    case QAccessible::PageTab:
    case QAccessible::Dialog:
        return true;
    default:
        return false;
    }
}

// The shown nodes a screen reader would read without words.
QStringList unnamed(const QList<Node>& nodes)
{
    QStringList found;
    for (const Node& node : nodes) {
        if (mustBeNamed(node.role) && node.name.trimmed().isEmpty())
            found << u"role 0x%1"_s.arg(int(node.role), 0, 16);
    }
    return found;
}

Node named(const QList<Node>& nodes, QAccessible::Role role, const QString& name)
{
    for (const Node& node : nodes) {
        if (node.role == role && node.name == name)
            return node;
    }
    return { QAccessible::NoRole, {}, {} };
}

} // namespace

class TestAccessibleNames : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        RecentFolders().clear();
    }

    void cleanup()
    {
        installTranslations(u"en"_s);
    }

    void pagesWithoutATree_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<QString>("openFolder"); // the button's words
        QTest::addColumn<QString>("emptyTitleStart");
        QTest::newRow("en") << u"en"_s << u"Open Folder…"_s << u"No generated code found under"_s;
        QTest::newRow("zh_CN") << u"zh_CN"_s << u"打开文件夹…"_s << u"在"_s;
    }

    void pagesWithoutATree()
    {
        QFETCH(QString, language);
        QFETCH(QString, openFolder);
        QFETCH(QString, emptyTitleStart);
        QCOMPARE(installTranslations(language), language);
        QTemporaryDir recent;
        QVERIFY(recent.isValid());
        RecentFolders().add(recent.path());
        const auto forget = qScopeGuard([] { RecentFolders().clear(); });
        MainWindow window;
        window.setQuiet(true);
        window.resize(1280, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        WelcomePage* welcome = window.welcomePage();
        QCOMPARE(welcome->state(), WelcomePage::State::Welcome);

        // The welcome page: its buttons (Open Folder, Open File, the sample, a recent tree) by their words,
        // each with a description of what it does; the texts by theirs.
        QList<Node> nodes = nodesOf(welcome);
        QCOMPARE(unnamed(nodes), QStringList());
        const Node open = named(nodes, QAccessible::Button, openFolder);
        QCOMPARE(open.role, QAccessible::Button);
        int buttons = 0;
        for (const Node& node : std::as_const(nodes)) {
            if (node.role != QAccessible::Button)
                continue;
            ++buttons;
            QVERIFY2(!node.description.isEmpty(), qPrintable(node.name));
            QVERIFY2(!node.name.contains(u'<'), qPrintable(node.name));
        }
        QCOMPARE(buttons, 4);
        // The rich-text body is read as words, not markup.
        bool body = false;
        for (const Node& node : std::as_const(nodes)) {
            if (node.role == QAccessible::StaticText && node.name.contains(u"torch_compile_debug"_s)) {
                body = true;
                QVERIFY2(
                    !node.name.contains(u"<p>"_s) && !node.name.contains(u"<code>"_s), qPrintable(node.name));
            }
        }
        QVERIFY(body);
        // The whole window around it too: the docks' filters, empty details panes, tabs and buttons.
        QCOMPARE(unnamed(nodesOf(&window)), QStringList());
        // A recent tree's button names the tree and says it opens it.
        auto* recentButton = welcome->findChild<QPushButton*>(u"WelcomeRecent"_s);
        QVERIFY(recentButton);
        QVERIFY(recentButton->accessibleDescription().contains(QDir::toNativeSeparators(recent.path())));

        // The empty-tree page: what was opened, what to set; named the same way.
        QTemporaryDir empty;
        QVERIFY(empty.isValid());
        QSignalSpy finished(&window, &MainWindow::indexFinished);
        window.openPath(empty.path());
        QVERIFY(finished.wait(30000));
        QCOMPARE(welcome->state(), WelcomePage::State::EmptyTree);
        QCOMPARE(window.pages()->currentWidget(), static_cast<QWidget*>(welcome));
        nodes = nodesOf(welcome);
        QCOMPARE(unnamed(nodes), QStringList());
        bool title = false;
        for (const Node& node : std::as_const(nodes)) {
            if (node.role == QAccessible::StaticText && node.name.startsWith(emptyTitleStart))
                title = true;
            if (node.role == QAccessible::StaticText)
                QVERIFY2(!node.name.contains(u"<pre>"_s), qPrintable(node.name));
        }
        QVERIFY(title);
        QVERIFY(named(nodes, QAccessible::Button, openFolder).role == QAccessible::Button);
        QCOMPARE(unnamed(nodesOf(&window)), QStringList());

        // Help ▸ Keyboard Shortcuts: the dialog, its table, every header and cell, and the Close button.
        ShortcutsDialog dialog(&window, &window);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        nodes = nodesOf(&dialog);
        QCOMPARE(unnamed(nodes), QStringList());
        QCOMPARE(named(nodes, QAccessible::Dialog, dialog.windowTitle()).role, QAccessible::Dialog);
        int tables = 0;
        int cells = 0;
        for (const Node& node : std::as_const(nodes)) {
            tables += node.role == QAccessible::Table || node.role == QAccessible::Tree ? 1 : 0;
            cells += node.role == QAccessible::Cell || node.role == QAccessible::TreeItem ? 1 : 0;
        }
        QCOMPARE(tables, 1);
        QVERIFY2(cells >= 2 * 10, qPrintable(QString::number(cells)));
        QVERIFY(!named(nodes, QAccessible::Table, dialog.list()->accessibleName()).name.isEmpty()
            || !named(nodes, QAccessible::Tree, dialog.list()->accessibleName()).name.isEmpty());
        QCOMPARE(dialog.list()->accessibleName(), dialog.windowTitle());
    }
};

QTEST_MAIN(TestAccessibleNames)
#include "tst_accessiblenames.moc"
