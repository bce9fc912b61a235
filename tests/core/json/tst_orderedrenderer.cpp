// SPDX-License-Identifier: MIT
// OrderedRenderer hands every item's text over exactly once and in item order, whatever the number
// of workers and the window, keeps workers within the window, and stops cleanly when not drained.
#include "core/json/orderedrenderer.h"

#include <QTest>

#include <atomic>
#include <string>

using namespace dvmlens;

class TestOrderedRenderer : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void itemsComeInOrder_data()
    {
        QTest::addColumn<int>("workers");
        QTest::addColumn<int>("window");
        QTest::newRow("inline") << 1 << 32;
        QTest::newRow("two workers") << 2 << 32;
        QTest::newRow("eight workers, window 1") << 8 << 1;
        QTest::newRow("three workers, window 3") << 3 << 3;
    }

    void itemsComeInOrder()
    {
        QFETCH(int, workers);
        QFETCH(int, window);
        constexpr std::size_t count = 500;
        std::atomic<int> renders { 0 };
        OrderedRenderer renderer(
            count,
            [&](std::size_t i) {
                ++renders;
                return "item " + std::to_string(i);
            },
            workers, static_cast<std::size_t>(window));
        for (std::size_t i = 0; i < count; ++i)
            QCOMPARE(renderer.next(), "item " + std::to_string(i));
        QCOMPARE(renders.load(), int(count));
        QCOMPARE(renderer.next(), std::string()); // past the end
    }

    void workersStayWithinTheWindow()
    {
        constexpr std::size_t window = 4;
        std::atomic<std::size_t> taken { 0 };
        std::atomic<bool> overran { false };
        OrderedRenderer renderer(
            200,
            [&](std::size_t i) {
                // Item i starts only once item i - window was handed over; `taken` counts after
                // next() returns, so it may lag the renderer by one.
                if (i > taken.load() + window)
                    overran = true;
                return std::string(1, char('a' + i % 26));
            },
            4, window);
        for (std::size_t i = 0; i < 200; ++i) {
            QCOMPARE(renderer.next(), std::string(1, char('a' + i % 26)));
            ++taken;
        }
        QVERIFY(!overran.load());
    }

    void stopsWhenNotDrained()
    {
        std::atomic<int> renders { 0 };
        {
            OrderedRenderer renderer(
                100000,
                [&](std::size_t) {
                    ++renders;
                    return std::string("x");
                },
                2, 8);
            QCOMPARE(renderer.next(), std::string("x"));
        } // must not wait for the 99,999 others
        QVERIFY(renders.load() < 100);
    }

    void nothingToRender()
    {
        OrderedRenderer renderer(
            0, [](std::size_t) { return std::string("never"); }, 2);
        QCOMPARE(renderer.next(), std::string());
    }
};

QTEST_GUILESS_MAIN(TestOrderedRenderer)
#include "tst_orderedrenderer.moc"
