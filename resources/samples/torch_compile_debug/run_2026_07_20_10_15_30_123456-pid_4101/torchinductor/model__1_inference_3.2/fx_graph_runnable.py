
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

    
    
    def forward(self, arg0_1, arg1_1, arg2_1, arg3_1):
        convert_element_type = torch.ops.prims.convert_element_type.default(arg1_1, torch.float32)
        permute = torch.ops.aten.permute.default(arg2_1, [1, 0])
        convert_element_type_1 = torch.ops.prims.convert_element_type.default(permute, torch.float32)
        mul = torch.ops.aten.mul.Tensor(convert_element_type, convert_element_type_1)
        add = torch.ops.aten.add.Tensor(mul, arg3_1)
        relu = torch.ops.aten.relu.default(add)
        div = torch.ops.aten.div.Tensor(relu, arg0_1)
        return (div,)
        
def load_args(reader):
    reader.symint(48)  # arg0_1
    buf1 = reader.storage(None, 12288, device=device(type='npu', index=0), dtype=torch.bfloat16)
    reader.tensor(buf1, (48, 128), dtype=torch.bfloat16, is_leaf=True)  # arg1_1
    buf2 = reader.storage(None, 12288, device=device(type='npu', index=0), dtype=torch.bfloat16)
    reader.tensor(buf2, (128, 48), dtype=torch.bfloat16, is_leaf=True)  # arg2_1
    buf3 = reader.storage(None, 24576, device=device(type='npu', index=0))
    reader.tensor(buf3, (48, 128), is_leaf=True)  # arg3_1
load_args._version = 0
mod = Repro()
if __name__ == '__main__':
    from torch._dynamo.repro.after_aot import run_repro
    with torch.no_grad():
        run_repro(mod, load_args, accuracy=False, command='run', save_dir=None, tracing_mode='real', check_str=None)
        # To run it separately, do 
        # mod, args = run_repro(mod, load_args, accuracy=False, command='get_args', save_dir=None, tracing_mode='real', check_str=None)
        # mod(*args)
