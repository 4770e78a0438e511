#!/usr/bin/env bash
# The demo: a real fuzzing campaign, end to end, on the embedded store. Installs what is missing
# (Open MPI and its Java bindings, AFL++, Chromium), builds the frontier command and the demo
# target (examples/demo-target: a chunk-format parser with one planted stack buffer overflow),
# creates a campaign in a temporary directory (or DEMO_DIR), and runs one job of 1 coordinator and
# 3 worker ranks with mpirun. Each execution is a bounded afl-fuzz run seeded with one input; each
# child is triaged with afl-showmap against the campaign's edge map in the store, and only children
# that reach new coverage join the frontier. The job stops at quiescence or at its wall-time budget
# (DEMO_BUDGET seconds, default 180), then the script prints the findings (the planted bug, grouped
# by its stack signature), copies their inputs out, and writes the HTML report.
#
# With SYMCC naming a SymCC installation, the demo target is also built with SymCC and the
# campaign is hybrid: SymCC runs the seeds and what AFL++ found, AFL++ fuzzes what SymCC found.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
"$root/scripts/setup.sh"
frontier="$root/bin/frontier"
"$frontier" --version >/dev/null

demo=${DEMO_DIR:-$(mktemp -d -t frontier-demo-XXXXXX)}
budget=${DEMO_BUDGET:-180}
mkdir -p "$demo/seeds" "$demo/bin"
cp "$root"/examples/demo-target/seeds/* "$demo/seeds/"
"$root/scripts/build-demo-target.sh" "$demo/bin"

cat > "$demo/afl.json" <<JSON
{"type": "afl", "target": "$demo/bin/demo-afl", "arguments": ["@@"], "runSeconds": 15, "runExecutions": 0,
 "execTimeoutMillis": 1000, "memoryLimitMiB": 0, "dictionary": null, "environment": {},
 "limits": {"addressSpaceMiB": 0, "cpuSeconds": 0, "fileSizeMiB": 64}}
JSON
cat > "$demo/triage.json" <<JSON
{"program": "$demo/bin/demo-afl", "arguments": ["@@"], "timeoutMillis": 1000}
JSON
executors=(--executor "$demo/afl.json")
if [ -n "${SYMCC:-}" ] && [ -x "$demo/bin/demo-symcc" ]; then
  cat > "$demo/symcc.json" <<JSON
{"type": "symcc", "target": "$demo/bin/demo-symcc", "arguments": ["{input}"], "input": "file",
 "coverageMap": true, "linearization": false, "environment": {},
 "limits": {"addressSpaceMiB": 0, "cpuSeconds": 0, "fileSizeMiB": 64}}
JSON
  executors=(--executor "$demo/symcc.json" --executor "$demo/afl.json")
  echo "demo: hybrid campaign (SymCC from $SYMCC and AFL++)" >&2
fi

echo "demo: campaign in $demo/campaign; stops at quiescence or after $budget s" >&2
status=0
# A DEMO_DIR that already holds the campaign keeps its settings: run refuses creation options there.
creation=(--seeds "$demo/seeds" "${executors[@]}" --triage "$demo/triage.json" --time-limit 60000)
if [ -e "$demo/campaign/campaign.json" ]; then
  creation=()
fi
job=0
"$frontier" run "$demo/campaign" --coordinators 1 --workers 3 "${creation[@]}" \
  --budget-time "$budget" --max-time $((budget + 300)) ||
  job=$?
echo >&2
# 75: the job stopped at its budget before quiescence, as the demo means it to; resume carries on.
if [ "$job" -eq 75 ]; then
  echo "demo: the campaign stopped at its $budget-s budget (exit 75); frontier resume $demo/campaign carries on" >&2
elif [ "$job" -ne 0 ]; then
  status=$job
fi
"$frontier" findings "$demo/campaign" --copy-to "$demo/findings" >&2 || status=$?
"$frontier" report "$demo/campaign" >&2 || status=$?
echo "demo: exit code $status; findings copied to $demo/findings;" \
  "report: $demo/campaign/reports/report.html; summary: $demo/campaign/reports/summary-epoch-1.json" >&2
exit "$status"
