// SPDX-License-Identifier: MIT
// The sentence the window shows for a diagnostic. Core words every diagnostic in English (the CLI
// and the JSON keep that); the codes the window can word itself, chosen by code, are shown in the
// user-interface language.
#pragma once

#include "core/model/model.h"

#include <QString>

QString diagnosticText(const dvmlens::Diagnostic& diagnostic);
