#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Makes the screenshot set of resources/screenshots/ with `dvmlens --screenshot`:
# 6 views x 2 sizes x 2 themes x 2 languages = 48 PNGs named <view>-<W>x<H>-<theme>-<lang>.png.
#
#   resources/screenshots/make-screenshots.sh BUILD_DIR [OUT_DIR]
#
# BUILD_DIR holds bin/dvmlens and bin/dvmlens-gentree; OUT_DIR defaults to this folder. The inputs are the sample
# tree of resources/samples and an 8-rank pair dvmlens-gentree writes (seeded), all under one fixed work folder
# (DVMLENS_SCREENSHOTS_WORK, default /tmp/dvmlens-screenshots, emptied first), so the paths the window shows do
# not depend on the checkout, the user or the clock: the same sources make the same pictures. Settings, caches
# and HOME point into the work folder (no Recent list, no saved layout). optipng, when installed, shrinks the
# PNGs losslessly. The `screenshots` CMake target runs this script.
set -euo pipefail

if [ $# -lt 1 ] || [ $# -gt 2 ]; then
    echo "usage: $0 BUILD_DIR [OUT_DIR]" >&2
    exit 2
fi
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
source_dir=$(cd "$here/../.." && pwd)
build=$(cd "$1" && pwd)
out=$(mkdir -p "${2:-$here}" && cd "${2:-$here}" && pwd)
dvmlens=$build/bin/dvmlens
gentree=$build/bin/dvmlens-gentree
for program in "$dvmlens" "$gentree"; do
    [ -x "$program" ] || { echo "$0: $program is missing (build the dvmlens and dvmlens-gentree targets)" >&2; exit 2; }
done

work=${DVMLENS_SCREENSHOTS_WORK:-/tmp/dvmlens-screenshots}
case "$work" in /*) ;; *) echo "$0: DVMLENS_SCREENSHOTS_WORK must be an absolute path" >&2; exit 2 ;; esac
rm -rf "$work"
mkdir -p "$work/home" "$work/config" "$work/data" "$work/cache" "$work/runtime" "$work/empty/torch_compile_debug"
chmod 700 "$work/runtime"
trap 'rm -rf "$work"' EXIT

# The inputs: the sample tree (two runs of one rank), an 8-rank job before and after (same graphs, other code),
# and an empty folder for the empty-tree page.
cp -r "$source_dir/resources/samples/torch_compile_debug" "$work/sample"
"$gentree" "$work/before/torch_compile_debug" --ranks 8 --graphs 3 --file-kb 12 --seed 1 --identical-ranks >/dev/null
"$gentree" "$work/after/torch_compile_debug" --ranks 8 --graphs 3 --file-kb 12 --seed 2 --identical-ranks >/dev/null
sample=$work/sample
run_a=$sample/run_2026_07_20_10_15_30_123456-pid_4101
run_b=$sample/run_2026_07_20_11_02_07_654321-pid_4102

# One environment for every picture: offscreen, no display, fixed locale and time zone, settings in $work.
export QT_QPA_PLATFORM=offscreen HOME=$work/home XDG_CONFIG_HOME=$work/config XDG_DATA_HOME=$work/data
export XDG_CACHE_HOME=$work/cache XDG_RUNTIME_DIR=$work/runtime LC_ALL=C.UTF-8 LANG=C.UTF-8 TZ=UTC
unset DISPLAY WAYLAND_DISPLAY QT_SCALE_FACTOR QT_SCREEN_SCALE_FACTORS QT_FONT_DPI QT_STYLE_OVERRIDE

# view name, then the arguments that show it.
views=(
    "welcome|"
    "empty|$work/empty/torch_compile_debug"
    "browse|--select model__0_forward_1.0/dvm_fused_add_mul_1 $sample"
    "diagnostics|--view diagnostics $sample"
    "compare|$run_a --compare $run_b"
    "compare-8ranks|$work/before/torch_compile_debug --compare $work/after/torch_compile_debug"
)
made=()
for entry in "${views[@]}"; do
    view=${entry%%|*}
    read -r -a arguments <<<"${entry#*|}"
    for size in 1600x1000 1280x800; do
        for theme in light dark; do
            for lang in en zh_CN; do
                file=$out/$view-$size-$theme-$lang.png
                # The offscreen platform's notes (propagateSizeHints, XDG_RUNTIME_DIR) are noise here.
                if ! nice "$dvmlens" --screenshot "$file" --size "$size" --theme "$theme" --lang "$lang" \
                    "${arguments[@]}" 2>"$work/stderr"; then
                    cat "$work/stderr" >&2
                    echo "$0: dvmlens failed for $(basename "$file")" >&2
                    exit 1
                fi
                grep -v -e 'propagateSizeHints' -e 'XDG_RUNTIME_DIR' "$work/stderr" >&2 || true
                made+=("$file")
            done
        done
    done
done

if command -v optipng >/dev/null; then
    nice optipng -quiet -o2 -strip all "${made[@]}"
else
    echo "$0: optipng is not installed; the PNGs are left as Qt wrote them" >&2
fi
total=$(du -cb "${made[@]}" | tail -1 | cut -f1)
echo "make-screenshots: ${#made[@]} pictures in $out, $((total / 1024)) KiB"
