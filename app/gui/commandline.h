// SPDX-License-Identifier: MIT
// What `dvmlens [options] [PATH]` asks for. Parsing only; main.cpp and the screenshot flow act on it.
#pragma once

#include <QSize>
#include <QString>
#include <QStringList>

#include <optional>

struct CommandLine
{
    QString path; // the tree, run, graph folder or output_code.py to open; empty = none
    QString screenshotFile; // --screenshot FILE: render the window there and exit
    QString select; // --select [RUN/]GRAPH[/KERNEL]; in compare mode a graph pair's key
    QString view = QStringLiteral("browse"); // --view browse|diagnostics|compare (compare with --compare)
    QString compareWith; // --compare B: compare `path` (A) with B
    QString runA; // --run-a / --run-b NAME: one run of a side, as dvmlens-cli compare takes them
    QString runB;
    QSize size { 1400, 900 }; // --size WxH (screenshots)
    std::optional<QString> theme; // --theme system|light|dark
    std::optional<QString> language; // --lang en|zh_CN
};

struct CommandLineResult
{
    std::optional<CommandLine> options; // null when the arguments are wrong
    QString error; // why, ready to print
};

// Parses `arguments` (argv as strings, program name first). --help and --version print and exit
// the process like every Qt tool, so the application object must already exist.
CommandLineResult parseCommandLine(const QStringList& arguments);

// Views --view accepts; the compare mode adds its own name here.
QStringList knownViews();
