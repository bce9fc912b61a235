// SPDX-License-Identifier: MIT
// dvmlens-gentree: writes a large, realistic torch_compile_debug tree for the scan benchmark.
// Every rank is one run_<ts>-pid_<pid> folder; every graph folder holds an output_code.py of about
// --file-kb KiB mixing what real DVM files hold (docstring graph dumps, @dvm.kernel builders with
// set_kernel_info, Triton kernels with big ''' sources and benchmark harness text, import_fx traps,
// ATen/NPU/extern fallbacks, entry code), plus fx_graph_readable.py and small logs.
// --trace writes the same graphs as TORCH_TRACE logs instead, one per rank, as PyTorch does (see
// ../shared/reference/trace-and-cache.md): each graph's Dynamo, AOT and post-grad graphs, its runnable
// and its wrapper module as payload records with their md5, and its compilation metrics.
// --cache K writes them as an Inductor cache folder instead (TORCHINDUCTOR_CACHE_DIR): every wrapper
// module as <2 chars>/c<51 chars>.py among K Triton kernel modules per graph of about 16 KiB each, as
// PyCodeCache names them, with fxgraph/ and locks/ beside (read as the cache reader must skip them).
// Plain C++ on purpose: the generator must not share code with the parser it measures (the md5 is
// OpenSSL's, as in Python's hashlib).
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <openssl/evp.h>
#include <random>
#include <string>
#include <vector>

namespace {

struct Options
{
    std::filesystem::path out;
    int ranks = 8;
    int graphs = 36; // with 8 ranks and 512 KiB files: the issue's ~150 MB tree
    int fileKb = 512;
    unsigned seed = 1;
    // Nothing but @dvm.kernel builders and entry code, no docstrings or kernel sources: all of the
    // file is code to read, the parser's worst case (and the most kernels a tree can hold).
    bool buildersOnly = false;
    // What a healthy 8-NPU job looks like: every rank compiles the same graphs to the same code,
    // except one rank whose second graph differs and one rank that misses the last graph (so rank
    // consistency and reports that show identical ranks once can be measured).
    bool identicalRanks = false;
    bool trace = false; // TORCH_TRACE logs instead of a debug tree
    int cacheKernels = -1; // >= 0: an Inductor cache folder with this many kernel modules per graph
};

// A PyCodeCache module name: "c" and 51 base32 characters, from a counter so names never repeat.
std::string cacheModuleName(std::mt19937& random)
{
    static const char kBase32[] = "abcdefghijklmnopqrstuvwxyz234567";
    std::string name = "c";
    for (int i = 0; i < 51; ++i)
        name += kBase32[random() % 32];
    return name;
}

// A Triton kernel module as Inductor writes one into the cache: imports, the heuristics decorator,
// the kernel, about 16 KiB.
std::string tritonKernelModule(int index)
{
    const std::string name = "triton_poi_fused_add_mul_" + std::to_string(index);
    std::string out = "\nimport triton\nimport triton.language as tl\n"
                      "from torch._inductor.runtime import triton_helpers, triton_heuristics\n"
                      "from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math\n\n"
                      "@triton_heuristics.pointwise(size_hints=[1024], filename=__file__, "
                      "triton_meta={'signature': {'in_ptr0': '*fp32', 'out_ptr0': '*fp32', 'xnumel': 'i32'}},"
                      " inductor_meta={'kernel_name': '"
        + name + "'})\n@triton.jit\ndef " + name
        + "(in_ptr0, out_ptr0, xnumel, XBLOCK : tl.constexpr):\n"
          "    xoffset = tl.program_id(0) * XBLOCK\n    xindex = xoffset + tl.arange(0, XBLOCK)[:]\n"
          "    xmask = xindex < xnumel\n";
    for (int line = 0; out.size() < 16 * 1024; ++line)
        out += "    tmp" + std::to_string(line) + " = tl.load(in_ptr0 + (xindex), xmask).to(tl.float32) * "
            + std::to_string(line) + ".0\n";
    out += "    tl.store(out_ptr0 + (xindex), tmp0, xmask)\n";
    return out;
}

std::string md5Hex(const std::string& text)
{
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned size = 0;
    EVP_Digest(text.data(), text.size(), digest, &size, EVP_md5(), nullptr);
    static const char kDigits[] = "0123456789abcdef";
    std::string hex;
    for (unsigned i = 0; i < size; ++i) {
        hex += kDigits[digest[i] >> 4];
        hex += kDigits[digest[i] & 15];
    }
    return hex;
}

// One record of a TORCH_TRACE log: the glog prefix, the JSON object and, with a payload, its md5 and
// its lines each after a TAB.
std::string traceRecord(int pid, const std::string& fields, const std::string* payload = nullptr)
{
    std::string record =
        "V0720 10:15:30.123456 " + std::to_string(pid) + " torch/_inductor/graph.py:2390] {" + fields;
    if (payload)
        record += ", \"has_payload\": \"" + md5Hex(*payload) + "\"";
    record += "}\n";
    if (!payload)
        return record;
    std::size_t start = 0;
    while (true) {
        const std::size_t end = payload->find('\n', start);
        record += '\t';
        record.append(*payload, start, end == std::string::npos ? std::string::npos : end - start);
        record += '\n';
        if (end == std::string::npos)
            return record;
        start = end + 1;
    }
}

const char* const kOps[] = { "add", "mul", "sub", "div", "relu", "exp", "sum", "amax", "rsqrt", "neg",
    "where", "gelu", "softmax", "mean", "pow", "sqrt", "clone", "view", "cast", "abs" };
const char* const kDvmOps[] = { "add", "mul", "sub", "div", "maximum", "minimum", "exp", "sqrt", "abs", "log",
    "cast", "select", "greater", "less_equal", "reshape", "broadcast", "copy", "reciprocal" };
const char* const kDtypes[] = { "float32", "float16", "bfloat16" };

class Writer
{
public:
    Writer(const Options& options, std::mt19937& random)
        : options_(options)
        , random_(random)
    {
    }

    std::string outputCode(int aotId, const char* kind);
    // dvm_graph_fused_<id> counts per process; identical ranks number each graph's alike.
    void setGraphFusionId(int id)
    {
        graphFusionId_ = id;
    }
    std::string readableGraph();

private:
    int pick(int below)
    {
        return static_cast<int>(random_() % static_cast<unsigned>(below));
    }
    std::string fusedName(int ops);
    void graphDocstring(std::string& out, const std::string& cls, int lines);
    std::string dvmKernel(std::string& out, int suffix, bool docstring = true);
    std::string graphFusionKernel(std::string& out);
    std::string importFx(std::string& out, int suffix);
    std::string triton(std::string& out, int suffix, std::size_t bodyBytes);

    const Options& options_;
    std::mt19937& random_;
    int graphFusionId_ = 0;
};

std::string Writer::fusedName(int ops)
{
    std::string name = "fused";
    for (int i = 0; i < ops; ++i)
        name += std::string("_") + kOps[pick(std::size(kOps))];
    return name;
}

void Writer::graphDocstring(std::string& out, const std::string& cls, int lines)
{
    out += "\n\n\"\"\"\nclass " + cls + "(torch.nn.Module):\n";
    out += "    def forward(self, arg0_1: \"f32[128, 256][256, 1]npu:0\", arg1_1: \"f32[256][1]npu:0\"):\n";
    for (int i = 0; i < lines; ++i) {
        const char* op = kOps[pick(std::size(kOps))];
        out += "        # File: /work/model/layers.py:" + std::to_string(100 + i)
            + " in forward, code: x = torch." + op + "(x)\n";
        out += "        " + std::string(op) + "_" + std::to_string(i)
            + ": \"f32[128, 256][256, 1]npu:0\" = torch.ops.aten." + op
            + ".default(arg0_1, arg1_1);  arg0_1 = None\n";
    }
    // Text a line-based grep would count: it must not become a kernel.
    out += "        # @dvm.kernel(ktype='vector', dyn_shape=False) was considered here\n";
    out += "        return (" + std::string(kOps[pick(std::size(kOps))]) + "_0,)\n\"\"\"\n";
}

std::string Writer::dvmKernel(std::string& out, int suffix, bool docstring)
{
    const std::string name = "dvm_" + fusedName(2 + pick(3)) + "_" + std::to_string(suffix);
    if (docstring)
        graphDocstring(out, "GraphModule", 4 + pick(8));
    else
        out += "\n\n";
    const bool dynamic = pick(4) == 0;
    const char* dtype = kDtypes[pick(std::size(kDtypes))];
    out += std::string("@dvm.kernel(ktype='") + (pick(5) == 0 ? "spec" : "vector")
        + "', dyn_shape=" + (dynamic ? "True" : "False") + ")\n";
    out += "def " + name + "_build(k):\n";
    const int inputs = 2 + pick(3);
    for (int i = 0; i < inputs; ++i) {
        if (pick(4) == 0)
            out += "    arg" + std::to_string(i) + "_1 = k.view_load([" + (dynamic ? "-1" : "128")
                + ", 256], [512, 1], dvm." + dtype + ")\n";
        else
            out += "    arg" + std::to_string(i) + "_1 = k.load([" + (dynamic ? "-1" : "128") + ", 256], dvm."
                + dtype + ")\n";
    }
    if (dynamic)
        out += "    s0 = k.scalar(dvm.int64)\n";
    std::string last = "arg0_1";
    const int ops = 4 + pick(12);
    for (int i = 0; i < ops; ++i) {
        std::string value = "v"; // (not "v" + …: GCC 12 warns falsely about that)
        value += std::to_string(i);
        const char* op = kDvmOps[pick(std::size(kDvmOps))];
        const std::string other = "arg" + std::to_string(pick(inputs)) + "_1";
        if (pick(6) == 0)
            out += "    " + value + " = k.div(1, k.sqrt(" + last + "))\n";
        else if (pick(5) == 0)
            out += "    " + value + " = k.sum(" + last + ", [-1], True)\n    k.spec_next()\n";
        else
            out += "    " + value + " = k." + op + "(" + last + ", " + other + ")\n";
        last = value;
    }
    out += "    k.store(" + last + ", dvm." + dtype + ")\n";
    out += "    k.set_kernel_info(\n        '" + name.substr(0, name.rfind('_'))
        + "',  # kernel_name\n        '" + name + "',  # kernel_fullname\n    )\n\n";
    out += name + " = " + name + "_build\n";
    return name;
}

std::string Writer::graphFusionKernel(std::string& out)
{
    // The id is process-global in torch_npu, so it keeps growing from graph to graph.
    const std::string name = "dvm_graph_fused_" + std::to_string(graphFusionId_++);
    graphDocstring(out, "GraphModule", 3);
    out += "@dvm.kernel(ktype='split', dyn_shape=True)\ndef " + name + "(k):\n";
    out += "    arg4_1 = k.load([-1, 1], dvm.bfloat16)\n";
    out += "    permute = k.view_load([-1, -1, -1], [-1, -1, 1], dvm.bfloat16)\n";
    out += "    mul_3 = k.mul(arg4_1, permute)\n";
    out += "    arg5_1 = k.load([1, -1], dvm.bfloat16)\n";
    out += "    add = k.add(mul_3, arg5_1)\n";
    out += "    k.store(k.cast(add, dvm.float32), dvm.float32)\n";
    return name;
}

std::string Writer::importFx(std::string& out, int suffix)
{
    const std::string name = "dvm_" + fusedName(1 + pick(2)) + "_" + std::to_string(suffix);
    graphDocstring(out, "GraphModule", 2 + pick(4));
    out += name + " = async_compile.import_fx('" + name
        + "', kernel_meta={'device_str': 'npu', 'traced_graph_hash': '" + std::to_string(random_()) + "'})\n";
    return name;
}

std::string Writer::triton(std::string& out, int suffix, std::size_t bodyBytes)
{
    const std::string name = "triton_unk_" + fusedName(2 + pick(3)) + "_" + std::to_string(suffix);
    out += "\n\n# kernel path: /tmp/torchinductor_root/ab/cab" + std::to_string(random_()) + ".py\n";
    out += "# Topologically Sorted Source Nodes: [x, y], Original ATen: [aten.mul, aten.add]\n";
    out += "# Source node to ATen node mapping:\n#   x => mul\n# Graph fragment:\n";
    out += "#   %mul : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%arg0_1, 2), "
           "kwargs = {})\n";
    out +=
        name + " = async_compile.triton('" + name + "', '''\nimport triton\nimport triton.language as tl\n";
    out += "from torch._inductor.runtime import triton_helpers, triton_heuristics\n\n";
    out += "@triton_heuristics.pointwise(\n    size_hints={'x': 32768}, filename=__file__,\n";
    out +=
        "    triton_meta={'signature': {'in_ptr0': '*fp32', 'out_ptr0': '*fp32', 'xnumel': 'i32'}, 'device': "
        "DeviceProperties(type='npu', index=0), 'constants': {}},\n";
    out += "    inductor_meta={'kernel_name': '" + name + "', 'mutated_arg_names': [], 'num_load': 2},\n)\n";
    out += "@triton.jit\ndef " + name + "(in_ptr0, in_ptr1, out_ptr0, xnumel, XBLOCK : tl.constexpr):\n";
    out += "    xnumel = 32768\n    xoffset = tl.program_id(0) * XBLOCK\n";
    out += "    xindex = xoffset + tl.arange(0, XBLOCK)[:]\n    xmask = xindex < xnumel\n";
    const std::size_t start = out.size();
    for (int i = 0; out.size() - start < bodyBytes; ++i) {
        out += "    tmp" + std::to_string(i) + " = tl.load(in_ptr0 + (x0 + " + std::to_string(i)
            + "), xmask, eviction_policy='evict_last')  # 'quoted' \"text\"\n";
        out +=
            "    tmp" + std::to_string(i) + "b = triton_helpers.maximum(tmp" + std::to_string(i) + ", 0.0)\n";
    }
    out += "    tl.store(out_ptr0 + (x0), tmp0, xmask)\n\n";
    // Benchmark-kernel harness text inside the source: not module-level code.
    out += "def get_args():\n    arg_0 = rand_strided((32768,), (1,), device='npu:0', dtype=torch.float32)\n";
    out += "    return arg_0,\n\ndef call(args):\n    stream0 = get_raw_stream(0)\n";
    out += "    " + name + ".run(*args, 32768, stream=stream0)\n";
    out += "    torch.ops.aten.mm.default(args[0], args[0])\n\n";
    out += "if __name__ == '__main__':\n    from torch._inductor.runtime.benchmarking import benchmarker\n";
    out += "    args = get_args()\n    ms = benchmarker.benchmark_gpu(lambda: call(args), rep=40)\n";
    out += "''', device_str='npu')\n";
    return name;
}

std::string Writer::outputCode(int aotId, const char* kind)
{
    const std::size_t target = static_cast<std::size_t>(options_.fileKb) * 1024;
    std::string out;
    out.reserve(target + 16384);
    out += "# AOT ID: ['" + std::to_string(aotId) + "_" + kind + "']\n";
    out += "from ctypes import c_void_p, c_long, c_int\nimport torch\nimport torch_npu\nimport math\n";
    out += "from math import inf, nan\nfrom torch import device, empty_strided\n";
    out += "from torch._inductor.select_algorithm import extern_kernels\n";
    out += "from torch_npu._inductor import dvm\n";
    out += "from torch_npu._C import _npu_getCurrentRawStreamNoWait as get_raw_stream\n";
    out += "from torch_npu._inductor.ascend_npu_ir.ascend_npu_ir.codecache import CustomAsyncCompile\n";
    out += "aten = torch.ops.aten\nreinterpret_tensor = torch._C._dynamo.guards._reinterpret_tensor\n";
    out += "async_compile = CustomAsyncCompile()\ntorch_npu.npu.set_device(0)\n";

    std::vector<std::pair<std::string, bool>> kernels; // name, launched with .run
    int suffix = 0;
    // Leave room for the entry code (about 330 bytes a kernel) and the tail.
    while (out.size() + kernels.size() * 330 + 4096 < target) {
        const int what = pick(10);
        if (options_.buildersOnly)
            kernels.emplace_back(dvmKernel(out, suffix++, false), true);
        else if (what < 5)
            kernels.emplace_back(dvmKernel(out, suffix++), true);
        else if (what < 6)
            kernels.emplace_back(graphFusionKernel(out), false);
        else if (what < 7)
            kernels.emplace_back(importFx(out, suffix++), true);
        else
            kernels.emplace_back(triton(out, suffix++, 2048 + static_cast<std::size_t>(pick(6144))), true);
    }
    out += "\n\nasync_compile.wait(globals())\ndel async_compile\n\ndef call(args):\n";
    out += "    arg0_1, arg1_1, arg2_1, arg3_1 = args\n    args.clear()\n";
    out += "    with torch.npu._DeviceGuard(0):\n";
    int buffer = 0;
    for (const auto& [name, viaRun] : kernels) {
        out += "        buf" + std::to_string(buffer)
            + " = empty_strided((128, 256), (256, 1), device='npu', dtype=torch.float32)\n";
        out += "        # Topologically Sorted Source Nodes: [x], Original ATen: [aten.add]\n";
        if (viaRun)
            out += "        stream0 = get_raw_stream(0)\n        " + name + ".run(arg0_1, arg1_1, buf"
                + std::to_string(buffer) + ", stream=stream0)\n";
        else
            out += "        buf" + std::to_string(buffer + 1) + " = " + name
                + "(arg2_1, reinterpret_tensor(arg3_1, (128, 256), (256, 1), 0))\n";
        if (pick(3) == 0)
            out += "        buf" + std::to_string(buffer + 2) + " = torch.ops.aten.mm.default(buf"
                + std::to_string(buffer) + ", arg1_1)\n";
        if (pick(5) == 0)
            out += "        buf" + std::to_string(buffer + 3)
                + " = torch.ops.npu.npu_fusion_attention.default(buf" + std::to_string(buffer)
                + ", arg0_1, arg1_1, 8, 'BSH')\n";
        if (pick(6) == 0)
            out += "        extern_kernels.mm(buf" + std::to_string(buffer) + ", arg2_1, out=buf"
                + std::to_string(buffer + 4) + ")\n";
        out += "        del buf" + std::to_string(buffer) + "\n";
        buffer += 5;
    }
    out += "    return (buf0, )\n\n\ndef benchmark_compiled_module(times=10, repeat=10):\n";
    out += "    from torch._dynamo.testing import rand_strided\n";
    out += "    arg0_1 = rand_strided((128, 256), (256, 1), device='npu:0', dtype=torch.float32)\n";
    out += "    fn = lambda: call([arg0_1, arg0_1, arg0_1, arg0_1])\n";
    out += "    return print_performance(fn, times=times, repeat=repeat)\n\n\n";
    out += "if __name__ == \"__main__\":\n    from torch._inductor.wrapper_benchmark import "
           "compiled_module_main\n";
    out += "    compiled_module_main('None', benchmark_compiled_module)\n";
    return out;
}

std::string Writer::readableGraph()
{
    std::string out = "class <lambda>(torch.nn.Module):\n    def forward(self, arg0_1: \"f32[128, 256]\"):\n";
    for (int i = 0; i < 40; ++i) {
        const char* op = kOps[pick(std::size(kOps))];
        out += "        # File: /work/model/layers.py:" + std::to_string(i) + " in forward, code: y = x." + op
            + "()\n";
        out += "        " + std::string(op) + "_" + std::to_string(i)
            + ": \"f32[128, 256]\" = torch.ops.aten." + op + ".default(arg0_1)\n";
    }
    out += "        return (add_0,)\n";
    return out;
}

bool writeFile(const std::filesystem::path& path, const std::string& text)
{
    std::ofstream file(path, std::ios::binary);
    file.write(text.data(), static_cast<std::streamsize>(text.size()));
    return static_cast<bool>(file);
}

const char* const kUsage =
    "usage: dvmlens-gentree OUT --ranks R --graphs G --file-kb K [--seed S] [--builders-only] "
    "[--identical-ranks] [--trace | --cache K]\n";

int usage(const char* message)
{
    std::cerr << "dvmlens-gentree: " << message << "\n" << kUsage;
    return 2;
}

int help()
{
    std::cout
        << kUsage
        << "Writes a torch_compile_debug tree for the benchmarks: OUT/run_<ts>-pid_<pid>/ per rank, each\n"
           "graph folder with an output_code.py of about K KiB (DVM builders, Triton kernels, import_fx\n"
           "traps, fallbacks), fx_graph_readable.py and small logs.\n"
           "  --ranks R            runs (ranks) to write (default 8)\n"
           "  --graphs G           graph folders per rank (default 36)\n"
           "  --file-kb K          size of each output_code.py in KiB (default 512)\n"
           "  --seed S             random seed (default 1)\n"
           "  --builders-only      nothing but @dvm.kernel builders and entry code\n"
           "  --identical-ranks    every rank compiles the same graphs to the same code\n"
           "  --trace              TORCH_TRACE logs (one per rank) instead of a debug tree\n"
           "  --cache K            an Inductor cache folder instead: every wrapper module among K Triton\n"
           "                       kernel modules per graph (about 16 KiB each)\n"
           "  -h, --help           this text\n"
           "dvmlens-genprofile TREE OUT then writes an Ascend profile of its kernels.\n";
    return 0;
}

} // namespace

int main(int argc, char** argv)
{
    Options options;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        const auto value = [&]() -> long {
            if (i + 1 >= argc)
                return -1;
            char* end = nullptr;
            const long number = std::strtol(argv[++i], &end, 10);
            return *end == '\0' ? number : -1;
        };
        if (arg == "--help" || arg == "-h")
            return help();
        if (arg == "--ranks")
            options.ranks = static_cast<int>(value());
        else if (arg == "--graphs")
            options.graphs = static_cast<int>(value());
        else if (arg == "--file-kb")
            options.fileKb = static_cast<int>(value());
        else if (arg == "--seed")
            options.seed = static_cast<unsigned>(value());
        else if (arg == "--builders-only")
            options.buildersOnly = true;
        else if (arg == "--identical-ranks")
            options.identicalRanks = true;
        else if (arg == "--trace")
            options.trace = true;
        else if (arg == "--cache")
            options.cacheKernels = static_cast<int>(value());
        else if (!arg.empty() && arg[0] != '-' && options.out.empty())
            options.out = arg;
        else
            return usage(("unknown argument " + arg).c_str());
    }
    if (options.out.empty())
        return usage("OUT is missing");
    if (options.ranks < 1 || options.graphs < 1 || options.fileKb < 1)
        return usage("--ranks, --graphs and --file-kb take positive numbers");
    const bool cache = options.cacheKernels >= 0;
    if (cache && options.trace)
        return usage("--trace and --cache are two different outputs: give one");
    std::mt19937 names(options.seed + 1);
    if (cache) {
        // What a cache holds beside modules, which the reader passes over.
        std::filesystem::create_directories(options.out / "fxgraph" / "ab");
        std::filesystem::create_directories(options.out / "locks");
        writeFile(options.out / "fxgraph" / "ab" / "fgenentry", "\x80\x04pickled");
    }
    // Writes `text` as a cache module; false when it cannot be written.
    const auto writeModule = [&](const std::string& text) {
        const std::string name = cacheModuleName(names);
        const std::filesystem::path folder = options.out / name.substr(1, 2);
        std::filesystem::create_directories(folder);
        return writeFile(folder / (name + ".py"), text);
    };

    std::mt19937 random(options.seed);
    Writer writer(options, random);
    const char* const kinds[] = { "forward", "backward", "inference" };
    std::uint64_t bytes = 0;
    std::uint64_t files = 0;
    for (int rank = 0; rank < options.ranks; ++rank) {
        char run[96];
        std::snprintf(
            run, sizeof run, "run_2026_07_20_10_15_%02d_%06d-pid_%d", rank % 60, 123456 + rank, 40000 + rank);
        const std::filesystem::path runDir = options.out / run;
        const int pid = 40000 + rank;
        std::ofstream traceLog;
        if (options.trace) {
            std::filesystem::create_directories(options.out);
            const std::filesystem::path logPath = options.out
                / ("dedicated_log_torch_trace_rank_" + std::to_string(rank) + "_gen" + std::to_string(pid)
                    + ".log");
            traceLog.open(logPath, std::ios::binary);
            if (!traceLog)
                return usage(("cannot write " + logPath.string()).c_str());
            ++files;
        } else if (!cache) {
            std::filesystem::create_directories(runDir / "torchdynamo");
            std::filesystem::create_directories(runDir / "torchinductor");
        }
        std::string dynamoLog = "Step 1: torchdynamo start tracing forward /work/model.py:12\n";
        const int divergentRank = options.ranks > 1 ? options.ranks - 3 + (options.ranks < 3 ? 2 : 0) : -1;
        const int missingRank = options.ranks > 2 ? 3 % options.ranks : -1;
        for (int graph = 0; graph < options.graphs; ++graph) {
            if (options.identicalRanks) {
                if (rank == missingRank && graph == options.graphs - 1 && options.graphs > 1)
                    continue;
                // Each graph's code depends on the graph alone, so the ranks agree.
                const bool divergent = rank == divergentRank && graph == std::min(1, options.graphs - 1);
                random.seed(options.seed * 7919u + static_cast<unsigned>(graph) + (divergent ? 100003u : 0u));
                writer.setGraphFusionId(graph * 1000);
            }
            const int aotId = graph / 2;
            const char* kind = kinds[graph % 2 == 0 ? (graph % 6 == 4 ? 2 : 0) : 1];
            const std::string folder = "model__" + std::to_string(aotId) + "_" + kind + "_"
                + std::to_string(graph + 1) + "." + std::to_string(graph);
            const std::string code = writer.outputCode(aotId, kind);
            const std::string readable = writer.readableGraph();
            if (cache) {
                if (!writeModule(code))
                    return usage(("cannot write under " + options.out.string()).c_str());
                bytes += code.size();
                ++files;
                for (int kernel = 0; kernel < options.cacheKernels; ++kernel) {
                    const std::string module = tritonKernelModule(kernel);
                    if (!writeModule(module))
                        return usage(("cannot write under " + options.out.string()).c_str());
                    bytes += module.size();
                    ++files;
                }
                continue;
            }
            if (options.trace) {
                // Frame `graph`, compile 0: Dynamo's graph, AOT's, the post-grad graph, the runnable,
                // the wrapper module (its file named as PyCodeCache would, any name will do here).
                const std::string ids = ", \"rank\": " + std::to_string(rank) + ", \"frame_id\": "
                    + std::to_string(graph) + ", \"frame_compile_id\": 0, \"attempt\": 0";
                const std::string runnable = "import torch\n" + readable + readable;
                std::string records = traceRecord(pid,
                    "\"dynamo_start\": {\"stack\": [{\"line\": 12, \"name\": \"forward\", \"filename\": 0}]}"
                        + ids);
                records += traceRecord(pid, "\"dynamo_output_graph\": {\"sizes\": {}}" + ids, &readable);
                records += traceRecord(pid,
                    "\"aot_" + std::string(kind == std::string("backward") ? "backward" : "forward")
                        + "_graph\": {}" + ids,
                    &readable);
                records += traceRecord(pid, "\"inductor_post_grad_graph\": {}" + ids, &readable);
                records += traceRecord(pid,
                    "\"artifact\": {\"name\": \"fx_graph_runnable\", \"encoding\": \"string\"}" + ids,
                    &runnable);
                records += traceRecord(pid,
                    "\"inductor_output_code\": {\"filename\": \"/tmp/torchinductor_gen/ab/cgen"
                        + std::to_string(rank) + "x" + std::to_string(graph) + ".py\"}" + ids,
                    &code);
                records += traceRecord(pid,
                    "\"compilation_metrics\": {\"co_name\": \"forward\", \"co_filename\": "
                    "\"/work/model.py\", "
                    "\"co_firstlineno\": 12, \"dynamo_cumulative_compile_time_us\": 5000}"
                        + ids);
                traceLog << records;
                bytes += records.size();
                continue;
            }
            const std::filesystem::path graphDir = runDir / "torchinductor" / folder;
            std::filesystem::create_directories(graphDir);
            if (!writeFile(graphDir / "output_code.py", code)
                || !writeFile(graphDir / "fx_graph_readable.py", readable))
                return usage(("cannot write under " + graphDir.string()).c_str());
            bytes += code.size() + readable.size();
            files += 2;
            if (graph % 2 == 0) {
                const std::string log =
                    "[aot_autograd.py:1 INFO] compiled graph " + std::to_string(aotId) + "\n";
                writeFile(
                    runDir / "torchinductor" / ("aot_model___" + std::to_string(aotId) + "_debug.log"), log);
                bytes += log.size();
                ++files;
            }
            dynamoLog +=
                "Step 2: calling compiler function inductor for graph " + std::to_string(graph) + "\n";
        }
        if (options.trace) {
            if (!traceLog.flush())
                return usage("cannot write the trace log");
            continue;
        }
        if (cache)
            continue;
        writeFile(runDir / "torchdynamo" / "debug.log", dynamoLog);
        bytes += dynamoLog.size();
        ++files;
    }
    std::cout << "dvmlens-gentree: wrote " << files << " files, " << bytes / (1024 * 1024) << " MiB under "
              << options.out.string() << "\n";
    return 0;
}
