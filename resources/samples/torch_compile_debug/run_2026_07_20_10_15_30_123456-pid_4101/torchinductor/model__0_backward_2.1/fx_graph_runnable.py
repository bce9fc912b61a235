
import os
os.environ['TORCHINDUCTOR_NPU_BACKEND'] = 'dvm'
os.environ['TORCHINDUCTOR_CACHE_DIR'] = '/tmp/torchinductor_dvm'

import torch
from torch import tensor, device
import torch.fx as fx
from torch._dynamo.testing import rand_strided
from math import inf
import torch._inductor.inductor_prims
import torch_npu

import torch._dynamo.config
import torch._inductor.config
import torch._functorch.config
import torch.fx.experimental._config
torch._inductor.config.trace.enabled = True
torch._functorch.config.unlift_effect_tokens = True



isolate_fails_code_str = None




# torch version: 2.14.0.dev20260719+cpu
# torch git version: 6f1d7a3e94c2b05d8e1a4c7b9d2f03e6a5b8c417
# torch_npu version: 2.14.0.dev20260719+gitfe48c44


# NPU Info: 
# Ascend910B2 : 8 
# CANN version: 9.1.0


from torch.nn import *
class Repro(torch.nn.Module):
    def __init__(self) -> None:
        super().__init__()

    
    
    def forward(self, primals_1, primals_2, primals_3, primals_5, primals_6, primals_8, rsqrt, add_2, mm, silu, tangents_1):
        mul_4 = torch.ops.aten.mul.Tensor(tangents_1, primals_8)
        view_4 = torch.ops.aten.view.default(mul_4, [2048, 3072])
        mm_1 = torch.ops.aten.mm.default(view_4, primals_6)
        permute_2 = torch.ops.aten.permute.default(view_4, [1, 0])
        mm_2 = torch.ops.aten.mm.default(permute_2, silu)
        silu_backward = torch.ops.aten.silu_backward.default(mm_1, mm)
        mm_3 = torch.ops.aten.mm.default(silu_backward, primals_5)
        view_6 = torch.ops.aten.view.default(mm_3, [2, 1024, 3072])
        mul_7 = torch.ops.aten.mul.Tensor(view_6, primals_2)
        convert_element_type_6 = torch.ops.prims.convert_element_type.default(mul_7, torch.float32)
        convert_element_type_7 = torch.ops.prims.convert_element_type.default(primals_1, torch.float32)
        mul_8 = torch.ops.aten.mul.Tensor(convert_element_type_6, convert_element_type_7)
        sum_2 = torch.ops.aten.sum.dim_IntList(mul_8, [2], True)
        mul_11 = torch.ops.aten.mul.Tensor(convert_element_type_6, rsqrt)
        convert_element_type_8 = torch.ops.prims.convert_element_type.default(mul_11, torch.bfloat16)
        return (convert_element_type_8, None, None, None, mm_2, None, None, None,)
        
def load_args(reader):
    buf0 = reader.storage(None, 12582912, device=device(type='npu', index=0), dtype=torch.bfloat16)
    reader.tensor(buf0, (2, 1024, 3072), dtype=torch.bfloat16, is_leaf=True)  # primals_1
    buf1 = reader.storage(None, 6144, device=device(type='npu', index=0), dtype=torch.bfloat16)
    reader.tensor(buf1, (3072,), dtype=torch.bfloat16, is_leaf=True)  # primals_2
    buf2 = reader.storage(None, 12288, device=device(type='npu', index=0), dtype=torch.bfloat16)
    reader.tensor(buf2, (2, 1, 3072), dtype=torch.bfloat16, is_leaf=True)  # primals_3
    buf3 = reader.storage(None, 75497472, device=device(type='npu', index=0), dtype=torch.bfloat16)
    reader.tensor(buf3, (12288, 3072), dtype=torch.bfloat16, is_leaf=True)  # primals_5
    buf4 = reader.storage(None, 75497472, device=device(type='npu', index=0), dtype=torch.bfloat16)
    reader.tensor(buf4, (3072, 12288), dtype=torch.bfloat16, is_leaf=True)  # primals_6
    buf5 = reader.storage(None, 12288, device=device(type='npu', index=0), dtype=torch.bfloat16)
    reader.tensor(buf5, (2, 1, 3072), dtype=torch.bfloat16, is_leaf=True)  # primals_8
    buf6 = reader.storage(None, 8192, device=device(type='npu', index=0))
    reader.tensor(buf6, (2, 1024, 1), is_leaf=True)  # rsqrt
    buf7 = reader.storage(None, 12582912, device=device(type='npu', index=0), dtype=torch.bfloat16)
    reader.tensor(buf7, (2, 1024, 3072), dtype=torch.bfloat16, is_leaf=True)  # add_2
    buf8 = reader.storage(None, 50331648, device=device(type='npu', index=0), dtype=torch.bfloat16)
    reader.tensor(buf8, (2048, 12288), dtype=torch.bfloat16, is_leaf=True)  # mm
    buf9 = reader.storage(None, 50331648, device=device(type='npu', index=0), dtype=torch.bfloat16)
    reader.tensor(buf9, (2, 1024, 12288), dtype=torch.bfloat16, is_leaf=True)  # silu
    buf10 = reader.storage(None, 12582912, device=device(type='npu', index=0), dtype=torch.bfloat16)
    reader.tensor(buf10, (2, 1024, 3072), dtype=torch.bfloat16, is_leaf=True)  # tangents_1
load_args._version = 0
mod = Repro()
if __name__ == '__main__':
    from torch._dynamo.repro.after_aot import run_repro
    with torch.no_grad():
        run_repro(mod, load_args, accuracy=False, command='run', save_dir=None, tracing_mode='real', check_str=None)
        # To run it separately, do 
        # mod, args = run_repro(mod, load_args, accuracy=False, command='get_args', save_dir=None, tracing_mode='real', check_str=None)
        # mod(*args)
