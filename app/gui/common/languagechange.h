// SPDX-License-Identifier: MIT
// Live language switching: texts set once in a constructor are set again when the user-interface
// language changes. QWidget forwards QEvent::LanguageChange to all its child objects, so a small
// child of the owner hears it wherever the owner sits in the window.
#pragma once

#include <functional>

class QAbstractItemModel;
class QObject;

// Calls `apply` now and again on every language change that reaches `owner` (a widget, or an
// object whose parent chain leads to one: a model hears it through the widget that owns it).
void translateNowAndOnChange(QObject* owner, std::function<void()> apply);

// Calls `apply` on every language change that reaches `owner`, not now.
void onLanguageChange(QObject* owner, std::function<void()> apply);

// Views of `model` fetch its headers and cells again, keeping selection, current item and scroll.
void refreshTranslatedTexts(QAbstractItemModel* model);
