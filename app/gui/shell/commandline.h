// SPDX-License-Identifier: MIT
// What `dvmlens [options] [PATH]` asks for. Parsing only; main.cpp and the screenshot flow act on it.
#pragma once

#include <QSize>
#include <QString>
#include <QStringList>

#include <optional>

struct CommandLine
{
    QString path; // tree, run, graph folder or output_code.py to open (--sample: the sample); empty = none
    QString screenshotFile; // --screenshot FILE: render the window there and exit
    QString select; // --select [RUN/]GRAPH[/KERNEL]; in compare mode a graph pair's key
    // --view browse|diagnostics|compare|sources|provenance (compare with --compare)
    QString view = QStringLiteral("browse");
    QString compareWith; // --compare B: compare `path` (A) with B
    QString runA; // --run-a / --run-b NAME: one run of a side, as dvmlens-cli compare takes them
    QString runB;
    QSize size { 1400, 900 }; // --size WxH (screenshots)
    std::optional<QString> theme; // --theme system|light|dark
    // --lang en|zh_CN is validated here but read by requestedLanguage: it must act before parsing.
};

struct CommandLineResult
{
    std::optional<CommandLine> options; // null when the arguments are wrong
    QString error; // why, ready to print
};

// Parses `arguments` (argv as strings, program name first). --help and --version print and exit
// the process like every Qt tool, so the application object must already exist, and the
// translators must already be installed (see requestedLanguage) for --help to be translated.
CommandLineResult parseCommandLine(const QStringList& arguments);

// The languages --lang accepts: "en", "zh_CN".
QStringList knownLanguages();

// What --lang asks for ("--lang X" or "--lang=X", options only: not after "--"), read before
// parseCommandLine so its help comes out in that language. nullopt without --lang or its value;
// "en" for a language DVM Lens does not know (parseCommandLine reports it, unless --help exits).
std::optional<QString> requestedLanguage(const QStringList& arguments);

// Views --view accepts; the compare mode adds its own name here.
QStringList knownViews();
