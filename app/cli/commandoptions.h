// SPDX-License-Identifier: MIT
// A subcommand's options, read with QCommandLineParser. Mistakes are worded as dvmlens-cli always worded
// them ("unknown option '--jsn'", "--jobs needs a number"), not in Qt's words, and `<command> --help`
// lists the options from the same declarations.
#pragma once

#include <QCommandLineOption>
#include <QCommandLineParser>
#include <QStringList>

#include <vector>

namespace cli {

struct Command;

class CommandOptions
{
public:
    CommandOptions();

    // An option without a value, e.g. addFlag(u"json"_s, ...).
    void addFlag(const QStringList& names, const QString& description);
    // An option with a value ("--jobs N", "--jobs=N"); when N is absent the message is the option as
    // written and `whatItNeeds` ("--jobs needs a number").
    void addValue(const QStringList& names, const QString& valueName, const QString& description,
        const QString& whatItNeeds);

    // Reads `args` (what follows the subcommand name). False after printing the mistake and the
    // command's synopsis to stderr; `-h` / `--help` is read even then (helpRequested()).
    bool parse(const Command& command, const QStringList& args);
    bool helpRequested() const;

    bool isSet(const QString& name) const
    {
        return m_parser.isSet(name);
    }
    QString value(const QString& name) const
    {
        return m_parser.value(name);
    }
    QStringList positionalArguments() const
    {
        return m_parser.positionalArguments();
    }

    // "options:" and one line per option, for `<command> --help`.
    QString helpText() const;

private:
    struct Declared
    {
        QCommandLineOption option;
        QString whatItNeeds; // "needs a number"; empty for a flag
    };
    const Declared* find(const QString& name) const;
    QString mistake(const QStringList& args) const;

    QCommandLineParser m_parser;
    std::vector<Declared> m_declared;
    bool m_parsed = false;
    bool m_plainHelp = false;
};

} // namespace cli
