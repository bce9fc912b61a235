// SPDX-License-Identifier: MIT
#include "gui/common/contrast.h"

#include <cmath>

namespace {

double channelLuminance(double channel)
{
    return channel <= 0.03928 ? channel / 12.92 : std::pow((channel + 0.055) / 1.055, 2.4);
}

double relativeLuminance(const QColor& color)
{
    return 0.2126 * channelLuminance(color.redF()) + 0.7152 * channelLuminance(color.greenF())
        + 0.0722 * channelLuminance(color.blueF());
}

} // namespace

double contrastRatio(const QColor& a, const QColor& b)
{
    const double la = relativeLuminance(a);
    const double lb = relativeLuminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

QColor withContrast(const QColor& color, const QColor& background, double minimum)
{
    const bool lighten = relativeLuminance(background) < 0.18;
    QColor adjusted = color.toHsl();
    for (int step = 0; step < 40 && contrastRatio(adjusted, background) < minimum; ++step) {
        const double lightness = adjusted.lightnessF() + (lighten ? 0.025 : -0.025);
        if (lightness < 0.0 || lightness > 1.0)
            break;
        adjusted.setHslF(adjusted.hslHueF(), adjusted.hslSaturationF(), lightness);
    }
    return adjusted.toRgb();
}

QColor blended(const QColor& under, const QColor& over, double strength)
{
    const auto mix = [strength](int a, int b) { return int(std::lround(a + (b - a) * strength)); };
    const QColor u = under.toRgb();
    const QColor o = over.toRgb();
    return QColor(mix(u.red(), o.red()), mix(u.green(), o.green()), mix(u.blue(), o.blue()));
}
