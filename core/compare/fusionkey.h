// SPDX-License-Identifier: MIT
// The backend-independent name of a fused kernel, so the same fusion can be followed from DVM in
// one run to Triton, an FX fallback or MLIR in another.
#pragma once

#include "core/model/model.h"

#include <cstddef>
#include <string>
#include <string_view>

namespace dvmlens {

// torch_npu's Triton codegen cuts the fused part of a kernel name to this many characters
// (`fused_name[0:35]`); DVM names are never cut.
inline constexpr std::size_t kTritonFusedNameLimit = 35;

// The kernel name without `_build`, its backend prefix and its numeric suffix:
//   dvm_fused_add_mul_relu_0_build, dvm_fused_add_mul_relu_0 (DVM or import_fx),
//   triton_{poi,red,per,tem,for,unk,spl}_fused_add_mul_relu_0, triton_fused_add_mul_relu_0,
//   mlir_fused_add_mul_relu_0, cpp_fused_add_mul_relu_0, mfusion_dvm_fused_add_mul_relu_0
//   all give "fused_add_mul_relu". Double underscores stay (dvm_fused__softmax_3 -> "fused__softmax").
// Names that carry no ops of their own have a framing-only key: dvm_graph_fused_<id> -> "graph_fused",
// mfusion_dvm_<n> -> "mfusion". A name matching no rule is its own key (numeric suffix removed).
std::string fusionKey(std::string_view kernelName);

// As above, but a kernel whose name carries no ops (dvm_graph_fused_<id>, whose id is a
// process-global counter, and the early mfusion_dvm_<n>) is keyed by its sorted distinct DVM ops:
// "graph_fused_add_cast_mul", "mfusion_add_mul". Such kernels only pair with the same framing and
// the same op set on the other side; a changed op set shows as one fusion gone and one new.
std::string fusionKey(const Kernel& kernel);

// True when two keys name the same fusion: equal, or one is the 35-character Triton cut of the other.
bool fusionKeysMatch(std::string_view a, std::string_view b);

} // namespace dvmlens
