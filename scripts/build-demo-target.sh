#!/usr/bin/env bash
# Builds the demo target (examples/demo-target/chunks.c) for a hybrid campaign:
#   <out-dir>/demo-afl    AFL++-instrumented, with AddressSanitizer (afl-cc, AFL_USE_ASAN=1): the
#                         program of the afl executor and of coverage triage
#   <out-dir>/demo-symcc  SymCC-instrumented, only when SYMCC names a SymCC installation (its
#                         compiler is $SYMCC/bin/symcc or $SYMCC/symcc)
# A binary is rebuilt only when its source, its compiler or its flags changed (a stamp beside it
# records them), so a second run does nothing. Exit codes: 0 built or up to date, 2 a compiler is
# missing or the build failed.
#
# Usage: scripts/build-demo-target.sh <out-dir>
set -euo pipefail

say() { printf 'build-demo-target: %s\n' "$*" >&2; }
die() { printf 'build-demo-target: error: %s\n' "$*" >&2; exit 2; }

[ $# -eq 1 ] || die "usage: scripts/build-demo-target.sh <out-dir>"
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
source_file="$root/examples/demo-target/chunks.c"
out_dir=$1
mkdir -p "$out_dir"
out_dir=$(cd "$out_dir" && pwd)

# build NAME COMPILER ENV... -- FLAGS...: compiles chunks.c into <out-dir>/NAME unless its stamp matches.
build() {
  local name=$1 compiler=$2
  shift 2
  local environment=()
  while [ "$1" != "--" ]; do
    environment+=("$1")
    shift
  done
  shift
  local binary="$out_dir/$name" stamp="$out_dir/.$name.stamp" wanted
  wanted=$(printf 'source %s\ncompiler %s %s\nenvironment %s\nflags %s\n' \
    "$(sha256sum "$source_file" | cut -d' ' -f1)" "$compiler" "$(sha256sum "$compiler" | cut -d' ' -f1)" \
    "${environment[*]}" "$*")
  if [ -x "$binary" ] && [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$wanted" ]; then
    say "$binary is up to date"
    return 0
  fi
  say "building $binary"
  rm -f "$stamp"
  env "${environment[@]}" "$compiler" "$@" -o "$binary.tmp" "$source_file" ||
    die "$compiler failed to build $binary"
  mv "$binary.tmp" "$binary"
  printf '%s\n' "$wanted" > "$stamp"
}

afl_cc=$(command -v afl-cc || true)
[ -n "$afl_cc" ] || die "afl-cc not found: install AFL++ (scripts/setup.sh does, as root)"
# AFL_QUIET keeps afl-cc's banner out of the log; the build is the same without it.
build demo-afl "$afl_cc" AFL_USE_ASAN=1 AFL_QUIET=1 -- -g

if [ -n "${SYMCC:-}" ]; then
  symcc=""
  for candidate in "$SYMCC/bin/symcc" "$SYMCC/symcc"; do
    if [ -x "$candidate" ]; then
      symcc=$candidate
      break
    fi
  done
  [ -n "$symcc" ] || die "SYMCC=$SYMCC holds neither bin/symcc nor symcc"
  build demo-symcc "$symcc" -- -g
fi
