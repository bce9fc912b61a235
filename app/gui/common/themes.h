// SPDX-License-Identifier: MIT
// Light / dark / system palettes (Fusion style) and every colour or icon the shell paints itself,
// derived from the current palette so both themes stay calm and readable.
#pragma once

#include "core/model/model.h"
#include "core/verdict/summary.h"

#include <QColor>
#include <QIcon>
#include <QPalette>
#include <QString>

#include <optional>

enum class Theme
{
    System,
    Light,
    Dark
};

QString themeKey(Theme theme); // "system", "light", "dark"
std::optional<Theme> themeFromKey(const QString& key);

Theme savedTheme();
void saveTheme(Theme theme);

// Applies the Fusion style and the palette of `theme` to the application. The first call
// remembers the platform palette so System can return to it later.
void applyTheme(Theme theme);

bool isDarkPalette(const QPalette& palette);

// Greyed text for rows that hold less (a graph without output_code.py): the palette's disabled
// text, moved toward its Text until it reads at 4.5:1 on both Base and AlternateBase.
QColor mutedTextColor(const QPalette& palette);

// Every rung of the ladder has its own colour and drawn icon (scales with the DPI); the text beside
// it (verdicttext.h) says the same for screen readers.
QColor verdictColor(dvmlens::Verdict verdict, const QPalette& palette);
QIcon verdictIcon(dvmlens::Verdict verdict, const QPalette& palette);
// A triangle with "!" in the severity's colour, for known failures: unlike the style's error icon
// (a red disc with a cross), it cannot be taken for the "not engaged" verdict beside it.
QIcon knownFailureIcon(dvmlens::Severity severity, const QPalette& palette);
QColor backendColor(dvmlens::Backend backend, const QPalette& palette);
QColor severityColor(dvmlens::Severity severity, const QPalette& palette);
QIcon severityIcon(dvmlens::Severity severity); // the style's standard message-box icons
