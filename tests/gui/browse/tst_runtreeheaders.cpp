// SPDX-License-Identifier: MIT
// The run trees' headers, nothing open and an empty tree, in Chinese and English: every section holds its
// title, the style's margins and an em, and between one title's text and the next there is at least an em,
// so short titles (判定, 其他, 回退) never read as one word with their neighbours.
#include "gui/browse/browsepage.h"
#include "gui/browse/graphtreemodel.h"
#include "gui/browse/runtreemodel.h"
#include "gui/browse/runtreepane.h"
#include "gui/shell/mainwindow.h"
#include "gui/shell/translations.h"

#include <QHeaderView>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStyle>
#include <QStyleOptionHeader>
#include <QTemporaryDir>
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
        QTest::addColumn<bool>("emptyTree"); // an opened folder without runs, else nothing open
        for (const QString& language : { u"zh_CN"_s, u"en"_s }) {
            for (const bool emptyTree : { false, true }) {
                const char* state = emptyTree ? "empty-tree" : "nothing-open";
                QTest::addRow("%s-by-run-%s", qPrintable(language), state) << language << false << emptyTree;
                QTest::addRow("%s-by-graph-%s", qPrintable(language), state) << language << true << emptyTree;
            }
        }
    }

    void titlesNeverTouch()
    {
        QFETCH(QString, language);
        QFETCH(bool, byGraph);
        QFETCH(bool, emptyTree);
        QCOMPARE(installTranslations(language), language);
        const auto english = qScopeGuard([] { installTranslations(u"en"_s); });
        MainWindow window;
        window.setQuiet(true);
        window.resize(1280, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QTemporaryDir empty;
        if (emptyTree) {
            QSignalSpy finished(&window, &MainWindow::indexFinished);
            window.openPath(empty.path());
            QVERIFY(finished.wait(30000));
        }
        RunTreePane* pane = window.browsePage()->runTreePane();
        pane->setByGraph(byGraph);
        QTreeView* tree = pane->currentView();
        QCOMPARE(tree->model()->rowCount(), 0);
        QHeaderView* header = tree->header();
        QTest::qWait(50); // the header's own layout pass, as the window shows it
        const QFontMetrics metrics(header->font());
        const int em = metrics.horizontalAdvance(QLatin1Char('M'));
        QStyleOptionHeader option;
        option.initFrom(header);
        const int margin = header->style()->pixelMetric(QStyle::PM_HeaderMargin, &option, header);
        // Where each title's text is drawn: after the margin when left-aligned, before it when right-aligned.
        struct Title
        {
            QString text;
            int left = 0;
            int right = 0;
        };
        QList<Title> titles;
        for (int visual = 0; visual < header->count(); ++visual) {
            const int logical = header->logicalIndex(visual);
            if (header->isSectionHidden(logical))
                continue;
            const QString text = tree->model()->headerData(logical, Qt::Horizontal).toString();
            QVERIFY(!text.isEmpty());
            const QVariant aligned =
                tree->model()->headerData(logical, Qt::Horizontal, Qt::TextAlignmentRole);
            const Qt::Alignment alignment =
                aligned.isValid() ? Qt::Alignment(aligned.toInt()) : header->defaultAlignment();
            const int start = header->sectionPosition(logical);
            const int width = metrics.horizontalAdvance(text);
            const int left = alignment & Qt::AlignRight
                ? start + header->sectionSize(logical) - margin - width
                : start + margin;
            QVERIFY2(header->sectionSize(logical) >= width + 2 * margin + em, qPrintable(text));
            titles.append({ text, left, left + width });
        }
        // Between one title's last glyph and the next one's first, at least an em of header (4 px before).
        for (qsizetype i = 0; i + 1 < titles.size(); ++i) {
            const int gap = titles[i + 1].left - titles[i].right;
            QVERIFY2(gap >= em,
                qPrintable(u"%1 | %2: %3 px apart, want %4"_s.arg(titles[i].text, titles[i + 1].text)
                               .arg(gap)
                               .arg(em)));
        }
        const int shown = int(titles.size());
        QCOMPARE(shown, 5);
        // Titles on the left in both trees, as QTreeView's own header puts them.
        QCOMPARE(header->defaultAlignment() & Qt::AlignHorizontal_Mask, Qt::AlignLeft);
        // The window really is in that language: the Verdict title of both trees.
        const int verdict = byGraph ? int(GraphTreeModel::VerdictColumn) : int(RunTreeModel::VerdictColumn);
        QCOMPARE(tree->model()->headerData(verdict, Qt::Horizontal).toString(),
            language == u"zh_CN"_s ? u"判定"_s : u"Verdict"_s);
    }
};

QTEST_MAIN(TestRunTreeHeaders)
#include "tst_runtreeheaders.moc"
