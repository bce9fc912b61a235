// SPDX-License-Identifier: MIT
#include "gui/codeview/codecolors.h"

#include <algorithm>

namespace {

// Hues picked for a light background; dark palettes use the lighter second value.
QColor pick(bool dark, const char* light, const char* darkVariant)
{
    return QColor(QLatin1String(dark ? darkVariant : light));
}

} // namespace

CodeColors codeColorsFor(const QPalette& palette)
{
    CodeColors c;
    c.base = palette.color(QPalette::Base);
    c.text = palette.color(QPalette::Text);
    c.dark = c.base.lightnessF() < 0.5;
    const bool d = c.dark;

    // The backgrounds first: text is drawn on every one of them.
    const double band = d ? 0.20 : 0.14;
    const auto mark = [&](const char* hue, QColor& stripe, QColor& lineBand) {
        const QColor colour(QLatin1String { hue });
        stripe = withContrast(colour, c.base, 3.0);
        lineBand = blended(c.base, colour, band);
    };
    mark("#2e9d4f", c.dvmStripe, c.dvmBand);
    mark("#e07b00", c.fallbackStripe, c.fallbackBand);
    mark("#3b6fd6", c.otherStripe, c.otherBand);
    mark("#9b4dca", c.importStripe, c.importBand);
    c.currentRangeEdge = palette.color(QPalette::Highlight);
    c.currentRange = blended(c.base, c.currentRangeEdge, c.dark ? 0.30 : 0.16);
    // Diff rows: pale on light bases, deep on dark ones; changed characters a step stronger.
    const QColor removedHue(0xf0, 0x52, 0x4a);
    const QColor addedHue(0x34, 0xb3, 0x50);
    const double line = d ? 0.20 : 0.13;
    const double characters = d ? 0.32 : 0.30;
    c.diffRemoved = blended(c.base, removedHue, line);
    c.diffAdded = blended(c.base, addedHue, line);
    c.diffChanged = blended(c.base, QColor(0x4c, 0x8d, 0xff), line);
    c.diffRemovedChars = blended(c.base, removedHue, characters);
    c.diffAddedChars = blended(c.base, addedHue, characters);

    const QColor backgrounds[] = { c.base, c.dvmBand, c.fallbackBand, c.otherBand, c.importBand,
        c.currentRange, c.diffRemoved, c.diffAdded, c.diffChanged, c.diffRemovedChars, c.diffAddedChars };
    // All backgrounds of a theme sit on one side of the text, so each pass only moves the colour away
    // from them; a second pass covers a custom palette where one step undid another.
    const auto readableOn = [&backgrounds](QColor color) {
        for (int pass = 0; pass < 2; ++pass) {
            for (const QColor& background : backgrounds)
                color = withContrast(color, background, 4.5);
        }
        return color;
    };
    const auto readable = [&](const char* light, const char* dark) {
        return readableOn(pick(d, light, dark));
    };
    c.keyword = readable("#1a3fb0", "#7aa6ff");
    c.builtin = readable("#7a3e9d", "#d19ad8");
    c.string = readable("#1b7a2a", "#8cc98a");
    c.comment = readable("#7b7f86", "#8a9099");
    c.number = readable("#0b6e8a", "#5fc8d8");
    c.decorator = readable("#8a6d00", "#d8c060");
    c.dvmDecorator = readable("#b0124f", "#ff7fae");
    c.dvmOp = readable("#00695c", "#5fd3c0");
    c.torchOp = readable("#a04a00", "#f0a860");
    c.definition = readable("#005f87", "#6cc0f0");
    c.error = readable("#c0162a", "#ff7a7a");
    c.warning = readable("#9a5b00", "#f3b95f");
    c.jsonKey = readable("#7a3e9d", "#c9a0f0");

    c.marginBackground = blended(c.base, palette.color(QPalette::Window), 0.6);
    c.lineNumber = withContrast(blended(c.marginBackground, c.text, 0.45), c.marginBackground, 3.0);
    c.currentLineNumber = c.text;
    return c;
}
