<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>BrowsePage</name>
    <message>
        <source>No DVM kernel in this file.</source>
        <translation>此文件中没有 DVM 内核。</translation>
    </message>
    <message>
        <source>No DVM kernel in %1.</source>
        <translation>%1 中没有 DVM 内核。</translation>
    </message>
    <message>
        <source>Nothing is open.</source>
        <translation>尚未打开任何内容。</translation>
    </message>
    <message>
        <source>Expected [RUN/]GRAPH[/KERNEL], got &quot;%1&quot;.</source>
        <translation>应为 [RUN/]GRAPH[/KERNEL] 格式，实际为“%1”。</translation>
    </message>
    <message>
        <source>Graph &quot;%1&quot; has no kernel &quot;%2&quot;.</source>
        <translation>图“%1”中没有内核“%2”。</translation>
    </message>
    <message>
        <source>No graph matches &quot;%1&quot;.</source>
        <translation>没有与“%1”匹配的图。</translation>
    </message>
    <message>
        <source>&amp;Provenance</source>
        <translation>溯源(&amp;P)</translation>
    </message>
    <message>
        <source>DVM kernel %1 of %2 (wrapped round)</source>
        <translation>第 %1 个 DVM 内核，共 %2 个（已绕回另一端）</translation>
    </message>
    <message>
        <source>DVM kernel %1 of %2</source>
        <translation>第 %1 个 DVM 内核，共 %2 个</translation>
    </message>
</context>
<context>
    <name>CheckEnvironmentDialog</name>
    <message>
        <source>Check Environment</source>
        <translation>检查环境</translation>
    </message>
    <message>
        <source>A Python prefix, a venv or a site-packages folder</source>
        <translation>Python 安装前缀、venv 或 site-packages 文件夹</translation>
    </message>
    <message>
        <source>Python environment</source>
        <translation>Python 环境</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>浏览(&amp;B)…</translation>
    </message>
    <message>
        <source>&amp;Check</source>
        <translation>检查(&amp;C)</translation>
    </message>
    <message>
        <source>Copy as &amp;Text</source>
        <translation>复制为文本(&amp;T)</translation>
    </message>
    <message>
        <source>Copy the checklist as dvmlens-cli doctor prints it</source>
        <translation>按 dvmlens-cli doctor 的输出复制检查清单</translation>
    </message>
    <message>
        <source>Environment checklist</source>
        <translation>环境检查清单</translation>
    </message>
    <message>
        <source>The DVM field guide&apos;s checklist: item, status, check, evidence and fix</source>
        <translation>DVM 实战指南的检查清单：项目、状态、检查内容、依据和修复方法</translation>
    </message>
    <message>
        <source>Checklist summary</source>
        <translation>检查清单摘要</translation>
    </message>
    <message>
        <source>Choose a Python Environment</source>
        <translation>选择 Python 环境</translation>
    </message>
    <message>
        <source>Checking %1…</source>
        <translation>正在检查 %1…</translation>
    </message>
    <message>
        <source>Nothing to check: %1</source>
        <translation>无可检查内容：%1</translation>
    </message>
    <message>
        <source>%1 pass, %2 fail, %3 unknown</source>
        <translation>%1 项通过，%2 项失败，%3 项未知</translation>
    </message>
    <message>
        <source>The check failed.</source>
        <translation>检查失败。</translation>
    </message>
    <message>
        <source>Choose a Python environment and press Check.</source>
        <translation>请选择 Python 环境，然后点击“检查”。</translation>
    </message>
</context>
<context>
    <name>ChecklistModel</name>
    <message>
        <source>pass</source>
        <translation>通过</translation>
    </message>
    <message>
        <source>fail</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>Item</source>
        <translation>项目</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>检查内容</translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation>依据</translation>
    </message>
    <message>
        <source>Fix</source>
        <translation>修复方法</translation>
    </message>
</context>
<context>
    <name>CodeHeader</name>
    <message>
        <source>Select a graph or a kernel to see its code</source>
        <translation>选择一个图或内核以查看其代码</translation>
    </message>
    <message>
        <source>%1  ▸  select a graph or a kernel to see its code</source>
        <translation>%1  ▸  选择一个图或内核以查看其代码</translation>
    </message>
    <message>
        <source>%1  ▸  this TORCH_TRACE log has no inductor_output_code record: no wrapper module to show (its compiles failed, made a C++ wrapper, or ended before Inductor)</source>
        <translation>%1  ▸  此 TORCH_TRACE 日志没有 inductor_output_code 记录：没有可显示的包装模块（其编译失败、生成了 C++ 包装，或在 Inductor 之前结束）</translation>
    </message>
    <message>
        <source>%1  ▸  this cache folder holds no wrapper module, only kernel and helper modules</source>
        <translation>%1  ▸  此缓存文件夹没有包装模块，只有内核模块和辅助模块</translation>
    </message>
    <message>
        <source>%1  ▸  this run has no graph folders</source>
        <translation>%1  ▸  此运行没有图文件夹</translation>
    </message>
</context>
<context>
    <name>CodeHighlighter</name>
    <message>
        <source>built-in highlighter</source>
        <translation>内置语法高亮</translation>
    </message>
</context>
<context>
    <name>CodeMarks</name>
    <message>
        <source>launch of DVM kernel %1</source>
        <translation>启动 DVM 内核 %1</translation>
    </message>
    <message numerus="yes">
        <source>, launched %n time(s)</source>
        <translation>
            <numerusform>，启动 %n 次</numerusform>
        </translation>
    </message>
    <message>
        <source>DVM kernel</source>
        <translation>DVM 内核</translation>
    </message>
    <message>
        <source>import_fx / fallback</source>
        <translation>import_fx / 回退</translation>
    </message>
    <message>
        <source>Triton / other kernel</source>
        <translation>Triton / 其他内核</translation>
    </message>
    <message>
        <source>dvm import</source>
        <translation>dvm 导入</translation>
    </message>
    <message>
        <source>fallback call %1</source>
        <translation>回退调用 %1</translation>
    </message>
    <message>
        <source>Why not DVM: %1</source>
        <translation>为何不是 DVM：%1</translation>
    </message>
</context>
<context>
    <name>CodeView</name>
    <message>
        <source>Loading %1…</source>
        <translation>正在加载 %1…</translation>
    </message>
    <message>
        <source>&amp;Find…</source>
        <translation>查找(&amp;F)…</translation>
    </message>
    <message>
        <source>&amp;Go to Line…</source>
        <translation>转到行(&amp;G)…</translation>
    </message>
    <message>
        <source>&amp;Next DVM Kernel</source>
        <translation>下一个 DVM 内核(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Previous DVM Kernel</source>
        <translation>上一个 DVM 内核(&amp;P)</translation>
    </message>
    <message>
        <source>Some bytes are not valid UTF-8; they are shown as %1.</source>
        <translation>部分字节不是有效的 UTF-8，显示为 %1。</translation>
    </message>
</context>
<context>
    <name>CommandLine</name>
    <message>
        <source>Inspect PyTorch torch.compile debug trees and see whether Ascend DVM kernels were generated.</source>
        <translation>检查 PyTorch torch.compile 调试目录，查看是否生成了昇腾 DVM 内核。</translation>
    </message>
    <message>
        <source>Render the main window to &lt;file&gt; (PNG) and exit.</source>
        <translation>将主窗口渲染到 &lt;file&gt;（PNG）后退出。</translation>
    </message>
    <message>
        <source>Select a graph (folder name, optionally RUN/GRAPH) and optionally a kernel: [RUN/]GRAPH[/KERNEL].</source>
        <translation>选中一个图（目录名，可写作 RUN/GRAPH），并可同时选中一个内核：[RUN/]GRAPH[/KERNEL]。</translation>
    </message>
    <message>
        <source>Start in &lt;view&gt;: %1.</source>
        <translation>启动时进入视图 &lt;view&gt;：%1。</translation>
    </message>
    <message>
        <source>Window size for screenshots, e.g. 1400x900.</source>
        <translation>截图时的窗口大小，例如 1400x900。</translation>
    </message>
    <message>
        <source>Colour theme: system, light or dark.</source>
        <translation>颜色主题：system（跟随系统）、light（浅色）或 dark（深色）。</translation>
    </message>
    <message>
        <source>User-interface language: en or zh_CN.</source>
        <translation>界面语言：en 或 zh_CN。</translation>
    </message>
    <message>
        <source>Only one path can be opened at a time.</source>
        <translation>一次只能打开一个路径。</translation>
    </message>
    <message>
        <source>Unknown view &quot;%1&quot;; expected one of: %2.</source>
        <translation>未知视图“%1”，应为以下之一：%2。</translation>
    </message>
    <message>
        <source>Invalid --size &quot;%1&quot;; expected WxH such as 1400x900.</source>
        <translation>--size 值“%1”无效，应为 宽x高，例如 1400x900。</translation>
    </message>
    <message>
        <source>Unknown theme &quot;%1&quot;; expected system, light or dark.</source>
        <translation>未知主题“%1”，应为 system、light 或 dark。</translation>
    </message>
    <message>
        <source>Unknown language &quot;%1&quot;; expected en or zh_CN.</source>
        <translation>未知语言“%1”，应为 en 或 zh_CN。</translation>
    </message>
    <message>
        <source>Compare PATH (A, before) with &lt;path&gt; (B, after).</source>
        <translation>将 PATH（A，之前）与 &lt;path&gt;（B，之后）进行比较。</translation>
    </message>
    <message>
        <source>With --compare: compare only this run of A (folder name, pid or unique prefix).</source>
        <translation>与 --compare 一起使用：只比较 A 中的这次运行（目录名、pid 或唯一前缀）。</translation>
    </message>
    <message>
        <source>With --compare: compare only this run of B.</source>
        <translation>与 --compare 一起使用：只比较 B 中的这次运行。</translation>
    </message>
    <message>
        <source>--compare needs a PATH to compare with.</source>
        <translation>--compare 需要一个用于比较的 PATH。</translation>
    </message>
    <message>
        <source>--run-a and --run-b need --compare.</source>
        <translation>--run-a 和 --run-b 需要与 --compare 一起使用。</translation>
    </message>
    <message>
        <source>--view compare needs --compare.</source>
        <translation>--view compare 需要与 --compare 一起使用。</translation>
    </message>
    <message>
        <source>Open the sample debug tree that comes with DVM Lens as PATH.</source>
        <translation>打开 DVM Lens 自带的示例调试目录作为 PATH。</translation>
    </message>
    <message>
        <source>--sample opens the sample tree: give no PATH with it.</source>
        <translation>--sample 打开示例目录：不要同时给出 PATH。</translation>
    </message>
    <message>
        <source>The sample tree is not installed (share/dvmlens/samples/ beside the program&apos;s folder).</source>
        <translation>未安装示例目录（应位于程序所在目录旁的 share/dvmlens/samples/）。</translation>
    </message>
    <message>
        <source>A torch_compile_debug folder (or a run_* or graph folder, or one output_code.py), a TORCH_TRACE folder or log, tlparse&apos;s output folder, the Inductor cache folder, or an archive of one of them.</source>
        <translation>torch_compile_debug 文件夹（或某个 run_* 文件夹、图文件夹、单个 output_code.py）、TORCH_TRACE 文件夹或日志、tlparse 的输出文件夹、Inductor 缓存文件夹，或它们之一的归档。</translation>
    </message>
</context>
<context>
    <name>CompareJob</name>
    <message>
        <source>Cannot open %1: %2</source>
        <translation>无法打开 %1：%2</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
</context>
<context>
    <name>ComparePage</name>
    <message>
        <source>Fusions of the selected pair</source>
        <translation>所选图对的融合</translation>
    </message>
    <message>
        <source>Graph pairs</source>
        <translation>图对</translation>
    </message>
    <message>
        <source>Only &amp;regressions</source>
        <translation>仅显示退化(&amp;R)</translation>
    </message>
    <message>
        <source>Filter graphs…</source>
        <translation>筛选图…</translation>
    </message>
    <message>
        <source>This graph is only in B.</source>
        <translation>此图只在 B 中。</translation>
    </message>
    <message>
        <source>This graph is only in A.</source>
        <translation>此图只在 A 中。</translation>
    </message>
    <message>
        <source>No output_code.py in this graph folder (FX cache hit?)

%1</source>
        <translation>此图目录中没有 output_code.py（命中了 FX 缓存？）

%1</translation>
    </message>
    <message>
        <source>Model source lines whose DVM kernels changed (A → B)</source>
        <translation>DVM 内核有变化的模型源码行（A → B）</translation>
    </message>
    <message>
        <source>DVM</source>
        <translation>DVM</translation>
    </message>
    <message>
        <source>not called</source>
        <translation>未调用</translation>
    </message>
    <message numerus="yes">
        <source>%1, %n item(s): in A %2, in B %3</source>
        <translation>
            <numerusform>%1，%n 项：A 中为 %2，B 中为 %3</numerusform>
        </translation>
    </message>
    <message>
        <source>What changed on the compile side and why not DVM</source>
        <translation>编译侧的变化与未用 DVM 的原因</translation>
    </message>
    <message>
        <source>Compile side, under no changed graph pair:</source>
        <translation>编译侧（不属于任何有变化的图对）：</translation>
    </message>
    <message>
        <source>Compile-side changes under no changed graph pair</source>
        <translation>不属于任何有变化的图对的编译侧变化</translation>
    </message>
    <message>
        <source>Same code: one wrapper module on both sides (Inductor code hash %1…)</source>
        <translation>相同代码：两侧是同一个包装模块（Inductor 代码哈希 %1…）</translation>
    </message>
    <message>
        <source>About this graph pair: the same code, what changed on the compile side and why not DVM</source>
        <translation>关于此图对：相同代码、编译侧的变化以及未使用 DVM 的原因</translation>
    </message>
</context>
<context>
    <name>CompareSummaryModel</name>
    <message>
        <source>rank %1 · %2</source>
        <translation>第 %1 号卡 · %2</translation>
    </message>
    <message>
        <source>%1 matched</source>
        <translation>%1 个已配对</translation>
    </message>
    <message>
        <source>%1 only in A</source>
        <translation>%1 个仅在 A 中</translation>
    </message>
    <message>
        <source>%1 only in B</source>
        <translation>%1 个仅在 B 中</translation>
    </message>
    <message>
        <source>DVM engaged A %1 → B %2</source>
        <translation>DVM 生效：A %1 → B %2</translation>
    </message>
    <message>
        <source>— absent</source>
        <translation>— 不存在</translation>
    </message>
    <message>
        <source>— no output_code.py</source>
        <translation>— 无 output_code.py</translation>
    </message>
    <message>
        <source>✔ engaged</source>
        <translation>✔ 生效</translation>
    </message>
    <message>
        <source>✖ not engaged</source>
        <translation>✖ 未生效</translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
    </message>
    <message>
        <source>%1 → %2 (%3)</source>
        <translation>%1 → %2（%3）</translation>
    </message>
    <message>
        <source>regression</source>
        <translation>退化</translation>
    </message>
    <message>
        <source>DVM was engaged in A but not in B, or B defines fewer DVM kernels.</source>
        <translation>DVM 在 A 中生效而在 B 中未生效，或 B 定义的 DVM 内核更少。</translation>
    </message>
    <message>
        <source>A: %1</source>
        <translation>A：%1</translation>
    </message>
    <message>
        <source>B: %1</source>
        <translation>B：%1</translation>
    </message>
    <message>
        <source>matched</source>
        <translation>已配对</translation>
    </message>
    <message>
        <source>only in A</source>
        <translation>仅在 A 中</translation>
    </message>
    <message>
        <source>only in B</source>
        <translation>仅在 B 中</translation>
    </message>
    <message>
        <source>Kernel definitions in A → B (B − A)</source>
        <translation>A → B 的内核定义数（B − A）</translation>
    </message>
    <message>
        <source>Fallback calls added (+) and removed (-) in B, by op</source>
        <translation>B 中新增 (+) 和移除 (-) 的回退调用，按算子</translation>
    </message>
    <message>
        <source>DVM</source>
        <translation>DVM</translation>
    </message>
    <message>
        <source>Fallbacks</source>
        <translation>回退</translation>
    </message>
    <message>
        <source>Regression</source>
        <translation>退化</translation>
    </message>
    <message>
        <source>Graph</source>
        <translation>图</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>DVM A → B</source>
        <translation>DVM A → B</translation>
    </message>
    <message>
        <source>1 graph</source>
        <translation>1 个图</translation>
    </message>
    <message>
        <source>%1 graphs</source>
        <translation>%1 个图</translation>
    </message>
    <message>
        <source>1 regression</source>
        <translation>1 处退化</translation>
    </message>
    <message>
        <source>%1 regressions</source>
        <translation>%1 处退化</translation>
    </message>
    <message>
        <source>%1 DVM-engaged only in A (not a regression)</source>
        <translation>%1 个仅在 A 中 DVM 生效（不算退化）</translation>
    </message>
    <message>
        <source>%1 regressed on %2/%3 ranks</source>
        <translation>%1 在 %2/%3 个 rank 上退化</translation>
    </message>
    <message>
        <source>%1 more graphs</source>
        <translation>另有 %1 个图</translation>
    </message>
</context>
<context>
    <name>CompileDock</name>
    <message>
        <source>Reading the compile side of the TORCH_TRACE logs…</source>
        <translation>正在读取 TORCH_TRACE 日志中的编译信息…</translation>
    </message>
    <message>
        <source>No tree open.</source>
        <translation>未打开目录树。</translation>
    </message>
    <message>
        <source>No TORCH_TRACE log at the open path, so no graph breaks, recompiles, cache use or compile failures to show. Run with TORCH_TRACE=&lt;dir&gt; to write them, then open that folder.</source>
        <translation>打开的路径下没有 TORCH_TRACE 日志，因此没有图中断、重编译、缓存使用或编译失败可显示。请用 TORCH_TRACE=&lt;dir&gt; 运行以写出日志，然后打开该文件夹。</translation>
    </message>
    <message>
        <source>This row is about no one compile; it has no graph to go to.</source>
        <translation>此行不属于某一次编译，没有可跳转的图。</translation>
    </message>
    <message>
        <source>Compile [%1] made no graph in the open tree (it failed or was refused).</source>
        <translation>编译 [%1] 在打开的目录树中没有生成图（编译失败或被拒绝）。</translation>
    </message>
    <message>
        <source>Compile</source>
        <translation>编译</translation>
    </message>
    <message>
        <source>Compile side: graph breaks, recompiles, caches, failures, compile time</source>
        <translation>编译信息：图中断、重编译、缓存、失败、编译时间</translation>
    </message>
    <message>
        <source>Compile timeline: each rank&apos;s compiles by start and length</source>
        <translation>编译时间线：每个 rank 的编译，按开始时间和时长排列</translation>
    </message>
    <message>
        <source>Facts</source>
        <translation>事实</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>时间线</translation>
    </message>
    <message>
        <source>%1 Double-click a row to select its graph.</source>
        <translation>%1 双击一行可选中其图。</translation>
    </message>
    <message>
        <source>Frame %1 made no graph in the open tree (its compiles failed or were refused).</source>
        <translation>帧 %1 在打开的树中没有生成图（其编译失败或被拒绝）。</translation>
    </message>
    <message>
        <source>Frames</source>
        <translation>帧</translation>
    </message>
    <message>
        <source>Compile frames: each frame&apos;s compiles and the share of its graphs with DVM engaged</source>
        <translation>编译帧：每个帧的编译次数，以及其图中启用 DVM 的占比</translation>
    </message>
</context>
<context>
    <name>CompileFramesModel</name>
    <message>
        <source>Frame</source>
        <translation>帧</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>Rank</translation>
    </message>
    <message>
        <source>Compiles</source>
        <translation>编译</translation>
    </message>
    <message>
        <source>DVM share</source>
        <translation>DVM 占比</translation>
    </message>
</context>
<context>
    <name>CompileModel</name>
    <message>
        <source>Graph break</source>
        <translation>图中断</translation>
    </message>
    <message>
        <source>(no user frame)</source>
        <translation>（无用户代码帧）</translation>
    </message>
    <message>
        <source>resumes in %1</source>
        <translation>在 %1 中继续</translation>
    </message>
    <message>
        <source>Recompiles</source>
        <translation>重编译</translation>
    </message>
    <message>
        <source>%1 (frame %2)</source>
        <translation>%1（帧 %2）</translation>
    </message>
    <message>
        <source>Cache</source>
        <translation>缓存</translation>
    </message>
    <message>
        <source>FX graph cache</source>
        <translation>FX 图缓存</translation>
    </message>
    <message>
        <source>AOTAutograd cache</source>
        <translation>AOTAutograd 缓存</translation>
    </message>
    <message>
        <source>%1 saved</source>
        <translation>节省 %1</translation>
    </message>
    <message>
        <source>bypass: %1</source>
        <translation>绕过：%1</translation>
    </message>
    <message>
        <source>Failure</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>known failure %1</source>
        <translation>已知故障 %1</translation>
    </message>
    <message>
        <source>Compile time</source>
        <translation>编译时间</translation>
    </message>
    <message>
        <source>no times logged</source>
        <translation>未记录时间</translation>
    </message>
    <message>
        <source>Unreadable log</source>
        <translation>无法读取的日志</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>What</source>
        <translation>内容</translation>
    </message>
    <message>
        <source>Where</source>
        <translation>位置</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>数量</translation>
    </message>
    <message>
        <source>Ranks</source>
        <translation>Rank</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>详情</translation>
    </message>
</context>
<context>
    <name>CompileTimelineModel</name>
    <message>
        <source>%1, %2</source>
        <translation>%1，%2</translation>
    </message>
    <message>
        <source>Rank or log</source>
        <translation>Rank 或日志</translation>
    </message>
    <message>
        <source>Compiles</source>
        <translation>编译</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>时间线</translation>
    </message>
</context>
<context>
    <name>DiagnosticText</name>
    <message>
        <source>The graph folder has no output_code.py and none of the files Inductor writes before it (fx_graph_*.py, ir_*_fusion.txt), so nothing here tells how far the compile got. There is nothing to verify DVM against; look for an error in the run&apos;s logs.</source>
        <translation>该图文件夹中没有 output_code.py，也没有 Inductor 在它之前写出的任何文件（fx_graph_*.py、ir_*_fusion.txt），因此无从判断编译进行到了哪一步。没有可用来验证 DVM 的代码；请在该运行的日志中查找错误。</translation>
    </message>
    <message>
        <source>The graph folder has no output_code.py. Inductor writes it after the FX and IR dumps, and the last of those here is %1: the compile may have stopped (a crash, an interrupt) after writing it, or, since PyTorch of May 2026 (#185621), this may be an FX graph cache hit that still wrote them. There is nothing to verify DVM against; look for an error in the run&apos;s logs.</source>
        <translation>该图文件夹中没有 output_code.py。Inductor 在写完 FX 和 IR 转储之后才写它，而这里最后写出的是 %1：编译可能在写完它之后停止了（崩溃或中断）；或者，自 2026 年 5 月的 PyTorch（#185621）起，这也可能是仍会写出这些文件的 FX 图缓存命中。没有可用来验证 DVM 的代码；请在该运行的日志中查找错误。</translation>
    </message>
    <message>
        <source>The graph folder has output_code.cpp (an AOTInductor C++ wrapper) but no output_code.py, so there is no Python wrapper to verify DVM against.</source>
        <translation>该图文件夹中有 output_code.cpp（AOTInductor 的 C++ 包装代码），但没有 output_code.py，因此没有可用来验证 DVM 的 Python 包装模块。</translation>
    </message>
    <message>
        <source>The graph folder is empty (hidden files aside), which usually means an FX graph cache hit: Inductor reused a cached compile and wrote no files (or the compile stopped before writing any). Set a fresh TORCHINDUCTOR_CACHE_DIR or disable the FX graph cache (TORCHINDUCTOR_FX_GRAPH_CACHE=0) and rerun; until then there is nothing to verify DVM against.</source>
        <translation>该图文件夹是空的（隐藏文件除外），这通常意味着 FX 图缓存命中：Inductor 复用了缓存的编译结果，没有写出任何文件（或者编译在写出任何文件之前就停止了）。请设置新的 TORCHINDUCTOR_CACHE_DIR 或关闭 FX 图缓存（TORCHINDUCTOR_FX_GRAPH_CACHE=0）后重新运行；在此之前没有可用来验证 DVM 的代码。</translation>
    </message>
    <message>
        <source>The output_code.py file is empty.</source>
        <translation>该 output_code.py 文件是空的。</translation>
    </message>
    <message>
        <source>The output_code.py file holds binary data, not Python source.</source>
        <translation>该 output_code.py 文件包含二进制数据，不是 Python 源代码。</translation>
    </message>
    <message>
        <source>This link leads round a loop (it points at itself, or through other links back to itself); it is not followed.</source>
        <translation>此链接构成循环（指向自身，或经由其他链接指回自身）；不会跟随它。</translation>
    </message>
    <message>
        <source>This link points back at a folder that contains it (%1); it is not followed, so the scan cannot go round in a loop.</source>
        <translation>此链接指回包含它的文件夹（%1）；不会跟随它，以免扫描陷入循环。</translation>
    </message>
    <message>
        <source>The folder name says AOT ID %1, but its output_code.py says %2: the folder was renamed or the file copied from another graph.</source>
        <translation>文件夹名称表明 AOT ID 为 %1，但其中的 output_code.py 写的是 %2：该文件夹被重命名过，或者该文件是从另一个图复制来的。</translation>
    </message>
</context>
<context>
    <name>DiagnosticsDock</name>
    <message>
        <source>Diagnostics</source>
        <translation>诊断</translation>
    </message>
    <message>
        <source>All severities</source>
        <translation>所有严重级别</translation>
    </message>
    <message>
        <source>Warnings and errors</source>
        <translation>警告和错误</translation>
    </message>
    <message>
        <source>Errors only</source>
        <translation>仅错误</translation>
    </message>
    <message>
        <source>Show only diagnostics at least this severe</source>
        <translation>只显示不低于此严重级别的诊断</translation>
    </message>
    <message>
        <source>1 diagnostic</source>
        <translation>1 条诊断</translation>
    </message>
    <message>
        <source>%1 diagnostics</source>
        <translation>%1 条诊断</translation>
    </message>
    <message>
        <source>%1 of %2 diagnostics</source>
        <translation>%1 / %2 条诊断</translation>
    </message>
    <message>
        <source>looking for known failures…</source>
        <translation>正在查找已知故障…</translation>
    </message>
    <message>
        <source>1 known failure</source>
        <translation>1 个已知故障</translation>
    </message>
    <message>
        <source>%1 known failures</source>
        <translation>%1 个已知故障</translation>
    </message>
</context>
<context>
    <name>DiagnosticsModel</name>
    <message>
        <source>Error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>Warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>Info</source>
        <translation>信息</translation>
    </message>
    <message>
        <source>Severity</source>
        <translation>严重级别</translation>
    </message>
    <message>
        <source>Code</source>
        <translation>代码</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>消息</translation>
    </message>
    <message>
        <source>Location</source>
        <translation>位置</translation>
    </message>
    <message>
        <source>Why not DVM: %1 (×%2)</source>
        <translation>为何不是 DVM：%1（×%2）</translation>
    </message>
    <message>
        <source>Fix: %1</source>
        <translation>解决办法：%1</translation>
    </message>
</context>
<context>
    <name>ExportActions</name>
    <message>
        <source>&amp;Window…</source>
        <translation>窗口(&amp;W)…</translation>
    </message>
    <message>
        <source>&amp;Current View…</source>
        <translation>当前视图(&amp;C)…</translation>
    </message>
    <message>
        <source>Export &amp;Report…</source>
        <translation>导出报告(&amp;R)…</translation>
    </message>
    <message>
        <source>Copy &amp;Summary as Markdown</source>
        <translation>复制 Markdown 摘要(&amp;S)</translation>
    </message>
    <message>
        <source>Save a picture of the whole window as PNG or JPEG</source>
        <translation>将整个窗口保存为 PNG 或 JPEG 图片</translation>
    </message>
    <message>
        <source>Save a picture of the page in the middle, or of the focused pane</source>
        <translation>保存中间页面或当前焦点窗格的图片</translation>
    </message>
    <message>
        <source>Write a bug report (Markdown, HTML or JSON) for the open tree</source>
        <translation>为已打开的目录生成问题报告（Markdown、HTML 或 JSON）</translation>
    </message>
    <message>
        <source>Copy a short Markdown summary of the open tree for an issue or chat</source>
        <translation>复制已打开目录的简短 Markdown 摘要，用于提交问题或聊天</translation>
    </message>
    <message>
        <source>Cannot write %1: use a .md, .html or .json file name.</source>
        <translation>无法写入 %1：请使用 .md、.html 或 .json 文件名。</translation>
    </message>
    <message>
        <source>Cannot write %1: no tree is open.</source>
        <translation>无法写入 %1：尚未打开任何目录。</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>Writing %1…</source>
        <translation>正在写入 %1…</translation>
    </message>
    <message>
        <source>Wrote %1</source>
        <translation>已写入 %1</translation>
    </message>
    <message>
        <source>Summary copied as Markdown</source>
        <translation>已复制 Markdown 摘要</translation>
    </message>
    <message>
        <source>Export Screenshot of the Window</source>
        <translation>导出窗口截图</translation>
    </message>
    <message>
        <source>Export Screenshot of the Current View</source>
        <translation>导出当前视图截图</translation>
    </message>
    <message>
        <source>PNG image (*.png);;JPEG image (*.jpg *.jpeg)</source>
        <translation>PNG 图片 (*.png);;JPEG 图片 (*.jpg *.jpeg)</translation>
    </message>
    <message>
        <source>Cannot Export Screenshot</source>
        <translation>无法导出截图</translation>
    </message>
    <message>
        <source>Export Report</source>
        <translation>导出报告</translation>
    </message>
    <message>
        <source>Markdown (*.md);;HTML (*.html);;JSON (*.json)</source>
        <translation>Markdown (*.md);;HTML (*.html);;JSON (*.json)</translation>
    </message>
    <message>
        <source>Cannot Export Report</source>
        <translation>无法导出报告</translation>
    </message>
    <message>
        <source>en</source>
        <comment>the language of an exported report in this translation: en or zh</comment>
        <translation>zh</translation>
    </message>
    <message>
        <source>English</source>
        <translation>英文</translation>
    </message>
    <message>
        <source>Chinese (中文)</source>
        <translation>中文</translation>
    </message>
    <message>
        <source>Language of the report&apos;s headings, tables and sentences:</source>
        <translation>报告的标题、表格和语句所用的语言：</translation>
    </message>
</context>
<context>
    <name>FileTextLoader</name>
    <message>
        <source>The file does not exist.</source>
        <translation>文件不存在。</translation>
    </message>
    <message>
        <source>This is a folder, not a file.</source>
        <translation>这是一个文件夹，不是文件。</translation>
    </message>
    <message>
        <source>The file cannot be read: %1</source>
        <translation>无法读取文件：%1</translation>
    </message>
    <message>
        <source>The file is larger than %1; it is not shown.</source>
        <translation>文件大于 %1，不予显示。</translation>
    </message>
    <message>
        <source>This looks like a binary file (it contains NUL bytes), so it is not shown as text.</source>
        <translation>这看起来是二进制文件（含有 NUL 字节），因此不以文本显示。</translation>
    </message>
</context>
<context>
    <name>FindBar</name>
    <message>
        <source>Match case</source>
        <translation>区分大小写</translation>
    </message>
    <message>
        <source>Find</source>
        <translation>查找</translation>
    </message>
    <message>
        <source>Previous match (Shift+Enter)</source>
        <translation>上一个匹配（Shift+Enter）</translation>
    </message>
    <message>
        <source>Next match (Enter)</source>
        <translation>下一个匹配（Enter）</translation>
    </message>
    <message>
        <source>Line</source>
        <translation>行</translation>
    </message>
    <message>
        <source>Go to line (Ctrl+G)</source>
        <translation>转到行（Ctrl+G）</translation>
    </message>
    <message>
        <source>Close (Esc)</source>
        <translation>关闭（Esc）</translation>
    </message>
    <message>
        <source>Go to line:</source>
        <translation>转到行：</translation>
    </message>
    <message>
        <source>No matches</source>
        <translation>无匹配</translation>
    </message>
    <message numerus="yes">
        <source>%n match(es)</source>
        <translation>
            <numerusform>%n 个匹配</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>第 %1 个，共 %2 个</translation>
    </message>
    <message>
        <source>1–%1</source>
        <translation>1–%1</translation>
    </message>
</context>
<context>
    <name>FindingDetails</name>
    <message>
        <source>Diagnostic details</source>
        <translation>诊断详情</translation>
    </message>
    <message>
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>info</source>
        <translation>信息</translation>
    </message>
    <message>
        <source>en</source>
        <comment>language of known-failure rule texts: en or zh</comment>
        <translation>zh</translation>
    </message>
    <message>
        <source>Copy Fix</source>
        <translation>复制解决办法</translation>
    </message>
    <message>
        <source>Select a diagnostic to see what it means and how to fix it.</source>
        <translation>选择一条诊断，查看其含义和解决办法。</translation>
    </message>
    <message>
        <source>Copy the fix and its code to the clipboard</source>
        <translation>将解决办法及其代码复制到剪贴板</translation>
    </message>
    <message>
        <source>high confidence</source>
        <translation>高置信度</translation>
    </message>
    <message>
        <source>medium confidence</source>
        <translation>中置信度</translation>
    </message>
    <message>
        <source>(%1 occurrences; the first is shown)</source>
        <translation>（出现 %1 次，显示第一次）</translation>
    </message>
    <message>
        <source>Where:</source>
        <translation>位置：</translation>
    </message>
    <message>
        <source>Evidence:</source>
        <translation>证据：</translation>
    </message>
    <message>
        <source>Cause:</source>
        <translation>原因：</translation>
    </message>
    <message>
        <source>Fix:</source>
        <translation>解决办法：</translation>
    </message>
    <message>
        <source>%1 kernels and %2 fallback calls</source>
        <translation>%1 个 kernel，%2 个回退调用</translation>
    </message>
    <message>
        <source>Example:</source>
        <translation>示例：</translation>
    </message>
    <message>
        <source>torch_npu releases:</source>
        <translation>torch_npu 版本：</translation>
    </message>
</context>
<context>
    <name>FrameTreeModel</name>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1，%2</translation>
    </message>
    <message>
        <source>Frame ▸ graphs</source>
        <translation>帧 ▸ 图</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>判定</translation>
    </message>
    <message>
        <source>DVM</source>
        <translation>DVM</translation>
    </message>
    <message>
        <source>Other</source>
        <translation>其他</translation>
    </message>
</context>
<context>
    <name>FusionTableModel</name>
    <message>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
    </message>
    <message>
        <source>only in A</source>
        <translation>仅在 A 中</translation>
    </message>
    <message>
        <source>only in B</source>
        <translation>仅在 B 中</translation>
    </message>
    <message>
        <source>Fusion</source>
        <translation>融合</translation>
    </message>
    <message>
        <source>Backend A → B</source>
        <translation>后端 A → B</translation>
    </message>
    <message>
        <source>Kernel in A</source>
        <translation>A 中的内核</translation>
    </message>
    <message>
        <source>Kernel in B</source>
        <translation>B 中的内核</translation>
    </message>
    <message>
        <source>Changes</source>
        <translation>变化</translation>
    </message>
    <message>
        <source>%1 → %2 (%3%4)</source>
        <translation>%1 → %2（%3%4）</translation>
    </message>
    <message>
        <source>Device time A → B</source>
        <translation>设备时间 A → B</translation>
    </message>
</context>
<context>
    <name>GraphTreeModel</name>
    <message>
        <source>rank %1 · %2</source>
        <translation>rank %1 · %2</translation>
    </message>
    <message>
        <source>Variant %1: %2, %3 (DVM %4, other %5)</source>
        <translation>变体 %1：%2，%3（DVM %4，其他 %5）</translation>
    </message>
    <message>
        <source>differs</source>
        <translation>不同</translation>
    </message>
    <message>
        <source>differs (variant %1 of %2)</source>
        <translation>不同（变体 %1/%2）</translation>
    </message>
    <message>
        <source>as the majority (variant %1 of %2)</source>
        <translation>与多数相同（变体 %1/%2）</translation>
    </message>
    <message>
        <source>identical</source>
        <translation>相同</translation>
    </message>
    <message>
        <source>missing</source>
        <translation>缺失</translation>
    </message>
    <message>
        <source>missing in ranks %1</source>
        <translation>rank %1 缺失</translation>
    </message>
    <message>
        <source>missing in rank %1</source>
        <translation>rank %1 缺失</translation>
    </message>
    <message>
        <source>verdicts differ</source>
        <translation>判定不同</translation>
    </message>
    <message>
        <source>ranks %1 differ</source>
        <translation>rank %1 不同</translation>
    </message>
    <message>
        <source>rank %1 differs</source>
        <translation>rank %1 不同</translation>
    </message>
    <message>
        <source>%1/%2 ranks agree</source>
        <translation>%1/%2 个 rank 一致</translation>
    </message>
    <message>
        <source>%1/%2 ranks identical</source>
        <translation>%1/%2 个 rank 相同</translation>
    </message>
    <message>
        <source>ranks %1</source>
        <translation>rank %1</translation>
    </message>
    <message>
        <source>rank %1</source>
        <translation>rank %1</translation>
    </message>
    <message>
        <source>Other kernel definitions: import_fx (FX fallbacks), Triton, C++, MLIR…</source>
        <translation>其他内核定义：import_fx（FX 回退）、Triton、C++、MLIR…</translation>
    </message>
    <message>
        <source>DVM kernels: real @dvm.kernel builders</source>
        <translation>DVM 内核：真正的 @dvm.kernel 构建函数</translation>
    </message>
    <message>
        <source>Whether DVM engaged: the dvm import and at least one real @dvm.kernel</source>
        <translation>DVM 是否生效：有 dvm 导入，且至少有一个真正的 @dvm.kernel</translation>
    </message>
    <message>
        <source>Whether every rank holds the same output_code.py (comments, strings, paths and pids aside)</source>
        <translation>各 rank 的 output_code.py 是否相同（不计注释、字符串、路径和 pid）</translation>
    </message>
    <message>
        <source>Graphs of different ranks are the same graph when their folder names pair, as Compare pairs them</source>
        <translation>不同 rank 的图在文件夹名称配对时（与比较的配对方式相同）视为同一个图</translation>
    </message>
    <message>
        <source>Other</source>
        <translation>其他</translation>
    </message>
    <message>
        <source>DVM</source>
        <translation>DVM</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>判定</translation>
    </message>
    <message>
        <source>Ranks</source>
        <translation>各 rank</translation>
    </message>
    <message>
        <source>Graph</source>
        <translation>图</translation>
    </message>
    <message>
        <source>only on %1</source>
        <translation>仅在%1上</translation>
    </message>
    <message>
        <source>only this rank</source>
        <translation>仅此 rank</translation>
    </message>
</context>
<context>
    <name>HotKernelsDock</name>
    <message>
        <source>Hot Kernels</source>
        <translation>热点内核</translation>
    </message>
    <message>
        <source>No profile. Open one with File ▸ Open Profile… (a *_ascend_pt folder, its ASCEND_PROFILER_OUTPUT or a kernel_details.csv).</source>
        <translation>未加载性能数据。请用 文件 ▸ 打开性能数据… 打开（*_ascend_pt 文件夹、其中的 ASCEND_PROFILER_OUTPUT 或 kernel_details.csv）。</translation>
    </message>
    <message>
        <source>%1: %2 kernel rows, %3 matched, %4 ambiguous, %5 outside compiled kernels.</source>
        <translation>%1：%2 行内核记录，%3 行已匹配，%4 行无法区分，%5 行在编译内核之外。</translation>
    </message>
    <message>
        <source>Device time %1; DVM share of compiled time %2.</source>
        <translation>设备时间 %1；DVM 占编译内核时间的 %2。</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>不适用</translation>
    </message>
    <message>
        <source>Some kernel names repeat across graphs (Inductor numbers kernels per graph): the table lists them by name, with the graphs they could be in.</source>
        <translation>部分内核名称在多个图中重复（Inductor 按图为内核编号）：表格按名称列出它们，并给出它们可能所在的图。</translation>
    </message>
</context>
<context>
    <name>HotKernelsModel</name>
    <message>
        <source>Kernel</source>
        <translation>内核</translation>
    </message>
    <message>
        <source>Backend</source>
        <translation>后端</translation>
    </message>
    <message>
        <source>Device time</source>
        <translation>设备时间</translation>
    </message>
    <message>
        <source>Share</source>
        <translation>占比</translation>
    </message>
    <message>
        <source>Mean</source>
        <translation>平均</translation>
    </message>
    <message>
        <source>Core</source>
        <translation>核</translation>
    </message>
    <message>
        <source>Graph</source>
        <translation>图</translation>
    </message>
    <message>
        <source>one of %1 graphs in %2 runs</source>
        <translation>%2 次运行中 %1 个图之一</translation>
    </message>
    <message>
        <source>one of %1 graphs</source>
        <translation>%1 个图之一</translation>
    </message>
    <message>
        <source>Ambiguous: the kernel name is in %1 graphs and the profile&apos;s input shapes and dtypes do not tell them apart. The time is any of:</source>
        <translation>无法区分：该内核名称出现在 %1 个图中，性能数据中的输入形状和数据类型无法区分它们。该时间属于以下任一内核：</translation>
    </message>
    <message>
        <source>… and %1 more</source>
        <translation>……另有 %1 个</translation>
    </message>
    <message>
        <source>mixed</source>
        <translation>混合</translation>
    </message>
    <message>
        <source>Launches on the device: rows of kernel_details.csv (the kernel table&apos;s Launch sites are calls in the entry code)</source>
        <translation>设备上的启动次数：kernel_details.csv 中的行数（内核表中的“启动位置”是入口代码中的调用）</translation>
    </message>
    <message>
        <source>The graph of the kernel, or how many graphs a name shared by several could be in</source>
        <translation>内核所在的图；若名称由多个图共用，则为它可能所在的图的数量</translation>
    </message>
    <message>
        <source>Device launches</source>
        <translation>设备启动次数</translation>
    </message>
</context>
<context>
    <name>ImageExport</name>
    <message>
        <source>Cannot write %1: use a .png or .jpg file name.</source>
        <translation>无法写入 %1：请使用 .png 或 .jpg 文件名。</translation>
    </message>
    <message>
        <source>Cannot write %1: there is nothing to render.</source>
        <translation>无法写入 %1：没有可渲染的内容。</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
</context>
<context>
    <name>JobRunner</name>
    <message>
        <source>The background job failed.</source>
        <translation>后台任务失败。</translation>
    </message>
</context>
<context>
    <name>KernelDetails</name>
    <message>
        <source>Kernel Details</source>
        <translation>内核详情</translation>
    </message>
    <message>
        <source>— : not known. No launch in the entry code passes this output a buffer whose allocation is in the file (graph_fusion and mfusion kernels return their outputs).</source>
        <translation>—：未知。入口代码中没有哪次启动为该输出传入在本文件中分配的缓冲区（graph_fusion 和 mfusion 内核直接返回其输出）。</translation>
    </message>
    <message>
        <source>Reading its ops, inputs and outputs…</source>
        <translation>正在读取其算子、输入和输出…</translation>
    </message>
    <message>
        <source>DVM coverage of the run</source>
        <translation>所在运行的 DVM 覆盖率</translation>
    </message>
    <message>
        <source>%1 of kernel launches and fallback calls</source>
        <translation>占内核启动与回退调用的 %1</translation>
    </message>
    <message>
        <source>DVM coverage</source>
        <translation>DVM 覆盖率</translation>
    </message>
    <message>
        <source>Select a kernel to see its ops, inputs, outputs and launch sites.</source>
        <translation>选择一个内核，查看其算子、输入、输出和启动位置。</translation>
    </message>
    <message>
        <source>lines %1–%2</source>
        <translation>第 %1–%2 行</translation>
    </message>
    <message>
        <source>line %1</source>
        <translation>第 %1 行</translation>
    </message>
    <message>
        <source>&lt;b&gt;This is an FX fallback, not DVM code.&lt;/b&gt; Inductor could not generate this kernel with DVM (an unsupported op or dtype, or a forced fallback), so it is run from the FX graph below through &lt;code&gt;async_compile.import_fx&lt;/code&gt;, even though it may be named &lt;code&gt;dvm_fused_*&lt;/code&gt;.</source>
        <translation>&lt;b&gt;这是 FX 回退，不是 DVM 代码。&lt;/b&gt;Inductor 无法用 DVM 生成此内核（算子或 dtype 不受支持，或被强制回退），因此通过 &lt;code&gt;async_compile.import_fx&lt;/code&gt; 运行下面的 FX 图，即使它可能被命名为 &lt;code&gt;dvm_fused_*&lt;/code&gt;。</translation>
    </message>
    <message>
        <source>A %1 kernel: not generated by DVM.</source>
        <translation>%1 内核：不是由 DVM 生成的。</translation>
    </message>
    <message>
        <source>Framing</source>
        <translation>封装形式</translation>
    </message>
    <message>
        <source>ktype</source>
        <translation>ktype</translation>
    </message>
    <message>
        <source>dyn_shape</source>
        <translation>dyn_shape</translation>
    </message>
    <message>
        <source>mfusion</source>
        <translation>mfusion</translation>
    </message>
    <message>
        <source>Ops (%1, in order)</source>
        <translation>算子（%1 个，按顺序）</translation>
    </message>
    <message>
        <source>Inputs</source>
        <translation>输入</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Op</source>
        <translation>算子</translation>
    </message>
    <message>
        <source>Shape</source>
        <translation>形状</translation>
    </message>
    <message>
        <source>Stride</source>
        <translation>步长</translation>
    </message>
    <message>
        <source>dtype</source>
        <translation>dtype</translation>
    </message>
    <message>
        <source>Outputs</source>
        <translation>输出</translation>
    </message>
    <message>
        <source>Launched at lines</source>
        <translation>启动位置（行号）</translation>
    </message>
    <message>
        <source>Not launched in the entry code.</source>
        <translation>入口代码中没有启动。</translation>
    </message>
    <message>
        <source>FX graph fused into this kernel</source>
        <translation>融合进此内核的 FX 图</translation>
    </message>
    <message>
        <source>%1 kernels</source>
        <translation>%1 内核</translation>
    </message>
    <message>
        <source>Fallback calls</source>
        <translation>回退调用</translation>
    </message>
    <message>
        <source>Select a kernel in the Kernels table for its details.</source>
        <translation>在“内核”表中选择一个内核以查看详情。</translation>
    </message>
    <message>
        <source>Diagnostics</source>
        <translation>诊断</translation>
    </message>
    <message>
        <source>This file holds no async_compile, entry code or kernels, so DVM Lens does not judge it.</source>
        <translation>此文件没有 async_compile、入口代码或内核，DVM Lens 不对其作出判定。</translation>
    </message>
    <message>
        <source>Model source lines</source>
        <translation>模型源码行</translation>
    </message>
    <message>
        <source>None found in this tree.</source>
        <translation>此目录树中未找到。</translation>
    </message>
    <message>
        <source> in %1</source>
        <translation>，位于 %1</translation>
    </message>
    <message>
        <source>(library)</source>
        <translation>（库代码）</translation>
    </message>
    <message>
        <source>Launch sites</source>
        <translation>启动位置</translation>
    </message>
    <message>
        <source>DVM Lens could not look into this file, so it counts neither as engaged nor as not engaged. Diagnostics says why.</source>
        <translation>DVM Lens 无法读取此文件，因此它既不算已启用，也不算未启用。原因见“诊断”。</translation>
    </message>
    <message>
        <source>%1 of readable launches; %2 graphs unreadable</source>
        <translation>可读启动的 %1；%2 个图无法读取</translation>
    </message>
    <message>
        <source>Why not DVM</source>
        <translation>为何不是 DVM</translation>
    </message>
    <message>
        <source>Line</source>
        <translation>行</translation>
    </message>
    <message>
        <source>FX node</source>
        <translation>FX 节点</translation>
    </message>
    <message>
        <source>Input</source>
        <translation>输入</translation>
    </message>
    <message>
        <source>Allowed dtypes</source>
        <translation>允许的数据类型</translation>
    </message>
    <message>
        <source>Setting</source>
        <translation>设置</translation>
    </message>
    <message>
        <source>torch_npu releases</source>
        <translation>torch_npu 版本</translation>
    </message>
    <message>
        <source>Fix:</source>
        <translation>解决办法：</translation>
    </message>
    <message>
        <source>With torch_npu %1: %2</source>
        <translation>在 torch_npu %1 上：%2</translation>
    </message>
    <message>
        <source>Why not DVM: kernels and calls by reason</source>
        <translation>为何不是 DVM：按原因统计的 kernel 与调用</translation>
    </message>
    <message>
        <source>Compile</source>
        <translation>编译</translation>
    </message>
</context>
<context>
    <name>KernelFormat</name>
    <message>
        <source>other</source>
        <translation>其他</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
</context>
<context>
    <name>KernelPanel</name>
    <message>
        <source>Filter kernels</source>
        <translation>筛选内核</translation>
    </message>
    <message>
        <source>Kernels</source>
        <translation>内核</translation>
    </message>
    <message>
        <source>No kernels to show. Select a run or a graph in Runs; a graph without output_code.py has none.</source>
        <translation>没有可显示的内核。请在“运行”中选择一次运行或一个图；没有 output_code.py 的图不含内核。</translation>
    </message>
    <message>
        <source>Go to Launch Site</source>
        <translation>转到启动位置</translation>
    </message>
    <message>
        <source>Copy Row</source>
        <translation>复制整行</translation>
    </message>
    <message>
        <source>Copy Name</source>
        <translation>复制名称</translation>
    </message>
    <message>
        <source>The backend toggles hide all %1 kernels here.</source>
        <translation>后端开关隐藏了此处全部 %1 个内核。</translation>
    </message>
    <message>
        <source>No kernel here matches “%1” (%2 hidden).</source>
        <translation>此处没有内核匹配“%1”（隐藏了 %2 个）。</translation>
    </message>
    <message>
        <source>Filter by name, op or dtype (e.g. &quot;add bf16&quot;)…</source>
        <translation>按名称、算子或 dtype 筛选（例如“add bf16”）…</translation>
    </message>
    <message>
        <source>Every word must match the kernel name, one of its ops or a dtype</source>
        <translation>每个词都必须匹配内核名称、其中某个算子或某个 dtype</translation>
    </message>
    <message>
        <source>Filter Kernels</source>
        <translation>筛选内核</translation>
    </message>
    <message>
        <source>Show %1 kernels</source>
        <translation>显示 %1 内核</translation>
    </message>
    <message>
        <source>No kernels to show: output_code.py could not be read (Diagnostics says why).</source>
        <translation>没有可显示的内核：无法读取 output_code.py（原因见“诊断”）。</translation>
    </message>
</context>
<context>
    <name>KernelTableModel</name>
    <message>
        <source>Kernel</source>
        <translation>内核</translation>
    </message>
    <message>
        <source>Backend</source>
        <translation>后端</translation>
    </message>
    <message>
        <source>ktype</source>
        <translation>ktype</translation>
    </message>
    <message>
        <source>dyn_shape</source>
        <translation>dyn_shape</translation>
    </message>
    <message>
        <source>Ops</source>
        <translation>算子</translation>
    </message>
    <message>
        <source>Inputs</source>
        <translation>输入</translation>
    </message>
    <message>
        <source>Outputs</source>
        <translation>输出</translation>
    </message>
    <message>
        <source>Line</source>
        <translation>行</translation>
    </message>
    <message>
        <source>Graph</source>
        <translation>图</translation>
    </message>
    <message>
        <source>Number of DVM ops in the builder (store excluded)</source>
        <translation>构建函数中 DVM 算子的数量（不含 store）</translation>
    </message>
    <message>
        <source>Inputs in argument order: dtype[shape], -1 for a dynamic dimension</source>
        <translation>按参数顺序列出的输入：dtype[形状]，-1 表示动态维度</translation>
    </message>
    <message>
        <source>import_fx: an FX fallback, not DVM code, even when named dvm_fused_*</source>
        <translation>import_fx：FX 回退，不是 DVM 代码，即使名为 dvm_fused_*</translation>
    </message>
    <message>
        <source>Device time</source>
        <translation>设备时间</translation>
    </message>
    <message>
        <source>Total device time of the kernel&apos;s launches in the profile</source>
        <translation>性能数据中该内核所有启动的设备时间总和</translation>
    </message>
    <message numerus="yes">
        <source>%n launch(es), mean %1, %2</source>
        <translation>
            <numerusform>启动 %n 次，平均 %1，%2</numerusform>
        </translation>
    </message>
    <message>
        <source>Launch sites</source>
        <translation>启动位置</translation>
    </message>
    <message>
        <source>Launch sites: calls of the kernel in the entry code (not device launches, which Hot Kernels counts from a profile)</source>
        <translation>启动位置：入口代码中调用该内核之处（不是设备启动次数，后者由“热点内核”根据性能数据统计）</translation>
    </message>
    <message>
        <source>Why not DVM</source>
        <translation>为何不是 DVM</translation>
    </message>
    <message>
        <source>Why the kernel is not DVM, by torch_npu&apos;s fallback rules (empty for DVM kernels)</source>
        <translation>该 kernel 为何不是 DVM（依据 torch_npu 的回退规则；DVM kernel 为空）</translation>
    </message>
    <message>
        <source>DVM, no reason</source>
        <translation>DVM，无原因</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Kernels</source>
        <translation>内核</translation>
    </message>
    <message>
        <source>Kernel Details</source>
        <translation>内核详情</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Open Folder…</source>
        <translation>打开文件夹(&amp;O)…</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>Re&amp;load</source>
        <translation>重新加载(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Reset Layout</source>
        <translation>重置布局(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>主题(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;System</source>
        <translation>跟随系统(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation>浅色(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>深色(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>How DVM Lens &amp;Decides</source>
        <translation>DVM Lens 的判定方法(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;About DVM Lens</source>
        <translation>关于 DVM Lens(&amp;A)</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>关于 Qt(&amp;Q)</translation>
    </message>
    <message>
        <source>Indexing %p%</source>
        <translation>正在索引 %p%</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Indexing %1…</source>
        <translation>正在索引 %1…</translation>
    </message>
    <message>
        <source>Cannot open %1: %2</source>
        <translation>无法打开 %1：%2</translation>
    </message>
    <message>
        <source>Cannot Open</source>
        <translation>无法打开</translation>
    </message>
    <message>
        <source>1 run</source>
        <translation>1 次运行</translation>
    </message>
    <message>
        <source>%1 runs</source>
        <translation>%1 次运行</translation>
    </message>
    <message>
        <source>1 graph</source>
        <translation>1 个图</translation>
    </message>
    <message>
        <source>%1 graphs</source>
        <translation>%1 个图</translation>
    </message>
    <message>
        <source>1 DVM kernel</source>
        <translation>1 个 DVM 内核</translation>
    </message>
    <message>
        <source>%1 DVM kernels</source>
        <translation>%1 个 DVM 内核</translation>
    </message>
    <message>
        <source>1 fallback</source>
        <translation>1 处回退</translation>
    </message>
    <message>
        <source>%1 fallbacks</source>
        <translation>%1 处回退</translation>
    </message>
    <message>
        <source>About DVM Lens</source>
        <translation>关于 DVM Lens</translation>
    </message>
    <message>
        <source>&lt;h3&gt;DVM Lens %1&lt;/h3&gt;&lt;p&gt;Inspects PyTorch &lt;code&gt;torch.compile&lt;/code&gt; debug trees and shows whether Huawei Ascend&apos;s Inductor DVM code generator produced kernels, and what fell back to Triton, ATen or FX.&lt;/p&gt;&lt;p&gt;Qt %2 · %3&lt;/p&gt;</source>
        <translation>&lt;h3&gt;DVM Lens %1&lt;/h3&gt;&lt;p&gt;检查 PyTorch &lt;code&gt;torch.compile&lt;/code&gt; 调试目录，显示华为昇腾 Inductor DVM 代码生成器是否生成了内核，以及哪些回退到了 Triton、ATen 或 FX。&lt;/p&gt;&lt;p&gt;Qt %2 · %3&lt;/p&gt;</translation>
    </message>
    <message>
        <source>How DVM Lens Decides</source>
        <translation>DVM Lens 的判定方法</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;DVM engaged&lt;/b&gt; means the graph&apos;s &lt;code&gt;output_code.py&lt;/code&gt; contains &lt;code&gt;from torch_npu._inductor import dvm&lt;/code&gt; &lt;i&gt;and&lt;/i&gt; at least one real &lt;code&gt;@dvm.kernel(…)&lt;/code&gt; builder.&lt;/p&gt;&lt;p&gt;Kernels defined through &lt;code&gt;async_compile.import_fx(…)&lt;/code&gt; are &lt;b&gt;FX fallbacks&lt;/b&gt;, not DVM code, even when they are named &lt;code&gt;dvm_fused_*&lt;/code&gt;.&lt;/p&gt;&lt;p&gt;Triton, C++, MLIR and other &lt;code&gt;async_compile&lt;/code&gt; kernels count as other kernels; &lt;code&gt;torch.ops.aten.*&lt;/code&gt;, &lt;code&gt;torch.ops.npu.*&lt;/code&gt; and &lt;code&gt;extern_kernels.*&lt;/code&gt; calls in the entry code count as fallbacks.&lt;/p&gt;&lt;p&gt;Text inside strings and comments (such as the FX graph dumps) is never counted.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;DVM 生效&lt;/b&gt;是指该图的 &lt;code&gt;output_code.py&lt;/code&gt; 包含 &lt;code&gt;from torch_npu._inductor import dvm&lt;/code&gt;，&lt;i&gt;并且&lt;/i&gt;至少有一个真正的 &lt;code&gt;@dvm.kernel(…)&lt;/code&gt; 构建函数。&lt;/p&gt;&lt;p&gt;通过 &lt;code&gt;async_compile.import_fx(…)&lt;/code&gt; 定义的内核是 &lt;b&gt;FX 回退&lt;/b&gt;，不是 DVM 代码，即使它们名为 &lt;code&gt;dvm_fused_*&lt;/code&gt;。&lt;/p&gt;&lt;p&gt;Triton、C++、MLIR 及其他 &lt;code&gt;async_compile&lt;/code&gt; 内核计为其他内核；入口代码中对 &lt;code&gt;torch.ops.aten.*&lt;/code&gt;、&lt;code&gt;torch.ops.npu.*&lt;/code&gt; 和 &lt;code&gt;extern_kernels.*&lt;/code&gt; 的调用计为回退。&lt;/p&gt;&lt;p&gt;字符串和注释中的文本（例如 FX 图的转储）从不计入。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>DVM Lens</source>
        <translation>DVM Lens</translation>
    </message>
    <message>
        <source>%1 — DVM Lens</source>
        <translation>%1 — DVM Lens</translation>
    </message>
    <message>
        <source>Go to &amp;Runs</source>
        <translation>转到“运行”(&amp;R)</translation>
    </message>
    <message>
        <source>Go to &amp;Kernels</source>
        <translation>转到“内核”(&amp;K)</translation>
    </message>
    <message>
        <source>Go to &amp;Code</source>
        <translation>转到代码(&amp;C)</translation>
    </message>
    <message>
        <source>Go to &amp;Details</source>
        <translation>转到“详情”(&amp;D)</translation>
    </message>
    <message>
        <source>Go to Dia&amp;gnostics</source>
        <translation>转到“诊断”(&amp;G)</translation>
    </message>
    <message>
        <source>&amp;Compare With…</source>
        <translation>与其他目录比较(&amp;C)…</translation>
    </message>
    <message>
        <source>Compare the open tree (A) with another one (B)</source>
        <translation>将已打开的目录（A）与另一个目录（B）比较</translation>
    </message>
    <message>
        <source>Export &amp;Screenshot</source>
        <translation>导出截图(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Browse</source>
        <translation>浏览(&amp;B)</translation>
    </message>
    <message>
        <source>Co&amp;mpare</source>
        <translation>比较(&amp;M)</translation>
    </message>
    <message>
        <source>Drop to open it, or hold Shift to compare it with the open tree.</source>
        <translation>松开即可打开；按住 Shift 则与已打开的目录比较。</translation>
    </message>
    <message>
        <source>Open or Compare</source>
        <translation>打开还是比较</translation>
    </message>
    <message>
        <source>Open %1, or compare it with the open tree %2?</source>
        <translation>打开 %1，还是将它与已打开的目录 %2 比较？</translation>
    </message>
    <message>
        <source>Tip: hold Shift while dropping to compare directly.</source>
        <translation>提示：拖放时按住 Shift 可直接比较。</translation>
    </message>
    <message>
        <source>&amp;Open</source>
        <translation>打开(&amp;O)</translation>
    </message>
    <message>
        <source>&amp;Compare with the Open Tree</source>
        <translation>与已打开的目录比较(&amp;C)</translation>
    </message>
    <message>
        <source>%1 compared to %2 — DVM Lens</source>
        <translation>%1 与 %2 的比较 — DVM Lens</translation>
    </message>
    <message>
        <source>Comparing %1 with %2…</source>
        <translation>正在比较 %1 与 %2…</translation>
    </message>
    <message>
        <source>Indexing A %p%</source>
        <translation>正在索引 A %p%</translation>
    </message>
    <message>
        <source>Indexing B %p%</source>
        <translation>正在索引 B %p%</translation>
    </message>
    <message>
        <source>Cannot Compare</source>
        <translation>无法比较</translation>
    </message>
    <message>
        <source>Compare: Choose the Tree Before (A)</source>
        <translation>比较：选择之前的目录（A）</translation>
    </message>
    <message>
        <source>Compare %1 With (B)</source>
        <translation>选择与 %1 比较的目录（B）</translation>
    </message>
    <message>
        <source>indexing cancelled: %1 of %2 graphs parsed, F5 to re-index</source>
        <translation>索引已取消：已解析 %2 个图中的 %1 个，按 F5 重新索引</translation>
    </message>
    <message>
        <source>Open &amp;File or Archive…</source>
        <translation>打开文件或归档(&amp;F)…</translation>
    </message>
    <message>
        <source>Inductor output code, trace log or debug tree archive (output_code.py *.py *.log *.log.gz *.tar *.tgz *.tar.gz *.tar.xz *.txz *.tar.zst *.tzst *.tar.bz2 *.tbz2 *.zip);;All files (*)</source>
        <translation>Inductor 输出代码、跟踪日志或调试目录归档 (output_code.py *.py *.log *.log.gz *.tar *.tgz *.tar.gz *.tar.xz *.txz *.tar.zst *.tzst *.tar.bz2 *.tbz2 *.zip);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Check &amp;Environment…</source>
        <translation>检查环境(&amp;E)…</translation>
    </message>
    <message>
        <source>Check a Python environment against the DVM field guide&apos;s checklist, with the open tree</source>
        <translation>按 DVM 实战指南的检查清单检查 Python 环境（结合当前打开的目录）</translation>
    </message>
    <message>
        <source>Open a torch_compile_debug, TORCH_TRACE or Inductor cache folder (File ▸ Open Folder…) or drop it here.</source>
        <translation>打开 torch_compile_debug、TORCH_TRACE 或 Inductor 缓存文件夹（文件 ▸ 打开文件夹…），或将其拖放到此处。</translation>
    </message>
    <message>
        <source>Open a Debug Tree, Trace or Cache Folder</source>
        <translation>打开调试目录、跟踪或缓存文件夹</translation>
    </message>
    <message>
        <source>Open output_code.py, Trace Log or Archive</source>
        <translation>打开 output_code.py、跟踪日志或归档</translation>
    </message>
</context>
<context>
    <name>NotEngagedReason</name>
    <message>
        <source>output_code.py is unreadable</source>
        <translation>output_code.py 无法读取</translation>
    </message>
    <message>
        <source>output_code.py is empty</source>
        <translation>output_code.py 是空文件</translation>
    </message>
    <message>
        <source>output_code.py is binary</source>
        <translation>output_code.py 是二进制数据，不是 Python 源码</translation>
    </message>
    <message>
        <source>no `from torch_npu._inductor import dvm`</source>
        <translation>缺少 `from torch_npu._inductor import dvm`</translation>
    </message>
    <message>
        <source>no @dvm.kernel definitions</source>
        <translation>没有 @dvm.kernel 定义</translation>
    </message>
    <message>
        <source>only import_fx FX fallbacks named like DVM kernels (%1), which are not DVM code</source>
        <translation>只有名称像 DVM 内核的 import_fx FX 回退（%1），它们不是 DVM 代码</translation>
    </message>
</context>
<context>
    <name>ProfileController</name>
    <message>
        <source>Open &amp;Profile…</source>
        <translation>打开性能数据(&amp;P)…</translation>
    </message>
    <message>
        <source>Show Ascend profiler device time beside every kernel</source>
        <translation>在每个内核旁显示 Ascend 性能分析的设备时间</translation>
    </message>
    <message>
        <source>Profile found beside the tree: load it</source>
        <translation>在目录旁发现性能数据：加载</translation>
    </message>
    <message>
        <source>Reading profile %1…</source>
        <translation>正在读取性能数据 %1…</translation>
    </message>
    <message>
        <source>Cannot read profile %1: %2</source>
        <translation>无法读取性能数据 %1：%2</translation>
    </message>
    <message>
        <source>Open Profile</source>
        <translation>打开性能数据</translation>
    </message>
</context>
<context>
    <name>ProfilePathDialog</name>
    <message>
        <source>Open Profile (a *_ascend_pt folder, its ASCEND_PROFILER_OUTPUT, a folder of them, or a kernel_details.csv)</source>
        <translation>打开性能数据（*_ascend_pt 文件夹、其中的 ASCEND_PROFILER_OUTPUT、包含它们的文件夹，或 kernel_details.csv）</translation>
    </message>
    <message>
        <source>Profile folders and kernel_details.csv (*.csv)</source>
        <translation>性能数据文件夹和 kernel_details.csv (*.csv)</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>所有文件 (*)</translation>
    </message>
</context>
<context>
    <name>ProvenanceView</name>
    <message>
        <source>Computing links between the FX graphs and the code of %1…</source>
        <translation>正在计算 %1 的 FX 图与代码之间的关联…</translation>
    </message>
    <message>
        <source>Computing links…</source>
        <translation>正在计算关联…</translation>
    </message>
    <message>
        <source>Back to Code</source>
        <translation>返回代码</translation>
    </message>
    <message>
        <source>Leave the Provenance mode (View ▸ Provenance, Ctrl+Shift+P)</source>
        <translation>退出溯源模式（视图 ▸ 溯源，Ctrl+Shift+P）</translation>
    </message>
    <message>
        <source>Provenance of %1</source>
        <translation>%1 的溯源</translation>
    </message>
    <message>
        <source>Provenance</source>
        <translation>溯源</translation>
    </message>
    <message>
        <source>FX graph</source>
        <translation>FX 图</translation>
    </message>
    <message>
        <source>missing</source>
        <translation>缺失</translation>
    </message>
    <message>
        <source>Post-grad graph · DVM docstrings in output_code.py (no fx_graph_transformed.py)</source>
        <translation>Post-grad 图 · output_code.py 中的 DVM 文档字符串（没有 fx_graph_transformed.py）</translation>
    </message>
    <message>
        <source>Post-grad graph</source>
        <translation>Post-grad 图</translation>
    </message>
    <message>
        <source>Generated code</source>
        <translation>生成的代码</translation>
    </message>
    <message>
        <source>Select a graph in the run tree to see its FX graph, post-grad graph and generated code side by side.</source>
        <translation>在运行树中选择一个图，即可并排查看其 FX 图、post-grad 图和生成的代码。</translation>
    </message>
    <message>
        <source>This graph folder has no fx_graph_readable.py, so there is no FX graph to show. TORCH_COMPILE_DEBUG=1 writes it beside output_code.py.</source>
        <translation>此图文件夹中没有 fx_graph_readable.py，因此没有可显示的 FX 图。TORCH_COMPILE_DEBUG=1 会把它写在 output_code.py 旁边。</translation>
    </message>
    <message>
        <source>This graph folder has no fx_graph_transformed.py and its output_code.py has no DVM docstrings, so there is no post-grad graph to show.</source>
        <translation>此图文件夹中没有 fx_graph_transformed.py，其 output_code.py 中也没有 DVM 文档字符串，因此没有可显示的 post-grad 图。</translation>
    </message>
    <message>
        <source>This graph folder has no output_code.py (an FX cache hit, a crash or an AOTInductor build), so there are no kernels to link.</source>
        <translation>此图文件夹中没有 output_code.py（FX 缓存命中、崩溃或 AOTInductor 构建），因此没有可关联的内核。</translation>
    </message>
    <message>
        <source>Click a kernel or fallback call in the code to see its FX nodes, or a node in an FX graph to see its kernels.</source>
        <translation>点击代码中的内核或回退调用可查看其 FX 节点；点击 FX 图中的节点可查看其内核。</translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) of this graph could not be read (see Diagnostics).</source>
        <translation>
            <numerusform>此图有 %n 个文件无法读取（见诊断）。</numerusform>
        </translation>
    </message>
    <message>
        <source>Node %1: no kernel or fallback call of this graph was traced to it.</source>
        <translation>节点 %1：此图中没有追溯到它的内核或回退调用。</translation>
    </message>
    <message numerus="yes">
        <source>Node %1 went into %n kernel(s) or fallback call(s): %2.</source>
        <translation>
            <numerusform>节点 %1 进入了 %n 个内核或回退调用：%2。</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: no FX node was traced to it (no docstring, provenance JSON, Inductor comment or matching node).</source>
        <translation>%1：没有追溯到任何 FX 节点（没有文档字符串、溯源 JSON、Inductor 注释或匹配的节点）。</translation>
    </message>
    <message>
        <source>the FX graph docstring above its DVM builder</source>
        <translation>其 DVM 构建函数上方的 FX 图文档字符串</translation>
    </message>
    <message>
        <source>the provenance JSONs of the graph folder</source>
        <translation>图文件夹中的溯源 JSON</translation>
    </message>
    <message>
        <source>its provenance debug handle, looked up in the provenance JSONs</source>
        <translation>其溯源调试句柄（在溯源 JSON 中查找）</translation>
    </message>
    <message>
        <source>Inductor&apos;s comments above it (source nodes, ATen mapping, graph fragment)</source>
        <translation>其上方的 Inductor 注释（源节点、ATen 映射、图片段）</translation>
    </message>
    <message>
        <source>its docstring&apos;s node names, found in the FX graph files</source>
        <translation>其文档字符串中的节点名（在 FX 图文件中找到）</translation>
    </message>
    <message>
        <source>the FX node calling the same operator (the k-th call is the k-th node)</source>
        <translation>调用同一算子的 FX 节点（第 k 次调用即第 k 个节点）</translation>
    </message>
    <message numerus="yes">
        <source>Fallback call %1: %n FX node(s), traced through %2.</source>
        <translation>
            <numerusform>回退调用 %1：%n 个 FX 节点，通过%2追溯。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Kernel %1: %n FX node(s), traced through %2.</source>
        <translation>
            <numerusform>内核 %1：%n 个 FX 节点，通过%2追溯。</numerusform>
        </translation>
    </message>
    <message>
        <source>Nodes the post-grad passes made are shown in the FX graph by their model source line.</source>
        <translation>post-grad 变换生成的节点在 FX 图中按其模型源代码行显示。</translation>
    </message>
</context>
<context>
    <name>QCommandLineParser</name>
    <message>
        <source>Usage: %1</source>
        <translation>用法：%1</translation>
    </message>
    <message>
        <source>[options]</source>
        <translation>[选项]</translation>
    </message>
    <message>
        <source>Options:</source>
        <translation>选项：</translation>
    </message>
    <message>
        <source>Arguments:</source>
        <translation>参数：</translation>
    </message>
    <message>
        <source>Displays help on commandline options.</source>
        <translation>显示命令行选项的帮助。</translation>
    </message>
    <message>
        <source>Displays help including Qt specific options.</source>
        <translation>显示帮助，包括 Qt 专用选项。</translation>
    </message>
    <message>
        <source>Displays version information.</source>
        <translation>显示版本信息。</translation>
    </message>
</context>
<context>
    <name>RecentFolders</name>
    <message>
        <source>&amp;Clear Recent</source>
        <translation>清除最近记录(&amp;C)</translation>
    </message>
</context>
<context>
    <name>RunTreeModel</name>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>DVM</source>
        <translation>DVM</translation>
    </message>
    <message>
        <source>Other</source>
        <translation>其他</translation>
    </message>
    <message>
        <source>Fallbacks</source>
        <translation>回退</translation>
    </message>
    <message>
        <source>Whether DVM engaged: the dvm import and at least one real @dvm.kernel</source>
        <translation>DVM 是否生效：有 dvm 导入，且至少有一个真正的 @dvm.kernel</translation>
    </message>
    <message>
        <source>Other kernel definitions: import_fx (FX fallbacks), Triton, C++, MLIR…</source>
        <translation>其他内核定义：import_fx（FX 回退）、Triton、C++、MLIR…</translation>
    </message>
    <message>
        <source>ATen, NPU and extern calls in the entry code</source>
        <translation>入口代码中的 ATen、NPU 和 extern 调用</translation>
    </message>
    <message>
        <source>Process %1</source>
        <translation>进程 %1</translation>
    </message>
    <message>
        <source>Started %1</source>
        <translation>开始时间：%1</translation>
    </message>
    <message>
        <source>Model: %1</source>
        <translation>模型：%1</translation>
    </message>
    <message>
        <source>Kind: %1</source>
        <translation>类型：%1</translation>
    </message>
    <message>
        <source>No output_code.py in this graph folder.</source>
        <translation>此图目录中没有 output_code.py。</translation>
    </message>
    <message>
        <source>%1 · pid %2</source>
        <translation>%1 · 进程 %2</translation>
    </message>
    <message>
        <source>rank %1 · pid %2</source>
        <translation>rank %1 · 进程 %2</translation>
    </message>
    <message>
        <source>rank %1</source>
        <translation>rank %1</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>判定</translation>
    </message>
    <message>
        <source>DVM kernels: real @dvm.kernel builders</source>
        <translation>DVM 内核：真正的 @dvm.kernel 构建函数</translation>
    </message>
    <message>
        <source>Not DVM: %1</source>
        <translation>DVM 未生效：%1</translation>
    </message>
    <message>
        <source>(no run folder)</source>
        <translation>（无运行目录）</translation>
    </message>
    <message>
        <source>Known failure: %1</source>
        <translation>已知故障：%1</translation>
    </message>
    <message numerus="yes">
        <source>Known failures in %n graph(s)</source>
        <translation>
            <numerusform>%n 个图中有已知故障</numerusform>
        </translation>
    </message>
    <message>
        <source>No device time in the profile</source>
        <translation>性能数据中没有设备时间</translation>
    </message>
    <message>
        <source>%1: %2 (%3%)</source>
        <translation>%1：%2（%3%）</translation>
    </message>
    <message>
        <source>ambiguous: %1</source>
        <translation>无法确定归属：%1</translation>
    </message>
    <message>
        <source>outside compiled kernels: %1</source>
        <translation>编译内核之外：%1</translation>
    </message>
    <message>
        <source>DVM share of compiled time: %1%</source>
        <translation>DVM 占编译内核时间：%1%</translation>
    </message>
    <message>
        <source>Device time</source>
        <translation>设备时间</translation>
    </message>
    <message>
        <source>Time by backend</source>
        <translation>各后端时间</translation>
    </message>
    <message>
        <source>Device time in the profile: a graph&apos;s compiled kernels (and rows ambiguous among them), a run&apos;s every row</source>
        <translation>性能数据中的设备时间：图为其编译内核（及在其间无法确定归属的行），运行为全部行</translation>
    </message>
    <message>
        <source>That time by backend; sorted by the DVM share of compiled time</source>
        <translation>按后端划分的该时间；按 DVM 占编译内核时间的比例排序</translation>
    </message>
    <message>
        <source>ambiguous</source>
        <translation>无法区分</translation>
    </message>
    <message>
        <source>1 kernel name of this graph is also in other graphs: its device time is ambiguous (Hot Kernels lists it by name)</source>
        <translation>此图有 1 个内核名称也出现在其他图中：其设备时间无法区分（“热点内核”按名称列出）</translation>
    </message>
    <message>
        <source>%1 kernel names of this graph are also in other graphs: their device time is ambiguous (Hot Kernels lists them by name)</source>
        <translation>此图有 %1 个内核名称也出现在其他图中：它们的设备时间无法区分（“热点内核”按名称列出）</translation>
    </message>
    <message>
        <source>Compile: %1</source>
        <translation>编译：%1</translation>
    </message>
</context>
<context>
    <name>RunTreePane</name>
    <message>
        <source>Run Tree &amp;By Graph</source>
        <translation>运行树按图显示(&amp;B)</translation>
    </message>
    <message>
        <source>One row per graph: do all ranks hold the same code? (%1)</source>
        <translation>每个图一行：各 rank 的代码是否相同？（%1）</translation>
    </message>
    <message>
        <source>By graph</source>
        <translation>按图</translation>
    </message>
    <message>
        <source>Runs ▸ graphs ▸ files</source>
        <translation>运行 ▸ 图 ▸ 文件</translation>
    </message>
    <message>
        <source>By run</source>
        <translation>按运行</translation>
    </message>
    <message>
        <source>By frame</source>
        <translation>按帧</translation>
    </message>
    <message>
        <source>Frames of the TORCH_TRACE logs ▸ the graphs their compiles made, with each frame&apos;s DVM share, recompiles and breaks</source>
        <translation>TORCH_TRACE 日志中的帧 ▸ 其编译生成的图，并给出每帧的 DVM 占比、重新编译和图中断</translation>
    </message>
    <message>
        <source>Run Tree By &amp;Frame</source>
        <translation>运行树按帧显示(&amp;F)</translation>
    </message>
    <message>
        <source>No runs to show. Open a torch_compile_debug, TORCH_TRACE or Inductor cache folder (File ▸ Open Folder…) or drop one here.</source>
        <translation>没有可显示的运行。请打开 torch_compile_debug、TORCH_TRACE 或 Inductor 缓存文件夹（文件 ▸ 打开文件夹…），或把它拖放到这里。</translation>
    </message>
</context>
<context>
    <name>ScreenshotFlow</name>
    <message>
        <source>Timed out waiting for the window to be ready.</source>
        <translation>等待窗口就绪超时。</translation>
    </message>
    <message>
        <source>Cannot open %1: %2</source>
        <translation>无法打开 %1：%2</translation>
    </message>
</context>
<context>
    <name>ShortcutsDialog</name>
    <message>
        <source>Shortcut</source>
        <translation>快捷键</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
</context>
<context>
    <name>SideBySideView</name>
    <message>
        <source>&amp;Next Difference</source>
        <translation>下一处差异(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Previous Difference</source>
        <translation>上一处差异(&amp;P)</translation>
    </message>
    <message>
        <source>Select a graph pair to compare its output_code.py files.</source>
        <translation>选择一对图，比较它们的 output_code.py 文件。</translation>
    </message>
    <message>
        <source>A: %1</source>
        <translation>A：%1</translation>
    </message>
    <message>
        <source>B: %1</source>
        <translation>B：%1</translation>
    </message>
    <message>
        <source>Comparing…</source>
        <translation>正在比较…</translation>
    </message>
    <message>
        <source>Nothing to compare</source>
        <translation>没有可比较的内容</translation>
    </message>
    <message>
        <source>Identical except line endings</source>
        <translation>除换行符外完全相同</translation>
    </message>
    <message>
        <source>Identical</source>
        <translation>完全相同</translation>
    </message>
    <message>
        <source>%1 of %2 differences</source>
        <translation>第 %1 处，共 %2 处差异</translation>
    </message>
    <message>
        <source>1 difference</source>
        <translation>1 处差异</translation>
    </message>
    <message>
        <source>%1 differences</source>
        <translation>%1 处差异</translation>
    </message>
    <message>
        <source>before difference 1 of %1</source>
        <translation>在第 1 处差异之前（共 %1 处）</translation>
    </message>
    <message>
        <source>after difference %1 of %2</source>
        <translation>在第 %1 处差异之后（共 %2 处）</translation>
    </message>
</context>
<context>
    <name>SourceChangesModel</name>
    <message>
        <source>left DVM in B</source>
        <translation>在 B 中不再使用 DVM</translation>
    </message>
    <message>
        <source>is gone from B (it had DVM kernels in A)</source>
        <translation>在 B 中已不存在（在 A 中有 DVM 内核）</translation>
    </message>
    <message>
        <source>has fewer DVM kernels in B</source>
        <translation>在 B 中 DVM 内核更少</translation>
    </message>
    <message>
        <source>went to DVM in B</source>
        <translation>在 B 中改用 DVM</translation>
    </message>
    <message>
        <source>is new in B, with DVM kernels</source>
        <translation>是 B 中新增的，带 DVM 内核</translation>
    </message>
    <message>
        <source>has more DVM kernels in B</source>
        <translation>在 B 中 DVM 内核更多</translation>
    </message>
    <message>
        <source>%1 %2: DVM %3, other kernels %4, fallbacks %5</source>
        <translation>%1 %2：DVM %3，其他内核 %4，回退 %5</translation>
    </message>
    <message>
        <source>Model source line</source>
        <translation>模型源码行</translation>
    </message>
    <message>
        <source>Change A → B</source>
        <translation>变化 A → B</translation>
    </message>
    <message>
        <source>DVM kernels</source>
        <translation>DVM 内核</translation>
    </message>
    <message>
        <source>Other kernels</source>
        <translation>其他内核</translation>
    </message>
    <message>
        <source>Fallbacks</source>
        <translation>回退</translation>
    </message>
</context>
<context>
    <name>SourceItemsModel</name>
    <message>
        <source>fallback</source>
        <translation>回退</translation>
    </message>
    <message>
        <source>kernel</source>
        <translation>内核</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Graph</source>
        <translation>图</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Backend</source>
        <translation>后端</translation>
    </message>
    <message>
        <source>Line</source>
        <translation>行</translation>
    </message>
</context>
<context>
    <name>SourceLocationsModel</name>
    <message>
        <source>(library)</source>
        <translation>（库代码）</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>不适用</translation>
    </message>
    <message>
        <source>DVM share %1 percent</source>
        <translation>DVM 占比百分之 %1</translation>
    </message>
    <message>
        <source>no DVM share</source>
        <translation>无 DVM 占比</translation>
    </message>
    <message>
        <source> in %1</source>
        <translation>，位于 %1</translation>
    </message>
    <message>
        <source>Library code (torch or torch_npu)</source>
        <translation>库代码（torch 或 torch_npu）</translation>
    </message>
    <message>
        <source>Location</source>
        <translation>位置</translation>
    </message>
    <message>
        <source>DVM share</source>
        <translation>DVM 占比</translation>
    </message>
    <message>
        <source>DVM</source>
        <translation>DVM</translation>
    </message>
    <message>
        <source>Other kernels</source>
        <translation>其他内核</translation>
    </message>
    <message>
        <source>Fallbacks</source>
        <translation>回退</translation>
    </message>
    <message>
        <source>Graphs</source>
        <translation>图</translation>
    </message>
    <message>
        <source>Ranks</source>
        <translation>Rank 数</translation>
    </message>
    <message>
        <source>Code</source>
        <translation>代码</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>%1 once</source>
        <translation>%1 1 次</translation>
    </message>
    <message>
        <source>%1 %2 times</source>
        <translation>%1 %2 次</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>no reason why not DVM</source>
        <translation>没有不是 DVM 的原因</translation>
    </message>
    <message>
        <source>Not DVM because %1</source>
        <translation>不是 DVM 的原因：%1</translation>
    </message>
    <message>
        <source>Fix: %1</source>
        <translation>解决办法：%1</translation>
    </message>
    <message>
        <source>Why not DVM</source>
        <translation>为何不是 DVM</translation>
    </message>
    <message>
        <source>every kernel DVM, nothing fell back</source>
        <translation>全部内核都是 DVM，没有回退</translation>
    </message>
</context>
<context>
    <name>SourcesDock</name>
    <message>
        <source>Filter model lines</source>
        <translation>筛选模型代码行</translation>
    </message>
    <message>
        <source>Kernels and fallback calls of the selected line</source>
        <translation>所选行的内核与回退调用</translation>
    </message>
    <message>
        <source>Model Sources</source>
        <translation>模型源码</translation>
    </message>
    <message>
        <source>Filter model lines (file, code, backend)</source>
        <translation>筛选模型代码行（文件、代码、后端）</translation>
    </message>
    <message>
        <source>Finding model source lines…</source>
        <translation>正在查找模型源码行…</translation>
    </message>
    <message>
        <source>No tree open.</source>
        <translation>未打开目录树。</translation>
    </message>
    <message>
        <source>%1 model source lines, %2 with fallbacks or non-DVM kernels; %3 kernels and %4 fallback calls with no source line found. Select a line to list its kernels.</source>
        <translation>%1 个模型源码行，其中 %2 个含回退调用或非 DVM 内核；%3 个内核和 %4 个回退调用未找到源码行。选择一行即可列出它的内核。</translation>
    </message>
</context>
<context>
    <name>StartupActions</name>
    <message>
        <source>No graph pair &quot;%1&quot; in the comparison.</source>
        <translation>比较结果中没有图对“%1”。</translation>
    </message>
</context>
<context>
    <name>TimeShareChart</name>
    <message>
        <source>No device time joined to a graph</source>
        <translation>没有关联到任何图的设备时间</translation>
    </message>
    <message>
        <source>ambiguous</source>
        <translation>无法区分</translation>
    </message>
    <message>
        <source>No graph&apos;s device time is known: its kernel names repeat across graphs, so the time is listed by kernel name in the table above</source>
        <translation>没有哪个图的设备时间是已知的：其内核名称在多个图中重复，因此时间按内核名称列在上方表格中</translation>
    </message>
</context>
<context>
    <name>TreeDocument</name>
    <message>
        <source>it cannot be read</source>
        <translation>无法读取</translation>
    </message>
</context>
<context>
    <name>TreePathDialog</name>
    <message>
        <source>Choose</source>
        <translation>选择</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>所有文件 (*)</translation>
    </message>
    <message>
        <source>Debug tree folders and archives (*.tar *.tgz *.tar.gz *.tar.xz *.tar.zst *.tar.bz2 *.zip)</source>
        <translation>调试树文件夹和归档 (*.tar *.tgz *.tar.gz *.tar.xz *.tar.zst *.tar.bz2 *.zip)</translation>
    </message>
</context>
<context>
    <name>VerdictText</name>
    <message>
        <source>indexing…</source>
        <translation>正在索引…</translation>
    </message>
    <message>
        <source>DVM</source>
        <translation>DVM</translation>
    </message>
    <message>
        <source>no DVM</source>
        <translation>无 DVM</translation>
    </message>
    <message>
        <source>no code</source>
        <translation>无代码</translation>
    </message>
    <message>
        <source>not indexed</source>
        <translation>未索引</translation>
    </message>
    <message>
        <source>no verdict</source>
        <translation>无判定</translation>
    </message>
    <message>
        <source>DVM engaged</source>
        <translation>DVM 生效</translation>
    </message>
    <message>
        <source>DVM not engaged</source>
        <translation>DVM 未生效</translation>
    </message>
    <message>
        <source>No output_code.py</source>
        <translation>无 output_code.py</translation>
    </message>
    <message>
        <source>Not indexed</source>
        <translation>未索引</translation>
    </message>
    <message>
        <source>Not an Inductor wrapper module: no verdict</source>
        <translation>不是 Inductor 包装模块：无判定</translation>
    </message>
    <message>
        <source>engaged</source>
        <translation>生效</translation>
    </message>
    <message>
        <source>partly</source>
        <translation>部分生效</translation>
    </message>
    <message>
        <source>not engaged</source>
        <translation>未生效</translation>
    </message>
    <message>
        <source>DVM engaged in all %1 graphs with code</source>
        <translation>全部 %1 个有代码的图 DVM 生效</translation>
    </message>
    <message>
        <source>DVM partly engaged: %1 of %2 graphs with code</source>
        <translation>DVM 部分生效：%2 个有代码的图中有 %1 个</translation>
    </message>
    <message>
        <source>DVM not engaged in any of %1 graphs with code</source>
        <translation>%1 个有代码的图中没有一个 DVM 生效</translation>
    </message>
    <message>
        <source>No output_code.py to verify</source>
        <translation>没有可验证的 output_code.py</translation>
    </message>
    <message>
        <source>Not indexed yet: DVM engaged in %1 of %2 graphs with code so far</source>
        <translation>尚未索引完：目前 %2 个有代码的图中有 %1 个 DVM 生效</translation>
    </message>
    <message>
        <source>%1 without code</source>
        <translation>%1 个无代码</translation>
    </message>
    <message>
        <source>%1 not indexed</source>
        <translation>%1 个未索引</translation>
    </message>
    <message>
        <source>%1 not a wrapper module</source>
        <translation>%1 个不是包装模块</translation>
    </message>
    <message>
        <source>Indexing was cancelled: re-index (F5) to see this graph</source>
        <translation>索引已取消：重新索引（F5）后可查看此图</translation>
    </message>
    <message>
        <source>%1 of %2 indexed, DVM %3/%1</source>
        <translation>已索引 %1/%2，DVM %3/%1</translation>
    </message>
    <message>
        <source>unreadable</source>
        <translation>无法读取</translation>
    </message>
    <message>
        <source>output_code.py could not be read: whether DVM engaged is unknown</source>
        <translation>无法读取 output_code.py：不知道 DVM 是否启用</translation>
    </message>
    <message>
        <source>Could not decide: no output_code.py could be read</source>
        <translation>无法判定：没有可读取的 output_code.py</translation>
    </message>
    <message>
        <source>%1 unreadable</source>
        <translation>%1 个无法读取</translation>
    </message>
    <message>
        <source>%1 (%2 unreadable)</source>
        <translation>%1（%2 个无法读取）</translation>
    </message>
</context>
<context>
    <name>WelcomePage</name>
    <message>
        <source>Open the recent tree %1</source>
        <translation>打开最近的目录树 %1</translation>
    </message>
    <message>
        <source>Open the sample tree that comes with DVM Lens (two runs)</source>
        <translation>打开 DVM Lens 自带的示例目录树（两次运行）</translation>
    </message>
    <message>
        <source>&lt;p&gt;PyTorch keeps the generated code in three places; open any of them:&lt;/p&gt;&lt;ul&gt;&lt;li&gt;a trace folder: run with &lt;code&gt;TORCH_TRACE=/tmp/trace&lt;/code&gt; and open &lt;code&gt;/tmp/trace&lt;/code&gt; (or one &lt;code&gt;dedicated_log_torch_trace_*.log&lt;/code&gt;);&lt;/li&gt;&lt;li&gt;the Inductor cache folder, &lt;code&gt;TORCHINDUCTOR_CACHE_DIR&lt;/code&gt; (by default &lt;code&gt;/tmp/torchinductor_&amp;lt;user&amp;gt;&lt;/code&gt;);&lt;/li&gt;&lt;li&gt;a debug tree: run the training again with&lt;/li&gt;&lt;/ul&gt;&lt;pre&gt;TORCHINDUCTOR_NPU_BACKEND=dvm TORCH_COMPILE_DEBUG=1 python train.py&lt;/pre&gt;&lt;p&gt;and open the &lt;code&gt;torch_compile_debug&lt;/code&gt; folder it creates in the working directory (&lt;code&gt;run_*/torchinductor/&amp;lt;graph&amp;gt;/output_code.py&lt;/code&gt;), or the folder &lt;code&gt;debug_dir_root&lt;/code&gt; names.&lt;/p&gt;</source>
        <translation>&lt;p&gt;PyTorch 把生成的代码保存在三个地方，打开其中任意一个即可：&lt;/p&gt;&lt;ul&gt;&lt;li&gt;跟踪文件夹：用 &lt;code&gt;TORCH_TRACE=/tmp/trace&lt;/code&gt; 运行，然后打开 &lt;code&gt;/tmp/trace&lt;/code&gt;（或单个 &lt;code&gt;dedicated_log_torch_trace_*.log&lt;/code&gt;）；&lt;/li&gt;&lt;li&gt;Inductor 缓存文件夹 &lt;code&gt;TORCHINDUCTOR_CACHE_DIR&lt;/code&gt;（默认为 &lt;code&gt;/tmp/torchinductor_&amp;lt;user&amp;gt;&lt;/code&gt;）；&lt;/li&gt;&lt;li&gt;调试目录树：这样重新运行训练&lt;/li&gt;&lt;/ul&gt;&lt;pre&gt;TORCHINDUCTOR_NPU_BACKEND=dvm TORCH_COMPILE_DEBUG=1 python train.py&lt;/pre&gt;&lt;p&gt;然后打开它在工作目录中创建的 &lt;code&gt;torch_compile_debug&lt;/code&gt; 文件夹（&lt;code&gt;run_*/torchinductor/&amp;lt;graph&amp;gt;/output_code.py&lt;/code&gt;），或 &lt;code&gt;debug_dir_root&lt;/code&gt; 指定的文件夹。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Open the &lt;code&gt;torch_compile_debug&lt;/code&gt; folder a training run wrote (or one &lt;code&gt;run_*&lt;/code&gt; folder, one graph folder, one &lt;code&gt;output_code.py&lt;/code&gt;, or a .tar / .zip of them), a &lt;code&gt;TORCH_TRACE&lt;/code&gt; folder or log (or tlparse&apos;s output folder), or the Inductor cache folder to see, per run, graph and kernel, what DVM generated and what fell back to Triton, ATen or FX.&lt;/p&gt;</source>
        <translation>&lt;p&gt;打开训练运行写出的 &lt;code&gt;torch_compile_debug&lt;/code&gt; 文件夹（或单个 &lt;code&gt;run_*&lt;/code&gt; 文件夹、单个图文件夹、单个 &lt;code&gt;output_code.py&lt;/code&gt;，或它们的 .tar / .zip 归档）、&lt;code&gt;TORCH_TRACE&lt;/code&gt; 文件夹或日志（或 tlparse 的输出文件夹），或 Inductor 缓存文件夹，按运行、图和内核查看 DVM 生成了什么，哪些回退到了 Triton、ATen 或 FX。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Did DVM generate the kernels?</source>
        <translation>DVM 真的生成了内核吗？</translation>
    </message>
    <message>
        <source>Recent</source>
        <translation>最近打开</translation>
    </message>
    <message>
        <source>Try the Sample Tree</source>
        <translation>试用示例目录树</translation>
    </message>
    <message>
        <source>Open File or Archive…</source>
        <translation>打开文件或归档…</translation>
    </message>
    <message>
        <source>Open Folder…</source>
        <translation>打开文件夹…</translation>
    </message>
    <message>
        <source>Choose a folder to open: a torch_compile_debug, run or graph folder, a TORCH_TRACE folder, tlparse&apos;s output folder or the Inductor cache folder</source>
        <translation>选择要打开的文件夹：torch_compile_debug、运行或图文件夹、TORCH_TRACE 文件夹、tlparse 的输出文件夹或 Inductor 缓存文件夹</translation>
    </message>
    <message>
        <source>Choose a file to open: an output_code.py, a TORCH_TRACE log (.log or .log.gz) or a .tar / .zip archive of any of them</source>
        <translation>选择要打开的文件：output_code.py、TORCH_TRACE 日志（.log 或 .log.gz），或它们任一的 .tar / .zip 归档</translation>
    </message>
    <message>
        <source>Or drop a torch_compile_debug folder, a TORCH_TRACE folder or log, the Inductor cache folder or an archive of one here. Shift+drop a second one to compare the two.</source>
        <translation>也可以将 torch_compile_debug 文件夹、TORCH_TRACE 文件夹或日志、Inductor 缓存文件夹或它们的归档拖放到这里。按住 Shift 再拖放第二个即可比较两者。</translation>
    </message>
    <message>
        <source>No generated code found under
%1</source>
        <translation>在以下位置未找到生成的代码：
%1</translation>
    </message>
</context>
<context>
    <name>WhyReasonText</name>
    <message>
        <source>Fix: %1</source>
        <translation>解决办法：%1</translation>
    </message>
</context>
</TS>
