// SPDX-License-Identifier: MIT
// TORCH_TRACE logs with compile events, written by the tests (records as in compile-events.md): a graph
// break with its resume function, recompiles up to the limit, cache hit/miss/bypass, a failed compile.
#pragma once

#include "tracewriter.h"

#include <string>
#include <vector>

namespace testutil {

inline std::string compileId(int frame, int compile, int attempt = 0)
{
    return "\"frame_id\": " + std::to_string(frame) + ", \"frame_compile_id\": " + std::to_string(compile)
        + ", \"attempt\": " + std::to_string(attempt);
}

inline std::string withRank(const std::string& ids, int rank)
{
    return rank < 0 ? ids : "\"rank\": " + std::to_string(rank) + ", " + ids;
}

inline std::string dynamoStart(const std::string& ids, const std::string& function = "forward")
{
    return traceRecord(
        R"("dynamo_start": {"stack": [{"line": 5, "name": ")" + function + R"(", "filename": 0}]}, )" + ids);
}

inline std::string metrics(const std::string& ids, const std::string& function, const std::string& more = "")
{
    return traceRecord(R"("compilation_metrics": {"co_name": ")" + function
        + R"(", "co_filename": "/m/layers.py", "co_firstlineno": 200, "dynamo_cumulative_compile_time_us": 5000, "aot_autograd_cumulative_compile_time_us": 3000, "inductor_cumulative_compile_time_us": 2000, "inductor_code_gen_cumulative_compile_time_us": 1000)"
        + more + "}, " + ids);
}

// A ≥2.6 graph-break artifact at /m/layers.py:<line> with a ≈2.7 reason block.
inline std::string breakArtifact(const std::string& ids, int line = 210,
    const std::string& type = "Unsupported Tensor.item() call with capture_scalar_outputs=False")
{
    const std::string payload = "Graph break in user code at /m/layers.py:" + std::to_string(line)
        + "\nGraph Break Reason: " + type
        + "\n  Explanation: Dynamo does not support tracing `Tensor.item()`\n  Hint: Set "
          "`torch._dynamo.config.capture_scalar_outputs = True`\n\n  Developer debug context: call_method "
          "TensorVariable() item () {}\nUser code traceback:\n  File \"/m/model.py\", line 40, in forward\n  "
          "  y = "
          "self.layers(x)\n  File \"/m/layers.py\", line "
        + std::to_string(line)
        + ", in forward\n    n = x.sum().item()\n\nTraceback (most recent call last):\n  File "
          "\"torch/_dynamo/symbolic_convert.py\", line 1, in step\n";
    return traceRecord(
        R"("artifact": {"name": "dynamo_graph_break_reason", "encoding": "string"}, )" + ids, payload);
}

inline std::string artifact(const std::string& name, const std::string& ids, const std::string& payload)
{
    return traceRecord(R"("artifact": {"name": ")" + name + R"(", "encoding": "json"}, )" + ids, payload);
}

// The inductor_output_code record of compile `ids`: a wrapper module of AOT ID `aotId`, the graph the
// index makes of that compile.
inline std::string outputCode(const std::string& ids, const std::string& aotId = "0_inference")
{
    return traceRecord(
        R"("inductor_output_code": {"filename": "/tmp/i/xx/cxx.py"}, )" + ids, wrapperModule(aotId));
}

// The same with a real DVM kernel: a graph whose verdict is "engaged".
inline std::string dvmOutputCode(const std::string& ids, const std::string& aotId = "0_inference")
{
    const std::string module = "# AOT ID: ['" + aotId
        + "']\nimport torch\nfrom torch._inductor.async_compile import AsyncCompile\n"
          "from torch_npu._inductor import dvm\nasync_compile = AsyncCompile()\n\n"
          "@dvm.kernel(ktype='vector', dyn_shape=False)\ndef dvm_fused_add_0_build(k):\n"
          "    a = k.load([8, 16], dvm.float32)\n    b = k.add(a, a)\n    k.store(b, dvm.float32)\n\n"
          "dvm_fused_add_0 = dvm_fused_add_0_build\n\n\ndef call(args):\n    dvm_fused_add_0(args[0])\n";
    return traceRecord(R"("inductor_output_code": {"filename": "/tmp/i/xx/cxx.py"}, )" + ids, module);
}

// forward [0/0] breaks at layers.py:<line>; its rest runs as torch_dynamo_resume_in_forward_at_<line> [1/0].
inline std::string breakLog(int rank = -1, int line = 210)
{
    const std::string resume = "torch_dynamo_resume_in_forward_at_" + std::to_string(line);
    return dynamoStart(withRank(compileId(0, 0), rank)) + breakArtifact(withRank(compileId(0, 0), rank), line)
        + metrics(withRank(compileId(0, 0, 1), rank), "forward",
            R"(, "restart_reasons": ["Unsupported Tensor.item() call"])")
        + dynamoStart(withRank(compileId(1, 0), rank), resume)
        + metrics(withRank(compileId(1, 0), rank), resume);
}

// forward [0/0] with no break.
inline std::string plainLog(int rank = -1)
{
    return dynamoStart(withRank(compileId(0, 0), rank)) + metrics(withRank(compileId(0, 0), rank), "forward");
}

// forward compiled at sizes 32, 48, 64, then refused at 80: [0/1], [0/2] recompiles, [0/3] hits the limit.
inline std::string recompileLog()
{
    std::string log = dynamoStart(compileId(0, 0)) + metrics(compileId(0, 0), "forward");
    const int sizes[] = { 32, 48, 64, 80 };
    for (int n = 1; n <= 3; ++n) {
        std::string reasons = "[";
        for (int earlier = n - 1; earlier >= 0; --earlier)
            reasons += std::string(earlier == n - 1 ? "" : ", ") + "\"0/" + std::to_string(earlier)
                + ": tensor 'x' size mismatch at index 0. expected " + std::to_string(sizes[earlier])
                + ", actual " + std::to_string(sizes[n]) + "\"";
        reasons += "]";
        log += artifact("recompile_reasons", compileId(0, n), reasons);
        if (n < 3)
            log += dynamoStart(compileId(0, n)) + metrics(compileId(0, n), "forward");
    }
    return log;
}

// [0/0]: FX miss + AOT miss; [1/0]: FX hit (7 ms saved) + AOT hit; [2/0]: FX bypass + AOT bypass.
inline std::string cacheLog()
{
    return dynamoStart(compileId(0, 0))
        + artifact("fx_graph_cache_miss", compileId(0, 0),
            R"({"key": "fk0", "cache_state": "miss", "components": []})")
        + artifact("aotautograd_cache_miss", compileId(0, 0), R"({"key": "ak0", "cache_state": "miss"})")
        + metrics(compileId(0, 0), "forward") + dynamoStart(compileId(1, 0), "g")
        + artifact("fx_graph_cache_hit", compileId(1, 0),
            R"({"key": "fk1", "cache_state": "hit", "time_saved_ns": 7000000})")
        + artifact("aotautograd_cache_hit", compileId(1, 0),
            R"({"key": "ak1", "cache_state": "hit", "time_saved_ms": 9})")
        + metrics(compileId(1, 0), "g") + dynamoStart(compileId(2, 0), "h")
        + artifact("fx_graph_cache_bypass", compileId(2, 0),
            R"({"cache_state": "bypass", "cache_bypass_reason": "Can't cache HigherOrderOperators."})")
        + artifact("aotautograd_cache_bypass", compileId(2, 0),
            R"({"cache_state": "bypass", "cache_bypass_reason": "FX graph cache is not enabled", "key": null})")
        + metrics(compileId(2, 0), "h");
}

// [0/0] fails in Inductor with torch_npu's FallbackKernel error (compile-events.md §5.2).
inline std::string fallbackKernelLog()
{
    const std::string traceback =
        "Traceback (most recent call last):\n  File "
        "\"torch_npu/_inductor/ascend_npu_ir/ascend_npu_ir/npu/inductor_patch/ir.py\", line "
        "257, in _patch_baseview_realize_hint\n    buffer.data.get_traced_graph()\n"
        "torch._inductor.exc.InductorError: AttributeError: 'FallbackKernel' object has no "
        "attribute 'data'\n";
    return dynamoStart(compileId(0, 0))
        + traceRecord(
            R"("artifact": {"name": "dynamo_error", "encoding": "string"}, )" + compileId(0, 0), traceback)
        + metrics(compileId(0, 0), "forward",
            R"(, "fail_type": "torch._inductor.exc.InductorError", "fail_reason": "AttributeError: 'FallbackKernel' object has no attribute 'data'", "fail_user_frame_filename": "/m/model.py", "fail_user_frame_lineno": 40)");
}

// A ≤2.5 log (April 2024 form): no break artifact, the break told by restart_reasons and the resume frame.
inline std::string oldBreakLog()
{
    return traceRecord(
               R"("compilation_metrics": {"co_name": "forward", "co_filename": "/m/layers.py", "co_firstlineno": 200, "entire_frame_compile_time_s": 0.5, "backend_compile_time_s": 0.25, "inductor_compile_time_s": 0.125, "code_gen_time_s": null, "restart_reasons": ["'skip function graph_break in file torch/_dynamo/decorators.py'"]}, )"
               + compileId(0, 0, 1))
        + traceRecord(
            R"("compilation_metrics": {"co_name": "torch_dynamo_resume_in_forward_at_212", "co_filename": "/m/layers.py", "co_firstlineno": 212, "restart_reasons": []}, )"
            + compileId(1, 0));
}

// forward compiled anew after each torch._dynamo.reset() (its ids repeat, compileresets.h): recompiles[n]
// recompiles ([0/1], [0/2], …, each failing the size guard of the one before: 2, 3, 4, …) in the n-th
// period (0: before any reset).
inline std::string resetLog(const std::vector<int>& recompiles)
{
    std::string log;
    for (const int count : recompiles) {
        log += dynamoStart(compileId(0, 0)) + metrics(compileId(0, 0), "forward");
        for (int n = 1; n <= count; ++n)
            log += artifact("recompile_reasons", compileId(0, n),
                       "[\"0/" + std::to_string(n - 1) + ": tensor 'x' size mismatch at index 0. expected "
                           + std::to_string(n + 1) + ", actual " + std::to_string(n + 2) + "\"]")
                + dynamoStart(compileId(0, n)) + metrics(compileId(0, n), "forward");
    }
    return log;
}

// [frame/compile] of `function` on `rank`: its dynamo_start at prefix time `start` ("1203 10:00:01.000000"),
// its compilation_metrics (with `more` fields) at `end`.
inline std::string timedCompile(int frame, int compile, int rank, const std::string& start,
    const std::string& end, const std::string& more = "")
{
    TracePrefixParts at;
    at.time = start;
    TracePrefixParts done;
    done.time = end;
    const std::string ids = withRank(compileId(frame, compile), rank);
    return traceRecord(
               R"("dynamo_start": {"stack": [{"line": 5, "name": "forward", "filename": 0}]}, )" + ids,
               std::nullopt, at)
        + traceRecord(R"("compilation_metrics": {"co_name": "forward", "co_filename": "/m/layers.py")" + more
                + "}, " + ids,
            std::nullopt, done);
}

// The timeline's two ranks: rank 0 compiles forward at +0 for 1.2 s and recompiles it at +3.4 s for 1.2 s
// (lengths from the records' times); rank 1 compiles it at +0.5 s for 0.8 s (its duration_us).
inline std::string timelineLog(int rank)
{
    if (rank == 0)
        return timedCompile(0, 0, 0, "1203 10:00:00.000000", "1203 10:00:01.200000")
            + timedCompile(0, 1, 0, "1203 10:00:03.400000", "1203 10:00:04.600000");
    return timedCompile(
        0, 0, 1, "1203 10:00:00.500000", "1203 10:00:02.000000", R"(, "duration_us": 800000)");
}

} // namespace testutil
