// SPDX-License-Identifier: MIT
#include "core/doctor/doctor.h"

#include "core/io/container.h"
#include "core/parse/versions.h"
#include "core/rules/treerules.h"
#include "core/verdict/summary.h"
#include "core/verdict/verdict.h"

#include <QString>

#include <algorithm>
#include <filesystem>
#include <system_error>

namespace dvmlens {

namespace {

constexpr const char* kIrPath = "_inductor/ascend_npu_ir/ascend_npu_ir/npu/inductor_patch/ir.py";

bool exists(const std::string& path)
{
    std::error_code error; // the path's bytes as they are (QFileInfo would replace non-UTF-8 ones)
    return std::filesystem::exists(path, error);
}

CheckItem item(const char* id, const char* en, const char* zh)
{
    CheckItem out;
    out.id = id;
    out.title = { en, zh };
    return out;
}

void failWith(CheckItem& check, const char* en, const char* zh)
{
    check.status = CheckStatus::Fail;
    check.fix = { en, zh };
}

std::string describe(const PackageInstall& install)
{
    return install.folder + " (" + install.anyVersion().value_or("version unknown") + ", via " + install.via
        + ")";
}

CheckItem versionsItem(const PythonEnv& env)
{
    CheckItem check = item("versions", "torch and torch_npu versions match", "torch 与 torch_npu 版本匹配");
    if (env.torch.empty() || env.torchNpu.empty() || !env.torch.front().anyVersion()
        || !env.torchNpu.front().anyVersion()) {
        check.evidence = std::string(env.torch.empty() ? "no torch" : "torch found")
            + (env.torchNpu.empty() ? ", no torch_npu" : ", torch_npu found") + " under " + env.given;
        check.fix = { "Install torch (CPU build) and torch_npu of the same X.Y.Z into this environment.",
            "在该环境中安装同一 X.Y.Z 版本的 torch（CPU 版）和 torch_npu。" };
        return check;
    }
    const PackageInstall& torch = env.torch.front();
    const PackageInstall& npu = env.torchNpu.front();
    const std::string torchVersion = *torch.anyVersion();
    const std::string npuVersion = *npu.anyVersion();
    check.evidence = "torch " + torchVersion + " (" + torch.folder + "/version.py), torch_npu " + npuVersion
        + " (" + npu.folder + "/version.py)";
    if (npu.requiresTorch)
        check.evidence += ", torch_npu requires torch==" + *npu.requiresTorch;
    if (torch.cuda)
        check.evidence += ", torch is a CUDA " + *torch.cuda + " build";
    const bool paired = baseVersion(torchVersion) == baseVersion(npuVersion)
        && (!npu.requiresTorch || baseVersion(*npu.requiresTorch) == baseVersion(torchVersion));
    if (!paired) {
        failWith(check,
            "Install the torch that this torch_npu was built for (the same X.Y.Z; see torch_npu's "
            "Requires-Dist), "
            "e.g. pip install torch==X.Y.Z --index-url https://download.pytorch.org/whl/cpu.",
            "安装与该 torch_npu 对应的 torch（相同 X.Y.Z，见 torch_npu 的 Requires-Dist），例如 pip install "
            "torch==X.Y.Z "
            "--index-url https://download.pytorch.org/whl/cpu。");
    } else if (torch.cuda) {
        failWith(check, "torch_npu needs the CPU build of torch: install torch from the cpu index.",
            "torch_npu 需要 CPU 版 torch：请从 cpu 源安装 torch。");
    } else {
        check.status = CheckStatus::Pass;
    }
    return check;
}

CheckItem releaseItem(const PythonEnv& env)
{
    CheckItem check = item("dvm-release", "the torch_npu release ships DVM", "torch_npu 版本包含 DVM");
    if (env.torchNpu.empty()) {
        check.evidence = "no torch_npu";
        return check;
    }
    const PackageInstall& npu = env.torchNpu.front();
    const std::string version = npu.anyVersion().value_or("");
    if (!version.empty() && isTorchNpuReleaseWithoutDvm(version)) {
        check.evidence = "torch_npu " + version + " is a release without DVM";
    } else if (npu.hasRecord) {
        check.evidence = std::string("its dist-info RECORD ")
            + (npu.recordListsDvm ? "lists" : "does not list") + " torch_npu/_inductor/dvm/";
        if (npu.recordListsDvm) {
            check.status = CheckStatus::Pass;
            return check;
        }
    } else {
        check.evidence = "no dist-info RECORD (a source or editable install): see the next items";
        return check;
    }
    failWith(check,
        "Install a torch_npu release with DVM (26.0 or 26.1 for PyTorch 2.7.1/2.9.0/2.10.0, 26.2 or master), "
        "or "
        "build master as the guide shows.",
        "安装带 DVM 的 torch_npu（PyTorch 2.7.1/2.9.0/2.10.0 对应 26.0/26.1，或 26.2、master），或按指南编译 "
        "master。");
    return check;
}

CheckItem importedItem(const PythonEnv& env)
{
    CheckItem check =
        item("imported-torch-npu", "Python imports the intended torch_npu (only one on the path)",
            "Python 实际导入的是目标 torch_npu（路径上只有一个）");
    if (env.torchNpu.empty()) {
        check.evidence = "no torch_npu under " + env.given;
        failWith(check, "Install torch_npu into this environment.", "在该环境中安装 torch_npu。");
        return check;
    }
    check.evidence = "Python imports " + describe(env.torchNpu.front());
    if (env.torchNpu.size() == 1) {
        check.status = CheckStatus::Pass;
        return check;
    }
    for (std::size_t i = 1; i < env.torchNpu.size(); ++i)
        check.evidence += "; also on the path: " + describe(env.torchNpu[i]);
    failWith(check,
        "Remove the other torch_npu copies (pip uninstall torch_npu until none is left, then reinstall the "
        "new "
        "wheel with --no-deps), or drop them from PYTHONPATH and .pth files.",
        "删除多余的 torch_npu（反复 pip uninstall torch_npu 直到没有，再用 --no-deps 安装新 wheel），或从 "
        "PYTHONPATH、"
        ".pth 文件中去掉它们。");
    return check;
}

CheckItem dvmItem(const PythonEnv& env)
{
    CheckItem check =
        item("dvm-installed", "torch_npu/_inductor/dvm/ is installed", "安装目录存在 _inductor/dvm");
    if (env.torchNpu.empty()) {
        check.evidence = "no torch_npu";
        return check;
    }
    const std::string dvm = env.torchNpu.front().folder + "/_inductor/dvm";
    const bool present = exists(dvm + "/__init__.py") && exists(dvm + "/mlir_fusion.py");
    check.evidence = dvm + (present ? " has __init__.py and mlir_fusion.py" : " is missing or incomplete");
    if (present)
        check.status = CheckStatus::Pass;
    else
        failWith(check, "Install a torch_npu with DVM (see dvm-release).",
            "安装带 DVM 的 torch_npu（见 dvm-release）。");
    return check;
}

CheckItem irItem(const PythonEnv& env)
{
    CheckItem check = item("ir-fallbackkernel-fix", "inductor_patch/ir.py returns early for FallbackKernel",
        "inductor_patch/ir.py 对 FallbackKernel 提前返回");
    if (env.torchNpu.empty()) {
        check.evidence = "no torch_npu";
        return check;
    }
    const std::string path = env.torchNpu.front().folder + "/" + kIrPath;
    FileError error;
    const auto text = readFileHead(fileSystem(), path, std::string(), 4 << 20, error);
    if (!text) {
        check.evidence = path + ": " + error.message;
        return check;
    }
    const IrPatchCheck ir = checkIrPatch(*text, std::string("torch_npu/") + kIrPath);
    check.evidence = path + ": " + std::to_string(ir.patched) + " of " + std::to_string(ir.functions)
        + " early returns name FallbackKernel";
    if (ir.functions == 0)
        return check; // a layout this check does not know
    if (ir.patched == ir.functions) {
        check.status = CheckStatus::Pass;
        return check;
    }
    failWith(check,
        "Add ir.FallbackKernel to the isinstance tuple in the three early returns (_patch_baseview_realize, "
        "_patch_baseview_realize_hint, _patch_mark_reuse); otherwise training stops with \"'FallbackKernel' "
        "object has no attribute 'data'\".",
        "在三处提前返回（_patch_baseview_realize、_patch_baseview_realize_hint、_patch_mark_reuse）的 "
        "isinstance "
        "元组中加入 ir.FallbackKernel，否则训练会报 'FallbackKernel' object has no attribute 'data'。");
    check.fixDiff = ir.diff;
    return check;
}

CheckItem backendItem(const DoctorInput& input)
{
    CheckItem check = item(
        "backend-requested", "TORCHINDUCTOR_NPU_BACKEND=dvm is set", "已设置 TORCHINDUCTOR_NPU_BACKEND=dvm");
    std::optional<std::string> backend = input.shellBackend;
    std::string where = "the calling shell";
    if (input.tree) {
        for (const Run& run : input.tree->runs) {
            const Versions versions = runVersions(filesOr(input.tree->files), run, input.tree->root);
            if (versions.source) {
                backend = versions.npuBackend;
                where = *versions.source;
                break;
            }
        }
    }
    check.evidence = backend ? "TORCHINDUCTOR_NPU_BACKEND='" + *backend + "' in " + where
                             : "TORCHINDUCTOR_NPU_BACKEND is not set in " + where;
    if (backend && *backend == "dvm")
        check.status = CheckStatus::Pass;
    else
        failWith(check, "export TORCHINDUCTOR_NPU_BACKEND=dvm before starting Python.",
            "启动 Python 前执行 export TORCHINDUCTOR_NPU_BACKEND=dvm。");
    return check;
}

CheckItem smokeItem(const char* id, const char* en, const char* zh)
{
    CheckItem check = item(id, en, zh);
    check.evidence = "cannot be told from files";
    check.fix = {
        "Run `dvmlens-cli doctor --write-smoke DIR ENV`, then DIR/run_dvm_smoke.sh on the NPU machine.",
        "执行 `dvmlens-cli doctor --write-smoke DIR ENV`，再在 NPU 机器上运行 DIR/run_dvm_smoke.sh。"
    };
    return check;
}

CheckItem codeItem(const Index* tree)
{
    CheckItem check = item("dvm-in-code", "output_code.py has the DVM import and @dvm.kernel",
        "output_code.py 中出现 DVM import 和 @dvm.kernel");
    if (!tree) {
        check.evidence = "no --tree given";
        check.fix = { "Run with TORCH_COMPILE_DEBUG=1 and pass the torch_compile_debug folder as --tree.",
            "设置 TORCH_COMPILE_DEBUG=1 运行，并用 --tree 指定 torch_compile_debug 目录。" };
        return check;
    }
    const Summary summary = summarize(*tree);
    check.evidence = std::to_string(summary.dvmEngagedGraphs) + " of "
        + std::to_string(summary.graphsWithOutputCode) + " graphs with output_code.py have DVM engaged in "
        + tree->root;
    if (summary.graphsWithOutputCode == 0)
        return check;
    if (summary.dvmEngagedGraphs > 0) {
        check.status = CheckStatus::Pass;
        return check;
    }
    failWith(check, "See `dvmlens-cli why TREE` for why each kernel is not DVM.",
        "用 `dvmlens-cli why TREE` 查看每个 kernel 没有走 DVM 的原因。");
    return check;
}

// The function bodies of `text` that start with `def name(` at column 0.
std::vector<std::pair<std::string, std::size_t>> topLevelFunctions(const std::string& text)
{
    std::vector<std::pair<std::string, std::size_t>> out;
    std::size_t at = text.starts_with("def ") ? 0 : text.find("\ndef ");
    while (at != std::string::npos) {
        const std::size_t begin = text[at] == '\n' ? at + 1 : at;
        const std::size_t open = text.find('(', begin);
        out.push_back({ text.substr(begin + 4, open == std::string::npos ? 0 : open - begin - 4), begin });
        at = text.find("\ndef ", begin);
    }
    return out;
}

int lineAt(const std::string& text, std::size_t offset)
{
    return 1 + int(std::count(text.begin(), text.begin() + std::ptrdiff_t(offset), '\n'));
}

} // namespace

std::string_view checkStatusName(CheckStatus status)
{
    switch (status) {
    case CheckStatus::Pass:
        return "pass";
    case CheckStatus::Fail:
        return "fail";
    case CheckStatus::Unknown:
        break;
    }
    return "unknown";
}

IrPatchCheck checkIrPatch(const std::string& text, const std::string& pathInDiff)
{
    IrPatchCheck check;
    const auto functions = topLevelFunctions(text);
    std::string hunks;
    for (std::size_t i = 0; i < functions.size(); ++i) {
        const auto& [name, start] = functions[i];
        if (name != "_patch_baseview_realize" && name != "_patch_baseview_realize_hint"
            && name != "_patch_mark_reuse")
            continue;
        const std::size_t end = i + 1 < functions.size() ? functions[i + 1].second : text.size();
        const std::size_t test = text.find("isinstance(buffer, (", start);
        if (test == std::string::npos || test >= end)
            continue;
        ++check.functions;
        const std::size_t close = text.find("))", test);
        const std::string tuple = text.substr(test, close == std::string::npos ? 0 : close - test);
        if (tuple.find("FallbackKernel") != std::string::npos) {
            ++check.patched;
            continue;
        }
        // The one-line form the guide shows: replace the tuple's closing with FallbackKernel added.
        const std::size_t lineStart = text.rfind('\n', test) + 1;
        const std::size_t lineEnd = text.find('\n', test);
        const std::string line = text.substr(lineStart, lineEnd - lineStart);
        std::string fixed = line;
        const std::size_t tupleEnd = fixed.find("))");
        if (tupleEnd != std::string::npos)
            fixed.insert(tupleEnd, ", ir.FallbackKernel");
        const int number = lineAt(text, lineStart);
        hunks += "@@ -" + std::to_string(number) + ",1 +" + std::to_string(number) + ",1 @@ def " + name
            + "\n-" + line + "\n+" + fixed + "\n";
    }
    if (!hunks.empty())
        check.diff = "--- a/" + pathInDiff + "\n+++ b/" + pathInDiff + "\n" + hunks;
    return check;
}

std::vector<CheckItem> runDoctor(const DoctorInput& input)
{
    return {
        versionsItem(input.env),
        releaseItem(input.env),
        importedItem(input.env),
        dvmItem(input.env),
        irItem(input.env),
        backendItem(input),
        smokeItem("smoke-static", "the static-shape example runs", "静态 Shape 最小示例能够运行"),
        smokeItem("smoke-dynamic", "the dynamic-shape example runs", "动态 Shape 示例能够运行"),
        codeItem(input.tree),
    };
}

DoctorInput doctorInputFromProcess(const std::string& envPath, const Index* tree)
{
    DoctorInput input;
    input.env = readPythonEnv(envPath, qEnvironmentVariable("PYTHONPATH").toStdString());
    if (qEnvironmentVariableIsSet("TORCHINDUCTOR_NPU_BACKEND"))
        input.shellBackend = qEnvironmentVariable("TORCHINDUCTOR_NPU_BACKEND").toStdString();
    input.tree = tree;
    return input;
}

bool hasNothingToCheck(const PythonEnv& env)
{
    return !env.problems.empty() && env.sitePackages.empty();
}

bool anyFailed(const std::vector<CheckItem>& items)
{
    return std::any_of(
        items.begin(), items.end(), [](const CheckItem& check) { return check.status == CheckStatus::Fail; });
}

CheckCounts countChecks(const std::vector<CheckItem>& items)
{
    CheckCounts counts;
    for (const CheckItem& item : items)
        ++(item.status == CheckStatus::Pass        ? counts.pass
                : item.status == CheckStatus::Fail ? counts.fail
                                                   : counts.unknown);
    return counts;
}

} // namespace dvmlens
