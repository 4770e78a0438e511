#!/usr/bin/env bash
# The demo. Installs what is missing, builds the frontier command, and runs what Frontier can
# run end to end today.
#
# The campaign runtime (coordinator and worker ranks running SymCC) has not landed yet, so this
# demo runs only the MPI link check: a real mpirun job in which a coordinator rank exchanges
# messages with two worker ranks through the Open MPI Java bindings. It does not run a campaign.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
"$root/scripts/setup.sh"
echo "demo: the campaign runtime is not built yet; running the MPI link check only" >&2
exec "$root/bin/frontier" mpi check --ranks 3
