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
    { " (report schema ", "（报告格式 " },
    { ")", "）" },
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

    // Sentences and words of the report's sections (bounds, where/why it fell back, profile,
    // compile, checklist, graph verdicts); the English keys are what an English report prints.
    { "Bounded report:", "报告已截短：" },
    { " %1 graph identical on every rank is shown once, at the first rank;",
        "%1 个在每个 rank 上都相同的图只在第一个 rank 显示一次；" },
    { " %1 graphs identical on every rank are shown once, at the first rank;",
        "%1 个在每个 rank 上都相同的图只在第一个 rank 显示一次；" },
    { "%1 DVM kernel", "%1 个 DVM 内核" },
    { "%1 DVM kernels", "%1 个 DVM 内核" },
    { "%1 fallback call", "%1 次回退调用" },
    { "%1 fallback calls", "%1 次回退调用" },
    { "%1 non-DVM kernel", "%1 个非 DVM 内核" },
    { "%1 non-DVM kernels", "%1 个非 DVM 内核" },
    { " and ", "和 " },
    { " %1 not listed;", "%1 未列出；" },
    { " %1 graph not listed in the graphs tables (nor their kernel and fallback sections);",
        "%1 个图未在图表中列出（其内核和回退调用部分也未列出）；" },
    { " %1 graphs not listed in the graphs tables (nor their kernel and fallback sections);",
        "%1 个图未在图表中列出（其内核和回退调用部分也未列出）；" },
    { " %1 more problem reading the tree not listed;", "读取目录树时另有 %1 个问题未列出；" },
    { " %1 more problems reading the tree not listed;", "读取目录树时另有 %1 个问题未列出；" },
    { " %1 more known failure of rules already listed not shown;", "已列出规则的另外 %1 个已知故障未显示；" },
    { " %1 more known failures of rules already listed not shown;",
        "已列出规则的另外 %1 个已知故障未显示；" },
    { " --full lists everything.", "--full 会列出全部内容。" },
    { "… and %1 more %2; --full lists them", "… 另有 %1 个%2未列出；--full 会全部列出" },
    { "… and %1 more graph (the same as rank %2's); --full lists them",
        "… 另有 %1 个图未列出（与 rank %2 的相同）；--full 会全部列出" },
    { "… and %1 more graphs (the same as rank %2's); --full lists them",
        "… 另有 %1 个图未列出（与 rank %2 的相同）；--full 会全部列出" },
    { "graph", "图" },
    { "graphs", "图" },
    { "DVM kernel", " DVM 内核" },
    { "DVM kernels", " DVM 内核" },
    { "builder source", "构建器源码" },
    { "builder sources", "构建器源码" },
    { "fallback call", "回退调用" },
    { "fallback calls", "回退调用" },
    { "problem", "问题" },
    { "problems", "问题" },
    { "%1 identical (%2): shown once", "%1 相同（%2）：只显示一次" },
    { "No model source line has fallbacks or non-DVM kernels.",
        "没有任何模型源码行有回退调用或非 DVM 内核。" },
    { "No model source line is known for what did not go to DVM: %1 have no source line (unknown "
      "location):",
        "未走 DVM 的内容都不知道对应的模型源码行：%1没有源码行（未知位置）：" },
    { "Model source lines with fallback calls or non-DVM kernels, worst first",
        "有回退调用或非 DVM 内核的模型源码行，最严重的在前" },
    { " (the first %1 of %2)", "（共 %2 行，只列前 %1 行）" },
    { "; %1 with no source line last, as unknown location", "；没有源码行的 %1列在最后，记为未知位置" },
    { ":", "：" },
    { " (library)", "（库）" },
    { "unknown location", "未知位置" },
    { "info", "信息" },
    { "warning", "警告" },
    { "error", "错误" },
    { "high confidence", "高置信度" },
    { "medium confidence", "中置信度" },
    { " (%1 occurrences; the first is shown)", "（出现 %1 次，只显示第一次）" },
    { "engaged", "生效" },
    { "not engaged", "未生效" },
    { "partly engaged", "部分生效" },
    { "no output_code.py", "无 output_code.py" },
    { "not indexed", "未索引" },
    { "unreadable", "无法读取" },
    { "not a wrapper module", "不是包装模块" },
    { ", same as rank %1", "，与 rank %1 相同" },
    { "output_code.py is unreadable", "output_code.py 无法读取" },
    { "output_code.py is empty", "output_code.py 为空" },
    { "output_code.py is binary", "output_code.py 是二进制文件" },
    { "no `from torch_npu._inductor import dvm`", "没有 `from torch_npu._inductor import dvm`" },
    { "no @dvm.kernel definitions", "没有 `@dvm.kernel` 定义" },
    { "only import_fx FX fallbacks named like DVM kernels (%1), which are not DVM code",
        "只有按 DVM 内核命名的 import_fx FX 回退（%1），它们不是 DVM 代码" },
    { "; ", "；" },
    { "pass", "通过" },
    { "fail", "未通过" },
    { "unknown", "未知" },
    { "recompile limit hit", "达到重编译上限" },
    { "From %1: %2, %3, %4, %5. FX graph cache: %6; AOTAutograd cache: %7.",
        "来自 %1：%2，%3，%4，%5。FX 图缓存：%6；AOTAutograd 缓存：%7。" },
    { "%1 TORCH_TRACE log", "%1 个 TORCH_TRACE 日志" },
    { "%1 TORCH_TRACE logs", "%1 个 TORCH_TRACE 日志" },
    { "%1 compile", "%1 次编译" },
    { "%1 compiles", "%1 次编译" },
    { "%1 distinct graph break", "%1 处不同的图中断" },
    { "%1 distinct graph breaks", "%1 处不同的图中断" },
    { "%1 recompile", "%1 次重编译" },
    { "%1 recompiles", "%1 次重编译" },
    { "%1 failed compile", "%1 次编译失败" },
    { "%1 failed compiles", "%1 次编译失败" },
    { "hit %1, miss %2, bypass %3", "命中 %1，未命中 %2，绕过 %3" },
    { ", disabled %1", "，禁用 %1" },
    { "%1 kernel rows: %2 matched, %3 ambiguous, %4 outside compiled kernels",
        "%1 行内核记录：%2 行已匹配，%3 行无法区分，%4 行在编译内核之外" },
    { "; %1 steps, mean %2 a step", "；%1 个 step，平均每个 step %2" },
    { ".", "。" },
    { "Device time %1; DVM share of compiled time %2.", "设备时间 %1；DVM 占编译内核时间的 %2。" },
    { "Device time", "设备时间" },
    { "Share", "占比" },
    { "outside compiled kernels", "编译内核之外" },
    { "ambiguous", "无法区分" },
    { "By backend", "按后端" },
    { "Step", "Step" },
    { "%1 more steps", "另有 %1 个 step" },
    { "outside steps", "step 之外" },
    { "%1 (%2 launches)", "%1（%2 次启动）" },
    { "mean", "平均" },
    { "By step", "按 step" },
    { "Backend", "后端" },
    { "Total", "总计" },
    { "Mean", "平均" },
    { "Top kernels", "耗时最多的内核" },
    { "Type", "类型" },
    { "Outside compiled kernels", "编译内核之外" },
    { "This run", "本次运行" },
    { "Time regressions by graph (slowest change first)", "按图的时间退化（变慢最多的在前）" },
    { "Fusion", "融合" },
    { "Baseline → this run", "基线 → 本次运行" },
    { "Time regressions by fusion", "按融合的时间退化" },
    { "split: B's part after the graph break at %1, paired with A's %2",
        "拆分：B 在 %1 处图中断之后的部分，与 A 的 %2 配对" },
    { "compile: %1", "编译：%1" },
    { "why: %1 ×%2: %3 → %4", "原因：%1 ×%2：%3 → %4" },
    { "none", "无" },
    { "**%1** (indexing was cancelled)", "**%1**（索引已取消）" },
    { "**DVM Lens:** %1 · DVM coverage %2", "**DVM Lens：** %1 · DVM 覆盖率 %2" },
    { "- Tree: %1", "- 目录树：%1" },
    { "- Kernels: %1 (%2)", "- 内核：%1（%2）" },
    { "- Fallback calls: %1 (%2)", "- 回退调用：%1（%2）" },
    { "- torch %1 · torch_npu %2 · NPU backend %3 · kernels from %4",
        "- torch %1 · torch_npu %2 · NPU 后端 %3 · 内核来自 %4" },
    { " (%1)", "（%1）" },
    { "no time", "无耗时" },
    { "%1 problem reading the trees", "读取目录树时有 %1 个问题" },
    { "%1 problems reading the trees", "读取目录树时有 %1 个问题" },
    { ": what could not be read, or was read only in part, is not in the verdicts above.",
        "：无法读取或只读取了一部分的内容不计入上面的判定。" },
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
