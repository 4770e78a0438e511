#!/usr/bin/env bash
# Regenerates every generated part of the documentation from the code: the CLI reference
# (docs/reference/cli/: Markdown, AsciiDoc and man pages from the frontier command's picocli
# model), the exit-code table (docs/reference/exit-codes.md, from ExitCodes) and the benchmark
# result tables (docs/benchmarks/*.md, from docs/benchmarks/results/*.jsonl). The tests in
# tools (io.frontier.tools.docs) fail while a checked-in page differs from what this writes.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
exec mvn -B -q -Pdocs -pl tools -am process-test-classes "$@"
