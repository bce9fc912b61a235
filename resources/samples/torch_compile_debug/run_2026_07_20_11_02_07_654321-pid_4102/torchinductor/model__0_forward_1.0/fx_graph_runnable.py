
import os
os.environ['TORCHINDUCTOR_NPU_BACKEND'] = 'dvm'
os.environ['TORCHINDUCTOR_CACHE_DIR'] = '/tmp/torchinductor_root'

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

    
    
    def forward(self, primals_1, primals_2, primals_3, primals_4, primals_5, primals_6, primals_7, primals_8):
        convert_element_type = torch.ops.prims.convert_element_type.default(primals_1, torch.float32)
        pow_1 = torch.ops.aten.pow.Tensor_Scalar(convert_element_type, 2)
        mean = torch.ops.aten.mean.dim(pow_1, [2], True)
        add = torch.ops.aten.add.Scalar(mean, 1e-06)
        rsqrt = torch.ops.aten.rsqrt.default(add)
        mul = torch.ops.aten.mul.Tensor(convert_element_type, rsqrt)
        convert_element_type_1 = torch.ops.prims.convert_element_type.default(mul, torch.bfloat16)
        mul_1 = torch.ops.aten.mul.Tensor(convert_element_type_1, primals_2)
        add_1 = torch.ops.aten.add.Tensor(primals_3, 1)
        mul_2 = torch.ops.aten.mul.Tensor(add_1, mul_1)
        add_2 = torch.ops.aten.add.Tensor(mul_2, primals_4)
        permute = torch.ops.aten.permute.default(primals_5, [1, 0])
        view = torch.ops.aten.view.default(add_2, [2048, 3072])
        mm = torch.ops.aten.mm.default(view, permute)
        view_1 = torch.ops.aten.view.default(mm, [2, 1024, 12288])
        silu = torch.ops.aten.silu.default(view_1)
        permute_1 = torch.ops.aten.permute.default(primals_6, [1, 0])
        view_2 = torch.ops.aten.view.default(silu, [2048, 12288])
        addmm = torch.ops.aten.addmm.default(primals_7, view_2, permute_1)
        view_3 = torch.ops.aten.view.default(addmm, [2, 1024, 3072])
        mul_3 = torch.ops.aten.mul.Tensor(primals_8, view_3)
        add_4 = torch.ops.aten.add.Tensor(primals_1, mul_3)
        return (add_4, primals_1, primals_2, primals_3, primals_5, primals_6, primals_8, rsqrt, add_2, mm, silu,)
        
def load_args(reader):
    buf0 = reader.storage(None, 12582912, device=device(type='npu', index=0), dtype=torch.bfloat16)
    reader.tensor(buf0, (2, 1024, 3072), dtype=torch.bfloat16, is_leaf=True)  # primals_1
    buf1 = reader.storage(None, 6144, device=device(type='npu', index=0), dtype=torch.bfloat16)
    reader.tensor(buf1, (3072,), dtype=torch.bfloat16, is_leaf=True)  # primals_2
    buf2 = reader.storage(None, 12288, device=device(type='npu', index=0), dtype=torch.bfloat16)
    reader.tensor(buf2, (2, 1, 3072), dtype=torch.bfloat16, is_leaf=True)  # primals_3
    buf3 = reader.storage(None, 12288, device=device(type='npu', index=0), dtype=torch.bfloat16)
    reader.tensor(buf3, (2, 1, 3072), dtype=torch.bfloat16, is_leaf=True)  # primals_4
    buf4 = reader.storage(None, 75497472, device=device(type='npu', index=0), dtype=torch.bfloat16)
    reader.tensor(buf4, (12288, 3072), dtype=torch.bfloat16, is_leaf=True)  # primals_5
    buf5 = reader.storage(None, 75497472, device=device(type='npu', index=0), dtype=torch.bfloat16)
    reader.tensor(buf5, (3072, 12288), dtype=torch.bfloat16, is_leaf=True)  # primals_6
    buf6 = reader.storage(None, 6144, device=device(type='npu', index=0), dtype=torch.bfloat16)
    reader.tensor(buf6, (3072,), dtype=torch.bfloat16, is_leaf=True)  # primals_7
    buf7 = reader.storage(None, 12288, device=device(type='npu', index=0), dtype=torch.bfloat16)
    reader.tensor(buf7, (2, 1, 3072), dtype=torch.bfloat16, is_leaf=True)  # primals_8
load_args._version = 0
mod = Repro()
if __name__ == '__main__':
    from torch._dynamo.repro.after_aot import run_repro
    with torch.no_grad():
        run_repro(mod, load_args, accuracy=False, command='run', save_dir=None, tracing_mode='real', check_str=None)
        # To run it separately, do 
        # mod, args = run_repro(mod, load_args, accuracy=False, command='get_args', save_dir=None, tracing_mode='real', check_str=None)
        # mod(*args)
