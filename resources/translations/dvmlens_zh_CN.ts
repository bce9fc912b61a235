<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>BrowsePage</name>
    <message>
        <source>Nothing is open.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expected [RUN/]GRAPH[/KERNEL], got &quot;%1&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Graph &quot;%1&quot; has no kernel &quot;%2&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No graph matches &quot;%1&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CodeMarks</name>
    <message numerus="yes">
        <source>, launched %n time(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>DVM kernel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>import_fx / fallback</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Triton / other kernel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dvm import</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fallback call %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CommandLine</name>
    <message>
        <source>Inspect PyTorch torch.compile debug trees and see whether Ascend DVM kernels were generated.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A torch_compile_debug folder, a run_* or graph folder, or one output_code.py.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Render the main window to &lt;file&gt; (PNG) and exit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a graph (folder name, optionally RUN/GRAPH) and optionally a kernel: [RUN/]GRAPH[/KERNEL].</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start in &lt;view&gt;: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Window size for screenshots, e.g. 1400x900.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Colour theme: system, light or dark.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>User-interface language: en or zh_CN.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only one path can be opened at a time.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown view &quot;%1&quot;; expected one of: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Invalid --size &quot;%1&quot;; expected WxH such as 1400x900.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown theme &quot;%1&quot;; expected system, light or dark.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown language &quot;%1&quot;; expected en or zh_CN.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DiagnosticsDock</name>
    <message>
        <source>Diagnostics</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All severities</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warnings and errors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Errors only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show only diagnostics at least this severe</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n diagnostic(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n diagnostic(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
</context>
<context>
    <name>DiagnosticsModel</name>
    <message>
        <source>Error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warning</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Info</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Severity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Code</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Message</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Location</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>FindBar</name>
    <message>
        <source>Match case</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Find</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Previous match (Shift+Enter)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next match (Enter)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Go to line (Ctrl+G)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close (Esc)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Go to line:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No matches</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n match(es)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1–%1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>KernelDetails</name>
    <message>
        <source>Select a kernel to see its ops, inputs, outputs and launch sites.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lines %1–%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;This is an FX fallback, not DVM code.&lt;/b&gt; Inductor could not generate this kernel with DVM (an unsupported op or dtype, or a forced fallback), so it is run from the FX graph below through &lt;code&gt;async_compile.import_fx&lt;/code&gt;, even though it may be named &lt;code&gt;dvm_fused_*&lt;/code&gt;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A %1 kernel: not generated by DVM.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Framing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ktype</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dyn_shape</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mfusion</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Launches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ops (%1, in order)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Inputs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Op</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shape</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stride</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dtype</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Outputs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Launched at lines</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not launched in the entry code.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FX graph fused into this kernel</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>KernelFormat</name>
    <message>
        <source>other</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>yes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>KernelPanel</name>
    <message>
        <source>Filter by name, op or dtype (e.g. &quot;add bf16&quot;)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every word must match the kernel name, one of its ops or a dtype</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter Kernels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show %1 kernels</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>KernelTableModel</name>
    <message>
        <source>Kernel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Backend</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ktype</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dyn_shape</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ops</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Inputs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Outputs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Launches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Graph</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Number of DVM ops in the builder (store excluded)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Inputs in argument order: dtype[shape], -1 for a dynamic dimension</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Calls of the kernel in the entry code</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>import_fx: an FX fallback, not DVM code, even when named dvm_fused_*</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>KSyntaxHighlighting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>built-in highlighter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernel Details</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open Folder…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open &amp;File…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Re&amp;load</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Reset Layout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;System</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How DVM Lens &amp;Decides</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;About DVM Lens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a torch_compile_debug folder (File ▸ Open Folder…) or drop it here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Indexing %p%</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Indexing %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot open %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot Open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 graph</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 graphs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 DVM engaged</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 DVM kernel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 DVM kernels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 fallback</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 fallbacks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open torch_compile_debug Folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open output_code.py</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Inductor output code (output_code.py *.py);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About DVM Lens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;h3&gt;DVM Lens %1&lt;/h3&gt;&lt;p&gt;Inspects PyTorch &lt;code&gt;torch.compile&lt;/code&gt; debug trees and shows whether Huawei Ascend&apos;s Inductor DVM code generator produced kernels, and what fell back to Triton, ATen or FX.&lt;/p&gt;&lt;p&gt;Qt %2 · %3&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How DVM Lens Decides</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;DVM engaged&lt;/b&gt; means the graph&apos;s &lt;code&gt;output_code.py&lt;/code&gt; contains &lt;code&gt;from torch_npu._inductor import dvm&lt;/code&gt; &lt;i&gt;and&lt;/i&gt; at least one real &lt;code&gt;@dvm.kernel(…)&lt;/code&gt; builder.&lt;/p&gt;&lt;p&gt;Kernels defined through &lt;code&gt;async_compile.import_fx(…)&lt;/code&gt; are &lt;b&gt;FX fallbacks&lt;/b&gt;, not DVM code, even when they are named &lt;code&gt;dvm_fused_*&lt;/code&gt;.&lt;/p&gt;&lt;p&gt;Triton, C++, MLIR and other &lt;code&gt;async_compile&lt;/code&gt; kernels count as other kernels; &lt;code&gt;torch.ops.aten.*&lt;/code&gt;, &lt;code&gt;torch.ops.npu.*&lt;/code&gt; and &lt;code&gt;extern_kernels.*&lt;/code&gt; calls in the entry code count as fallbacks.&lt;/p&gt;&lt;p&gt;Text inside strings and comments (such as the FX graph dumps) is never counted.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The new language is used the next time DVM Lens starts.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DVM Lens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — DVM Lens</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RecentFolders</name>
    <message>
        <source>&amp;Clear Recent</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RunTreeModel</name>
    <message>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DVM</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DVM kernels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Other</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fallbacks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Whether DVM engaged: the dvm import and at least one real @dvm.kernel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Real @dvm.kernel builders</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Other kernel definitions: import_fx (FX fallbacks), Triton, C++, MLIR…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ATen, NPU and extern calls in the entry code</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Process %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Started %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>DVM engaged in %1 of %n graph(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>no DVM</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no code</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kind: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No output_code.py in this graph folder.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
