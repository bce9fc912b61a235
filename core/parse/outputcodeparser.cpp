// SPDX-License-Identifier: MIT
// Walks PyLexer's logical lines once. Column-0 lines open scopes (a @dvm.kernel builder, the entry
// code, anything else); lines inside a scope are read only by that scope's reader, so text in
// kernel sources, docstrings, comments or the benchmark tail can never count.
#include "core/parse/outputcodeparser.h"

#include "core/io/container.h"
#include "core/parse/dvmkernel.h"
#include "core/parse/exprreader.h"
#include "core/parse/launchoutputs.h"
#include "core/parse/pylexer.h"
#include "core/parse/utf8sanitizer.h"
#include "core/parse/wrapperlines.h"
#include "core/verdict/verdict.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <functional>
#include <optional>
#include <utility>

namespace dvmlens {

namespace {

using namespace wrapperlines;

// Files beyond this are reported, not read: no real output_code.py comes near it.
constexpr std::uint64_t kMaxFileBytes = 512ull * 1024 * 1024;
// NUL bytes in this prefix mean the file is not Python source.
constexpr std::size_t kBinaryProbeBytes = 8192;

Diagnostic fileDiagnostic(const std::string& path, std::optional<int> line, Severity severity,
    std::string code, std::string message)
{
    Diagnostic diagnostic;
    diagnostic.path = path;
    diagnostic.line = line;
    diagnostic.severity = severity;
    diagnostic.code = std::move(code);
    diagnostic.message = std::move(message);
    return diagnostic;
}

enum class Scope
{
    Module, // column-0 code, or the body of something we do not read
    RunnerClass, // inside `class Runner:`, outside its `call`
    Entry, // the body of call / Runner.call / partition_N
    DvmBuilder, // the body of a @dvm.kernel builder
};

class Parser
{
public:
    Parser(std::string_view bytes, OutputCode& code, KernelDetail detail)
        : lexer_(bytes)
        , code_(code)
        , readBodies_(detail == KernelDetail::Full)
    {
    }

    void run();

private:
    void moduleLine(const LogicalLine& line);
    void runnerLine(const LogicalLine& line);
    void entryLine(const LogicalLine& line);
    // `from torch._inductor.async_compile import AsyncCompile` / `async_compile = AsyncCompile()`:
    // outside an import only a call counts (prose that names AsyncCompile, as a README does, is
    // not a wrapper).
    void noteAsyncCompile(std::string_view code, bool import)
    {
        if (!wrapperMarker_ && code.find(import ? "AsyncCompile" : "AsyncCompile(") != std::string_view::npos)
            wrapperMarker_ = true;
    }
    bool aliasLine(const LogicalLine& line);
    void defLine(const LogicalLine& line, int indent);
    void importLine(const LogicalLine& line);
    void assignmentLine(const LogicalLine& line);
    void closeDvmBuilder();
    void addKernel(Kernel kernel, bool alsoAsBuilder = false);
    std::optional<std::size_t> findKernel(std::string_view name) const;
    // The kernel a call launches, when it launches one.
    Kernel* callSite(const LogicalLine& line, std::size_t offset, std::string_view callee);

    PyLexer lexer_;
    OutputCode& code_;
    bool readBodies_; // KernelDetail::Full
    Scope scope_ = Scope::Module;
    int entryIndent_ = 0;
    int runnerIndent_ = 0;
    bool inRunner_ = false;

    // Lines of the bare string statement that was the previous module-level logical line.
    std::optional<std::pair<int, int>> stringAbove_;
    std::vector<std::string_view> decoratorArguments_; // readDvmDecorator's buffer, reused
    bool dvmDecoratorPending_ = false;
    bool wrapperMarker_ = false; // AsyncCompile or entry code seen (see wrapperModule)
    Kernel dvmKernel_; // the decorator's and then the builder's fields until the builder closes
    DvmBodyReader dvmReader_;
    LaunchOutputReader launchOutputs_; // the shapes of DVM outputs, with the bodies only
    bool dvmOutputs_ = false; // a DVM builder with outputs was read: allocations are worth noting
    std::optional<std::size_t> aliasKernel_; // mlir_fusion builder waiting for its alias line
    bool aliasSeen_ = false;

    // What entry code may launch: name hashes and kernel indexes, so no name is copied; `build`
    // entries stand for `<name>_build`. An open-addressing table maps each hash to its newest entry,
    // which chains to older ones with the same hash, so a lookup costs O(1) and later definitions
    // win, as in Python.
    struct KernelName
    {
        std::size_t hash;
        std::size_t index;
        std::uint32_t olderSameHash; // entry + 1 in kernelNames_; 0 ends the chain
        bool build;
    };
    void addKernelName(std::size_t hash, std::size_t index, bool build);
    std::vector<KernelName> kernelNames_;
    std::vector<std::uint32_t> nameTable_; // entry + 1 in kernelNames_; 0 is a free slot
    std::array<std::string_view, 8> parts_ {};
};

void Parser::run()
{
    LogicalLine line;
    while (lexer_.next(line)) {
        if (line.indent == 0) {
            if (scope_ == Scope::DvmBuilder)
                closeDvmBuilder();
            moduleLine(line);
            continue;
        }
        switch (scope_) {
        case Scope::DvmBuilder:
            if (readBodies_)
                dvmReader_.read(line.code);
            dvmKernel_.endLine = line.lastLine;
            break;
        case Scope::Entry:
            if (line.indent > entryIndent_)
                entryLine(line);
            else if (inRunner_ && line.indent > runnerIndent_)
                runnerLine(line);
            else
                scope_ = Scope::Module;
            break;
        case Scope::RunnerClass:
            runnerLine(line);
            break;
        case Scope::Module:
            break;
        }
    }
    if (scope_ == Scope::DvmBuilder)
        closeDvmBuilder();
    // By content, not name: depyf's __compiled_fn_3.kernel_0.py is a wrapper, fx_graph_readable.py not.
    code_.wrapperModule = wrapperMarker_ || code_.dvmImport || !code_.kernels.empty();
    code_.lines = lexer_.physicalLines();
    if (const auto at = lexer_.truncatedAt()) {
        code_.diagnostics.push_back(fileDiagnostic(code_.path, *at, Severity::Error, "truncated",
            lexer_.truncatedInString()
                ? "The file ends inside a string literal that starts on line " + std::to_string(*at) + "."
                : "The file ends inside a bracket opened on line " + std::to_string(*at) + "."));
    }
}

void Parser::moduleLine(const LogicalLine& line)
{
    scope_ = Scope::Module;
    inRunner_ = false;
    const std::string_view code = line.code;
    const std::optional<std::pair<int, int>> stringAbove = std::exchange(stringAbove_, std::nullopt);
    if (aliasLine(line))
        return;
    if (!code.empty() && code.front() == '@') {
        Kernel decorated;
        if (readDvmDecorator(line, decorated, decoratorArguments_)) {
            decorated.backend = Backend::Dvm;
            decorated.line = line.firstLine;
            if (stringAbove) {
                decorated.fxGraphLine = stringAbove->first;
                decorated.fxGraphEndLine = stringAbove->second;
            }
            dvmKernel_ = std::move(decorated);
            dvmDecoratorPending_ = true;
        }
        return; // other decorators may sit between @dvm.kernel and its def
    }
    if (startsWithWord(code, "def")) {
        defLine(line, 0);
        dvmDecoratorPending_ = false;
        return;
    }
    dvmDecoratorPending_ = false;
    if (expr::trimmed(code)
        == "\"") { // a bare string statement: the graph dump Inductor writes above a kernel
        stringAbove_ = std::make_pair(line.firstLine, line.lastLine);
        return;
    }
    if (startsWithWord(code, "class")) {
        if (expr::identifierAt(code, code.find_first_not_of(" \t", 5)) == "Runner") {
            scope_ = Scope::RunnerClass;
            inRunner_ = true;
            runnerIndent_ = 0;
            wrapperMarker_ = true;
        }
        return;
    }
    if (startsWithWord(code, "from") || startsWithWord(code, "import")) {
        importLine(line);
        noteAsyncCompile(code, true);
        return;
    }
    noteAsyncCompile(code, false);
    const std::size_t kernelsBefore = code_.kernels.size();
    assignmentLine(line);
    if (stringAbove && code_.kernels.size() > kernelsBefore) {
        code_.kernels.back().fxGraphLine = stringAbove->first;
        code_.kernels.back().fxGraphEndLine = stringAbove->second;
    }
}

// `<name> = <name>_build` and `<name>._acc_meta = {...}` right after an mlir_fusion builder.
bool Parser::aliasLine(const LogicalLine& line)
{
    if (!aliasKernel_)
        return false;
    Kernel& kernel = code_.kernels[*aliasKernel_];
    const std::string_view code = line.code;
    const std::string_view target = expr::identifierAt(code, 0);
    bool matched = false;
    if (target == kernel.name) {
        std::size_t at = code.find_first_not_of(" \t", target.size());
        if (!aliasSeen_ && at != std::string_view::npos && code[at] == '=') {
            const std::string_view value = expr::trimmed(code.substr(at + 1));
            matched = value.size() == kernel.name.size() + 6
                && value.substr(0, kernel.name.size()) == kernel.name
                && value.substr(kernel.name.size()) == "_build";
            aliasSeen_ = matched;
        } else if (at != std::string_view::npos && code[at] == '.') {
            std::size_t end = 0;
            const std::string_view attribute =
                expr::identifierAt(code, code.find_first_not_of(" \t", at + 1));
            end = code.find_first_not_of(
                " \t", static_cast<std::size_t>(attribute.data() - code.data()) + attribute.size());
            matched = attribute == "_acc_meta" && end != std::string_view::npos && code[end] == '=';
            if (matched)
                aliasKernel_.reset();
        }
    }
    if (!matched) {
        aliasKernel_.reset();
        return false;
    }
    kernel.endLine = line.lastLine;
    return true;
}

void Parser::defLine(const LogicalLine& line, int indent)
{
    const std::string_view code = line.code;
    const std::size_t nameAt = code.find_first_not_of(" \t", 3);
    const std::string_view name =
        expr::identifierAt(code, nameAt == std::string_view::npos ? code.size() : nameAt);
    if (indent == 0 && dvmDecoratorPending_) {
        const std::size_t open = code.find('(');
        std::string_view builder = open == std::string_view::npos
            ? std::string_view()
            : expr::identifierAt(code, code.find_first_not_of(" \t", open + 1));
        if (builder.empty())
            builder = "k";
        // A builder named <x>_build is reached through its alias <x>; any other name is called
        // directly, like dvm_graph_fused_<id> and mfusion_dvm_*.
        constexpr std::string_view buildSuffix = "_build";
        if (name.size() > buildSuffix.size()
            && name.substr(name.size() - buildSuffix.size()) == buildSuffix) {
            dvmKernel_.name = std::string(name.substr(0, name.size() - buildSuffix.size()));
            dvmKernel_.framing = "mlir_fusion";
        } else {
            dvmKernel_.name = std::string(name);
            dvmKernel_.framing = name.substr(0, 11) == "mfusion_dvm" ? "mfusion" : "graph_fusion";
        }
        dvmKernel_.endLine = line.lastLine;
        if (readBodies_)
            dvmReader_.start(builder);
        scope_ = Scope::DvmBuilder;
        return;
    }
    if (name == "call" || (indent == 0 && isPartitionName(name))) {
        scope_ = Scope::Entry;
        entryIndent_ = indent;
        wrapperMarker_ = true;
        if (readBodies_)
            launchOutputs_.startEntry();
    }
}

void Parser::runnerLine(const LogicalLine& line)
{
    scope_ = Scope::RunnerClass;
    if (startsWithWord(line.code, "def"))
        defLine(line, line.indent);
}

void Parser::closeDvmBuilder()
{
    scope_ = Scope::Module;
    if (readBodies_) {
        dvmReader_.finish(dvmKernel_);
        dvmOutputs_ = dvmOutputs_ || !dvmKernel_.outputs.empty();
    }
    const bool mlirFusion = dvmKernel_.framing == "mlir_fusion";
    addKernel(std::move(dvmKernel_), mlirFusion);
    dvmKernel_ = Kernel();
    if (mlirFusion) {
        aliasKernel_ = code_.kernels.size() - 1;
        aliasSeen_ = false;
    }
}

void Parser::addKernel(Kernel kernel, bool alsoAsBuilder)
{
    const std::size_t index = code_.kernels.size();
    addKernelName(std::hash<std::string_view> {}(kernel.name), index, false);
    if (alsoAsBuilder)
        addKernelName(std::hash<std::string_view> {}(kernel.name + "_build"), index, true);
    code_.kernels.push_back(std::move(kernel));
}

void Parser::addKernelName(std::size_t hash, std::size_t index, bool build)
{
    // Keep the table at most half full: rebuild it twice as large from the entries, oldest first,
    // so every chain again runs from newest to oldest.
    if ((kernelNames_.size() + 1) * 2 > nameTable_.size()) {
        std::vector<KernelName> entries = std::move(kernelNames_);
        kernelNames_.clear();
        nameTable_.assign(std::max<std::size_t>(64, nameTable_.size() * 2), 0);
        for (const KernelName& entry : entries)
            addKernelName(entry.hash, entry.index, entry.build);
    }
    const std::size_t mask = nameTable_.size() - 1;
    std::size_t slot = hash & mask;
    while (nameTable_[slot] != 0 && kernelNames_[nameTable_[slot] - 1].hash != hash)
        slot = (slot + 1) & mask;
    kernelNames_.push_back({ hash, index, nameTable_[slot], build });
    nameTable_[slot] = static_cast<std::uint32_t>(kernelNames_.size());
}

std::optional<std::size_t> Parser::findKernel(std::string_view name) const
{
    if (nameTable_.empty())
        return std::nullopt;
    const std::size_t hash = std::hash<std::string_view> {}(name);
    const std::size_t mask = nameTable_.size() - 1;
    std::size_t slot = hash & mask;
    while (nameTable_[slot] != 0 && kernelNames_[nameTable_[slot] - 1].hash != hash)
        slot = (slot + 1) & mask;
    for (std::uint32_t link = nameTable_[slot]; link != 0;) {
        const KernelName& entry = kernelNames_[link - 1];
        const std::string& kernel = code_.kernels[entry.index].name;
        const bool same = entry.build ? name.size() == kernel.size() + 6
                && name.substr(0, kernel.size()) == kernel && name.substr(kernel.size()) == "_build"
                                      : name == kernel;
        if (same)
            return entry.index;
        link = entry.olderSameHash;
    }
    return std::nullopt;
}

void Parser::importLine(const LogicalLine& line)
{
    const std::string_view code = line.code;
    std::vector<std::string_view> names;
    bool imported = false;
    if (startsWithWord(code, "from")) {
        std::size_t end = 0;
        const std::size_t moduleAt = code.find_first_not_of(" \t", 4);
        if (moduleAt == std::string_view::npos
            || expr::dottedNameAt(code, moduleAt, end) != "torch_npu._inductor")
            return;
        const std::size_t importAt = code.find_first_not_of(" \t", end);
        if (importAt == std::string_view::npos || !startsWithWord(code.substr(importAt), "import"))
            return;
        std::string_view list = expr::trimmed(code.substr(importAt + 6));
        if (!list.empty() && list.front() == '(' && list.back() == ')')
            list = list.substr(1, list.size() - 2);
        expr::splitArguments(list, names);
        for (std::string_view name : names)
            imported = imported || expr::identifierAt(name, 0) == "dvm";
    } else {
        expr::splitArguments(code.substr(6), names);
        for (std::string_view name : names) {
            std::size_t end = 0;
            imported = imported || expr::dottedNameAt(name, 0, end) == "torch_npu._inductor.dvm";
        }
    }
    if (imported && !code_.dvmImport) {
        code_.dvmImport = true;
        code_.dvmImportLine = line.firstLine;
    }
}

// `<name> = async_compile.<kind>(…)` or `<name> = compile_mps_shader(…)`.
void Parser::assignmentLine(const LogicalLine& line)
{
    const std::string_view code = line.code;
    const std::string_view target = expr::identifierAt(code, 0);
    if (target.empty())
        return;
    const std::size_t equals = code.find_first_not_of(" \t", target.size());
    if (equals == std::string_view::npos || code[equals] != '='
        || (equals + 1 < code.size() && code[equals + 1] == '='))
        return;
    const std::size_t valueAt = code.find_first_not_of(" \t", equals + 1);
    if (valueAt == std::string_view::npos)
        return;
    std::size_t end = 0;
    const std::string_view callee = expr::dottedNameAt(code, valueAt, end);
    const std::size_t open = code.find_first_not_of(" \t", end);
    if (callee.empty() || open == std::string_view::npos || code[open] != '(')
        return;
    std::optional<Backend> backend;
    constexpr std::string_view asyncCompile = "async_compile.";
    constexpr std::string_view mpsShader = "compile_mps_shader";
    if (callee.substr(0, asyncCompile.size()) == asyncCompile) {
        const std::string_view kind = callee.substr(asyncCompile.size());
        if (kind.find('.') == std::string_view::npos)
            backend = asyncCompileBackend(kind);
    } else if (callee == mpsShader
        || (callee.size() > mpsShader.size()
            && callee.substr(callee.size() - mpsShader.size() - 1) == ".compile_mps_shader")) {
        backend = Backend::Mps;
    }
    if (!backend)
        return;
    Kernel kernel;
    kernel.name = std::string(target);
    kernel.backend = *backend;
    kernel.line = line.firstLine;
    const std::size_t close = expr::closingBracket(code, open);
    kernel.endLine = close == std::string_view::npos ? line.lastLine : line.lineAt(close);
    addKernel(std::move(kernel));
}

void Parser::entryLine(const LogicalLine& line)
{
    // Only a name right before '(' can be a launch or a fallback: jump from one '(' to the next and
    // read the dotted name before it, rather than every identifier of the line. Nested calls count
    // too, in textual order.
    const std::string_view code = line.code;
    if (dvmOutputs_)
        launchOutputs_.readStatement(code);
    for (std::size_t open = code.find('('); open != std::string_view::npos; open = code.find('(', open + 1)) {
        std::size_t end = open;
        while (end > 0 && (code[end - 1] == ' ' || code[end - 1] == '\t'))
            --end;
        std::size_t start = 0;
        const std::string_view callee = expr::dottedNameBefore(code, end, start);
        // `x.attr(` and `f().attr(` call a method of a value, not a name.
        if (callee.empty()
            || (start > 0 && (expr::isIdentifierChar(code[start - 1]) || code[start - 1] == '.')))
            continue;
        Kernel* launched = callSite(line, start, callee);
        if (launched && dvmOutputs_ && launched->backend == Backend::Dvm)
            launchOutputs_.readLaunch(code, open, *launched);
    }
}

Kernel* Parser::callSite(const LogicalLine& line, std::size_t offset, std::string_view callee)
{
    std::size_t count = 0;
    std::size_t start = 0;
    while (count < parts_.size()) {
        const std::size_t dot = callee.find('.', start);
        parts_[count++] = expr::trimmed(callee.substr(start, dot - start));
        if (dot == std::string_view::npos)
            break;
        start = dot + 1;
    }
    const auto addFallback = [&](std::string target, FallbackKind kind) {
        code_.fallbacks.push_back(Fallback { std::move(target), kind, line.lineAt(offset) });
    };
    if (count >= 4 && parts_[0] == "torch" && parts_[1] == "ops") {
        const std::string_view ns = parts_[2];
        addFallback(dottedTarget(parts_.data() + 2, std::min<std::size_t>(count, 5) - 2),
            ns == "aten"      ? FallbackKind::Aten
                : ns == "npu" ? FallbackKind::Npu
                              : FallbackKind::Other);
        return nullptr;
    }
    if (count >= 2 && parts_[0] == "aten") {
        addFallback(dottedTarget(parts_.data(), std::min<std::size_t>(count, 3)), FallbackKind::Aten);
        return nullptr;
    }
    if (count == 2 && parts_[0] == "extern_kernels") {
        addFallback(dottedTarget(parts_.data(), 2), FallbackKind::Extern);
        return nullptr;
    }
    // `name(…)`, `name.run(…)`, CATLASS `name.name(…)`, MPS `name.generated_kernel(…)`.
    if (count > 2)
        return nullptr;
    const std::optional<std::size_t> found = findKernel(parts_[0]);
    if (!found)
        return nullptr;
    Kernel& kernel = code_.kernels[*found];
    ++kernel.launches;
    kernel.launchLines.push_back(line.lineAt(offset));
    return &kernel;
}

} // namespace

OutputCode parseOutputCode(std::string_view bytes, const std::string& path, KernelDetail detail)
{
    const std::optional<std::string> unixLines = withLoneCrAsLf(bytes);
    if (unixLines)
        bytes = *unixLines;
    OutputCode code;
    code.path = path;
    code.bytes = bytes.size();
    code.kernelBodies = detail == KernelDetail::Full;
    code.wrapperModule = false; // until the parser sees what only a wrapper module holds
    if (bytes.empty()) {
        code.diagnostics.push_back(fileDiagnostic(
            path, std::nullopt, Severity::Warning, "empty-file", "The output_code.py file is empty."));
        return code;
    }
    if (std::memchr(bytes.data(), '\0', std::min(bytes.size(), kBinaryProbeBytes)) != nullptr) {
        code.lines = countPhysicalLines(bytes);
        code.diagnostics.push_back(fileDiagnostic(path, std::nullopt, Severity::Error, "binary-file",
            "The output_code.py file holds binary data, not Python source."));
        return code;
    }
    code.aotId = headerAotId(bytes);
    Parser(bytes, code, detail).run();
    // Grown one at a time and then kept as long as the index: without the slack of the last
    // doubling (a tree's kernels are most of an index's memory).
    code.kernels.shrink_to_fit();
    code.fallbacks.shrink_to_fit();
    code.dvmEngaged = isDvmEngaged(code);
    code.dvmCoverage = dvmCoverage(code);
    return code;
}

OutputCode parseOutputCodeFile(const Container& files, const std::string& path, std::string& scratch,
    KernelDetail detail, const std::string& tree)
{
    std::size_t size = 0;
    FileError error;
    if (!readWholeFile(files, path, tree, kMaxFileBytes, scratch, size, error)) {
        if (error.problem == FileProblem::TooLarge)
            error.message = "it is larger than " + std::to_string(kMaxFileBytes >> 20) + " MiB";
        OutputCode code;
        code.path = path;
        code.diagnostics.push_back(fileDiagnostic(path, std::nullopt, Severity::Error, "unreadable",
            "The output_code.py file could not be read: " + error.message + "."));
        return code;
    }
    return parseOutputCode(std::string_view(scratch.data(), size), path, detail);
}

} // namespace dvmlens
