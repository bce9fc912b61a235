// SPDX-License-Identifier: MIT
// The Simplified Chinese translation: complete (nothing unfinished or empty, placeholders and mnemonics
// kept), in step with the GUI's sources, compiled into the GUI, and really shown by a zh_CN main window.
#include "gui/shell/mainwindow.h"
#include "gui/shell/translations.h"

#include <QApplication>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QLibraryInfo>
#include <QMenu>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>
#include <QTranslator>
#include <QXmlStreamReader>

using namespace Qt::StringLiterals;

namespace {

struct Message
{
    QString context;
    QString source;
    QString comment;
    bool numerus = false;
    QString type; // "", "unfinished", "vanished", "obsolete"
    QStringList translations; // one entry, or one per numerus form

    QString key() const
    {
        return context + QLatin1Char('\x1f') + source + QLatin1Char('\x1f') + comment;
    }
    QString where() const
    {
        return QStringLiteral("%1: \"%2\"").arg(context, source);
    }
};

struct TsFile
{
    QString language;
    QList<Message> messages;
    QString error;
};

TsFile readTs(const QString& path)
{
    TsFile ts;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        ts.error = file.errorString();
        return ts;
    }
    QXmlStreamReader xml(&file);
    QString context;
    Message message;
    while (!xml.atEnd()) {
        if (xml.readNext() != QXmlStreamReader::StartElement)
            continue;
        const auto name = xml.name();
        if (name == QLatin1String("TS")) {
            ts.language = xml.attributes().value(QLatin1String("language")).toString();
        } else if (name == QLatin1String("name")) {
            context = xml.readElementText();
        } else if (name == QLatin1String("message")) {
            message = Message { context, {}, {},
                xml.attributes().value(QLatin1String("numerus")) == QLatin1String("yes"), {}, {} };
        } else if (name == QLatin1String("source")) {
            message.source = xml.readElementText();
        } else if (name == QLatin1String("comment")) {
            message.comment = xml.readElementText();
        } else if (name == QLatin1String("translation")) {
            message.type = xml.attributes().value(QLatin1String("type")).toString();
            if (message.numerus) {
                while (xml.readNextStartElement())
                    message.translations << xml.readElementText();
            } else {
                message.translations << xml.readElementText();
            }
            ts.messages << message;
        }
    }
    if (xml.hasError())
        ts.error = QStringLiteral("%1:%2: %3").arg(path).arg(xml.lineNumber()).arg(xml.errorString());
    return ts;
}

QString tsPath()
{
    return QDir(QStringLiteral(DVMLENS_SOURCE_DIR))
        .filePath(QStringLiteral("resources/translations/dvmlens_zh_CN.ts"));
}

// %1…%99, %L1, %n and %p (progress bars), each listed once, sorted: a translation must use the same set as
// its source.
QStringList placeholders(const QString& text)
{
    static const QRegularExpression pattern(QStringLiteral("%(?:L?\\d{1,2}|n|p)"));
    QStringList found;
    for (auto it = pattern.globalMatch(text); it.hasNext();)
        found << it.next().captured();
    found.removeDuplicates();
    found.sort();
    return found;
}

// "&File" has a keyboard mnemonic, "Save && Quit" and "&" alone do not.
bool hasMnemonic(const QString& text)
{
    static const QRegularExpression pattern(QStringLiteral("(?<!&)&(?!&)[^\\s&]"));
    return pattern.match(QString(text).replace(QLatin1String("&&"), QString())).hasMatch();
}

bool hasHan(const QString& text)
{
    static const QRegularExpression han(QStringLiteral("\\p{Han}"));
    return han.match(text).hasMatch();
}

} // namespace

class TestTranslation : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void tsFileIsComplete();
    void tsFileMatchesTheSources();
    void embeddedTranslationIsChinese();
    void zhCnMainWindowShowsChineseMenus();
    void englishNeedsNoTranslator();
};

void TestTranslation::tsFileIsComplete()
{
    const TsFile ts = readTs(tsPath());
    QVERIFY2(ts.error.isEmpty(), qPrintable(ts.error));
    QCOMPARE(ts.language, QStringLiteral("zh_CN"));
    QVERIFY(ts.messages.size() > 100);

    QStringList problems;
    for (const Message& message : ts.messages) {
        if (!message.type.isEmpty())
            problems << QStringLiteral("%1 is %2").arg(message.where(), message.type);
        if (message.translations.isEmpty())
            problems << QStringLiteral("%1 has no translation").arg(message.where());
        for (const QString& translation : message.translations) {
            if (translation.trimmed().isEmpty())
                problems << QStringLiteral("%1 has an empty translation").arg(message.where());
            else if (placeholders(translation) != placeholders(message.source))
                problems << QStringLiteral("%1 → \"%2\" changes the placeholders")
                                .arg(message.where(), translation);
            else if (hasMnemonic(message.source) && !hasMnemonic(translation))
                problems << QStringLiteral("%1 → \"%2\" loses the keyboard mnemonic")
                                .arg(message.where(), translation);
        }
    }
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
}

void TestTranslation::tsFileMatchesTheSources()
{
    // lupdate over the GUI's sources now must find exactly the strings the .ts holds.
    const QString lupdate =
        QDir(QLibraryInfo::path(QLibraryInfo::BinariesPath)).filePath(QStringLiteral("lupdate"));
    if (!QFileInfo(lupdate).isExecutable())
        QSKIP("lupdate is not installed (Debian package qt6-l10n-tools)");
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString fresh = dir.filePath(QStringLiteral("fresh_zh_CN.ts"));
    QStringList arguments { u"-silent"_s, u"-no-obsolete"_s, u"-locations"_s, u"none"_s };
    // Every folder of the GUI (app/gui/<part>/), as resources/CMakeLists.txt hands them to lupdate.
    QDirIterator sources(QStringLiteral(DVMLENS_SOURCE_DIR "/app/gui"), { u"*.cpp"_s, u"*.h"_s }, QDir::Files,
        QDirIterator::Subdirectories);
    QStringList files;
    while (sources.hasNext())
        files << sources.next();
    files.sort();
    arguments << files;
    arguments << u"-ts"_s << fresh;
    QProcess process;
    process.start(lupdate, arguments);
    QVERIFY(process.waitForFinished(120000));
    QVERIFY2(process.exitCode() == 0, process.readAllStandardError().constData());

    QSet<QString> inTs;
    for (const Message& message : readTs(tsPath()).messages)
        inTs.insert(message.key());
    QStringList missing;
    QSet<QString> inSources;
    for (const Message& message : readTs(fresh).messages) {
        inSources.insert(message.key());
        if (!inTs.contains(message.key()))
            missing << message.where();
    }
    QStringList stale;
    for (const Message& message : readTs(tsPath()).messages)
        if (!inSources.contains(message.key()))
            stale << message.where();
    QVERIFY2(missing.isEmpty() && stale.isEmpty(),
        qPrintable(
            QStringLiteral("Run `cmake --build <build> --target update_translations`, then translate.\n"
                           "Not in the .ts:\n  %1\nNo longer in the sources:\n  %2")
                .arg(missing.join(QLatin1String("\n  ")), stale.join(QLatin1String("\n  ")))));
}

void TestTranslation::embeddedTranslationIsChinese()
{
    QTranslator translator;
    QVERIFY(translator.load(QStringLiteral(":/i18n/dvmlens_zh_CN.qm")));
    QCOMPARE(translator.language(), QStringLiteral("zh_CN"));
    // Every translated message of the .ts is in the compiled file, with the same text.
    for (const Message& message : readTs(tsPath()).messages) {
        const QString shown = translator.translate(qPrintable(message.context), qPrintable(message.source),
            message.comment.isEmpty() ? nullptr : qPrintable(message.comment), message.numerus ? 1 : -1);
        QVERIFY2(message.translations.contains(shown),
            qPrintable(message.where() + QStringLiteral(" → ") + shown));
    }
}

void TestTranslation::zhCnMainWindowShowsChineseMenus()
{
    // What `dvmlens --lang zh_CN` does before it builds the window.
    QCOMPARE(installTranslations(QStringLiteral("zh_CN")), QStringLiteral("zh_CN"));
    {
        MainWindow window;
        window.setQuiet(true);
        QCOMPARE(window.fileMenu()->title(), QStringLiteral("文件(&F)"));
        QCOMPARE(window.viewMenu()->title(), QStringLiteral("视图(&V)"));
        QCOMPARE(window.helpMenu()->title(), QStringLiteral("帮助(&H)"));
        QVERIFY2(hasHan(window.windowTitle()) || window.windowTitle() == QLatin1String("DVM Lens"),
            qPrintable(window.windowTitle()));
        const QList<QAction*> actions = window.fileMenu()->actions();
        QVERIFY(!actions.isEmpty());
        QVERIFY2(hasHan(actions.first()->text()), qPrintable(actions.first()->text()));
    }
    // Undo, so the next test sees English.
    for (QTranslator* translator : qApp->findChildren<QTranslator*>())
        QCoreApplication::removeTranslator(translator);
}

void TestTranslation::englishNeedsNoTranslator()
{
    QCOMPARE(installTranslations(QStringLiteral("en")), QStringLiteral("en"));
    MainWindow window;
    window.setQuiet(true);
    QCOMPARE(window.fileMenu()->title(), QStringLiteral("&File"));
}

QTEST_MAIN(TestTranslation)
#include "tst_translation.moc"
