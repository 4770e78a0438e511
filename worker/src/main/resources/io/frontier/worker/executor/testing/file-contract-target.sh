#!/bin/sh
# A stand-in for a SymCC-instrumented program that follows SymCC's file contract without SymCC:
# it reads one input (a file argument, or standard input) and writes new inputs named 000000,
# 000001, ... into the output directory, deterministically, so campaign tests can count exactly.
#
# usage: file-contract-target [options] [INPUT]
#   --output-dir DIR   where children go (default: $SYMCC_OUTPUT_DIR, as for SymCC)
#   --children MODE    none (default): no child
#                      same: one fixed child, the same bytes for every input
#                      derived: FANOUT children made from the input, down to DEPTH generations
#   --fanout N         children per input in derived mode (default 1)
#   --depth N          generations in derived mode (default 1: children of seeds have none)
#   --sleep-ms N       sleep N milliseconds before writing children (default 0)
#   --crash-on TEXT    abort (SIGABRT) when the input contains TEXT, before writing children
#   --hang-on TEXT     sleep an hour, far past any test's time limit, when the input contains TEXT
#   --pruning-map FILE a SymCC pruning map (default: $SYMCC_AFL_COVERAGE_MAP, as for SymCC): the run
#                      notes which bits are set in it, then sets bit G, G being its input's generation
#   --pruning-log FILE append one line per run to FILE: "MAP G seen: B1 B2 ...", the bits it noted
#
# A derived child is the line "frontier-child G I" (generation G >= 1, index I) followed by the
# whole input; an input whose first line is such a line has generation G, any other input 0.
# Without an output directory it exits 2; with one that does not exist it exits 255, as SymCC does.
set -eu

mode=none
fanout=1
depth=1
sleep_ms=0
crash_on=
hang_on=
output_dir=${SYMCC_OUTPUT_DIR:-}
pruning_map=${SYMCC_AFL_COVERAGE_MAP:-}
pruning_log=

fail() {
    echo "file-contract-target: $1" >&2
    exit 2
}

number() {
    case $2 in
        ''|*[!0-9]*) fail "$1 needs a non-negative integer, got '$2'" ;;
    esac
}

while [ $# -gt 0 ]; do
    case $1 in
        --output-dir) [ $# -ge 2 ] || fail "$1 needs a value"; output_dir=$2; shift 2 ;;
        --children) [ $# -ge 2 ] || fail "$1 needs a value"; mode=$2; shift 2 ;;
        --fanout) [ $# -ge 2 ] || fail "$1 needs a value"; number "$1" "$2"; fanout=$2; shift 2 ;;
        --depth) [ $# -ge 2 ] || fail "$1 needs a value"; number "$1" "$2"; depth=$2; shift 2 ;;
        --sleep-ms) [ $# -ge 2 ] || fail "$1 needs a value"; number "$1" "$2"; sleep_ms=$2; shift 2 ;;
        --crash-on) [ $# -ge 2 ] || fail "$1 needs a value"; crash_on=$2; shift 2 ;;
        --hang-on) [ $# -ge 2 ] || fail "$1 needs a value"; hang_on=$2; shift 2 ;;
        --pruning-map) [ $# -ge 2 ] || fail "$1 needs a value"; pruning_map=$2; shift 2 ;;
        --pruning-log) [ $# -ge 2 ] || fail "$1 needs a value"; pruning_log=$2; shift 2 ;;
        --) shift; break ;;
        -?*) fail "unknown option $1" ;;
        *) break ;;
    esac
done
case $mode in
    none|same|derived) ;;
    *) fail "--children is none, same or derived, got '$mode'" ;;
esac
[ $# -le 1 ] || fail "at most one input, got $#"
[ -n "$output_dir" ] || fail "no output directory: pass --output-dir or set SYMCC_OUTPUT_DIR"
if [ ! -d "$output_dir" ]; then
    echo "Error: the output directory $output_dir (configurable via SYMCC_OUTPUT_DIR) does not exist." >&2
    exit 255
fi

copied_stdin=
if [ $# -eq 1 ]; then
    input=$1
    [ -f "$input" ] && [ -r "$input" ] || fail "input is not a readable file: $input"
else
    copied_stdin=$(mktemp)
    trap 'rm -f "$copied_stdin"' EXIT
    input=$copied_stdin
    cat > "$input"
fi

if [ "$sleep_ms" -gt 0 ]; then
    sleep "$(printf '%d.%03d' $((sleep_ms / 1000)) $((sleep_ms % 1000)))"
fi

if [ -n "$crash_on" ] && grep -qF -e "$crash_on" "$input"; then
    # A signal skips the EXIT trap, so the copy of standard input goes first.
    [ -z "$copied_stdin" ] || rm -f "$copied_stdin"
    kill -s ABRT $$
fi

if [ -n "$hang_on" ] && grep -qF -e "$hang_on" "$input"; then
    sleep 3600
fi

generation=0
first=$(head -c 64 "$input" | head -n 1 | tr -d '\000')
case $first in
    "frontier-child "*)
        rest=${first#frontier-child }
        candidate=${rest%% *}
        case $candidate in
            ''|*[!0-9]*) ;;
            *) generation=$candidate ;;
        esac
        ;;
esac

if [ -n "$pruning_map" ]; then
    # One byte per line, so line N-1 is byte N-1 of the map and its bit b is bit 8(N-1)+b.
    seen=
    if [ -f "$pruning_map" ]; then
        seen=$(od -An -v -tu1 -w1 "$pruning_map" | awk '{ v = $1; for (b = 0; b < 8; b++) {
            if (v % 2) printf " %d", (NR - 1) * 8 + b; v = int(v / 2) } }')
    fi
    if [ -n "$pruning_log" ]; then
        printf '%s %d seen:%s\n' "$pruning_map" "$generation" "$seen" >> "$pruning_log"
    fi
    offset=$((generation / 8))
    old=$(od -An -tu1 -j "$offset" -N1 "$pruning_map" 2>/dev/null | tr -d ' ') || old=
    new=$(( ${old:-0} | (1 << (generation % 8)) ))
    printf "$(printf '\\%03o' "$new")" | dd of="$pruning_map" bs=1 seek="$offset" conv=notrunc status=none
fi

case $mode in
    same)
        printf 'frontier same child\n' > "$output_dir/000000"
        ;;
    derived)
        if [ "$generation" -lt "$depth" ]; then
            i=0
            while [ "$i" -lt "$fanout" ]; do
                { printf 'frontier-child %d %d\n' $((generation + 1)) "$i"; cat "$input"; } \
                    > "$output_dir/$(printf '%06d' "$i")"
                i=$((i + 1))
            done
        fi
        ;;
esac
exit 0
