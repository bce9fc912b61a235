// SPDX-License-Identifier: MIT
// How one compile came to be, in sentences for a graph's details (issue #27's "joined to the verdict"):
// its first compile or recompile #N and the guards that failed, the break its code ends at or the break
// it resumes after, the caches that served it, its compile time and its failure.
#pragma once

#include "core/compile/compileevents.h"
#include "core/rules/rulebook.h"

#include <string>
#include <vector>

namespace dvmlens {

// "first compile of forward (frame 0)" or "recompile #2 of forward because `L['x'].size()[0] == 32`
// failed: 48"; "the part of forward after a break at layers.py:210 (…), split off [0/0]"; "broke at
// layers.py:210 (…); the rest runs as torch_dynamo_resume_in_forward_at_210"; "served from the FX graph
// cache (7.0 ms saved)"; "AOTAutograd cache miss"; "compile time: dynamo 5.0 ms, …"; "the compile
// failed: …". Only what the log says; in that order.
std::vector<std::string> compileStory(const GraphCompileFacts& facts);
// The same sentences in English and Chinese (the window shows its language; the CLI stays English).
std::vector<LocalizedText> compileStoryLocalized(const GraphCompileFacts& facts);
// "a break at layers.py:210 (Unsupported Tensor.item() call)", as the story names a break.
LocalizedText graphBreakWords(const GraphBreak& graphBreak);

} // namespace dvmlens
