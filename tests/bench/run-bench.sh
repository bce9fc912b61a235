#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Times `dvmlens-cli scan` against grep and cat on a generated 8-rank, ~150 MB tree (warm page
# cache, best of 5 wall-clock runs) and measures its peak RSS. Prints a table and PASS/FAIL against
# the targets: scan ≤ 1.5 × `grep -rc @dvm.kernel`, peak RSS ≤ 256 MiB. Exit status 1 on a FAIL.
# `scan --json` is timed too, as information: the 1.5 × grep target is scan's (issue 2), and
# --json writes ~77 MB of JSON with per-item sources on that tree; its peak RSS is still judged.
#
# usage: DVMLENS_CLI=… DVMLENS_GENTREE=… [DVMLENS_GUI=…] run-bench.sh OUTDIR
#   (what `cmake --build <dir> --target bench` runs). The tree is generated once under OUTDIR and
#   reused; BENCH_RANKS, BENCH_GRAPHS, BENCH_FILE_KB and BENCH_RUNS override the defaults.
#   BENCH_BIG=1 also generates (once, ~1.5 GB, ~10 s) the 8-rank x 360-graph tree under OUTDIR and
#   judges the window's memory there, where its target (issue 15) is defined.
set -euo pipefail

out=${1:?usage: run-bench.sh OUTDIR}
cli=${DVMLENS_CLI:?set DVMLENS_CLI to the dvmlens-cli binary}
gentree=${DVMLENS_GENTREE:?set DVMLENS_GENTREE to the dvmlens-gentree binary}
ranks=${BENCH_RANKS:-8}
# The issue's shape: 8 ranks x 36 graphs x ~0.5 MB output_code.py (~150 MB). The denser shape of
# many small files: BENCH_GRAPHS=160 BENCH_FILE_KB=112.
graphs=${BENCH_GRAPHS:-36}
file_kb=${BENCH_FILE_KB:-512}
runs=${BENCH_RUNS:-5}
# BENCH_MIX=builders: files of nothing but @dvm.kernel builders and entry code (the parser's worst
# case, ~600 kernels a file); the default mixes docstrings, builders, Triton sources and fallbacks;
# BENCH_MIX=ranks: the default mix with every rank alike but one divergent graph and one missing.
mix=${BENCH_MIX:-realistic}
max_ratio=1.5
max_rss_kib=$((256 * 1024))

time_bin=/usr/bin/time
[[ -x $time_bin ]] || { echo "run-bench.sh: $time_bin is missing (Debian package 'time')" >&2; exit 2; }

case $mix in
realistic) mix_args=() suffix="" ;;
builders) mix_args=(--builders-only) suffix="-builders" ;;
# Ranks that agree but for one divergent graph and one missing graph (rank consistency, reports).
ranks) mix_args=(--identical-ranks) suffix="-ranks" ;;
*) echo "run-bench.sh: BENCH_MIX is realistic, builders or ranks, not '$mix'" >&2; exit 2 ;;
esac
tree="$out/tree-r${ranks}-g${graphs}-k${file_kb}${suffix}"
if [[ ! -f "$tree.complete" ]]; then
    rm -rf "$tree"
    mkdir -p "$out"
    "$gentree" "$tree" --ranks "$ranks" --graphs "$graphs" --file-kb "$file_kb" --seed 1 "${mix_args[@]}"
    touch "$tree.complete"
fi
tree_mib=$(du -sm "$tree" | cut -f1)
tree_files=$(find "$tree" -type f | wc -l)

# Warm the page cache so every contender reads from memory.
find "$tree" -type f -exec cat {} + >/dev/null

# Floating-point helpers (awk is always there; bc is not).
calc() { awk "BEGIN { printf \"%.3f\", $1 }"; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
at_most() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a <= b) }'; }

# best_of CMD…: the fastest of $runs wall-clock runs, in seconds.
best_of() {
    local best="" start end elapsed
    for ((i = 0; i < runs; i++)); do
        start=$(date +%s.%N)
        "$@" >/dev/null
        end=$(date +%s.%N)
        elapsed=$(calc "$end - $start")
        if [[ -z $best ]] || at_most "$elapsed" "$best"; then
            best=$elapsed
        fi
    done
    echo "$best"
}

# grep's counts go to a file: when its standard output is /dev/null, GNU grep (3.x) knows nobody
# reads the counts and stops reading each file at its first match, so it no longer reads the tree.
# That figure is shown too, but it is not the work `grep -rc` stands for.
grep_out=$(mktemp)
grep_all() { grep -rc @dvm.kernel "$tree" >"$grep_out" || [[ $? -eq 1 ]]; }
grep_devnull() { grep -rc @dvm.kernel "$tree" >/dev/null || [[ $? -eq 1 ]]; }
cat_all() { find "$tree" -type f -exec cat {} +; }
scan_json() { "$cli" scan --json "$tree"; }
scan_text() { "$cli" scan "$tree"; }

t_grep=$(best_of grep_all)
t_grep_null=$(best_of grep_devnull)
t_cat=$(best_of cat_all)
t_json=$(best_of scan_json)
t_text=$(best_of scan_text)

rss_file=$(mktemp)
trap 'rm -f "$rss_file" "$grep_out"' EXIT
# measure CMD…: "<cpu seconds> <peak RSS KiB>" of one run. CPU time (user + sys) is the fairer
# figure on a shared, loaded machine, where wall clock also measures the neighbours.
measure() {
    "$time_bin" -f '%U %S %M' -o "$rss_file" "$@" >/dev/null || true
    tail -n 1 "$rss_file" | awk '{ printf "%.2f %d", $1 + $2, $3 }'
}
read -r cpu_grep _ <<<"$(measure bash -c 'grep -rc @dvm.kernel "$1" >"$2"' _ "$tree" "$grep_out")"
read -r cpu_cat _ <<<"$(measure bash -c 'find "$1" -type f -exec cat {} + >/dev/null' _ "$tree")"
read -r cpu_json rss_json <<<"$(measure "$cli" scan --json "$tree")"
read -r cpu_text rss_text <<<"$(measure "$cli" scan "$tree")"

verdict_ratio() { at_most "$1" "$max_ratio" && echo PASS || echo FAIL; }
verdict_rss() { ((${1} <= max_rss_kib)) && echo PASS || echo FAIL; }

r_json=$(ratio "$t_json" "$t_grep")
r_text=$(ratio "$t_text" "$t_grep")
v_json=info # no time target: see the header
v_text=$(verdict_ratio "$r_text")
v_rss_json=$(verdict_rss "$rss_json")
v_rss_text=$(verdict_rss "$rss_text")

echo
echo "DVM Lens scan benchmark: $tree"
echo "  $tree_files files, $tree_mib MiB, $ranks ranks x $graphs graphs, output_code.py ~$file_kb KiB ($mix); $(nproc) cores; best of $runs, warm cache"
echo
row='  %-30s %8s %7s %7s %8s %10s %10s\n'
printf "$row" "command" "wall s" "x grep" "x cat" "CPU s" "peak RSS" "verdict"
printf "$row" "grep -rc @dvm.kernel TREE >F" "$t_grep" "1.00" "$(ratio "$t_grep" "$t_cat")" "$cpu_grep" "" ""
printf "$row" "  same, >/dev/null (1st match)" "$t_grep_null" "$(ratio "$t_grep_null" "$t_grep")" \
    "$(ratio "$t_grep_null" "$t_cat")" "" "" ""
printf "$row" "cat (every file)" "$t_cat" "$(ratio "$t_cat" "$t_grep")" "1.00" "$cpu_cat" "" ""
printf "$row" "dvmlens-cli scan --json TREE" "$t_json" "$r_json" "$(ratio "$t_json" "$t_cat")" "$cpu_json" \
    "$((rss_json / 1024)) MiB" "$v_json/$v_rss_json"
printf "$row" "dvmlens-cli scan TREE" "$t_text" "$r_text" "$(ratio "$t_text" "$t_cat")" "$cpu_text" \
    "$((rss_text / 1024)) MiB" "$v_text/$v_rss_text"
echo
echo "  load average: $(cut -d' ' -f1-3 /proc/loadavg) (wall times include waiting for other processes)"
echo "  targets: scan <= ${max_ratio} x grep (time), peak RSS <= $((max_rss_kib / 1024)) MiB; scan --json's time is"
echo "  information (it writes the JSON document with every item's sources), its peak RSS is judged"
echo "  'x grep' is against grep writing its counts to a file F, reading every byte as the scan does;"
echo "  with >/dev/null GNU grep stops at each file's first match and takes $(ratio "$t_grep_null" "$t_grep") x that time"

bench_failed=0
for v in "$v_text" "$v_rss_json" "$v_rss_text"; do
    [[ $v == PASS ]] || bench_failed=1
done

# The window's memory: `dvmlens --screenshot` (offscreen) indexes the tree, shows the first DVM
# graph and its kernel table, the model sources and known failures, and grabs the window; its peak
# RSS against that of `scan --json` on the same tree. The target (issue 15: at most 2 x) is
# defined on the 1.5 GB 8-rank tree: judged there with BENCH_BIG=1. On the ~150 MB tree the
# ratio is information, as is the window's fixed cost (the same screenshot of an empty folder:
# Qt's libraries, fonts and the 1600x1000 picture), which weighs more the smaller the tree.
# DVMLENS_GUI names the binary; BENCH_GUI=0 skips this.
gui=${DVMLENS_GUI:-}
if [[ -n $gui && ${BENCH_GUI:-1} != 0 ]]; then
    shot=$(mktemp --suffix=.png)
    empty=$(mktemp -d)
    window_rss() { measure env QT_QPA_PLATFORM=offscreen "$gui" --screenshot "$shot" --size 1600x1000 "$1"; }
    read -r cpu_empty rss_empty <<<"$(window_rss "$empty")"
    read -r cpu_gui rss_gui <<<"$(window_rss "$tree")"
    r_gui=$(ratio "$rss_gui" "$rss_json")
    echo
    echo "DVM Lens window memory: dvmlens --screenshot (offscreen) of the tree"
    printf "$row" "command" "" "x json" "" "CPU s" "peak RSS" "verdict"
    printf "$row" "dvmlens-cli scan --json TREE" "" "1.00" "" "$cpu_json" "$((rss_json / 1024)) MiB" ""
    printf "$row" "dvmlens --screenshot F EMPTY" "" "$(ratio "$rss_empty" "$rss_json")" "" "$cpu_empty" \
        "$((rss_empty / 1024)) MiB" "info"
    printf "$row" "dvmlens --screenshot F TREE" "" "$r_gui" "" "$cpu_gui" "$((rss_gui / 1024)) MiB" "info"
    echo "  the window's fixed cost (an empty folder) is $((rss_empty / 1024)) MiB; beyond it the tree costs" \
        "$(((rss_gui - rss_empty) / 1024)) MiB, $(ratio "$((rss_gui - rss_empty))" "$rss_json") x scan --json's peak"
    if [[ ${BENCH_BIG:-0} != 0 ]]; then
        big_tree="$out/tree-r8-g360-k512-ranks"
        if [[ ! -f "$big_tree.complete" ]]; then
            rm -rf "$big_tree"
            "$gentree" "$big_tree" --ranks 8 --graphs 360 --file-kb 512 --seed 1 --identical-ranks >/dev/null
            touch "$big_tree.complete"
        fi
        find "$big_tree" -type f -exec cat {} + >/dev/null
        read -r cpu_big_json rss_big_json <<<"$(measure "$cli" scan --json "$big_tree")"
        read -r cpu_big_gui rss_big_gui <<<"$(window_rss "$big_tree")"
        r_big=$(ratio "$rss_big_gui" "$rss_big_json")
        v_big=$(at_most "$r_big" 2 && echo PASS || echo FAIL)
        echo "  the 8-rank x 360-graph tree, $(du -sm "$big_tree" | cut -f1) MiB ($big_tree):"
        printf "$row" "dvmlens-cli scan --json BIG" "" "1.00" "" "$cpu_big_json" "$((rss_big_json / 1024)) MiB" ""
        printf "$row" "dvmlens --screenshot F BIG" "" "$r_big" "" "$cpu_big_gui" "$((rss_big_gui / 1024)) MiB" \
            "$v_big"
        echo "  target: the window's peak RSS on the 1.5 GB tree <= 2 x that of scan --json"
        [[ $v_big == PASS ]] || bench_failed=1
    else
        echo "  target (<= 2 x scan --json) is judged on the 1.5 GB tree: BENCH_BIG=1"
    fi
    rm -f "$shot"
    rmdir "$empty"
fi

# The profile read: a ~1 GB kernel_details.csv (5 million rows by default) for rank 0 of the tree,
# read by `dvmlens-cli scan --profile` against `wc -l` on the same warm file (target 1.5 x), with
# peak RSS. The scan is of one graph folder, so the figure is the profile's: reading, grouping and
# joining every row. BENCH_PROFILE_ROWS overrides the row count; BENCH_PROFILE=0 skips it.
genprofile=${DVMLENS_GENPROFILE:-}
if [[ -n $genprofile && ${BENCH_PROFILE:-1} != 0 ]]; then
    profile_rows=${BENCH_PROFILE_ROWS:-5000000}
    profile="$tree-profile-$profile_rows"
    if [[ ! -f "$profile.complete" ]]; then
        rm -rf "$profile"
        "$genprofile" "$tree" "$profile" --rows "$profile_rows" --seed 1
        touch "$profile.complete"
    fi
    rank0=$(find "$profile" -maxdepth 1 -name '*_ascend_pt' | sort | head -n 1)
    csv="$rank0/ASCEND_PROFILER_OUTPUT/kernel_details.csv"
    first_run=$(find "$tree" -maxdepth 1 -name 'run_*' | sort | head -n 1)
    one_graph=$(find "$first_run/torchinductor" -mindepth 1 -maxdepth 1 -type d | sort | head -n 1)
    cat "$csv" >/dev/null
    csv_mib=$(( $(stat -c %s "$csv") / 1048576 ))
    wc_lines() { wc -l "$csv"; }
    profile_scan() { "$cli" scan --profile "$rank0" "$one_graph"; }
    profile_tree() { "$cli" scan --json --profile "$profile" "$tree"; }
    t_wc=$(best_of wc_lines)
    t_profile=$(best_of profile_scan)
    t_profile_tree=$(best_of profile_tree)
    read -r cpu_wc _ <<<"$(measure wc -l "$csv")"
    read -r cpu_profile rss_profile <<<"$(measure "$cli" scan --profile "$rank0" "$one_graph")"
    read -r cpu_profile_tree rss_profile_tree <<<"$(measure "$cli" scan --json --profile "$profile" "$tree")"
    r_profile=$(ratio "$t_profile" "$t_wc")
    v_profile=$(verdict_ratio "$r_profile")
    v_rss_profile=$(verdict_rss "$rss_profile")
    echo
    echo "DVM Lens profile benchmark: $csv"
    echo "  $csv_mib MiB, $profile_rows rows; best of $runs, warm cache"
    echo
    printf "$row" "command" "wall s" "x wc -l" "" "CPU s" "peak RSS" "verdict"
    printf "$row" "wc -l kernel_details.csv" "$t_wc" "1.00" "" "$cpu_wc" "" ""
    printf "$row" "scan --profile RANK0 GRAPH" "$t_profile" "$r_profile" "" "$cpu_profile" \
        "$((rss_profile / 1024)) MiB" "$v_profile/$v_rss_profile"
    printf "$row" "scan --json --profile ALL TREE" "$t_profile_tree" "$(ratio "$t_profile_tree" "$t_wc")" "" \
        "$cpu_profile_tree" "$((rss_profile_tree / 1024)) MiB" ""
    echo "  target: the profile read <= ${max_ratio} x wc -l (time), peak RSS <= $((max_rss_kib / 1024)) MiB"
    for v in "$v_profile" "$v_rss_profile"; do
        [[ $v == PASS ]] || bench_failed=1
    done
fi
# What rank consistency adds to the scan (target <= 10 %): most telling with BENCH_MIX=ranks.
if [[ -n ${DVMLENS_TIMERANKS:-} ]]; then
    echo
    echo "rank consistency: $("$DVMLENS_TIMERANKS" "$tree")"
fi

# The same tree as one .tar.zst (Inductor's upload_tar, CI artifacts): `dvmlens-cli scan` of the
# archive, read in one streaming pass, against `zstd -dc FILE | wc -c` (decompressing it and no
# more), target 1.5 x. BENCH_ARCHIVE=0 skips it.
if [[ ${BENCH_ARCHIVE:-1} != 0 ]] && command -v zstd >/dev/null; then
    archive="$tree.tar.zst"
    if [[ ! -f "$archive.complete" ]]; then
        tar -C "$(dirname "$tree")" --zstd -cf "$archive" "$(basename "$tree")"
        touch "$archive.complete"
    fi
    cat "$archive" >/dev/null
    archive_mib=$(( $(stat -c %s "$archive") / 1048576 ))
    unzstd_count() { zstd -dc "$archive" | wc -c; }
    archive_scan() { "$cli" scan "$archive"; }
    archive_json() { "$cli" scan --json "$archive"; }
    t_unzstd=$(best_of unzstd_count)
    t_archive=$(best_of archive_scan)
    t_archive_json=$(best_of archive_json)
    read -r cpu_unzstd _ <<<"$(measure bash -c 'zstd -dc "$1" | wc -c' _ "$archive")"
    read -r cpu_archive rss_archive <<<"$(measure "$cli" scan "$archive")"
    read -r cpu_archive_json rss_archive_json <<<"$(measure "$cli" scan --json "$archive")"
    r_archive=$(ratio "$t_archive" "$t_unzstd")
    v_archive=$(verdict_ratio "$r_archive")
    v_rss_archive=$(verdict_rss "$rss_archive")
    echo
    echo "DVM Lens archive benchmark: $archive"
    echo "  $archive_mib MiB compressed, $tree_mib MiB unpacked; best of $runs, warm cache"
    echo
    printf "$row" "command" "wall s" "x zstd" "" "CPU s" "peak RSS" "verdict"
    printf "$row" "zstd -dc ARCHIVE | wc -c" "$t_unzstd" "1.00" "" "$cpu_unzstd" "" ""
    printf "$row" "dvmlens-cli scan ARCHIVE" "$t_archive" "$r_archive" "" "$cpu_archive" \
        "$((rss_archive / 1024)) MiB" "$v_archive/$v_rss_archive"
    # scan --json of the archive against the folder's scan --json plus the decompression alone.
    t_json_base=$(calc "$t_json + $t_unzstd")
    r_archive_json=$(ratio "$t_archive_json" "$t_json_base")
    v_archive_json=$(verdict_ratio "$r_archive_json")
    v_rss_archive_json=$(verdict_rss "$rss_archive_json")
    printf "$row" "dvmlens-cli scan --json ARCHIVE" "$t_archive_json" "$(ratio "$t_archive_json" "$t_unzstd")" "" \
        "$cpu_archive_json" "$((rss_archive_json / 1024)) MiB" "$v_archive_json/$v_rss_archive_json"
    echo "  target: scan of the archive <= ${max_ratio} x zstd -dc | wc -c (time), peak RSS <= $((max_rss_kib / 1024)) MiB"
    echo "  target: scan --json of the archive <= ${max_ratio} x (scan --json TREE + zstd -dc | wc -c) = $t_json_base s:" \
        "$r_archive_json x (CPU $cpu_archive_json s against $(calc "$cpu_json + $cpu_unzstd") s)"
    for v in "$v_archive" "$v_rss_archive" "$v_archive_json" "$v_rss_archive_json"; do
        [[ $v == PASS ]] || bench_failed=1
    done
fi

# TORCH_TRACE logs (issue 25): the tree's shape as 8 ranks' logs of ~1 GB in all (each graph's Dynamo,
# AOT and post-grad graphs, runnable and wrapper module as payload records), `dvmlens-cli scan` of the
# folder against `wc -l` of the same warm files, target 2 x, and peak RSS (bounded by the largest
# payload, not the file). BENCH_TRACE_GRAPHS overrides the graphs per rank; BENCH_TRACE=0 skips it.
if [[ ${BENCH_TRACE:-1} != 0 ]]; then
    trace_graphs=${BENCH_TRACE_GRAPHS:-236}
    traces="$out/trace-r8-g${trace_graphs}-k512"
    if [[ ! -f "$traces.complete" ]]; then
        rm -rf "$traces"
        "$gentree" "$traces" --trace --ranks 8 --graphs "$trace_graphs" --file-kb 512 --seed 1 >/dev/null
        touch "$traces.complete"
    fi
    cat "$traces"/*.log >/dev/null
    trace_mib=$(( $(du -sb "$traces" | cut -f1) / 1048576 ))
    wc_logs() { wc -l "$traces"/*.log; }
    trace_scan() { "$cli" scan "$traces"; }
    t_wc_logs=$(best_of wc_logs)
    t_trace=$(best_of trace_scan)
    read -r cpu_wc_logs _ <<<"$(measure bash -c 'wc -l "$1"/*.log' _ "$traces")"
    read -r cpu_trace rss_trace <<<"$(measure "$cli" scan "$traces")"
    r_trace=$(ratio "$t_trace" "$t_wc_logs")
    v_trace=$(awk -v r="$r_trace" 'BEGIN { print (r <= 2.0 ? "PASS" : "FAIL") }')
    v_rss_trace=$(verdict_rss "$rss_trace")
    echo
    echo "DVM Lens trace benchmark: $traces"
    echo "  $trace_mib MiB in 8 logs; best of $runs, warm cache"
    echo
    printf "$row" "command" "wall s" "x wc -l" "" "CPU s" "peak RSS" "verdict"
    printf "$row" "wc -l LOGS" "$t_wc_logs" "1.00" "" "$cpu_wc_logs" "" ""
    printf "$row" "dvmlens-cli scan FOLDER" "$t_trace" "$r_trace" "" "$cpu_trace" \
        "$((rss_trace / 1024)) MiB" "$v_trace/$v_rss_trace"
    echo "  target: scan of the logs <= 2 x wc -l (time), peak RSS <= $((max_rss_kib / 1024)) MiB"
    for v in "$v_trace" "$v_rss_trace"; do
        [[ $v == PASS ]] || bench_failed=1
    done
fi

# The Inductor cache folder (issue 25): 8 x 500 graphs' wrapper modules of ~100 KiB among 24 Triton
# kernel modules of ~16 KiB per graph (100,000 modules, ~1.9 GB), `dvmlens-cli scan` of the folder
# against `find DIR -name 'c*.py' -exec cat {} + >/dev/null` of the same warm files, target 1.5 x, and
# peak RSS. BENCH_CACHE_GRAPHS overrides the graphs per rank; BENCH_CACHE=0 skips it.
if [[ ${BENCH_CACHE:-1} != 0 ]]; then
    cache_graphs=${BENCH_CACHE_GRAPHS:-500}
    cache="$out/cache-r8-g${cache_graphs}-k100-m24"
    if [[ ! -f "$cache.complete" ]]; then
        rm -rf "$cache"
        "$gentree" "$cache" --cache 24 --ranks 8 --graphs "$cache_graphs" --file-kb 100 --seed 1 >/dev/null
        touch "$cache.complete"
    fi
    find "$cache" -name 'c*.py' -exec cat {} + >/dev/null
    cache_mib=$(( $(du -sb "$cache" | cut -f1) / 1048576 ))
    cache_modules=$(find "$cache" -name 'c*.py' | wc -l)
    cat_cache() { find "$cache" -name 'c*.py' -exec cat {} + >/dev/null; }
    cache_scan() { "$cli" scan "$cache"; }
    t_cat_cache=$(best_of cat_cache)
    t_cache=$(best_of cache_scan)
    read -r cpu_cat_cache _ <<<"$(measure bash -c 'find "$1" -name "c*.py" -exec cat {} + >/dev/null' _ "$cache")"
    read -r cpu_cache rss_cache <<<"$(measure "$cli" scan "$cache")"
    r_cache=$(ratio "$t_cache" "$t_cat_cache")
    v_cache=$(awk -v r="$r_cache" 'BEGIN { print (r <= 1.5 ? "PASS" : "FAIL") }')
    v_rss_cache=$(verdict_rss "$rss_cache")
    echo
    echo "DVM Lens cache folder benchmark: $cache"
    echo "  $cache_mib MiB in $cache_modules modules; best of $runs, warm cache"
    echo
    printf "$row" "command" "wall s" "x find+cat" "" "CPU s" "peak RSS" "verdict"
    printf "$row" "find -exec cat" "$t_cat_cache" "1.00" "" "$cpu_cat_cache" "" ""
    printf "$row" "dvmlens-cli scan FOLDER" "$t_cache" "$r_cache" "" "$cpu_cache" \
        "$((rss_cache / 1024)) MiB" "$v_cache/$v_rss_cache"
    echo "  target: scan of the cache folder <= 1.5 x find -exec cat (time), peak RSS <= $((max_rss_kib / 1024)) MiB"
    for v in "$v_cache" "$v_rss_cache"; do
        [[ $v == PASS ]] || bench_failed=1
    done
fi

# The window (issue 12): time to all verdicts against scan, and a 10 MB file's first screen
# (window-bench.sh, offscreen). Needs DVMLENS_GUI (the bench target sets it when the GUI is
# built); BENCH_WINDOW=0 skips it.
if [[ -n ${DVMLENS_GUI:-} && ${BENCH_WINDOW:-1} != 0 ]]; then
    bash "$(dirname "$0")/window-bench.sh" "$tree" "$out" || bench_failed=1
fi
exit "$bench_failed"
