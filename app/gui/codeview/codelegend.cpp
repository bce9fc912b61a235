// SPDX-License-Identifier: MIT
#include "gui/codeview/codelegend.h"

#include "gui/codeview/codecolors.h"
#include "gui/common/languagechange.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPainter>
#include <QPixmap>

namespace {

constexpr CodeMarkGroup kGroups[] = { CodeMarkGroup::DvmKernel, CodeMarkGroup::Fallback,
    CodeMarkGroup::OtherKernel, CodeMarkGroup::DvmImport };

// Any kind of the group gives its colours.
CodeMarkKind representative(CodeMarkGroup group)
{
    switch (group) {
    case CodeMarkGroup::DvmKernel:
        return CodeMarkKind::DvmKernel;
    case CodeMarkGroup::Fallback:
        return CodeMarkKind::FallbackCall;
    case CodeMarkGroup::OtherKernel:
        return CodeMarkKind::OtherKernel;
    case CodeMarkGroup::DvmImport:
        return CodeMarkKind::DvmImport;
    }
    return CodeMarkKind::OtherKernel;
}

// A chip like the margin: the stripe on the left of a band-coloured square.
QPixmap chipPixmap(CodeMarkKind kind, const CodeColors& colors, int size, qreal dpr)
{
    QPixmap pixmap(QSize(size, size) * dpr);
    pixmap.setDevicePixelRatio(dpr);
    pixmap.fill(Qt::transparent);
    QPainter painter(&pixmap);
    painter.fillRect(QRectF(0, 0, size, size), codeMarkBand(kind, colors));
    painter.fillRect(QRectF(0, 0, std::max(3.0, size / 3.0), size), codeMarkStripe(kind, colors));
    painter.setPen(codeMarkStripe(kind, colors));
    painter.drawRect(QRectF(0.5, 0.5, size - 1, size - 1));
    return pixmap;
}

} // namespace

CodeLegend::CodeLegend(QWidget* parent)
    : QWidget(parent)
{
    auto* layout = new QHBoxLayout(this);
    const int spacing = fontMetrics().horizontalAdvance(QLatin1Char('M'));
    layout->setContentsMargins(spacing / 2, spacing / 4, spacing / 2, spacing / 4);
    layout->setSpacing(spacing);
    for (CodeMarkGroup group : kGroups) {
        auto* chip = new QLabel(this);
        chip->setObjectName(QStringLiteral("legendChip%1").arg(int(group)));
        chip->setTextFormat(Qt::PlainText);
        auto* text = new QLabel(this);
        translateNowAndOnChange(text, [text, group] { text->setText(codeMarkGroupName(group)); });
        auto* pair = new QHBoxLayout;
        pair->setSpacing(spacing / 3);
        pair->addWidget(chip);
        pair->addWidget(text);
        layout->addLayout(pair);
        m_chips.append(chip);
    }
    layout->addStretch(1);
    updateChips();
}

void CodeLegend::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange)
        updateChips();
}

void CodeLegend::updateChips()
{
    // The bands are drawn on the editor's base colour, so the chips use that palette too.
    const CodeColors colors = codeColorsFor(palette());
    const int size = fontMetrics().height() * 3 / 4;
    for (int i = 0; i < m_chips.size(); ++i)
        m_chips[i]->setPixmap(chipPixmap(representative(kGroups[i]), colors, size, devicePixelRatioF()));
}
