class GraphModule(torch.nn.Module):
    def forward(self, arg0_1: "Sym(s77)", arg1_1: "bf16[s77, 128]", arg2_1: "bf16[128, s77]", arg3_1: "f32[s77, 128]"):
         # File: /workspace/dvm_demo.py:9 in forward, code: scaled = x.float() * y.t().float()
        convert_element_type: "f32[s77, 128]" = torch.ops.prims.convert_element_type.default(arg1_1, torch.float32)
        permute: "bf16[s77, 128]" = torch.ops.aten.permute.default(arg2_1, [1, 0])
        convert_element_type_1: "f32[s77, 128]" = torch.ops.prims.convert_element_type.default(permute, torch.float32)
        mul: "f32[s77, 128]" = torch.ops.aten.mul.Tensor(convert_element_type, convert_element_type_1)
        
         # File: /workspace/dvm_demo.py:10 in forward, code: return torch.relu(scaled + z) / rows
        add: "f32[s77, 128]" = torch.ops.aten.add.Tensor(mul, arg3_1)
        relu: "f32[s77, 128]" = torch.ops.aten.relu.default(add)
        div: "f32[s77, 128]" = torch.ops.aten.div.Tensor(relu, arg0_1)
        
        return (div,)
        
