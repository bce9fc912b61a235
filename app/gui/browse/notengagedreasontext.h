// SPDX-License-Identifier: MIT
// Core's reasons a graph did not engage DVM, worded in the user's language, for the details pane and
// the run tree tooltip (one wording, so both say the same thing).
#pragma once

#include "core/verdict/summary.h"

#include <QString>

// Plain text (not HTML), e.g. "no @dvm.kernel definitions"; English matches core's englishReason.
QString notEngagedReasonText(const dvmlens::NotEngagedReason& reason);
