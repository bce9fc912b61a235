// SPDX-License-Identifier: MIT
// dvmlens-genprofile: writes an Ascend profile (torch_npu's *_ascend_pt layout) whose
// kernel_details.csv times the kernels of a tree dvmlens-gentree wrote, for the profile benchmark.
// Each rank of the tree gets one *_ascend_pt folder; rank 0 gets --rows rows (about 200 bytes each,
// so the default 5 million is ~1 GB), the others a few steps. Rows cycle through steps: every DVM
// and Triton kernel of the run once per step, plus MatMulV2, Cast and allReduce operators as
// torch_npu writes them (Step Id, quoted shapes, metric columns).
// Plain C++ on purpose, like gentree: it must not share code with the reader it measures.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;

struct KernelRow
{
    std::string name;
    std::string type;
    std::string core;
    std::string shapes; // "128,256;128,256"
    std::string dtypes; // "FLOAT16;FLOAT16"
};

std::string cannDtype(const std::string& dvm)
{
    if (dvm == "float16")
        return "FLOAT16";
    if (dvm == "bfloat16")
        return "BF16";
    if (dvm == "float32")
        return "FLOAT";
    if (dvm == "int64")
        return "INT64";
    return "UNDEFINED";
}

std::string withoutSuffix(const std::string& name)
{
    const std::size_t at = name.rfind('_');
    return at == std::string::npos ? name : name.substr(0, at);
}

// The kernels of one output_code.py, read with a few regular expressions (gentree's layout).
std::vector<KernelRow> kernelsOf(const fs::path& file)
{
    static const std::regex dvmBuild(R"(^def (dvm_\w+)_build\(k\):)");
    static const std::regex graphFused(R"(^def (dvm_graph_fused_\d+)\(k\):)");
    static const std::regex triton(R"(^def (triton_\w+)\()");
    static const std::regex load(R"(^    \w+ = k\.(?:view_)?load\(\[([-0-9, ]+)\].*dvm\.(\w+)\))");
    std::ifstream in(file);
    std::vector<KernelRow> rows;
    std::string line;
    KernelRow* open = nullptr;
    std::smatch m;
    while (std::getline(in, line)) {
        if (std::regex_search(line, m, dvmBuild) || std::regex_search(line, m, graphFused)) {
            const std::string name = m[1];
            const bool graph = name.rfind("dvm_graph_fused_", 0) == 0;
            // graph_fusion builders never call set_kernel_info: no name of their own.
            rows.push_back(
                { graph ? "" : name, graph ? "dvm_graph_fused" : withoutSuffix(name), "AI_CORE", "", "" });
            open = &rows.back();
        } else if (std::regex_search(line, m, triton)) {
            rows.push_back({ m[1], m[1], "AI_VECTOR_CORE", "32768", "FLOAT" });
            open = nullptr;
        } else if (open && std::regex_search(line, m, load)) {
            std::string shape = m[1];
            shape.erase(std::remove(shape.begin(), shape.end(), ' '), shape.end());
            // A dynamic dim ran with some size.
            for (std::size_t dyn; (dyn = shape.find("-1")) != std::string::npos;)
                shape.replace(dyn, 2, "8");
            open->shapes += (open->shapes.empty() ? "" : ";") + shape;
            open->dtypes += (open->dtypes.empty() ? "" : ";") + cannDtype(m[2]);
        } else if (line.rfind("def call(", 0) == 0) {
            open = nullptr;
        }
    }
    return rows;
}

std::vector<KernelRow> runKernels(const fs::path& run)
{
    std::vector<fs::path> files;
    for (const auto& entry : fs::recursive_directory_iterator(run)) {
        if (entry.path().filename() == "output_code.py")
            files.push_back(entry.path());
    }
    std::sort(files.begin(), files.end());
    std::vector<KernelRow> rows;
    for (const fs::path& file : files) {
        const std::vector<KernelRow> kernels = kernelsOf(file);
        rows.insert(rows.end(), kernels.begin(), kernels.end());
    }
    const KernelRow operators[] = { { "aclnnMm_MatMulCommon_MatMulV2", "MatMulV2", "AI_CORE",
                                        "2048,3072;3072,12288", "BF16;BF16" },
        { "aclnnCast_CastAiCore_Cast", "Cast", "AI_VECTOR_CORE", "2048,3072", "FLOAT" },
        { "hcom_allReduce__457_1_1", "hcom_allReduce_", "COMMUNICATION", "", "" } };
    rows.insert(rows.end(), std::begin(operators), std::end(operators));
    return rows;
}

const char* const kUsage =
    "usage: dvmlens-genprofile TREE OUT [--rows N] [--seed N]\n"
    "  writes OUT/<host>_<pid>_<ts>_ascend_pt/ per run of TREE (rank 0: N rows, default 5000000)\n";

int usage(const char* problem)
{
    std::cerr << "dvmlens-genprofile: " << problem << "\n" << kUsage;
    return 2;
}

int help()
{
    std::cout
        << kUsage
        << "Writes an Ascend profile (torch_npu's *_ascend_pt layout) timing the kernels of a tree\n"
           "dvmlens-gentree wrote: rows cycle through steps, every DVM and Triton kernel of the run once\n"
           "per step, plus MatMulV2, Cast and allReduce operators. Kernel names repeat across graphs\n"
           "(Inductor numbers kernels per graph), so most rows are ambiguous when joined.\n"
           "  --rows N     rows of rank 0's kernel_details.csv (others: 3 steps)\n"
           "  --seed N     random seed for the durations (default 1)\n"
           "  -h, --help   this text\n";
    return 0;
}

bool writeProfile(
    const fs::path& folder, int rank, const std::vector<KernelRow>& kernels, long rows, unsigned seed)
{
    fs::create_directories(folder / "ASCEND_PROFILER_OUTPUT");
    std::ofstream(folder / ("profiler_info_" + std::to_string(rank) + ".json"))
        << "{\"rank_id\": " << rank << "}\n";
    std::ofstream out(folder / "ASCEND_PROFILER_OUTPUT" / "kernel_details.csv", std::ios::binary);
    out << "Step Id,Device_id,Name,Type,Accelerator Core,Start Time(us),Duration(us),Wait Time(us),Block Num,"
           "Input Shapes,Input Data Types,Input Formats,Output Shapes,Output Data Types,Output Formats,"
           "aic_mac_ratio,aiv_vec_ratio\r\n";
    unsigned state = seed * 2654435761u + 1;
    const auto next = [&state]() {
        state = state * 1664525u + 1013904223u;
        return state >> 8;
    };
    double start = 1733000000000000.0;
    std::string line;
    char number[64];
    for (long i = 0; i < rows; ++i) {
        const KernelRow& k = kernels[static_cast<std::size_t>(i) % kernels.size()];
        const long step = 1 + i / static_cast<long>(kernels.size());
        const double duration = 1.0 + (next() % 200000) / 1000.0;
        start += duration + 0.5;
        line.clear();
        line += std::to_string(step) + "," + std::to_string(rank) + ",";
        line += k.name + "," + k.type + "," + k.core + ",";
        std::snprintf(number, sizeof number, "%.3f,%.3f,%.3f,%u,", start, duration, (next() % 1000) / 1000.0,
            1 + next() % 48);
        line += number;
        const bool quote = k.shapes.find(',') != std::string::npos;
        line += (quote ? "\"" + k.shapes + "\"" : k.shapes) + "," + k.dtypes + ",";
        std::string formats;
        if (!k.dtypes.empty()) {
            formats = "FORMAT_ND";
            for (char c : k.dtypes) {
                if (c == ';')
                    formats += ";FORMAT_ND";
            }
        }
        line += formats + ",\""
            + (k.shapes.empty() ? std::string("") : k.shapes.substr(0, k.shapes.find(';'))) + "\","
            + k.dtypes.substr(0, k.dtypes.find(';')) + ",FORMAT_ND,";
        std::snprintf(
            number, sizeof number, "%.3f,%.3f\r\n", (next() % 1000) / 1000.0, (next() % 1000) / 1000.0);
        line += number;
        out << line;
    }
    return static_cast<bool>(out);
}

} // namespace

int main(int argc, char** argv)
{
    fs::path tree, outDir;
    long rows = 5000000;
    unsigned seed = 1;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--help" || arg == "-h")
            return help();
        if ((arg == "--rows" || arg == "--seed") && i + 1 < argc) {
            const long value = std::strtol(argv[++i], nullptr, 10);
            if (arg == "--rows")
                rows = value;
            else
                seed = static_cast<unsigned>(value);
        } else if (!arg.empty() && arg[0] != '-' && tree.empty()) {
            tree = arg;
        } else if (!arg.empty() && arg[0] != '-' && outDir.empty()) {
            outDir = arg;
        } else {
            return usage(("unknown argument " + arg).c_str());
        }
    }
    if (tree.empty() || outDir.empty() || rows < 1)
        return usage("TREE and OUT are needed, --rows is positive");
    std::vector<fs::path> runs;
    for (const auto& entry : fs::directory_iterator(tree)) {
        if (entry.is_directory() && entry.path().filename().string().rfind("run_", 0) == 0)
            runs.push_back(entry.path());
    }
    std::sort(runs.begin(), runs.end()); // gentree's start times grow with the rank
    if (runs.empty())
        return usage("no run_* folder in TREE");
    for (std::size_t rank = 0; rank < runs.size(); ++rank) {
        const std::vector<KernelRow> kernels = runKernels(runs[rank]);
        const long rankRows = rank == 0 ? rows : static_cast<long>(kernels.size()) * 3;
        const fs::path folder =
            outDir / ("bench-host_" + std::to_string(40000 + rank) + "_20261201101530123_ascend_pt");
        if (!writeProfile(
                folder, static_cast<int>(rank), kernels, rankRows, seed + static_cast<unsigned>(rank)))
            return usage(("cannot write under " + folder.string()).c_str());
    }
    std::cout << "dvmlens-genprofile: wrote " << runs.size() << " profiles under " << outDir.string() << "\n";
    return 0;
}
