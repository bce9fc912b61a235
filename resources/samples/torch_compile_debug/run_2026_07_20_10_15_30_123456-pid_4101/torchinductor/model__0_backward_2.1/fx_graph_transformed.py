class GraphModule(torch.nn.Module):
    def forward(self, primals_1: "bf16[2, 1024, 3072]", primals_2: "bf16[3072]", primals_3: "bf16[2, 1, 3072]", primals_5: "bf16[12288, 3072]", primals_6: "bf16[3072, 12288]", primals_8: "bf16[2, 1, 3072]", rsqrt: "f32[2, 1024, 1]", add_2: "bf16[2, 1024, 3072]", mm: "bf16[2048, 12288]", silu: "bf16[2, 1024, 12288]", tangents_1: "bf16[2, 1024, 3072]"):
         # File: /workspace/torchtitan/torchtitan/models/flux/model/layers.py:120 in forward, code: return x + gate * self.fc2(h)
        mul_4: "bf16[2, 1024, 3072]" = torch.ops.aten.mul.Tensor(tangents_1, primals_8)
        view_4: "bf16[2048, 3072]" = torch.ops.aten.view.default(mul_4, [2048, 3072])
        mm_1: "bf16[2048, 12288]" = torch.ops.aten.mm.default(view_4, primals_6)
        permute_2: "bf16[3072, 2048]" = torch.ops.aten.permute.default(view_4, [1, 0])
        mm_2: "bf16[3072, 12288]" = torch.ops.aten.mm.default(permute_2, silu)
        
         # File: /workspace/torchtitan/torchtitan/models/flux/model/layers.py:118 in forward, code: h = F.silu(self.fc1(x_mod))
        silu_backward: "bf16[2048, 12288]" = torch.ops.aten.silu_backward.default(mm_1, mm)
        mm_3: "bf16[2048, 3072]" = torch.ops.aten.mm.default(silu_backward, primals_5)
        
         # File: /workspace/torchtitan/torchtitan/models/flux/model/layers.py:112 in forward, code: x_norm = self.norm(x)
        view_6: "bf16[2, 1024, 3072]" = torch.ops.aten.view.default(mm_3, [2, 1024, 3072])
        mul_7: "bf16[2, 1024, 3072]" = torch.ops.aten.mul.Tensor(view_6, primals_2)
        convert_element_type_6: "f32[2, 1024, 3072]" = torch.ops.prims.convert_element_type.default(mul_7, torch.float32)
        convert_element_type_7: "f32[2, 1024, 3072]" = torch.ops.prims.convert_element_type.default(primals_1, torch.float32)
        mul_8: "f32[2, 1024, 3072]" = torch.ops.aten.mul.Tensor(convert_element_type_6, convert_element_type_7)
        sum_2: "f32[2, 1024, 1]" = torch.ops.aten.sum.dim_IntList(mul_8, [2], True)
        mul_11: "f32[2, 1024, 3072]" = torch.ops.aten.mul.Tensor(convert_element_type_6, rsqrt)
        convert_element_type_8: "bf16[2, 1024, 3072]" = torch.ops.prims.convert_element_type.default(mul_11, torch.bfloat16)
        
        return (convert_element_type_8, None, None, None, mm_2, None, None, None,)
        
