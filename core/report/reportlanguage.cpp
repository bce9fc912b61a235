// SPDX-License-Identifier: MIT
#include "core/report/reportlanguage.h"

#include <algorithm>
#include <iterator>
#include <utility>

namespace dvmlens {

namespace {

// The report's fixed texts and their Chinese, worded as the window's zh_CN translation words them
// (内核, 回退调用, 生效, 已知故障, DVM 覆盖率…).
constexpr std::pair<std::string_view, std::string_view> kChinese[] = {
    { "#", "#" },
    { "%1 (%2 with output_code.py)", "%1（%2 个含 output_code.py）" },
    { "%1 (report schema `dvmlens.report/1`)", "%1（报告格式 `dvmlens.report/1`）" },
    { "%1 (report schema <code>dvmlens.report/1</code>)", "%1（报告格式 <code>dvmlens.report/1</code>）" },
    { "%1 builder source", "%1 构建器源码" },
    { "%1 kernel launches and %2 fallback calls", "%1 次内核启动和 %2 次回退调用" },
    { "%1 of %2 graphs", "%1 / %2 个图" },
    { "%1 of %2 kernel launches and %3 fallback calls", "%1（共 %2 次内核启动和 %3 次回退调用）" },
    { "%1 known failure", "%1 个已知故障" },
    { "%1 known failures", "%1 个已知故障" },
    { "%1 problem reading the tree", "读取目录树时有 %1 个问题" },
    { "%1 problems reading the tree", "读取目录树时有 %1 个问题" },
    { "%1 regression against the baseline", "相对基线有 %1 处退化" },
    { "%1 regressions against the baseline", "相对基线有 %1 处退化" },
    { "%1: %2 fallback call (%3)", "%1：%2 次回退调用（%3）" },
    { "%1: %2 fallback calls (%3)", "%1：%2 次回退调用（%3）" },
    { "Baseline", "基线" },
    { "CANN", "CANN" },
    { "Call", "调用" },
    { "Cause", "原因" },
    { "Code", "代码" },
    { "Change", "变化" },
    { "Compile", "编译" },
    { "Compile side", "编译侧" },
    { "Count", "数量" },
    { "Cut after %1 lines.", "超过 %1 行后截断。" },
    { "DVM", "DVM" },
    { "DVM (baseline → this)", "DVM（基线 → 本树）" },
    { "DVM Lens", "DVM Lens" },
    { "DVM Lens report", "DVM Lens 报告" },
    { "DVM builder source", "DVM 构建器源码" },
    { "DVM coverage", "DVM 覆盖率" },
    { "DVM coverage %1", "DVM 覆盖率 %1" },
    { "DVM engaged", "DVM 生效" },
    { "DVM kernels", "DVM 内核" },
    { "Environment checklist", "环境检查清单" },
    { "Every kernel is DVM and no op fell back.", "所有内核都是 DVM，没有算子回退。" },
    { "Evidence", "证据" },
    { "Failed guard", "失败的守卫" },
    { "Failure", "失败" },
    { "Fallback calls", "回退调用" },
    { "Fallback calls added", "新增回退调用" },
    { "Fallbacks", "回退" },
    { "Fix", "解决办法" },
    { "Frames", "帧" },
    { "Full comparison", "完整比较" },
    { "Function", "函数" },
    { "Generated", "生成时间" },
    { "Graph", "图" },
    { "Graph break", "图中断" },
    { "Graphs", "图" },
    { "Inputs", "输入" },
    { "Item", "检查项" },
    { "Kernel", "内核" },
    { "Kernels", "内核" },
    { "Kernels from", "内核来自" },
    { "Kind", "类型" },
    { "Known failure", "已知故障" },
    { "Known failures", "已知故障" },
    { "Launches", "启动次数" },
    { "Line", "行" },
    { "Location", "位置" },
    { "Model lines", "模型代码行" },
    { "No graph folders.", "没有图文件夹。" },
    { "No graph lost DVM kernels compared with the baseline (%1 graphs matched).",
        "与基线相比，没有图丢失 DVM 内核（已配对 %1 个图）。" },
    { "No longer DVM", "不再是 DVM" },
    { "None of the known failures was found in the logs or the tree.",
        "日志和目录树中没有发现任何已知故障。" },
    { "NPU backend", "NPU 后端" },
    { "Ops", "算子" },
    { "Other kernels", "其他内核" },
    { "Outputs", "输出" },
    { "Path", "路径" },
    { "Message", "消息" },
    { "Severity", "严重程度" },
    { "What changed on the compile side and in the reasons for not using DVM, pair by pair.",
        "逐个图对列出编译侧以及不使用 DVM 的原因发生了什么变化。" },
    { "Where the time goes", "时间花在哪里" },
    { "Problems reading the tree", "读取目录树时的问题" },
    { "Rank", "Rank" },
    { "Ranks", "各 rank" },
    { "Reason", "原因" },
    { "Recompiles", "重编译" },
    { "Regressions against the baseline", "相对基线的退化" },
    { "Releases", "版本" },
    { "Resumes in", "恢复于" },
    { "Rule", "规则" },
    { "Run", "运行" },
    { "Runs", "运行" },
    { "Status", "状态" },
    { "This tree", "本目录树" },
    { "Toolchain", "工具链" },
    { "Tree", "目录树" },
    { "Verdict", "判定" },
    { "Versions come from each run's first `fx_graph_runnable.py` header; — means the tree does not "
      "record it. *Kernels from* is what the generated code really holds.",
        "版本取自每个运行的第一个 `fx_graph_runnable.py` 的文件头；— 表示目录树中没有记录。"
        "*内核来自* 是生成代码中实际包含的内容。" },
    { "Versions come from each run's first <code>fx_graph_runnable.py</code> header; — means the tree "
      "does not record it. <em>Kernels from</em> is what the generated code really holds.",
        "版本取自每个运行的第一个 <code>fx_graph_runnable.py</code> 的文件头；— 表示目录树中没有记录。"
        "<em>内核来自</em> 是生成代码中实际包含的内容。" },
    { "Where", "位置" },
    { "Where it fell back", "回退位置" },
    { "Why each kernel or call is not DVM, by reason, worst first:",
        "每个内核或调用为何不是 DVM，按原因分组，最严重的在前：" },
    { "Why it fell back", "回退原因" },
    { "Why not DVM", "为何不是 DVM" },
    { "dyn_shape", "dyn_shape" },
    { "ktype", "ktype" },
    { "python", "python" },
    { "torch", "torch" },
    { "torch git", "torch git" },
    { "torch_npu", "torch_npu" },
    { "修复", "修复" },
};

} // namespace

std::optional<ReportLanguage> reportLanguageFromName(std::string_view name)
{
    if (name == "en")
        return ReportLanguage::English;
    if (name == "zh" || name == "zh_CN" || name == "zh-CN")
        return ReportLanguage::Chinese;
    return std::nullopt;
}

bool hasReportTranslation(std::string_view english)
{
    return std::any_of(std::begin(kChinese), std::end(kChinese),
        [english](const auto& entry) { return entry.first == english; });
}

std::string reportText(ReportLanguage language, std::string_view english)
{
    if (language == ReportLanguage::Chinese) {
        for (const auto& [source, chinese] : kChinese) {
            if (source == english)
                return std::string(chinese);
        }
    }
    return std::string(english);
}

std::string reportFill(
    ReportLanguage language, std::string_view english, std::initializer_list<std::string> values)
{
    const std::string pattern = reportText(language, english);
    std::string out;
    out.reserve(pattern.size());
    for (std::size_t i = 0; i < pattern.size(); ++i) {
        const char next = i + 1 < pattern.size() ? pattern[i + 1] : '\0';
        if (pattern[i] == '%' && next >= '1' && next <= '9' && std::size_t(next - '1') < values.size()) {
            out += *(values.begin() + (next - '1'));
            ++i;
        } else {
            out += pattern[i];
        }
    }
    return out;
}

} // namespace dvmlens
