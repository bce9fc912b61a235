// SPDX-License-Identifier: MIT
// The stable machine-readable form of a comparison: dvmlens.compare/1.
//
// Keys, always present and in this order (null where a side is missing):
//   {"schema": "dvmlens.compare/1",
//    "a": Index::root of A (the path as given, made absolute), "b": the same for B,
//    "graphs": [{
//       "key": GraphDiff::key (the pairing key; "<run A>|<run B>/<key>" when several run pairs),
//       "a": A's graph folder path or null, "b": B's graph folder path or null,
//       "status": "matched" | "only_a" | "only_b",
//       "dvm_engaged": {"a": bool|null, "b": bool|null}   (null: no side, or no output_code.py),
//       "counts": {"a": {"dvm": n, "import_fx": n, "triton": n, "cpp": n, "mlir": n, "akg": n, "mps": n,
//                        "other": n} | null, "b": likewise}   (kernel definitions per backend),
//       "fallbacks": {"added": [target…], "removed": [target…]}   (multiset difference, one entry per
//                    call, sorted: aten.mm.default ×3 in A and ×5 in B gives two "aten.mm.default" added),
//       "dvm_only_a": [kernel name…], "dvm_only_b": [kernel name…]   (fallbacks and dvm_only_* are
//                    empty for a matched graph whose output_code.py is missing on one side),
//       "fusions": [{"key": fusion key, "a": backend name|null, "b": backend name|null,
//                    "changes": ["ktype: vector → spec", …]}]   (every kernel of both sides, see compare.h),
//       "regression": bool}],
//    "summary": {"graphs": n, "matched": n, "regressions": n,
//                "dvm_engaged": {"a": graphs engaged in A, "b": graphs engaged in B}}}
//
// Additive, always present: per graph, last, "split_from": the break ("layers.py:210") that split B's graph
// off A's (compare.h rule 5) or null, and "compile_changes": [{"kind", "sentence"}] said under the pair
// (comparecompile.h; [] unless both sides are trace logs); at the end, "compile_changes": every compile-side
// change A → B, or null unless both sides are trace logs (docs/compile-side.md).
//
// With a profile on either side (compare --profile-a / --profile-b), and only then, additive keys
// (µs to the nanosecond; null where that side has no profile, no fusion or no matched row):
//   per graph, after "regression":  "device_time_us": {"a": x|null, "b": x|null, "delta": b - a}
//                                   (compiled + ambiguous time, profilecompare.h),
//   per fusion, after "changes":    "device_time_us": {"a": x|null, "b": x|null, "delta": b - a},
//   after "summary": "profile": {"a": side|null, "b": side|null,
//       "time_regressions": [{"graph": key, "fusion": key, "a": backend|null, "b": backend|null,
//                             "time_a": x|null, "time_b": x|null, "delta": x}]   (B slower, largest first)}
//   where side = {"paths": [*_ascend_pt…], "rows", "matched", "ambiguous", "unmatched",
//                 "by_backend": {backend: µs}, "outside", "ambiguous_us", "total"}.
#pragma once

#include "core/compare/compare.h"
#include "core/profile/profilecompare.h"

#include <string>
#include <string_view>

namespace dvmlens {

inline constexpr std::string_view kCompareSchema = "dvmlens.compare/1";

// The profiles of a comparison, for the profile keys: either join may be null.
struct CompareProfiles
{
    const ProfileJoin* a = nullptr;
    const ProfileJoin* b = nullptr;
    const ProfileComparison* times = nullptr; // compareProfiles(result, …, a, b)
};

// The document above, UTF-8, indented by `indent` spaces (-1: one line), ending in a newline.
// `profiles` (with `times` set) adds the profile keys.
std::string compareToJson(
    const CompareResult& result, int indent = 2, const CompareProfiles* profiles = nullptr);

} // namespace dvmlens
