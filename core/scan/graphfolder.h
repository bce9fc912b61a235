// SPDX-License-Identifier: MIT
// What the tree walk knows of Inductor's graph folders without reading them: the names Inductor
// gives them, the Graph a folder starts as, and why a folder has no output_code.py.
#pragma once

#include "core/model/model.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace dvmlens::graphfolder {

Diagnostic makeDiagnostic(std::string path, Severity severity, std::string code, SharedText message);

// What the walk knows of an output_code.py before the parser has read it.
OutputCode skeleton(std::string path);

// A folder named as Inductor names graph folders (model__0_forward_1.0), with the trailing .<n>.
bool looksLikeGraphFolder(std::string_view name);

// The graph of `folder` (a clean absolute path) with what its name says: model, AOT id, kind, seq.
Graph graphFor(const std::string& folder);

// Of the files Inductor writes into a graph folder before output_code.py, the one of `names`
// written last; empty when none is there.
std::string_view lastWritten(const std::vector<std::string_view>& names);

// The "missing-output-code" warning of the graph folder `graphPath`: `names` are its usable,
// non-hidden entries, `anyShown` whether it has any non-hidden entry, `aotiListed` whether an
// output_code.cpp is there. The message tells a cache hit, an AOTI folder and a crash apart.
Diagnostic missingOutputCode(
    const std::string& graphPath, const std::vector<std::string_view>& names, bool anyShown, bool aotiListed);

// Which of those messages a "missing-output-code" diagnostic holds, so a front end can word it in
// another language (the message itself stays English, for the CLI and JSON).
struct MissingOutputCode
{
    enum class Case
    {
        EmptyFolder, // nothing written: usually an FX graph cache hit
        AotiWrapper, // output_code.cpp instead
        StoppedAfter, // the compile stopped after writing `lastWritten`
        NothingWritten, // none of the files Inductor writes before output_code.py
    };
    Case which;
    std::string lastWritten; // StoppedAfter only
};
// Nullopt for another code or a message missingOutputCode does not write.
std::optional<MissingOutputCode> readMissingOutputCode(const Diagnostic& diagnostic);

} // namespace dvmlens::graphfolder
