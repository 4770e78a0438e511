#!/usr/bin/env bash
# Installs what is missing (scripts/setup.sh), then builds Frontier and runs every test:
# unit tests (*Test) and integration tests (*IT, real mpirun) with `mvn verify`.
# Extra arguments go to Maven, e.g. scripts/test.sh -pl store-schema
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
"$root/scripts/setup.sh"
cd "$root"
exec mvn -B ${CI:+--no-transfer-progress} verify "$@"
