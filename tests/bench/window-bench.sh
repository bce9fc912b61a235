#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The window's two speed targets (issue 12), from the timestamps `dvmlens` prints with
# DVMLENS_TIMING=1 (app/gui/common/timing.h), best of BENCH_WINDOW_RUNS (3) runs each, offscreen:
#  1. time to all verdicts: (launch -> totals in the status bar) - (launch -> empty window shown),
#     against `dvmlens-cli scan` wall time on the same tree; target <= 1.5 x;
#  2. a 10 MB output_code.py: its graph selected -> first screen of text painted; target <= 0.3 s;
#     also when the whole file was in and when highlighting finished.
# Prints a table and PASS/FAIL; exit status 1 on a FAIL.
#
# usage: DVMLENS_GUI=… DVMLENS_CLI=… DVMLENS_GENTREE=… window-bench.sh TREE OUTDIR
#   (run-bench.sh calls it with its 8-rank tree when DVMLENS_GUI is set). The 10 MB tree is
#   generated once under OUTDIR.
set -euo pipefail

tree=${1:?usage: window-bench.sh TREE OUTDIR}
out=${2:?usage: window-bench.sh TREE OUTDIR}
gui=${DVMLENS_GUI:?set DVMLENS_GUI to the dvmlens binary}
cli=${DVMLENS_CLI:?set DVMLENS_CLI to the dvmlens-cli binary}
gentree=${DVMLENS_GENTREE:?set DVMLENS_GENTREE to the dvmlens-gentree binary}
runs=${BENCH_WINDOW_RUNS:-3}
max_ratio=1.5
max_first_screen=0.300

big="$out/tree-r1-g1-k10240"
if [[ ! -f "$big.complete" ]]; then
    rm -rf "$big"
    mkdir -p "$out"
    "$gentree" "$big" --ranks 1 --graphs 1 --file-kb 10240 --seed 1 >/dev/null
    touch "$big.complete"
fi
big_graph=$(find "$big" -name output_code.py -size +5M -printf '%h\n' | sort | head -n 1)
big_graph=$(basename "$big_graph")
find "$tree" "$big" -type f -exec cat {} + >/dev/null # warm cache for every contender

calc() { awk "BEGIN { printf \"%.3f\", $1 }"; }
at_most() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a <= b) }'; }
min_of() { tr ' ' '\n' | grep -v '^$' | sort -g | head -n 1; }

log=$(mktemp)
shot=$(mktemp --suffix=.png)
trap 'rm -f "$log" "$shot"' EXIT

# window ARGS…: one offscreen run of the window with timestamps into $log.
window() {
    DVMLENS_TIMING=1 QT_QPA_PLATFORM=offscreen "$gui" --screenshot "$shot" --size 1600x1000 "$@" \
        >/dev/null 2>"$log" || { cat "$log" >&2; return 1; }
}
# at EVENT: the ms of the first EVENT line of $log; cpu_at EVENT: the process CPU ms then.
at() { awk -v e="$1" '$1 == "dvmlens-timing:" && $3 == e { print $2; exit }' "$log"; }
cpu_at() { awk -v e="$1" '$1 == "dvmlens-timing:" && $3 == e { sub("cpu=", "", $4); print $4; exit }' "$log"; }
# Seconds from event A to event B in $log; empty when B did not come (the screenshot may be taken
# before highlighting ends) and OPTIONAL is set.
between() {
    local a b
    a=$(at "$1") b=$(at "$2")
    [[ -n $a && -z $b && -n ${3:-} ]] && return 0
    [[ -n $a && -n $b ]] || { echo "window-bench.sh: no '$1' or '$2' in the window's timing" >&2; cat "$log" >&2; exit 2; }
    calc "($b - $a) / 1000"
}

scan_times="" scan_cpu="" verdict_cpu="" verdict_times="" first_times="" screen_times="" whole_times="" highlight_times=""
for ((i = 0; i < runs; i++)); do
    start=$(date +%s.%N)
    "$cli" scan "$tree" >/dev/null
    end=$(date +%s.%N)
    scan_times+=" $(calc "$end - $start")"
    /usr/bin/time -f '%U %S' -o "$log" "$cli" scan "$tree" >/dev/null
    scan_cpu+=" $(awk '{ printf "%.3f", $1 + $2 }' "$log")"

    window "$tree"
    verdict_times+=" $(between window-shown all-verdicts-shown)"
    verdict_cpu+=" $(calc "($(cpu_at all-verdicts-shown) - $(cpu_at window-shown)) / 1000")"
    first_times+=" $(between window-shown first-verdict-shown)"

    window --select "$big_graph" "$big"
    screen_times+=" $(between code-requested code-first-screen)"
    whole_times+=" $(between code-requested code-text-in)"
    highlight_times+=" $(between code-requested code-highlighted optional)"
done
t_scan=$(min_of <<<"$scan_times")
c_scan=$(min_of <<<"$scan_cpu")
c_verdicts=$(min_of <<<"$verdict_cpu")
t_verdicts=$(min_of <<<"$verdict_times")
t_first=$(min_of <<<"$first_times")
t_screen=$(min_of <<<"$screen_times")
t_whole=$(min_of <<<"$whole_times")
t_highlight=$(min_of <<<"$highlight_times")
[[ -n $t_highlight ]] || t_highlight="n/a"
ratio=$(awk -v a="$t_verdicts" -v b="$t_scan" 'BEGIN { printf "%.2f", a / b }')
v_ratio=$(at_most "$ratio" "$max_ratio" && echo PASS || echo FAIL)
v_screen=$(at_most "$t_screen" "$max_first_screen" && echo PASS || echo FAIL)

echo
echo "DVM Lens window benchmark (offscreen, best of $runs; $(nproc) cores)"
echo "  tree: $tree; 10 MB file: $big_graph"
row='  %-44s %8s %7s %8s\n'
printf "$row" "measure" "s" "x scan" "verdict"
printf "$row" "dvmlens-cli scan TREE (wall)" "$t_scan" "1.00" ""
printf "$row" "window: shown -> first graph verdict" "$t_first" \
    "$(awk -v a="$t_first" -v b="$t_scan" 'BEGIN { printf "%.2f", a / b }')" ""
printf "$row" "window: shown -> all verdicts (totals)" "$t_verdicts" "$ratio" "$v_ratio"
printf "$row" "  CPU: scan (user + sys)" "$c_scan" "1.00" ""
printf "$row" "  CPU: window, shown -> all verdicts" "$c_verdicts" \
    "$(awk -v a="$c_verdicts" -v b="$c_scan" 'BEGIN { printf "%.2f", a / b }')" ""
printf "$row" "10 MB output_code.py: first screen of text" "$t_screen" "" "$v_screen"
printf "$row" "10 MB output_code.py: the whole file in" "$t_whole" "" ""
printf "$row" "10 MB output_code.py: highlighting done" "$t_highlight" "" ""
echo
echo "  load average: $(cut -d' ' -f1-3 /proc/loadavg) (wall times include waiting for other processes)"
echo "  targets: all verdicts <= ${max_ratio} x scan; first screen of a 10 MB file <= ${max_first_screen} s"
[[ $v_ratio == PASS && $v_screen == PASS ]]
