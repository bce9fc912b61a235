// SPDX-License-Identifier: MIT
#include "commandoptions.h"

#include "command.h"

using namespace Qt::StringLiterals;

namespace cli {

namespace {

const QString kHelp = u"help"_s;

} // namespace

CommandOptions::CommandOptions()
{
    addFlag({ u"h"_s, kHelp }, u"show this help"_s);
}

void CommandOptions::addFlag(const QStringList& names, const QString& description)
{
    m_declared.push_back({ QCommandLineOption(names, description), QString() });
    m_parser.addOption(m_declared.back().option);
}

void CommandOptions::addValue(const QStringList& names, const QString& valueName, const QString& description,
    const QString& whatItNeeds)
{
    m_declared.push_back({ QCommandLineOption(names, description, valueName), whatItNeeds });
    m_parser.addOption(m_declared.back().option);
}

bool CommandOptions::parse(const Command& command, const QStringList& args)
{
    // QCommandLineParser reads the program name first.
    m_parsed = m_parser.parse(QStringList { QString::fromLatin1(command.name) } + args);
    // Beside other mistakes only a plain -h / --help asks for help ("--help=1" is a mistake).
    m_plainHelp = args.contains(u"-h"_s) || args.contains(u"--help"_s);
    if (!m_parsed && !helpRequested())
        usageError(command, mistake(args));
    return m_parsed;
}

bool CommandOptions::helpRequested() const
{
    return m_parser.isSet(kHelp) && (m_parsed || m_plainHelp);
}

const CommandOptions::Declared* CommandOptions::find(const QString& name) const
{
    for (const Declared& declared : m_declared) {
        if (declared.option.names().contains(name))
            return &declared;
    }
    return nullptr;
}

// The first argument QCommandLineParser refused, named as the user wrote it (Qt names only the option:
// "Unknown option 'jsn'." for "--jsn", and "Unexpected value" for "--json=1", which is no option here).
QString CommandOptions::mistake(const QStringList& args) const
{
    for (qsizetype i = 0; i < args.size(); ++i) {
        const QString& arg = args.at(i);
        if (arg == "--"_L1)
            break;
        if (!arg.startsWith(u'-') || arg == "-"_L1)
            continue;
        const bool isLong = arg.startsWith("--"_L1);
        const QString name = isLong ? arg.mid(2).section(u'=', 0, 0) : arg.mid(1, 1);
        const bool valueAttached = isLong ? arg.contains(u'=') : arg.size() > 2;
        const Declared* declared = find(name);
        const bool takesValue = declared && !declared->whatItNeeds.isEmpty();
        if (!declared || (!takesValue && valueAttached))
            return u"unknown option '%1'"_s.arg(arg);
        if (takesValue && !valueAttached && ++i == args.size())
            return arg + u' ' + declared->whatItNeeds;
    }
    return m_parser.errorText(); // not reached: every refusal is one of the above
}

QString CommandOptions::helpText() const
{
    QStringList columns;
    for (const Declared& declared : m_declared) {
        QStringList names;
        for (const QString& name : declared.option.names())
            names << (name.size() == 1 ? u"-"_s : u"--"_s) + name;
        QString column = names.join(u", "_s);
        if (!declared.option.valueName().isEmpty())
            column += u' ' + declared.option.valueName();
        columns << column;
    }
    qsizetype width = 0;
    for (const QString& column : columns)
        width = std::max(width, column.size());
    QString text = u"\noptions:\n"_s;
    for (std::size_t i = 0; i < m_declared.size(); ++i)
        text += u"  "_s + columns.at(qsizetype(i)).leftJustified(width + 2)
            + m_declared[i].option.description() + u'\n';
    return text;
}

} // namespace cli
