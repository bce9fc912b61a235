// SPDX-License-Identifier: MIT
// The run trees' headers on an empty window, in Chinese and English: every title has at least an em of room
// beside it, so short titles (判定, 其他, 回退) never sit against the next one; the count columns' cells
// are right-aligned.
#include "browse/browsepage.h"
#include "browse/graphtreemodel.h"
#include "browse/runtreemodel.h"
#include "browse/runtreepane.h"
#include "shell/mainwindow.h"
#include "shell/translations.h"

#include <QHeaderView>
#include <QStandardPaths>
#include <QTreeView>
#include <QtTest>

using namespace Qt::StringLiterals;

class TestRunTreeHeaders : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
    }

    void titlesNeverTouch_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<bool>("byGraph");
        for (const QString& language : { u"zh_CN"_s, u"en"_s }) {
            QTest::addRow("%s-by-run", qPrintable(language)) << language << false;
            QTest::addRow("%s-by-graph", qPrintable(language)) << language << true;
        }
    }

    void titlesNeverTouch()
    {
        QFETCH(QString, language);
        QFETCH(bool, byGraph);
        QCOMPARE(installTranslations(language), language);
        const auto english = qScopeGuard([] { installTranslations(u"en"_s); });
        MainWindow window;
        window.setQuiet(true);
        window.resize(1280, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        RunTreePane* pane = window.browsePage()->runTreePane();
        pane->setByGraph(byGraph);
        QTreeView* tree = pane->currentView();
        QCOMPARE(tree->model()->rowCount(), 0);
        QHeaderView* header = tree->header();
        header->resizeSections(QHeaderView::ResizeToContents);
        const QFontMetrics metrics(header->font());
        const int em = metrics.horizontalAdvance(QLatin1Char('M'));
        int shown = 0;
        for (int logical = 0; logical < header->count(); ++logical) {
            if (header->isSectionHidden(logical))
                continue;
            ++shown;
            const QString title = tree->model()->headerData(logical, Qt::Horizontal).toString();
            QVERIFY(!title.isEmpty());
            const int room = header->sectionSize(logical) - metrics.horizontalAdvance(title);
            QVERIFY2(room >= em,
                qPrintable(u"%1: %2 px beside the title, want %3"_s.arg(title).arg(room).arg(em)));
        }
        QCOMPARE(shown, 5);
        // The window really is in that language: the Verdict title of both trees.
        const int verdict = byGraph ? int(GraphTreeModel::VerdictColumn) : int(RunTreeModel::VerdictColumn);
        QCOMPARE(tree->model()->headerData(verdict, Qt::Horizontal).toString(),
            language == u"zh_CN"_s ? u"判定"_s : u"Verdict"_s);
    }
};

QTEST_MAIN(TestRunTreeHeaders)
#include "tst_runtreeheaders.moc"
