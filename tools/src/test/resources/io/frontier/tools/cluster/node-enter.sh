#!/bin/sh
# node-enter NODE PROGRAM [ARGUMENT...]
# Runs PROGRAM on the emulated node NODE: in NODE's network namespace (/run/netns/NODE), with
# NODE as its host name (a UTS namespace of its own) and this cluster's hosts file as /etc/hosts
# (a mount namespace of its own, bind-mounted there and nowhere else, slave to the host's mounts
# so that the campaign directory and everything else stays shared). The program replaces this
# script: its pid is the one the caller started.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
if [ $# -lt 2 ]; then
    echo "usage: $0 NODE PROGRAM [ARGUMENT...]" >&2
    exit 255
fi
node=$1
shift
if [ ! -e "/run/netns/$node" ]; then
    echo "$0: no emulated node named $node (no /run/netns/$node)" >&2
    exit 255
fi
exec nsenter --net="/run/netns/$node" unshare --uts --mount --propagation slave \
    sh -c 'mount --bind "$1" /etc/hosts && hostname "$2" && shift 2 && exec "$@"' \
    node-enter "$here/hosts" "$node" "$@"
