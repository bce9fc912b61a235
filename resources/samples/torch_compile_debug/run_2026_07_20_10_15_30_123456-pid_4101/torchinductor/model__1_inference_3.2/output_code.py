# AOT ID: ['1_inference']
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
    def forward(self, arg1_1: "bf16[s77, 128][128, 1]npu:0", arg2_1: "bf16[128, s77][1, 128]npu:0"):
         # File: /workspace/dvm_demo.py:9 in forward, code: scaled = x.float() * y.t().float()
        convert_element_type: "f32[s77, 128][128, 1]npu:0" = torch.ops.prims.convert_element_type.default(arg1_1, torch.float32);  arg1_1 = None
        permute: "bf16[s77, 128][1, s77]npu:0" = torch.ops.aten.permute.default(arg2_1, [1, 0]);  arg2_1 = None
        convert_element_type_1: "f32[s77, 128][1, s77]npu:0" = torch.ops.prims.convert_element_type.default(permute, torch.float32);  permute = None
        mul: "f32[s77, 128][128, 1]npu:0" = torch.ops.aten.mul.Tensor(convert_element_type, convert_element_type_1);  convert_element_type = convert_element_type_1 = None
        return (mul,)
"""
@dvm.kernel(ktype='split', dyn_shape=True)
def dvm_graph_fused_7(k):
    arg1_1 = k.load([-1, 128], dvm.bfloat16)
    convert_element_type = k.cast(arg1_1, dvm.float32)
    permute = k.view_load([-1, 128], [1, -1], dvm.bfloat16)
    convert_element_type_1 = k.cast(permute, dvm.float32)
    mul = k.mul(convert_element_type, convert_element_type_1)
    k.store(mul, dvm.float32)


"""
class GraphModule(torch.nn.Module):
    def forward(self, arg0_1: "Sym(s77)", mul: "f32[s77, 128][128, 1]npu:0", arg3_1: "f32[s77, 128][128, 1]npu:0"):
         # File: /workspace/dvm_demo.py:10 in forward, code: return torch.relu(scaled + z) / rows
        add: "f32[s77, 128][128, 1]npu:0" = torch.ops.aten.add.Tensor(mul, arg3_1);  mul = arg3_1 = None
        relu: "f32[s77, 128][128, 1]npu:0" = torch.ops.aten.relu.default(add);  add = None
        div: "f32[s77, 128][128, 1]npu:0" = torch.ops.aten.div.Tensor(relu, arg0_1);  relu = arg0_1 = None
        return (div,)
"""
@dvm.kernel(ktype='vector', dyn_shape=True)
def dvm_fused_add_div_relu_0_build(k):
    mul = k.load([-1, 128], dvm.float32)
    arg3_1 = k.load([-1, 128], dvm.float32)
    arg0_1 = k.scalar(dvm.int64)
    add = k.add(mul, arg3_1)
    relu = k.maximum(add, 0)
    div = k.div(relu, arg0_1)
    k.store(div, dvm.float32)
    k.set_kernel_info(
        'dvm_fused_add_div_relu',  # kernel_name
        'dvm_fused_add_div_relu_0',  # kernel_fullname
    )

dvm_fused_add_div_relu_0 = dvm_fused_add_div_relu_0_build


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
        arg0_1, arg1_1, arg2_1, arg3_1 = args
        args.clear()
        s77 = arg0_1
        with torch.npu._DeviceGuard(0):
            torch.npu.set_device(0)
            # Topologically Sorted Source Nodes: [scaled], Original ATen: [aten._to_copy, aten.t, aten.mul]
            buf0 = dvm_graph_fused_7(arg1_1, reinterpret_tensor(arg2_1, (s77, 128), (1, s77), 0))
            del arg1_1
            del arg2_1
            buf1 = empty_strided((s77, 128), (128, 1), device='npu', dtype=torch.float32)
            # Topologically Sorted Source Nodes: [add, relu, truediv], Original ATen: [aten.add, aten.relu, aten.div]
            stream0 = get_raw_stream(0)
            dvm_fused_add_div_relu_0.run(buf0, arg3_1, s77, buf1, stream=stream0)
            del arg3_1
            del buf0
        return (buf1, )

runner = Runner(partitions=[])
call = runner.call
recursively_apply_fns = runner.recursively_apply_fns


def get_args():
    from torch._dynamo.testing import rand_strided
    arg0_1 = 48
    arg1_1 = rand_strided((48, 128), (128, 1), device='npu:0', dtype=torch.bfloat16)
    arg2_1 = rand_strided((128, 48), (48, 1), device='npu:0', dtype=torch.bfloat16)
    arg3_1 = rand_strided((48, 128), (128, 1), device='npu:0', dtype=torch.float32)
    return [arg0_1, arg1_1, arg2_1, arg3_1]


def benchmark_compiled_module(args, times=10, repeat=10):
    from torch._inductor.utils import print_performance
    fn = lambda: call(list(args))
    return print_performance(fn, times=times, repeat=repeat)


if __name__ == "__main__":
    from torch._inductor.wrapper_benchmark import compiled_module_main
    args = get_args()
    compiled_module_main('None', lambda times, repeat: benchmark_compiled_module(args, times=times, repeat=repeat))
