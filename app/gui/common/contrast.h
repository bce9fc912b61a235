// SPDX-License-Identifier: MIT
// Colour arithmetic every part of the window uses to keep text readable on a background (WCAG 2
// contrast) and to blend a hue into a background: the code view's colours, themes' checks, bands.
#pragma once

#include <QColor>

// WCAG contrast ratio between two colours (1 … 21).
double contrastRatio(const QColor& a, const QColor& b);

// `color` with its lightness moved away from `background` until the ratio reaches `minimum`
// (or black/white is reached); the hue is kept.
QColor withContrast(const QColor& color, const QColor& background, double minimum);

// `over` blended onto `under` with `strength` in 0…1; the result is opaque.
QColor blended(const QColor& under, const QColor& over, double strength);
