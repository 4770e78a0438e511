#!/usr/bin/env bash
# The demo: a real campaign, end to end, on the embedded store. Installs what is missing, builds
# the frontier command, creates a campaign in a temporary directory (or DEMO_DIR), and runs one
# job of 1 coordinator and 3 worker ranks with mpirun until quiescence.
#
# The target is Frontier's file-contract stand-in for a SymCC-instrumented program: it reads its
# input and writes new inputs into SymCC's output directory, here two children per seed, so the
# campaign has 4 seeds, 8 children and 12 executions, every one committed through the manifest.
# SymCC itself is not installed by this script; see README.md for a SymCC campaign.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
"$root/scripts/setup.sh"
frontier="$root/bin/frontier"
"$frontier" --version >/dev/null

demo=${DEMO_DIR:-$(mktemp -d -t frontier-demo-XXXXXX)}
mkdir -p "$demo/seeds" "$demo/bin"
for word in alpha beta gamma delta; do
  printf '%s\n' "$word" > "$demo/seeds/$word"
done
target=$(java -cp "$root/tools/target/frontier.jar" io.frontier.worker.executor.testing.FileContractTarget "$demo/bin")
cat > "$demo/executor.json" <<JSON
{"type": "command",
 "command": ["$target", "--children", "derived", "--fanout", "2", "--output-dir", "{output_dir}", "{input}"],
 "input": "file", "environment": {},
 "limits": {"addressSpaceMiB": 1024, "cpuSeconds": 60, "fileSizeMiB": 16}}
JSON

echo "demo: campaign in $demo/campaign" >&2
status=0
"$frontier" run "$demo/campaign" --coordinators 1 --workers 3 --seeds "$demo/seeds" \
  --executor "$demo/executor.json" --time-limit 10000 --max-time 300 || status=$?
echo >&2
echo "demo: exit code $status; corpus: $(ls "$demo/campaign/corpus" | wc -l) objects;" \
  "summary: $demo/campaign/reports/summary-epoch-1.json" >&2
exit "$status"
