// SPDX-License-Identifier: MIT
// Installs the build into a temporary prefix and checks what a user gets: the exact file layout, programs
// that run without the build tree, a valid desktop entry and AppStream metainfo, and the .deb/.tar.gz
// that CPack makes from the same install rules.
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTranslator>

namespace {

const auto kAppId = QStringLiteral("io.gitcode.dvmlens");
const QStringList kIconSizes { "16", "22", "32", "48", "64", "128", "256" };

struct Result
{
    int exitCode = -1;
    QString out;
    QString err;
};

Result run(const QString& program, const QStringList& arguments, int timeoutMs = 120000)
{
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.remove(QStringLiteral("DESTDIR")); // would redirect `cmake --install` away from the prefix
    process.setProcessEnvironment(environment);
    process.start(program, arguments);
    Result result;
    if (!process.waitForStarted() || !process.waitForFinished(timeoutMs)) {
        process.kill();
        process.waitForFinished();
        result.err = QStringLiteral("%1 did not finish: %2").arg(program, process.errorString());
        return result;
    }
    result.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    result.out = QString::fromUtf8(process.readAllStandardOutput());
    result.err = QString::fromUtf8(process.readAllStandardError());
    return result;
}

// A value from the build's CMakeCache.txt ("NAME:TYPE=value"), e.g. which cmake configured it.
QString cacheValue(const QString& name)
{
    QFile cache(QDir(QStringLiteral(DVMLENS_BINARY_DIR)).filePath(QStringLiteral("CMakeCache.txt")));
    if (!cache.open(QIODevice::ReadOnly | QIODevice::Text))
        return {};
    const QRegularExpression line(QStringLiteral("^%1:[A-Z]+=(.*)$").arg(QRegularExpression::escape(name)),
        QRegularExpression::MultilineOption);
    return line.match(QString::fromUtf8(cache.readAll())).captured(1);
}

bool cacheFlag(const QString& name)
{
    const QString value = cacheValue(name).toUpper();
    return value == QLatin1String("ON") || value == QLatin1String("TRUE") || value == QLatin1String("1");
}

// What an install must contain, relative to the prefix, sorted.
QStringList expectedLayout(bool withGui)
{
    QStringList files { QStringLiteral("bin/dvmlens-cli"),
        QStringLiteral("share/applications/%1.desktop").arg(kAppId),
        QStringLiteral("share/metainfo/%1.metainfo.xml").arg(kAppId),
        QStringLiteral("share/icons/hicolor/scalable/apps/%1.svg").arg(kAppId),
        QStringLiteral("share/dvmlens/rules/known-failures.json") };
    for (const QString& size : kIconSizes)
        files << QStringLiteral("share/icons/hicolor/%1x%1/apps/%2.png").arg(size, kAppId);
    if (withGui)
        files << QStringLiteral("bin/dvmlens")
              << QStringLiteral("share/dvmlens/translations/dvmlens_zh_CN.qm");
    files.sort();
    return files;
}

QStringList filesBelow(const QString& root)
{
    QStringList files;
    QDirIterator it(root, QDir::Files | QDir::Hidden | QDir::System, QDirIterator::Subdirectories);
    while (it.hasNext())
        files << QDir(root).relativeFilePath(it.next());
    files.sort();
    return files;
}

QString readText(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

} // namespace

class TestPackaging : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void installsExactLayout();
    void installedProgramsRunWithoutTheBuildTree();
    void programsCarryNoRpath();
    void programsCarryNoBuildPaths();
    void desktopEntryIsValid();
    void metainfoIsValid();
    void installedTranslationLoads();
    void debPackage();
    void tgzPackage();

private:
    QString installed(const QString& relative) const
    {
        return QDir(m_prefix).filePath(relative);
    }

    QTemporaryDir m_dir;
    QString m_prefix;
    QString m_cmake;
    bool m_withGui = false;
};

void TestPackaging::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_cmake = cacheValue(QStringLiteral("CMAKE_COMMAND"));
    QVERIFY2(QFileInfo(m_cmake).isExecutable(), "CMAKE_COMMAND not found in the build's CMakeCache.txt");
    m_withGui = cacheFlag(QStringLiteral("DVMLENS_BUILD_GUI"));
    m_prefix = m_dir.filePath(QStringLiteral("prefix"));
    const Result install =
        run(m_cmake, { "--install", QStringLiteral(DVMLENS_BINARY_DIR), "--prefix", m_prefix });
    QVERIFY2(install.exitCode == 0, qPrintable(install.out + install.err));
}

void TestPackaging::installsExactLayout()
{
    QCOMPARE(filesBelow(m_prefix), expectedLayout(m_withGui));
    QVERIFY(QFileInfo(installed(QStringLiteral("bin/dvmlens-cli"))).isExecutable());
    if (m_withGui)
        QVERIFY(QFileInfo(installed(QStringLiteral("bin/dvmlens"))).isExecutable());
}

void TestPackaging::installedProgramsRunWithoutTheBuildTree()
{
    const Result cli = run(installed(QStringLiteral("bin/dvmlens-cli")), { "--version" }, 30000);
    QCOMPARE(cli.exitCode, 0);
    QVERIFY2(cli.out.startsWith(QLatin1String("dvmlens-cli 0.1.0")), qPrintable(cli.out));
    if (!m_withGui)
        QSKIP("Built without the GUI (DVMLENS_BUILD_GUI=OFF)");
    const Result gui = run(installed(QStringLiteral("bin/dvmlens")), { "--version" }, 30000);
    QCOMPARE(gui.exitCode, 0);
    QVERIFY2(gui.out.contains(QLatin1String("0.1.0")), qPrintable(gui.out + gui.err));
}

void TestPackaging::programsCarryNoRpath()
{
    const QString readelf = QStandardPaths::findExecutable(QStringLiteral("readelf"));
    if (readelf.isEmpty())
        QSKIP("readelf (binutils) is not installed");
    for (const QString& program : { QStringLiteral("dvmlens-cli"), QStringLiteral("dvmlens") }) {
        const QString path = installed(QStringLiteral("bin/") + program);
        if (!QFile::exists(path))
            continue;
        const Result dynamic = run(readelf, { "-d", path });
        QCOMPARE(dynamic.exitCode, 0);
        QVERIFY2(dynamic.out.contains(QLatin1String("(NEEDED)")), qPrintable(dynamic.out));
        QVERIFY2(
            !dynamic.out.contains(QLatin1String("RPATH")) && !dynamic.out.contains(QLatin1String("RUNPATH")),
            qPrintable(program + QStringLiteral(" keeps an RPATH:\n") + dynamic.out));
    }
}

void TestPackaging::programsCarryNoBuildPaths()
{
    // Debug and sanitizer builds record source paths on purpose (debug info, ASan reports).
    const QString buildType = cacheValue(QStringLiteral("CMAKE_BUILD_TYPE"));
    if (buildType != QLatin1String("Release") && buildType != QLatin1String("MinSizeRel"))
        QSKIP(qPrintable(QStringLiteral("Only release builds are checked; this one is '%1'").arg(buildType)));
    const QByteArray sourceDir = QDir(QStringLiteral(DVMLENS_SOURCE_DIR)).canonicalPath().toUtf8();
    const QByteArray binaryDir = QDir(QStringLiteral(DVMLENS_BINARY_DIR)).canonicalPath().toUtf8();
    for (const QString& program : { QStringLiteral("dvmlens-cli"), QStringLiteral("dvmlens") }) {
        QFile file(installed(QStringLiteral("bin/") + program));
        if (!file.exists())
            continue;
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray bytes = file.readAll();
        QVERIFY2(
            !bytes.contains(sourceDir), qPrintable(program + QStringLiteral(" contains the source path")));
        QVERIFY2(
            !bytes.contains(binaryDir), qPrintable(program + QStringLiteral(" contains the build path")));
    }
}

void TestPackaging::desktopEntryIsValid()
{
    const QString path = installed(QStringLiteral("share/applications/%1.desktop").arg(kAppId));
    const QString text = readText(path);
    QVERIFY(text.startsWith(QLatin1String("[Desktop Entry]\n")));
    QVERIFY(text.contains(QLatin1String("\nType=Application\n")));
    QVERIFY(text.contains(QLatin1String("\nExec=dvmlens %f\n")));
    QVERIFY(text.contains(QStringLiteral("\nIcon=%1\n").arg(kAppId)));
    QVERIFY(text.contains(QLatin1String("\nCategories=Development;Debugger;Qt;\n")));
    // No MIME claim: on a desktop without a file manager, DVM Lens would become the folder handler.
    QVERIFY2(!text.contains(QLatin1String("\nMimeType=")), qPrintable(text));
    // X11 (forwarding, VNC) pairs the window with this entry through WM_CLASS, which Qt sets to "dvmlens".
    QVERIFY(text.contains(QLatin1String("\nStartupWMClass=dvmlens\n")));
    QVERIFY(text.contains(QLatin1String("\nComment[zh_CN]=")));

    const QString validator = QStandardPaths::findExecutable(QStringLiteral("desktop-file-validate"));
    if (validator.isEmpty())
        QSKIP("desktop-file-validate is not installed (Debian package desktop-file-utils)");
    const Result validation = run(validator, { path });
    QVERIFY2(
        validation.exitCode == 0 && validation.out.isEmpty(), qPrintable(validation.out + validation.err));
}

void TestPackaging::metainfoIsValid()
{
    const QString path = installed(QStringLiteral("share/metainfo/%1.metainfo.xml").arg(kAppId));
    const QString text = readText(path);
    QVERIFY(text.contains(QStringLiteral("<id>%1</id>").arg(kAppId)));
    QVERIFY(
        text.contains(QStringLiteral("<launchable type=\"desktop-id\">%1.desktop</launchable>").arg(kAppId)));
    QVERIFY(text.contains(QLatin1String("<binary>dvmlens</binary>")));
    QVERIFY(text.contains(QLatin1String("<binary>dvmlens-cli</binary>")));
    QVERIFY(text.contains(QLatin1String("<release version=\"0.1.0\" date=\"2026-11-29\">")));
    QVERIFY(text.contains(QLatin1String("<content_rating type=\"oars-1.1\"/>")));
    // Screenshot addresses that cannot be checked to exist are left out (see the comment in the file).
    QString withoutComments = text;
    withoutComments.remove(
        QRegularExpression(QStringLiteral("<!--.*?-->"), QRegularExpression::DotMatchesEverythingOption));
    QVERIFY2(!withoutComments.contains(QLatin1String("<screenshot")), qPrintable(text));

    const QString validator = QStandardPaths::findExecutable(QStringLiteral("appstreamcli"));
    if (validator.isEmpty())
        QSKIP("appstreamcli is not installed (Debian package appstream)");
    const Result validation = run(validator, { "validate", "--no-net", "--pedantic", path });
    QVERIFY2(validation.exitCode == 0, qPrintable(validation.out + validation.err));
    // --pedantic also reports hints; a clean file has none.
    QVERIFY2(!QRegularExpression(QStringLiteral("^[EWIP]: "), QRegularExpression::MultilineOption)
                  .match(validation.out)
                  .hasMatch(),
        qPrintable(validation.out));
}

void TestPackaging::installedTranslationLoads()
{
    if (!m_withGui)
        QSKIP("Built without the GUI (DVMLENS_BUILD_GUI=OFF): no translations");
    QTranslator translator;
    QVERIFY(translator.load(installed(QStringLiteral("share/dvmlens/translations/dvmlens_zh_CN.qm"))));
    QVERIFY(!translator.isEmpty());
    QCOMPARE(translator.language(), QStringLiteral("zh_CN"));
}

void TestPackaging::debPackage()
{
    const QString dpkgDeb = QStandardPaths::findExecutable(QStringLiteral("dpkg-deb"));
    const QString cpack = cacheValue(QStringLiteral("CMAKE_CPACK_COMMAND"));
    if (dpkgDeb.isEmpty() || !QFileInfo(cpack).isExecutable())
        QSKIP("dpkg-deb or cpack is not available");
    const QString out = m_dir.filePath(QStringLiteral("deb"));
    const QString config =
        QDir(QStringLiteral(DVMLENS_BINARY_DIR)).filePath(QStringLiteral("CPackConfig.cmake"));
    const Result pack = run(cpack, { "-G", "DEB", "--config", config, "-B", out });
    QVERIFY2(pack.exitCode == 0, qPrintable(pack.out + pack.err));

    const Result arch = run(QStringLiteral("dpkg"), { "--print-architecture" });
    QCOMPARE(arch.exitCode, 0);
    const QString deb = QDir(out).filePath(QStringLiteral("dvmlens_0.1.0_%1.deb").arg(arch.out.trimmed()));
    QVERIFY2(QFile::exists(deb), qPrintable(QDir(out).entryList(QDir::Files).join(QLatin1Char(' '))));

    const Result fields =
        run(dpkgDeb, { "-f", deb, "Package", "Version", "Section", "Maintainer", "Depends" });
    QCOMPARE(fields.exitCode, 0);
    QVERIFY2(fields.out.contains(QLatin1String("Package: dvmlens\n")), qPrintable(fields.out));
    QVERIFY2(fields.out.contains(QLatin1String("Version: 0.1.0\n")), qPrintable(fields.out));
    QVERIFY2(fields.out.contains(QLatin1String("Section: devel\n")), qPrintable(fields.out));
    QVERIFY2(
        fields.out.contains(QRegularExpression(QStringLiteral("Maintainer: \\S"))), qPrintable(fields.out));
    QStringList needed { "libqt6core6" };
    if (m_withGui)
        needed << "libqt6widgets6"
               << "qt6-qpa-plugins"
               << "libqt6svg6";
    for (const QString& package : needed)
        QVERIFY2(fields.out.contains(QRegularExpression(QStringLiteral("Depends: .*\\b%1\\b").arg(package))),
            qPrintable(package + QStringLiteral(" missing from ") + fields.out));

    const Result listing = run(dpkgDeb, { "-c", deb });
    QCOMPARE(listing.exitCode, 0);
    QStringList packaged;
    for (const QString& line : listing.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts))
        if (!line.startsWith(QLatin1Char('d')))
            packaged << line.section(QStringLiteral(" ./usr/"), 1);
    packaged.sort();
    QCOMPARE(packaged, expectedLayout(m_withGui));
}

void TestPackaging::tgzPackage()
{
    const QString tar = QStandardPaths::findExecutable(QStringLiteral("tar"));
    const QString cpack = cacheValue(QStringLiteral("CMAKE_CPACK_COMMAND"));
    if (tar.isEmpty() || !QFileInfo(cpack).isExecutable())
        QSKIP("tar or cpack is not available");
    const QString out = m_dir.filePath(QStringLiteral("tgz"));
    const QString config =
        QDir(QStringLiteral(DVMLENS_BINARY_DIR)).filePath(QStringLiteral("CPackConfig.cmake"));
    const Result pack = run(cpack, { "-G", "TGZ", "--config", config, "-B", out });
    QVERIFY2(pack.exitCode == 0, qPrintable(pack.out + pack.err));
    const QStringList archives =
        QDir(out).entryList({ QStringLiteral("dvmlens-0.1.0-*.tar.gz") }, QDir::Files);
    QCOMPARE(archives.size(), 1);

    const Result listing = run(tar, { "-tzf", QDir(out).filePath(archives.first()) });
    QCOMPARE(listing.exitCode, 0);
    QStringList packaged;
    for (const QString& entry : listing.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts))
        if (!entry.endsWith(QLatin1Char('/')))
            packaged << entry.section(QLatin1Char('/'), 1);
    packaged.sort();
    QCOMPARE(packaged, expectedLayout(m_withGui));
}

QTEST_GUILESS_MAIN(TestPackaging)
#include "tst_packaging.moc"
