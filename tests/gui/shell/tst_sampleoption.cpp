// SPDX-License-Identifier: MIT
// dvmlens --sample: the sample tree is found beside the program's folder, as installed (share/dvmlens/
// samples/, checked by cli-packaging) and in the build tree, where it is the source's own sample.
#include "core/install/datadir.h"
#include "gui/shell/commandline.h"

#include <QDir>
#include <QFileInfo>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {

CommandLineResult parse(QStringList arguments)
{
    arguments.prepend(QStringLiteral("dvmlens"));
    return parseCommandLine(arguments);
}

} // namespace

class TestSampleOption : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void buildTreeFindsTheSourceSample()
    {
        const QString sample = dvmlens::sampleTreePath();
        QVERIFY2(!sample.isEmpty(), qPrintable(dvmlens::installedDataDir()));
        QCOMPARE(QFileInfo(sample).canonicalFilePath(),
            QDir(QStringLiteral(DVMLENS_SOURCE_DIR "/resources/samples/torch_compile_debug"))
                .canonicalPath());
        // Beside the program's folder, not a path compiled in.
        QCOMPARE(QFileInfo(dvmlens::installedDataDir()).absoluteFilePath(),
            QDir(QStringLiteral(DVMLENS_BINARY_DIR "/share/dvmlens")).absolutePath());
    }

    void sampleIsThePath()
    {
        const CommandLineResult result = parse({ u"--sample"_s });
        QVERIFY2(result.options, qPrintable(result.error));
        QCOMPARE(result.options->path, dvmlens::sampleTreePath());
        QCOMPARE(result.options->view, QStringLiteral("browse"));
    }

    void sampleComparesWithAnotherTree()
    {
        const CommandLineResult result = parse({ u"--sample"_s, u"--compare"_s, u"/data/b"_s });
        QVERIFY2(result.options, qPrintable(result.error));
        QCOMPARE(result.options->path, dvmlens::sampleTreePath());
        QCOMPARE(result.options->compareWith, QStringLiteral("/data/b"));
    }

    void sampleTakesNoPath()
    {
        const CommandLineResult result = parse({ u"--sample"_s, u"/data/tree"_s });
        QVERIFY(!result.options);
        QVERIFY2(result.error.contains(QLatin1String("--sample")), qPrintable(result.error));
    }

    void missingFileIsEmpty()
    {
        QVERIFY(dvmlens::installedDataPath(QStringLiteral("no/such/file")).isEmpty());
    }
};

QTEST_MAIN(TestSampleOption)
#include "tst_sampleoption.moc"
