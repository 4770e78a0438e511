#!/bin/sh
# node-rsh NODE COMMAND...
# Open MPI's remote shell agent (plm_rsh_agent) for the emulated cluster: like ssh, it joins the
# words of COMMAND with spaces and has a shell on NODE run the result (Open MPI quotes orted's
# arguments for that shell), entering NODE with node-enter.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
if [ $# -lt 2 ]; then
    echo "usage: $0 NODE COMMAND..." >&2
    exit 255
fi
node=$1
shift
exec "$here/node-enter" "$node" sh -c "$*"
