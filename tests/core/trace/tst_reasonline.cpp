// SPDX-License-Identifier: MIT
// core/trace/reasonline: a compile failure told in one line names its exception. A row that showed
// only "backend='broken_backend' raised:" (the Compile dock, the report, `compile`) left out the
// one line that says what went wrong.
#include "core/trace/reasonline.h"

#include <QTest>

using namespace dvmlens;

class TestReasonLine : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void oneLine_data()
    {
        QTest::addColumn<QByteArray>("reason");
        QTest::addColumn<QByteArray>("line");
        QTest::newRow("one line") << QByteArray("Tensor.item() not supported")
                                  << QByteArray("Tensor.item() not supported");
        QTest::newRow("raised: joins the exception")
            << QByteArray("backend='broken_backend' raised:\nRuntimeError: broken backend\n\nSet TORCH_LOGS")
            << QByteArray("backend='broken_backend' raised: RuntimeError: broken backend");
        QTest::newRow("blank lines skipped") << QByteArray("raised:\n\n  \n\tLoweringException: boom")
                                             << QByteArray("raised: LoweringException: boom");
        QTest::newRow("a full line keeps its own") << QByteArray("boom\nsecond line") << QByteArray("boom");
        QTest::newRow("nothing after the colon") << QByteArray("raised:\n\n") << QByteArray("raised:");
        QTest::newRow("trimmed") << QByteArray("  boom \r\n") << QByteArray("boom");
        QTest::newRow("empty") << QByteArray() << QByteArray();
    }
    void oneLine()
    {
        QFETCH(QByteArray, reason);
        QFETCH(QByteArray, line);
        QCOMPARE(QByteArray::fromStdString(reasonLine(reason.toStdString())), line);
    }

    void longReasonsAreCutAtACharacter()
    {
        const std::string wide = std::string(299, 'a') + "失败" + std::string(100, 'b');
        const std::string line = reasonLine(wide);
        QCOMPARE(line, std::string(299, 'a') + "…");
        QCOMPARE(reasonLine(std::string(300, 'c')), std::string(300, 'c'));
    }
};

QTEST_APPLESS_MAIN(TestReasonLine)
#include "tst_reasonline.moc"
