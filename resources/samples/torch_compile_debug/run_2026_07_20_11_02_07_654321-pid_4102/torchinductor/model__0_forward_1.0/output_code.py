# AOT ID: ['0_forward']
from ctypes import c_void_p, c_long, c_int
import torch
import math
import random
import os
import tempfile
from math import inf, nan
from cmath import nanj
from torch._inductor.hooks import run_intermediate_hooks
from torch._inductor.utils import maybe_profile
from torch._inductor.codegen.memory_planning import _align as align
from torch import device, empty_strided
from torch._inductor.async_compile import AsyncCompile
from torch._inductor.select_algorithm import extern_kernels
import triton
import triton.language as tl
from torch._inductor.runtime.triton_heuristics import start_graph, end_graph
import torch_npu
from torch_npu._C import _npu_getCurrentRawStreamNoWait as get_raw_stream

aten = torch.ops.aten
inductor_ops = torch.ops.inductor
assert_size_stride = torch._C._dynamo.guards.assert_size_stride
reinterpret_tensor = torch._C._dynamo.guards._reinterpret_tensor
async_compile = AsyncCompile()


# kernel path: /tmp/torchinductor_root/ts/ctsq5hbl7zbxqp4m3wyfd6v2kdnwoj3ghrw5qxunr7c4bzg2lfa.py
# Topologically Sorted Source Nodes: [x_norm], Original ATen: [aten._to_copy, aten.pow, aten.mean, aten.add, aten.rsqrt, aten.mul]
# Source node to ATen node mapping:
#   x_norm => add, convert_element_type, convert_element_type_1, mean, mul, mul_1, pow_1, rsqrt
triton_unk_fused__to_copy_add_mean_0 = async_compile.triton('triton_unk_fused__to_copy_add_mean_0', '''
import triton
import triton.language as tl
from torch_npu._inductor.npu_triton_heuristics import persistent_reduction_npu_index
from torch_npu._inductor import npu_triton_heuristics

@npu_triton_heuristics.persistent_reduction_npu_index(
    size_hints=[2048, 4096],
    reduction_hint=ReductionHint.INNER,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*bf16', 'in_ptr1': '*bf16', 'out_ptr0': '*fp32', 'out_ptr1': '*bf16', 'y0_numel': 'i32', 'r1_numel': 'i32'}, 'device': 0, 'constants': {}, 'mix_mode': 'aiv'},
    inductor_meta={'autotune_hints': set(), 'kernel_name': 'triton_unk_fused__to_copy_add_mean_0', 'mutated_arg_names': [], 'backend_hash': 'b8f02a1c', 'split_axis': [0], 'tiling_axis': [0, 1], 'axis_names': ['y0', 'r1'], 'low_dims': {1}, 'numof_reduction_axis': 1, 'split_axis_dtype': torch.float32}
)
@triton.jit
def triton_unk_fused__to_copy_add_mean_0(in_ptr0, in_ptr1, out_ptr0, out_ptr1, y0_numel, r1_numel, Y0BLOCK: tl.constexpr, Y0BLOCK_SUB: tl.constexpr, R1BLOCK_SUB: tl.constexpr):
    r1_numel = 3072
    R1BLOCK: tl.constexpr = 3072
    y0_offset = tl.program_id(0) * Y0BLOCK
    base_y0 = tl.arange(0, Y0BLOCK_SUB)
    base_r1 = tl.arange(0, R1BLOCK)
    for loop_y0 in range(Y0BLOCK // Y0BLOCK_SUB):
        y0 = y0_offset + (loop_y0 * Y0BLOCK_SUB) + base_y0[:, None]
        y0_mask = y0 < y0_numel
        r1 = base_r1[None, :]
        tmp0 = tl.load(in_ptr0 + (r1 + 3072 * y0), y0_mask, other=0.0).to(tl.float32)
        tmp1 = tmp0 * tmp0
        tmp2 = tl.sum(tmp1, 1)[:, None]
        tmp3 = tmp2 / 3072.0
        tmp4 = tmp3 + 1e-06
        tmp5 = tl.rsqrt(tmp4)
        tmp6 = tl.load(in_ptr1 + (r1), None).to(tl.float32)
        tmp7 = (tmp0 * tmp5).to(tl.bfloat16).to(tl.float32) * tmp6
        tl.store(out_ptr0 + (y0), tmp5, y0_mask)
        tl.store(out_ptr1 + (r1 + 3072 * y0), tmp7.to(tl.bfloat16), y0_mask)
''', device_str='npu')


# kernel path: /tmp/torchinductor_root/q2/cq2rk4wxm7xg3hbgyyr3n6tfnlrbeuiv2n4dqbmpo5k5wrfg7mzp.py
# Topologically Sorted Source Nodes: [x_mod], Original ATen: [aten.add, aten.mul]
# Source node to ATen node mapping:
#   x_mod => add_1, add_2, mul_2
triton_unk_fused_add_mul_1 = async_compile.triton('triton_unk_fused_add_mul_1', '''
import triton
import triton.language as tl
from torch_npu._inductor import npu_triton_heuristics

@npu_triton_heuristics.pointwise_npu_index(
    size_hints=[2, 1024, 4096],
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*bf16', 'in_ptr1': '*bf16', 'in_ptr2': '*bf16', 'out_ptr0': '*bf16', 'x0_numel': 'i32'}, 'device': 0, 'constants': {}, 'mix_mode': 'aiv'},
    inductor_meta={'autotune_hints': set(), 'kernel_name': 'triton_unk_fused_add_mul_1', 'mutated_arg_names': [], 'backend_hash': 'b8f02a1c', 'split_axis': [0], 'tiling_axis': [0], 'axis_names': ['x0'], 'low_dims': {0}}
)
@triton.jit
def triton_unk_fused_add_mul_1(in_ptr0, in_ptr1, in_ptr2, out_ptr0, x0_numel, X0BLOCK: tl.constexpr, X0BLOCK_SUB: tl.constexpr):
    x0_offset = tl.program_id(0) * X0BLOCK
    base_x0 = tl.arange(0, X0BLOCK_SUB)
    for loop_x0 in range(X0BLOCK // X0BLOCK_SUB):
        x0 = x0_offset + (loop_x0 * X0BLOCK_SUB) + base_x0
        x0_mask = x0 < x0_numel
        tmp0 = tl.load(in_ptr1 + (x0 % 3072 + 3072 * (x0 // 3145728)), x0_mask).to(tl.float32)
        tmp1 = tl.load(in_ptr0 + (x0), x0_mask).to(tl.float32)
        tmp2 = tl.load(in_ptr2 + (x0 % 3072 + 3072 * (x0 // 3145728)), x0_mask).to(tl.float32)
        tmp3 = (tmp0 + 1.0) * tmp1 + tmp2
        tl.store(out_ptr0 + (x0), tmp3.to(tl.bfloat16), x0_mask)
''', device_str='npu')


"""
class GraphModule(torch.nn.Module):
    def forward(self, mm: "bf16[2048, 12288][12288, 1]npu:0"):
         # File: /workspace/torchtitan/torchtitan/models/flux/model/layers.py:118 in forward, code: h = F.silu(self.fc1(x_mod))
        view_1: "bf16[2, 1024, 12288][12582912, 12288, 1]npu:0" = torch.ops.aten.view.default(mm, [2, 1024, 12288]);  mm = None
        silu: "bf16[2, 1024, 12288][12582912, 12288, 1]npu:0" = torch.ops.aten.silu.default(view_1);  view_1 = None
        return (silu,)
"""
dvm_fused_silu_view_2 = async_compile.import_fx('dvm_fused_silu_view_2', kernel_meta={'device_str': 'npu', 'device_index': 0, 'num_outputs': 1, 'traced_graph_hash': '9c41e07bd5a3'})


# kernel path: /tmp/torchinductor_root/vk/cvkz3mnaqgdx4t7jz2hxwtmyd6wupsfblm6i3fqygcjvzp4a5yrd.py
# Topologically Sorted Source Nodes: [mul_3, add_4], Original ATen: [aten.view, aten.mul, aten.add]
# Source node to ATen node mapping:
#   add_4 => add_4
#   mul_3 => mul_3, view_3
triton_unk_fused_add_mul_view_3 = async_compile.triton('triton_unk_fused_add_mul_view_3', '''
import triton
import triton.language as tl
from torch_npu._inductor import npu_triton_heuristics

@npu_triton_heuristics.pointwise_npu_index(
    size_hints=[2, 1024, 4096],
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*bf16', 'in_ptr1': '*bf16', 'in_ptr2': '*bf16', 'out_ptr0': '*bf16', 'x0_numel': 'i32'}, 'device': 0, 'constants': {}, 'mix_mode': 'aiv'},
    inductor_meta={'autotune_hints': set(), 'kernel_name': 'triton_unk_fused_add_mul_view_3', 'mutated_arg_names': [], 'backend_hash': 'b8f02a1c', 'split_axis': [0], 'tiling_axis': [0], 'axis_names': ['x0'], 'low_dims': {0}}
)
@triton.jit
def triton_unk_fused_add_mul_view_3(in_ptr0, in_ptr1, in_ptr2, out_ptr0, x0_numel, X0BLOCK: tl.constexpr, X0BLOCK_SUB: tl.constexpr):
    x0_offset = tl.program_id(0) * X0BLOCK
    base_x0 = tl.arange(0, X0BLOCK_SUB)
    for loop_x0 in range(X0BLOCK // X0BLOCK_SUB):
        x0 = x0_offset + (loop_x0 * X0BLOCK_SUB) + base_x0
        x0_mask = x0 < x0_numel
        tmp0 = tl.load(in_ptr0 + (x0), x0_mask).to(tl.float32)
        tmp1 = tl.load(in_ptr1 + (x0 % 3072 + 3072 * (x0 // 3145728)), x0_mask).to(tl.float32)
        tmp2 = tl.load(in_ptr2 + (x0), x0_mask).to(tl.float32)
        tmp3 = tmp0 + tmp1 * tmp2
        tl.store(out_ptr0 + (x0), tmp3.to(tl.bfloat16), x0_mask)
''', device_str='npu')


async_compile.wait(globals())
del async_compile

class Runner:
    def __init__(self, partitions):
        self.partitions = partitions

    def recursively_apply_fns(self, fns):
        new_callables = []
        for fn, c in zip(fns, self.partitions):
            new_callables.append(fn(c))
        self.partitions = new_callables

    def call(self, args):
        primals_1, primals_2, primals_3, primals_4, primals_5, primals_6, primals_7, primals_8 = args
        args.clear()
        with torch.npu._DeviceGuard(0):
            torch.npu.set_device(0)
            buf0 = empty_strided((2, 1024, 1), (1024, 1, 1), device='npu', dtype=torch.float32)
            buf1 = empty_strided((2, 1024, 3072), (3145728, 3072, 1), device='npu', dtype=torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_norm], Original ATen: [aten._to_copy, aten.pow, aten.mean, aten.add, aten.rsqrt, aten.mul]
            stream0 = get_raw_stream(0)
            triton_unk_fused__to_copy_add_mean_0.run(primals_1, primals_2, buf0, buf1, 2048, 3072, stream=stream0)
            buf2 = empty_strided((2, 1024, 3072), (3145728, 3072, 1), device='npu', dtype=torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_mod], Original ATen: [aten.add, aten.mul]
            triton_unk_fused_add_mul_1.run(buf1, primals_3, primals_4, buf2, 6291456, stream=stream0)
            # Topologically Sorted Source Nodes: [linear], Original ATen: [aten.mm]
            buf3 = torch.ops.aten.mm.default(reinterpret_tensor(buf2, (2048, 3072), (3072, 1), 0), reinterpret_tensor(primals_5, (3072, 12288), (1, 3072), 0))
            buf4 = empty_strided((2, 1024, 12288), (12582912, 12288, 1), device='npu', dtype=torch.bfloat16)
            # Topologically Sorted Source Nodes: [h], Original ATen: [aten.view, aten.silu]
            dvm_fused_silu_view_2.run(buf3, buf4, stream=stream0)
            buf5 = empty_strided((2048, 3072), (3072, 1), device='npu', dtype=torch.bfloat16)
            # Topologically Sorted Source Nodes: [linear_1], Original ATen: [aten.addmm]
            extern_kernels.addmm(primals_7, reinterpret_tensor(buf4, (2048, 12288), (12288, 1), 0), reinterpret_tensor(primals_6, (12288, 3072), (1, 12288), 0), alpha=1, beta=1, out=buf5)
            del primals_7
            buf6 = empty_strided((2, 1024, 3072), (3145728, 3072, 1), device='npu', dtype=torch.bfloat16)
            # Topologically Sorted Source Nodes: [mul_3, add_4], Original ATen: [aten.view, aten.mul, aten.add]
            triton_unk_fused_add_mul_view_3.run(primals_1, primals_8, buf5, buf6, 6291456, stream=stream0)
            del buf5
        return (buf6, primals_1, primals_2, primals_3, primals_5, primals_6, primals_8, buf0, buf2, buf3, buf4, )

runner = Runner(partitions=[])
call = runner.call
recursively_apply_fns = runner.recursively_apply_fns


def get_args():
    from torch._dynamo.testing import rand_strided
    primals_1 = rand_strided((2, 1024, 3072), (3145728, 3072, 1), device='npu:0', dtype=torch.bfloat16)
    primals_2 = rand_strided((3072, ), (1, ), device='npu:0', dtype=torch.bfloat16)
    primals_3 = rand_strided((2, 1, 3072), (3072, 3072, 1), device='npu:0', dtype=torch.bfloat16)
    primals_4 = rand_strided((2, 1, 3072), (3072, 3072, 1), device='npu:0', dtype=torch.bfloat16)
    primals_5 = rand_strided((12288, 3072), (3072, 1), device='npu:0', dtype=torch.bfloat16)
    primals_6 = rand_strided((3072, 12288), (12288, 1), device='npu:0', dtype=torch.bfloat16)
    primals_7 = rand_strided((3072, ), (1, ), device='npu:0', dtype=torch.bfloat16)
    primals_8 = rand_strided((2, 1, 3072), (3072, 3072, 1), device='npu:0', dtype=torch.bfloat16)
    return [primals_1, primals_2, primals_3, primals_4, primals_5, primals_6, primals_7, primals_8]


def benchmark_compiled_module(args, times=10, repeat=10):
    from torch._inductor.utils import print_performance
    fn = lambda: call(list(args))
    return print_performance(fn, times=times, repeat=repeat)


if __name__ == "__main__":
    from torch._inductor.wrapper_benchmark import compiled_module_main
    args = get_args()
    compiled_module_main('None', lambda times, repeat: benchmark_compiled_module(args, times=times, repeat=repeat))
