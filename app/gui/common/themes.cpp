// SPDX-License-Identifier: MIT
#include "gui/common/themes.h"

#include "gui/common/contrast.h"

#include <QApplication>
#include <QPainter>
#include <QPainterPath>
#include <QPixmap>
#include <QProxyStyle>
#include <QSettings>
#include <QStyle>
#include <QStyleFactory>
#include <QStyleOption>

#include <functional>

namespace {

const auto kThemeSetting = QStringLiteral("ui/theme");

QPalette darkPalette()
{
    // Neutral greys with enough contrast; the accent is a calm blue.
    const QColor window(0x2b, 0x2d, 0x31);
    const QColor base(0x1f, 0x21, 0x24);
    const QColor alternate(0x26, 0x28, 0x2c);
    const QColor text(0xe3, 0xe5, 0xe8);
    const QColor disabledText(0x7c, 0x80, 0x86);
    const QColor button(0x33, 0x36, 0x3a);
    const QColor highlight(0x3d, 0x6f, 0xb6);
    const QColor link(0x7a, 0xb4, 0xff);

    QPalette palette;
    palette.setColor(QPalette::Window, window);
    palette.setColor(QPalette::WindowText, text);
    palette.setColor(QPalette::Base, base);
    palette.setColor(QPalette::AlternateBase, alternate);
    palette.setColor(QPalette::ToolTipBase, QColor(0x38, 0x3b, 0x40));
    palette.setColor(QPalette::ToolTipText, text);
    palette.setColor(QPalette::PlaceholderText, disabledText);
    palette.setColor(QPalette::Text, text);
    palette.setColor(QPalette::Button, button);
    palette.setColor(QPalette::ButtonText, text);
    palette.setColor(QPalette::BrightText, QColor(0xff, 0x6b, 0x6b));
    palette.setColor(QPalette::Light, QColor(0x45, 0x48, 0x4e));
    palette.setColor(QPalette::Midlight, QColor(0x3a, 0x3d, 0x42));
    palette.setColor(QPalette::Mid, QColor(0x25, 0x27, 0x2a));
    palette.setColor(QPalette::Dark, QColor(0x18, 0x19, 0x1b));
    palette.setColor(QPalette::Shadow, QColor(0x0c, 0x0c, 0x0d));
    palette.setColor(QPalette::Highlight, highlight);
    palette.setColor(QPalette::HighlightedText, Qt::white);
    palette.setColor(QPalette::Link, link);
    palette.setColor(QPalette::LinkVisited, link.darker(120));
    for (QPalette::ColorRole role : { QPalette::WindowText, QPalette::Text, QPalette::ButtonText })
        palette.setColor(QPalette::Disabled, role, disabledText);
    palette.setColor(QPalette::Disabled, QPalette::Highlight, QColor(0x45, 0x48, 0x4e));
    return palette;
}

// Fusion outlines a check box in the window colour darkened, which on a dark menu (its background
// also near the window colour) all but vanishes: the View menu's dock toggles. Outlined again in a
// grey that reads at 3:1 (WCAG non-text contrast) on the window and the base.
class CheckBoxOutlineStyle : public QProxyStyle
{
public:
    using QProxyStyle::QProxyStyle;

    void drawPrimitive(PrimitiveElement element, const QStyleOption* option, QPainter* painter,
        const QWidget* widget) const override
    {
        QProxyStyle::drawPrimitive(element, option, painter, widget);
        if (element != PE_IndicatorCheckBox)
            return;
        const QPalette& palette = option->palette;
        QColor outline = blended(palette.color(QPalette::Window), palette.color(QPalette::Text), 0.4);
        outline = withContrast(
            withContrast(outline, palette.color(QPalette::Window), 3.0), palette.color(QPalette::Base), 3.0);
        painter->save();
        painter->setRenderHint(QPainter::Antialiasing, false);
        painter->setPen(outline);
        painter->setBrush(Qt::NoBrush);
        painter->drawRect(option->rect.adjusted(0, 0, -1, -1));
        painter->restore();
    }
};

QPalette& platformPalette()
{
    static QPalette palette = QApplication::palette();
    return palette;
}

} // namespace

QString themeKey(Theme theme)
{
    switch (theme) {
    case Theme::Light:
        return QStringLiteral("light");
    case Theme::Dark:
        return QStringLiteral("dark");
    case Theme::System:
        break;
    }
    return QStringLiteral("system");
}

std::optional<Theme> themeFromKey(const QString& key)
{
    for (Theme theme : { Theme::System, Theme::Light, Theme::Dark }) {
        if (themeKey(theme) == key)
            return theme;
    }
    return std::nullopt;
}

Theme savedTheme()
{
    return themeFromKey(QSettings().value(kThemeSetting).toString()).value_or(Theme::System);
}

void saveTheme(Theme theme)
{
    QSettings().setValue(kThemeSetting, themeKey(theme));
}

void applyTheme(Theme theme)
{
    platformPalette(); // remember it before the first change
    if (!dynamic_cast<CheckBoxOutlineStyle*>(QApplication::style()))
        QApplication::setStyle(new CheckBoxOutlineStyle(QStyleFactory::create(QStringLiteral("Fusion"))));
    switch (theme) {
    case Theme::Light:
        QApplication::setPalette(QApplication::style()->standardPalette());
        break;
    case Theme::Dark:
        QApplication::setPalette(darkPalette());
        break;
    case Theme::System:
        QApplication::setPalette(platformPalette());
        break;
    }
}

bool isDarkPalette(const QPalette& palette)
{
    return palette.color(QPalette::Window).lightness() < 128;
}

QColor verdictColor(dvmlens::Verdict mark, const QPalette& palette)
{
    const bool dark = isDarkPalette(palette);
    switch (mark) {
    case dvmlens::Verdict::Engaged:
        return dark ? QColor(0x6c, 0xcf, 0x8a) : QColor(0x1e, 0x7e, 0x3e);
    case dvmlens::Verdict::Partly: // amber: some graphs failed, so never the engaged green
        return dark ? QColor(0xf2, 0xb8, 0x4b) : QColor(0x9a, 0x5b, 0x00);
    case dvmlens::Verdict::NotEngaged:
    case dvmlens::Verdict::Unreadable: // an error: its icon's "!" tells it from "no DVM"'s cross
        return dark ? QColor(0xf0, 0x8a, 0x7e) : QColor(0xb4, 0x32, 0x28);
    case dvmlens::Verdict::NoCode:
    case dvmlens::Verdict::NotIndexed:
    case dvmlens::Verdict::NotWrapper:
        break;
    }
    return palette.color(QPalette::Disabled, QPalette::Text);
}

namespace {

// An icon drawn at every size it is shown at, so it stays sharp at any DPI; `paint` draws on a
// 16-unit square.
QIcon drawnIcon(const std::function<void(QPainter& painter, qreal unit)>& paint)
{
    QIcon icon;
    for (int size : { 16, 20, 24, 32, 48, 64 }) {
        QPixmap pixmap(size, size);
        pixmap.fill(Qt::transparent);
        QPainter painter(&pixmap);
        painter.setRenderHint(QPainter::Antialiasing);
        paint(painter, size / 16.0);
        painter.end();
        icon.addPixmap(pixmap);
    }
    return icon;
}

} // namespace

QIcon verdictIcon(dvmlens::Verdict mark, const QPalette& palette)
{
    const QColor colour = verdictColor(mark, palette);
    return drawnIcon([&](QPainter& painter, qreal unit) {
        const QRectF disc(1.5 * unit, 1.5 * unit, 13 * unit, 13 * unit);
        QPen pen(Qt::white, 1.8 * unit, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin);
        switch (mark) {
        case dvmlens::Verdict::NoCode: // an outlined disc with a dash
        case dvmlens::Verdict::NotWrapper: // an empty outlined disc
            painter.setPen(QPen(colour, 1.2 * unit));
            painter.setBrush(Qt::NoBrush);
            painter.drawEllipse(disc);
            if (mark == dvmlens::Verdict::NoCode)
                painter.drawLine(QPointF(5 * unit, 8 * unit), QPointF(11 * unit, 8 * unit));
            return;
        case dvmlens::Verdict::NotIndexed: // a dashed outline with three dots: not looked at yet
            painter.setPen(QPen(colour, 1.2 * unit, Qt::DashLine));
            painter.setBrush(Qt::NoBrush);
            painter.drawEllipse(disc);
            painter.setPen(Qt::NoPen);
            painter.setBrush(colour);
            for (qreal x : { 5.0, 8.0, 11.0 })
                painter.drawEllipse(QPointF(x * unit, 8 * unit), 0.9 * unit, 0.9 * unit);
            return;
        case dvmlens::Verdict::Partly: // half filled: some graphs engaged, not all
            painter.setPen(QPen(colour, 1.2 * unit));
            painter.setBrush(Qt::NoBrush);
            painter.drawEllipse(disc);
            painter.setPen(Qt::NoPen);
            painter.setBrush(colour);
            painter.drawPie(disc, 90 * 16, 180 * 16);
            return;
        case dvmlens::Verdict::Unreadable: // an error mark: a filled disc with "!"
            painter.setPen(Qt::NoPen);
            painter.setBrush(colour);
            painter.drawEllipse(disc);
            painter.setPen(pen);
            painter.drawLine(QPointF(8 * unit, 4.5 * unit), QPointF(8 * unit, 9 * unit));
            painter.drawPoint(QPointF(8 * unit, 11.6 * unit));
            return;
        case dvmlens::Verdict::Engaged:
        case dvmlens::Verdict::NotEngaged:
            break;
        }
        {
            painter.setPen(Qt::NoPen);
            painter.setBrush(colour);
            painter.drawEllipse(disc);
            painter.setPen(pen);
            if (mark == dvmlens::Verdict::Engaged) {
                QPainterPath tick;
                tick.moveTo(4.8 * unit, 8.3 * unit);
                tick.lineTo(7.1 * unit, 10.6 * unit);
                tick.lineTo(11.3 * unit, 5.6 * unit);
                painter.drawPath(tick);
            } else {
                painter.drawLine(QPointF(5.5 * unit, 5.5 * unit), QPointF(10.5 * unit, 10.5 * unit));
                painter.drawLine(QPointF(10.5 * unit, 5.5 * unit), QPointF(5.5 * unit, 10.5 * unit));
            }
        }
    });
}

QIcon knownFailureIcon(dvmlens::Severity severity, const QPalette& palette)
{
    const QColor colour = severityColor(severity, palette);
    // Light fills (the dark theme's) need a dark mark.
    const QColor glyph = colour.lightness() > 150 ? palette.color(QPalette::Window) : QColor(Qt::white);
    return drawnIcon([&](QPainter& painter, qreal unit) {
        QPainterPath triangle;
        triangle.moveTo(8 * unit, 1.6 * unit);
        triangle.lineTo(14.8 * unit, 14 * unit);
        triangle.lineTo(1.2 * unit, 14 * unit);
        triangle.closeSubpath();
        painter.setPen(QPen(colour, 1.2 * unit, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
        painter.setBrush(colour);
        painter.drawPath(triangle);
        painter.setPen(QPen(glyph, 1.8 * unit, Qt::SolidLine, Qt::RoundCap));
        painter.drawLine(QPointF(8 * unit, 5.8 * unit), QPointF(8 * unit, 9.4 * unit));
        painter.setPen(Qt::NoPen);
        painter.setBrush(glyph);
        painter.drawEllipse(QPointF(8 * unit, 11.9 * unit), 1.0 * unit, 1.0 * unit);
    });
}

QColor backendColor(dvmlens::Backend backend, const QPalette& palette)
{
    const bool dark = isDarkPalette(palette);
    switch (backend) {
    case dvmlens::Backend::Dvm:
        return verdictColor(dvmlens::Verdict::Engaged, palette);
    case dvmlens::Backend::ImportFx:
        return dark ? QColor(0xe8, 0xb8, 0x5c) : QColor(0x9a, 0x5b, 0x00);
    case dvmlens::Backend::Triton:
        return dark ? QColor(0x8a, 0xb4, 0xf8) : QColor(0x1f, 0x5b, 0xb5);
    default:
        break;
    }
    return palette.color(QPalette::Text);
}

QColor severityColor(dvmlens::Severity severity, const QPalette& palette)
{
    const bool dark = isDarkPalette(palette);
    switch (severity) {
    case dvmlens::Severity::Error:
        return verdictColor(dvmlens::Verdict::NotEngaged, palette);
    case dvmlens::Severity::Warning:
        return dark ? QColor(0xe8, 0xb8, 0x5c) : QColor(0x9a, 0x5b, 0x00);
    case dvmlens::Severity::Info:
        break;
    }
    return palette.color(QPalette::Text);
}

QIcon severityIcon(dvmlens::Severity severity)
{
    QStyle* style = QApplication::style();
    switch (severity) {
    case dvmlens::Severity::Error:
        return style->standardIcon(QStyle::SP_MessageBoxCritical);
    case dvmlens::Severity::Warning:
        return style->standardIcon(QStyle::SP_MessageBoxWarning);
    case dvmlens::Severity::Info:
        break;
    }
    return style->standardIcon(QStyle::SP_MessageBoxInformation);
}

QColor mutedTextColor(const QPalette& palette)
{
    const QColor text = palette.color(QPalette::Text);
    const QColor from = palette.color(QPalette::Disabled, QPalette::Text);
    const auto readable = [&](const QColor& color) {
        return contrastRatio(color, palette.color(QPalette::Base)) >= 4.5
            && contrastRatio(color, palette.color(QPalette::AlternateBase)) >= 4.5;
    };
    for (int step = 0; step <= 20; ++step) {
        const double t = step / 20.0;
        const QColor mixed = QColor::fromRgbF(float(from.redF() + (text.redF() - from.redF()) * t),
            float(from.greenF() + (text.greenF() - from.greenF()) * t),
            float(from.blueF() + (text.blueF() - from.blueF()) * t));
        if (readable(mixed))
            return mixed;
    }
    return text;
}
