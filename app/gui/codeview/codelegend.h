// SPDX-License-Identifier: MIT
// The thin bar that explains the code view's mark colours (shown for output_code.py only).
#pragma once

#include "gui/codeview/codemarks.h"

#include <QWidget>

class QLabel;

class CodeLegend : public QWidget
{
    Q_OBJECT
public:
    explicit CodeLegend(QWidget* parent = nullptr);

protected:
    void changeEvent(QEvent* event) override;

private:
    void updateChips();

    QVector<QLabel*> m_chips; // one per CodeMarkGroup, in enum order
};
