class GraphModule(torch.nn.Module):
    def forward(self, primals_1: "bf16[2, 1024, 3072]", primals_2: "bf16[3072]", primals_3: "bf16[2, 1, 3072]", primals_4: "bf16[2, 1, 3072]", primals_5: "bf16[12288, 3072]", primals_6: "bf16[3072, 12288]", primals_7: "bf16[3072]", primals_8: "bf16[2, 1, 3072]"):
         # File: /workspace/torchtitan/torchtitan/models/flux/model/layers.py:112 in forward, code: x_norm = self.norm(x)
        convert_element_type: "f32[2, 1024, 3072]" = torch.ops.prims.convert_element_type.default(primals_1, torch.float32)
        pow_1: "f32[2, 1024, 3072]" = torch.ops.aten.pow.Tensor_Scalar(convert_element_type, 2)
        mean: "f32[2, 1024, 1]" = torch.ops.aten.mean.dim(pow_1, [2], True)
        add: "f32[2, 1024, 1]" = torch.ops.aten.add.Scalar(mean, 1e-06)
        rsqrt: "f32[2, 1024, 1]" = torch.ops.aten.rsqrt.default(add)
        mul: "f32[2, 1024, 3072]" = torch.ops.aten.mul.Tensor(convert_element_type, rsqrt)
        convert_element_type_1: "bf16[2, 1024, 3072]" = torch.ops.prims.convert_element_type.default(mul, torch.bfloat16)
        mul_1: "bf16[2, 1024, 3072]" = torch.ops.aten.mul.Tensor(convert_element_type_1, primals_2)
        
         # File: /workspace/torchtitan/torchtitan/models/flux/model/layers.py:113 in forward, code: x_mod = (1 + scale) * x_norm + shift
        add_1: "bf16[2, 1, 3072]" = torch.ops.aten.add.Tensor(primals_3, 1)
        mul_2: "bf16[2, 1024, 3072]" = torch.ops.aten.mul.Tensor(add_1, mul_1)
        add_2: "bf16[2, 1024, 3072]" = torch.ops.aten.add.Tensor(mul_2, primals_4)
        
         # File: /workspace/torchtitan/torchtitan/models/flux/model/layers.py:118 in forward, code: h = F.silu(self.fc1(x_mod))
        permute: "bf16[3072, 12288]" = torch.ops.aten.permute.default(primals_5, [1, 0])
        view: "bf16[2048, 3072]" = torch.ops.aten.view.default(add_2, [2048, 3072])
        mm: "bf16[2048, 12288]" = torch.ops.aten.mm.default(view, permute)
        view_1: "bf16[2, 1024, 12288]" = torch.ops.aten.view.default(mm, [2, 1024, 12288])
        silu: "bf16[2, 1024, 12288]" = torch.ops.aten.silu.default(view_1)
        
         # File: /workspace/torchtitan/torchtitan/models/flux/model/layers.py:120 in forward, code: return x + gate * self.fc2(h)
        permute_1: "bf16[12288, 3072]" = torch.ops.aten.permute.default(primals_6, [1, 0])
        view_2: "bf16[2048, 12288]" = torch.ops.aten.view.default(silu, [2048, 12288])
        addmm: "bf16[2048, 3072]" = torch.ops.aten.addmm.default(primals_7, view_2, permute_1)
        view_3: "bf16[2, 1024, 3072]" = torch.ops.aten.view.default(addmm, [2, 1024, 3072])
        mul_3: "bf16[2, 1024, 3072]" = torch.ops.aten.mul.Tensor(primals_8, view_3)
        add_4: "bf16[2, 1024, 3072]" = torch.ops.aten.add.Tensor(primals_1, mul_3)
        
        return (add_4, primals_1, primals_2, primals_3, primals_5, primals_6, primals_8, rsqrt, add_2, mm, silu,)
        
