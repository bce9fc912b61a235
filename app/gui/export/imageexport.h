// SPDX-License-Identifier: MIT
// Pictures for bug reports: a widget rendered as it is on screen, written as PNG or JPEG (chosen by
// the file's extension) through QImageWriter, so a failure comes back with the writer's own reason.
#pragma once

#include <QImage>
#include <QString>
#include <QStringList>

class QWidget;

// The widget and its children as drawn now, at the device pixel ratio of the screen.
QImage renderWidget(QWidget& widget);

// "png", "jpg" and "jpeg": the suffixes saveImage accepts (lower case).
QStringList imageExportSuffixes();

// Writes `image` to `file` (PNG or JPEG by suffix, case-insensitive). Returns an empty string on
// success, otherwise one readable sentence with the path and the reason.
QString saveImage(const QImage& image, const QString& file);
