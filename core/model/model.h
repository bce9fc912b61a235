// SPDX-License-Identifier: MIT
// The value types every part of DVM Lens speaks: what a scan of a torch_compile_debug tree found.
// They are plain, immutable-after-build data (std::string is UTF-8), so workers can build them
// off the GUI thread and hand them over whole. Unknown values are std::nullopt (null in JSON).
#pragma once

#include "core/model/boxedoptional.h"
#include "core/model/sharedtext.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace dvmlens {

class Container;

// How a kernel was defined in output_code.py.
enum class Backend
{
    Dvm, // a real @dvm.kernel builder
    ImportFx, // async_compile.import_fx(...): an FX fallback, even when named dvm_fused_*
    Triton,
    Cpp, // async_compile.cpp / cpp_pybinding
    Mlir, // async_compile.mlir / mlir_auto_fallback
    Akg, // async_compile.akg_auto_fallback
    Mps, // compile_mps_shader
    Other, // anything else defined through async_compile
};
inline constexpr Backend kAllBackends[] = { Backend::Dvm, Backend::ImportFx, Backend::Triton, Backend::Cpp,
    Backend::Mlir, Backend::Akg, Backend::Mps, Backend::Other };

// Names used in JSON and text output: "dvm", "import_fx", "triton", "cpp", "mlir", "akg", "mps", "other".
std::string_view backendName(Backend backend);
std::optional<Backend> backendFromName(std::string_view name);

// A call in the entry code that runs an op outside generated kernels.
enum class FallbackKind
{
    Aten, // torch.ops.aten.* or the aten.* alias
    Npu, // torch.ops.npu.*
    Extern, // extern_kernels.*
    Other, // torch.ops.<other namespace>.*
};
std::string_view fallbackKindName(FallbackKind kind); // "aten", "npu", "extern", "other"

enum class Severity
{
    Info,
    Warning,
    Error
};
std::string_view severityName(Severity severity); // "info", "warning", "error"

struct Diagnostic
{
    std::string path; // the file or folder it is about (absolute, as scanned)
    std::optional<int> line; // 1-based, when it points at a line
    Severity severity = Severity::Warning;
    std::string code; // stable id: "missing-output-code", "binary-file", a known-failure rule id…
    // One readable sentence, English; shared by the copies (and by the diagnostics that say the same).
    SharedText message;
};

// One input of a DVM kernel, in argument order (k.load, k.view_load, k.scalar, k.intref, k.floatref).
struct DvmInput
{
    std::string name; // the builder's local name (arg0_1, permute…)
    std::string op; // "load", "view_load", "scalar", "intref", "floatref"
    std::optional<std::vector<std::int64_t>> shape; // -1 for a dynamic dim; null for scalars
    std::optional<std::vector<std::int64_t>> stride; // view_load only
    std::optional<std::string>
        dtype; // normalised: "float32", "bfloat16", "float16", "int32", "int64", "bool"…
};

struct DvmOutput
{
    std::string name; // the stored value's local name
    std::optional<std::string> dtype; // normalised as for inputs; null for k.store(x) without a dtype
    // The buffer the entry code passes for this output, from the first launch site whose argument's
    // allocation is found (empty_strided, empty_strided_npu, reinterpret_tensor): -1 for a dim that
    // is not an int literal (a size symbol, an expression). Null when unknown (no such launch, the
    // kernel returns its outputs, as graph_fusion and mfusion do); never guessed.
    // (Initialised here so `{ name, dtype }` stays a complete initialiser.)
    std::optional<std::vector<std::int64_t>> shape = std::nullopt;
    std::optional<std::vector<std::int64_t>> stride = std::nullopt;
};

struct Kernel
{
    std::string name; // the module-level name the entry code launches
    Backend backend = Backend::Other;
    int line = 0; // first line of the definition (the decorator for DVM; the assignment otherwise), 1-based
    int endLine = 0; // last line of the definition (alias and _acc_meta lines included for DVM)
    // The module-level """…""" string right above the definition (only blank and comment lines
    // between): the FX graph a DVM or import_fx kernel fused. Physical lines, quotes included.
    std::optional<int> fxGraphLine;
    std::optional<int> fxGraphEndLine;
    int launches = 0; // calls of this kernel in the entry code
    std::vector<int> launchLines; // where those calls are, 1-based, in order

    // DVM only (left empty / null for other backends).
    std::optional<std::string> ktype; // "vector", "spec", "mix", "split"
    std::optional<bool> dynShape;
    std::optional<bool> mfusion; // the transient third decorator argument, when present
    std::optional<std::string> framing; // "mlir_fusion" (<name>_build + alias), "graph_fusion", "mfusion"
    std::vector<std::string> ops; // every k.<op> call but store/spec_next/set_kernel_info, textual order
    std::vector<DvmInput> inputs;
    std::vector<DvmOutput> outputs;
};

struct Fallback
{
    std::string target; // "aten.mm.default", "npu.npu_fusion_attention.default", "extern_kernels.mm"
    FallbackKind kind = FallbackKind::Aten;
    int line = 0; // 1-based
};

// What one output_code.py holds.
struct OutputCode
{
    std::string path;
    std::uint64_t bytes = 0;
    int lines = 0;
    bool dvmImport = false; // `from torch_npu._inductor import dvm` outside strings and comments
    std::optional<int> dvmImportLine;
    bool dvmEngaged = false; // see verdict.h: the import and at least one real @dvm.kernel
    // False only while the file waits for the parser (the scanner's skeleton: `path` alone), and
    // for good when indexing was cancelled or failed first: such a graph is "not indexed".
    bool indexed = true;
    // Whether the content is an Inductor wrapper module (async_compile, call/Runner entry code,
    // kernels, the dvm import), whatever the file's name; see Graph::looseFile.
    bool wrapperModule = true;
    std::optional<double> dvmCoverage; // DVM launches / (all launches + fallback calls); null when 0/0
    std::optional<std::string> aotId; // from the `# AOT ID: ['0_forward']` header, e.g. "0_forward"
    std::vector<Kernel> kernels; // in file order
    // False when parsed as KernelDetail::Summary (outputcodeparser.h) to keep a huge index small:
    // DVM kernels then hold no ops, inputs or outputs; withKernelBodies (kernelbodies.h) reads them.
    bool kernelBodies = true;
    std::vector<Fallback> fallbacks; // in file order
    std::vector<Diagnostic> diagnostics; // problems met while parsing this file
};

// Where a graph's wrapper module came from (JSON "origin"): a debug tree's output_code.py, an
// inductor_output_code record of a TORCH_TRACE log, or a module of the Inductor cache folder.
struct GraphOrigin
{
    std::string kind = "debug-tree"; // "debug-tree", "trace", "cache"
    std::string file; // the output_code.py (or graph folder), the trace log, the cache module
    std::optional<int> line; // the record's line in the trace log
    std::optional<std::string> compileId; // "[0/1]", "[0/1_1]", "[!0/2/0]" (trace)
    int compileResetRepeat = 0; // the n-th repeat of compileId in its log after torch._dynamo.reset()
    std::optional<std::string> cache; // "hit", "miss", "bypass" (trace: the FX graph cache said so)
    // Inductor's code hash of the wrapper text, "c" + 51 base32 characters: the cache module's file
    // name, so the same code in a trace, the cache and a tree is known as the same (trace, cache).
    std::optional<std::string> codeHash;
};

// One Inductor graph folder: <model>__<aot_id>_<kind>_<nth_graph>.<seq>
struct Graph
{
    std::string name; // folder name
    std::string path; // absolute folder path (for a lone output_code.py: its folder)
    std::optional<std::string> model;
    std::optional<int> aotId;
    std::optional<std::string> kind; // "forward", "backward", "inference", "" (AOTI form), null if unparsed
    std::optional<int> nthGraph;
    std::optional<int> seq; // the trailing .<n>: compile order in the process
    std::vector<std::string> files; // entries of the folder, sorted; sub-folders end with '/'
    // Null when the folder has no output_code.py; boxed, so a graph without one stays small.
    BoxedOptional<OutputCode> outputCode;
    // Found as a file rather than as an Inductor graph folder (the input itself, or a loose wrapper
    // module in a folder of another layout): only then is a file that is not a wrapper no verdict.
    bool looseFile = false;
    std::vector<Diagnostic> diagnostics; // about this graph (missing output_code.py, parse problems…)
    // Set for graphs of a trace log or the cache folder; null for a debug tree's (see graphOrigin).
    BoxedOptional<GraphOrigin> origin;
};

// The graph's origin: its own, or for a debug tree's graph {"debug-tree", its output_code.py (the
// folder when it has none)}.
GraphOrigin graphOrigin(const Graph& graph);

// One process: run_<%Y_%m_%d_%H_%M_%S_%f>-pid_<pid>
struct Run
{
    std::optional<std::string> name; // folder name; null when the input had no run folder above it
    std::string path;
    std::optional<std::int64_t> pid;
    std::optional<std::string> started; // ISO 8601 local time with microseconds: 2026-07-20T10:15:30.123456
    // (a trace log's run: "--07-20T10:15:30.123456", the log has no year)
    std::vector<Graph> graphs; // sorted by seq, then name
    std::vector<std::string> logs; // absolute paths of *.log files anywhere under the run, sorted
    // torch.distributed rank, when the input says it (a trace log's records or file name).
    std::optional<std::int64_t> rank;
};

// A whole scan.
struct Index
{
    std::string root; // the path as given, made absolute
    std::vector<Run> runs; // sorted by start time, then pid, then name
    std::vector<Diagnostic> diagnostics; // tree-level problems (links, unreadable folders, log findings…)
    // Where its files are read again from (io/container.h): the folder, the archive, the trace logs
    // it was indexed from. Null for an index made by hand: the file system.
    std::shared_ptr<const Container> files;
};

} // namespace dvmlens
