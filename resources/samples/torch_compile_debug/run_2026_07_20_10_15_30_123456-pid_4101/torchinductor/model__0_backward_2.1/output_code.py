# AOT ID: ['0_backward']
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
from torch._inductor.select_algorithm import extern_kernels
import torch_npu
from torch_npu._inductor import dvm
from torch_npu._C import _npu_getCurrentRawStreamNoWait as get_raw_stream
from torch_npu._inductor.ascend_npu_ir.ascend_npu_ir.codecache import CustomAsyncCompile

aten = torch.ops.aten
inductor_ops = torch.ops.inductor
assert_size_stride = torch._C._dynamo.guards.assert_size_stride
reinterpret_tensor = torch._C._dynamo.guards._reinterpret_tensor
async_compile = CustomAsyncCompile()
torch_npu.npu.set_device(0)


"""
class GraphModule(torch.nn.Module):
    def forward(self, primals_8: "bf16[2, 1, 3072][3072, 3072, 1]npu:0", tangents_1: "bf16[2, 1024, 3072][3145728, 3072, 1]npu:0"):
         # File: /workspace/torchtitan/torchtitan/models/flux/model/layers.py:120 in forward, code: return x + gate * self.fc2(h)
        mul_4: "bf16[2, 1024, 3072][3145728, 3072, 1]npu:0" = torch.ops.aten.mul.Tensor(tangents_1, primals_8);  primals_8 = None
        view_4: "bf16[2048, 3072][3072, 1]npu:0" = torch.ops.aten.view.default(mul_4, [2048, 3072]);  mul_4 = None
        return (view_4,)
"""
@dvm.kernel(ktype='vector', dyn_shape=False)
def dvm_fused_mul_view_0_build(k):
    tangents_1 = k.load([2, 1024, 3072], dvm.bfloat16)
    primals_8 = k.load([2, 1, 3072], dvm.bfloat16)
    mul_4 = k.mul(tangents_1, primals_8)
    view_4 = k.reshape(mul_4, [2048, 3072])
    k.store(view_4, dvm.bfloat16)
    k.set_kernel_info(
        'dvm_fused_mul_view',  # kernel_name
        'dvm_fused_mul_view_0',  # kernel_fullname
    )

dvm_fused_mul_view_0 = dvm_fused_mul_view_0_build


"""
class GraphModule(torch.nn.Module):
    def forward(self, mm_1: "bf16[2048, 12288][12288, 1]npu:0", mm: "bf16[2048, 12288][12288, 1]npu:0"):
         # File: /workspace/torchtitan/torchtitan/models/flux/model/layers.py:118 in forward, code: h = F.silu(self.fc1(x_mod))
        sigmoid: "bf16[2048, 12288][12288, 1]npu:0" = torch.ops.aten.sigmoid.default(mm)
        silu_backward: "bf16[2048, 12288][12288, 1]npu:0" = torch.ops.aten.silu_backward.default(mm_1, mm);  mm_1 = mm = None
        return (silu_backward,)
"""
dvm_fused_silu_backward_1 = async_compile.import_fx('dvm_fused_silu_backward_1', kernel_meta={'device_str': 'npu', 'device_index': 0, 'num_outputs': 1, 'traced_graph_hash': 'f3b1c0d2a47e'})


"""
class GraphModule(torch.nn.Module):
    def forward(self, primals_1: "bf16[2, 1024, 3072][3145728, 3072, 1]npu:0", primals_2: "bf16[3072][1]npu:0", rsqrt: "f32[2, 1024, 1][1024, 1, 1]npu:0", mm_3: "bf16[2048, 3072][3072, 1]npu:0"):
         # File: /workspace/torchtitan/torchtitan/models/flux/model/layers.py:112 in forward, code: x_norm = self.norm(x)
        view_6: "bf16[2, 1024, 3072][3145728, 3072, 1]npu:0" = torch.ops.aten.view.default(mm_3, [2, 1024, 3072]);  mm_3 = None
        mul_7: "bf16[2, 1024, 3072][3145728, 3072, 1]npu:0" = torch.ops.aten.mul.Tensor(view_6, primals_2);  view_6 = primals_2 = None
        convert_element_type_6: "f32[2, 1024, 3072][3145728, 3072, 1]npu:0" = torch.ops.prims.convert_element_type.default(mul_7, torch.float32);  mul_7 = None
        convert_element_type_7: "f32[2, 1024, 3072][3145728, 3072, 1]npu:0" = torch.ops.prims.convert_element_type.default(primals_1, torch.float32);  primals_1 = None
        mul_8: "f32[2, 1024, 3072][3145728, 3072, 1]npu:0" = torch.ops.aten.mul.Tensor(convert_element_type_6, convert_element_type_7)
        sum_2: "f32[2, 1024, 1][1024, 1, 1]npu:0" = torch.ops.aten.sum.dim_IntList(mul_8, [2], True);  mul_8 = None
        pow_2: "f32[2, 1024, 1][1024, 1, 1]npu:0" = torch.ops.aten.pow.Tensor_Scalar(rsqrt, 3)
        mul_9: "f32[2, 1024, 1][1024, 1, 1]npu:0" = torch.ops.aten.mul.Scalar(sum_2, -0.5);  sum_2 = None
        mul_10: "f32[2, 1024, 1][1024, 1, 1]npu:0" = torch.ops.aten.mul.Tensor(mul_9, pow_2);  mul_9 = pow_2 = None
        mul_11: "f32[2, 1024, 3072][3145728, 3072, 1]npu:0" = torch.ops.aten.mul.Tensor(convert_element_type_6, rsqrt);  convert_element_type_6 = None
        mul_12: "f32[2, 1024, 3072][3145728, 3072, 1]npu:0" = torch.ops.aten.mul.Scalar(convert_element_type_7, 0.0006510416666666666);  convert_element_type_7 = None
        mul_13: "f32[2, 1024, 3072][3145728, 3072, 1]npu:0" = torch.ops.aten.mul.Tensor(mul_12, mul_10);  mul_12 = mul_10 = None
        add_6: "f32[2, 1024, 3072][3145728, 3072, 1]npu:0" = torch.ops.aten.add.Tensor(mul_11, mul_13);  mul_11 = mul_13 = None
        convert_element_type_8: "bf16[2, 1024, 3072][3145728, 3072, 1]npu:0" = torch.ops.prims.convert_element_type.default(add_6, torch.bfloat16);  add_6 = None
        return (convert_element_type_8,)
"""
@dvm.kernel(ktype='spec', dyn_shape=False)
def dvm_fused__to_copy_add_mul_pow_sum_view_2_build(k):
    primals_1 = k.load([2, 1024, 3072], dvm.bfloat16)
    primals_2 = k.load([3072], dvm.bfloat16)
    rsqrt = k.load([2, 1024, 1], dvm.float32)
    mm_3 = k.load([2048, 3072], dvm.bfloat16)
    view_6 = k.reshape(mm_3, [2, 1024, 3072])
    mul_7 = k.mul(view_6, primals_2)
    convert_element_type_6 = k.cast(mul_7, dvm.float32)
    convert_element_type_7 = k.cast(primals_1, dvm.float32)
    mul_8 = k.mul(convert_element_type_6, convert_element_type_7)
    sum_2 = k.sum(mul_8, [2], True)
    k.spec_next()
    pow_2 = k.pow(rsqrt, 3)
    mul_9 = k.mul(sum_2, -0.5)
    mul_10 = k.mul(mul_9, pow_2)
    mul_11 = k.mul(convert_element_type_6, rsqrt)
    mul_12 = k.mul(convert_element_type_7, 0.0006510416666666666)
    mul_13 = k.mul(mul_12, mul_10)
    add_6 = k.add(mul_11, mul_13)
    convert_element_type_8 = k.cast(add_6, dvm.bfloat16)
    k.store(convert_element_type_8, dvm.bfloat16)
    k.set_kernel_info(
        'dvm_fused__to_copy_add_mul_pow_sum_view',  # kernel_name
        'dvm_fused__to_copy_add_mul_pow_sum_view_2',  # kernel_fullname
    )

dvm_fused__to_copy_add_mul_pow_sum_view_2 = dvm_fused__to_copy_add_mul_pow_sum_view_2_build


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
        primals_1, primals_2, primals_3, primals_5, primals_6, primals_8, rsqrt, add_2, mm, convert_element_type_3, tangents_1 = args
        args.clear()
        with torch.npu._DeviceGuard(0):
            torch.npu.set_device(0)
            buf0 = empty_strided((2048, 3072), (3072, 1), device='npu', dtype=torch.bfloat16)
            # Topologically Sorted Source Nodes: [], Original ATen: [aten.mul, aten.view]
            stream0 = get_raw_stream(0)
            dvm_fused_mul_view_0.run(tangents_1, primals_8, buf0, stream=stream0)
            # Topologically Sorted Source Nodes: [], Original ATen: [aten.mm]
            buf1 = torch.ops.aten.mm.default(buf0, primals_6)
            # Topologically Sorted Source Nodes: [], Original ATen: [aten.mm]
            buf2 = torch.ops.aten.mm.default(reinterpret_tensor(buf0, (3072, 2048), (1, 3072), 0), reinterpret_tensor(convert_element_type_3, (2048, 12288), (12288, 1), 0))
            del buf0
            buf3 = empty_strided((2048, 12288), (12288, 1), device='npu', dtype=torch.bfloat16)
            # Topologically Sorted Source Nodes: [], Original ATen: [aten.silu_backward]
            dvm_fused_silu_backward_1.run(buf1, mm, buf3, stream=stream0)
            del buf1
            # Topologically Sorted Source Nodes: [], Original ATen: [aten.mm]
            buf4 = torch.ops.aten.mm.default(buf3, primals_5)
            buf5 = empty_strided((2, 1024, 3072), (3145728, 3072, 1), device='npu', dtype=torch.bfloat16)
            # Topologically Sorted Source Nodes: [], Original ATen: [aten.view, aten.mul, aten._to_copy, aten.sum, aten.pow, aten.add]
            dvm_fused__to_copy_add_mul_pow_sum_view_2.run(primals_1, primals_2, rsqrt, buf4, buf5, stream=stream0)
            del buf4
        return (buf5, None, None, None, reinterpret_tensor(buf2, (12288, 3072), (1, 12288), 0), None, None, None, )

runner = Runner(partitions=[])
call = runner.call
recursively_apply_fns = runner.recursively_apply_fns


def get_args():
    from torch._dynamo.testing import rand_strided
    primals_1 = rand_strided((2, 1024, 3072), (3145728, 3072, 1), device='npu:0', dtype=torch.bfloat16)
    primals_2 = rand_strided((3072, ), (1, ), device='npu:0', dtype=torch.bfloat16)
    primals_3 = rand_strided((2, 1, 3072), (3072, 3072, 1), device='npu:0', dtype=torch.bfloat16)
    primals_5 = rand_strided((12288, 3072), (3072, 1), device='npu:0', dtype=torch.bfloat16)
    primals_6 = rand_strided((3072, 12288), (12288, 1), device='npu:0', dtype=torch.bfloat16)
    primals_8 = rand_strided((2, 1, 3072), (3072, 3072, 1), device='npu:0', dtype=torch.bfloat16)
    rsqrt = rand_strided((2, 1024, 1), (1024, 1, 1), device='npu:0', dtype=torch.float32)
    add_2 = rand_strided((2, 1024, 3072), (3145728, 3072, 1), device='npu:0', dtype=torch.bfloat16)
    mm = rand_strided((2048, 12288), (12288, 1), device='npu:0', dtype=torch.bfloat16)
    convert_element_type_3 = rand_strided((2, 1024, 12288), (12582912, 12288, 1), device='npu:0', dtype=torch.bfloat16)
    tangents_1 = rand_strided((2, 1024, 3072), (3145728, 3072, 1), device='npu:0', dtype=torch.bfloat16)
    return [primals_1, primals_2, primals_3, primals_5, primals_6, primals_8, rsqrt, add_2, mm, convert_element_type_3, tangents_1]


def benchmark_compiled_module(args, times=10, repeat=10):
    from torch._inductor.utils import print_performance
    fn = lambda: call(list(args))
    return print_performance(fn, times=times, repeat=repeat)


if __name__ == "__main__":
    from torch._inductor.wrapper_benchmark import compiled_module_main
    args = get_args()
    compiled_module_main('None', lambda times, repeat: benchmark_compiled_module(args, times=times, repeat=repeat))
