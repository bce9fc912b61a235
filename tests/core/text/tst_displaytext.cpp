// SPDX-License-Identifier: MIT
// core/text/displaytext: what a terminal would act on is shown as an escape, everything else as it
// is. Issue 30.13: lone C1 bytes of a non-UTF-8 name (0x9b CSI, 0x9d OSC, 0x90 DCS) and the bidi
// controls (U+202E shows a name reversed) once reached the terminal raw.
#include "core/text/displaytext.h"

#include <QTest>

using namespace dvmlens;

class TestDisplayText : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void escapesWhatATerminalActsOn_data()
    {
        QTest::addColumn<QByteArray>("name");
        QTest::addColumn<QByteArray>("shown");
        QTest::newRow("plain") << QByteArray("model__0_forward_1.0") << QByteArray("model__0_forward_1.0");
        QTest::newRow("ESC and BEL") << QByteArray("a\x1b]0;x\x07") << QByteArray("a\\x1b]0;x\\x07");
        QTest::newRow("newline") << QByteArray("a\nb") << QByteArray("a\\x0ab");
        QTest::newRow("C1 as UTF-8") << QByteArray("a\xc2\x9b"
                                                   "2J")
                                     << QByteArray("a\\u009b2J");
        QTest::newRow("lone CSI") << QByteArray("a\x9b"
                                                "2J")
                                  << QByteArray("a\\x9b2J");
        QTest::newRow("lone OSC, DCS") << QByteArray("\x9d\x90") << QByteArray("\\x9d\\x90");
        QTest::newRow("Latin-1 letters") << QByteArray("caf\xe9") << QByteArray("caf\xe9");
        QTest::newRow("cut sequence then CSI") << QByteArray("\xe2\x9b") << QByteArray("\xe2\\x9b");
        QTest::newRow("RLO") << QByteArray("gpj.\xe2\x80\xae"
                                           "exe")
                             << QByteArray("gpj.\\u202eexe");
        QTest::newRow("LRE..RLO") << QByteArray("\xe2\x80\xaa\xe2\x80\xad") << QByteArray("\\u202a\\u202d");
        QTest::newRow("isolates") << QByteArray("\xe2\x81\xa6x\xe2\x81\xa9") << QByteArray("\\u2066x\\u2069");
        QTest::newRow("other UTF-8 kept")
            << QByteArray("\xe6\xa8\xa1\xe5\x9e\x8b \xe2\x80\x94 \xf0\x9f\x98\x80")
            << QByteArray("\xe6\xa8\xa1\xe5\x9e\x8b \xe2\x80\x94 \xf0\x9f\x98\x80");
    }

    void escapesWhatATerminalActsOn()
    {
        QFETCH(QByteArray, name);
        QFETCH(QByteArray, shown);
        QCOMPARE(QByteArray::fromStdString(displayName(name.toStdString())), shown);
    }

    void terminalSafeKeepsLinesAndEscapesTheRest()
    {
        QCOMPARE(terminalSafe("a\tb\nc\x9b\xe2\x80\xae"), std::string("a\tb\nc\\x9b\\u202e"));
    }
};

QTEST_GUILESS_MAIN(TestDisplayText)
#include "tst_displaytext.moc"
