// SPDX-License-Identifier: MIT
// `dvmlens --screenshot` end to end: the real binary, offscreen, writes a PNG of the asked size in
// the asked theme, and fails loudly on a bad path or selection.
#include "testutil.h"

#include <QDir>
#include <QFile>
#include <QImage>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <sys/stat.h>

using namespace Qt::StringLiterals;

namespace {

struct Outcome
{
    int exitCode = -1;
    QString errors;
};

double meanLightness(const QImage& image)
{
    qint64 sum = 0;
    int samples = 0;
    for (int y = 0; y < image.height(); y += 7) {
        for (int x = 0; x < image.width(); x += 7) {
            sum += QColor(image.pixel(x, y)).lightness();
            ++samples;
        }
    }
    return samples ? double(sum) / samples : 0;
}

} // namespace

class TestScreenshot : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_temp;

    Outcome run(const QStringList& arguments)
    {
        QProcess process;
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        environment.insert(QStringLiteral("XDG_CONFIG_HOME"), m_temp.filePath(QStringLiteral("config")));
        process.setProcessEnvironment(environment);
        process.start(QStringLiteral(DVMLENS_GUI), arguments);
        Outcome outcome;
        if (!process.waitForFinished(120000))
            return outcome;
        outcome.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
        outcome.errors = QString::fromUtf8(process.readAllStandardError());
        return outcome;
    }

    static QString sampleTree()
    {
        const QString shipped = testutil::sourcePath(QStringLiteral("resources/samples/torch_compile_debug"));
        return QFileInfo(shipped).isDir() ? shipped
                                          : testutil::fixture(QStringLiteral("gui/torch_compile_debug"));
    }

private Q_SLOTS:
    void initTestCase()
    {
        if (QStringLiteral(DVMLENS_GUI).isEmpty())
            QSKIP("the dvmlens GUI binary is not built");
        QVERIFY(m_temp.isValid());
    }

    void defaultSize()
    {
        const QString file = m_temp.filePath(QStringLiteral("default.png"));
        const Outcome outcome = run({ QStringLiteral("--screenshot"), file, sampleTree() });
        QVERIFY2(outcome.exitCode == 0, qPrintable(outcome.errors));
        const QImage image(file);
        QCOMPARE(image.size(), QSize(1400, 900));
    }

    void sizeAndThemes()
    {
        const QString light = m_temp.filePath(QStringLiteral("light.png"));
        const QString dark = m_temp.filePath(QStringLiteral("dark.png"));
        const QString tree = testutil::fixture(QStringLiteral("gui/torch_compile_debug"));
        Outcome outcome =
            run({ u"--screenshot"_s, light, u"--size"_s, u"1000x700"_s, u"--theme"_s, u"light"_s, tree });
        QVERIFY2(outcome.exitCode == 0, qPrintable(outcome.errors));
        outcome = run({ u"--screenshot"_s, dark, u"--size"_s, u"1000x700"_s, u"--theme"_s, u"dark"_s, tree });
        QVERIFY2(outcome.exitCode == 0, qPrintable(outcome.errors));
        const QImage lightImage(light);
        const QImage darkImage(dark);
        QCOMPARE(lightImage.size(), QSize(1000, 700));
        QCOMPARE(darkImage.size(), QSize(1000, 700));
        QVERIFY2(meanLightness(lightImage) > 160, qPrintable(QString::number(meanLightness(lightImage))));
        QVERIFY2(meanLightness(darkImage) < 100, qPrintable(QString::number(meanLightness(darkImage))));
    }

    void selectAndDiagnosticsView()
    {
        const QString file = m_temp.filePath(QStringLiteral("diagnostics.png"));
        const Outcome outcome = run({ u"--screenshot"_s, file, u"--select"_s,
            u"model__0_forward_0.0/dvm_fused_sigmoid_2"_s, u"--view"_s, u"diagnostics"_s,
            testutil::fixture(QStringLiteral("gui/torch_compile_debug")) });
        QVERIFY2(outcome.exitCode == 0, qPrintable(outcome.errors));
        QVERIFY(QFileInfo::exists(file));
    }

    // The first selected file cannot be shown (binary here; a FIFO or a link out of the tree
    // alike): the code view says why, and the picture is still taken. It exited 1 before.
    void unshowableFirstFileStillGivesPicture()
    {
        QTemporaryDir tree;
        const QString graph = tree.filePath(
            QStringLiteral("run_2026_07_20_10_15_30_123456-pid_4101/torchinductor/model__0_forward_0.0"));
        QVERIFY(QDir().mkpath(graph));
        QFile code(graph + QStringLiteral("/output_code.py"));
        QVERIFY(code.open(QIODevice::WriteOnly));
        code.write(QByteArray("import torch\0\1\2 binary", 24));
        code.close();
        for (const char* view : { "browse", "diagnostics" }) {
            const QString file =
                m_temp.filePath(QStringLiteral("unshowable-%1.png").arg(QLatin1String(view)));
            const Outcome outcome = run(
                { u"--screenshot"_s, file, u"--view"_s, QLatin1StringView(view).toString(), tree.path() });
            QVERIFY2(outcome.exitCode == 0,
                qPrintable(QLatin1String(view) + QLatin1String(": ") + outcome.errors));
            QVERIFY(!QImage(file).isNull());
        }
    }

    void failures()
    {
        const QString file = m_temp.filePath(QStringLiteral("never.png"));
        Outcome outcome = run({ u"--screenshot"_s, file, QStringLiteral("/nonexistent/dvmlens/tree") });
        QCOMPARE(outcome.exitCode, 1);
        QVERIFY2(outcome.errors.contains(QLatin1String("Cannot open")), qPrintable(outcome.errors));

        outcome = run({ u"--screenshot"_s, file, u"--select"_s, u"no_such_graph"_s,
            testutil::fixture(QStringLiteral("gui/torch_compile_debug")) });
        QCOMPARE(outcome.exitCode, 1);
        QVERIFY2(outcome.errors.contains(QLatin1String("no_such_graph")), qPrintable(outcome.errors));

        outcome = run({ u"--size"_s, u"huge"_s });
        QCOMPARE(outcome.exitCode, 2);
        QVERIFY(outcome.errors.contains(QLatin1String("--size")));
        QVERIFY(!QFileInfo::exists(file));
    }

    // Issue 30.8 and 30.9: a FIFO (it would block), a device (it would be written into) or a
    // symbolic link (it would be written through) named as the picture is refused at once, exit 2,
    // before anything is indexed; the link's target is untouched.
    void refusesFifosDevicesAndLinks()
    {
        const QString fifo = m_temp.filePath(u"fifo.png"_s);
        QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
        Outcome outcome = run({ u"--screenshot"_s, fifo, sampleTree() });
        QCOMPARE(outcome.exitCode, 2);
        QVERIFY2(outcome.errors.contains(u"cannot write %1: it is a FIFO, not a regular file"_s.arg(fifo)),
            qPrintable(outcome.errors));

        outcome = run({ u"--screenshot"_s, u"/dev/null"_s });
        QCOMPARE(outcome.exitCode, 2);
        QVERIFY2(outcome.errors.contains(u"it is a character device, not a regular file"_s),
            qPrintable(outcome.errors));

        const QString victim = m_temp.filePath(u"victim.txt"_s);
        QFile file(victim);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("precious");
        file.close();
        const QString link = m_temp.filePath(u"link.png"_s);
        QVERIFY(QFile::link(victim, link));
        outcome = run({ u"--screenshot"_s, link });
        QCOMPARE(outcome.exitCode, 2);
        QVERIFY2(outcome.errors.contains(u"it is a symbolic link; refusing to write through it"_s),
            qPrintable(outcome.errors));
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.readAll(), QByteArray("precious"));
    }
};

QTEST_MAIN(TestScreenshot)
#include "tst_screenshot.moc"
