#!/usr/bin/env bash
# Makes this machine ready to build and run Frontier, installing only what is missing:
#   - a JDK (17 or newer) and Maven,
#   - the process tools executors use (setsid and prlimit from util-linux, kill from procps) and
#     the ones the filesystem-failure tests use (mount, losetup, mkfs.ext2),
#   - AFL++ (Debian: afl++, with clang) for the afl executor, coverage triage and the demo target,
#     clang's AddressSanitizer runtime (Debian: libclang-rt-<major>-dev) for the demo target's
#     sanitized build, and llvm-symbolizer (Debian: llvm) so sanitizer reports name functions,
#   - Chromium (Debian: chromium), which the report's screenshot test drives headless,
#   - Open MPI with its JNI library libmpi_java.so (Debian: openmpi-bin, libopenmpi-dev),
#   - the Open MPI Java bindings (mpi.jar) in the local Maven repository under the one
#     coordinate the build pins (org.open-mpi:mpi-java:installed).
# The jar is taken from beside the MPI installation when an HPC build made with
# --enable-mpi-java put it there, or compiled from the Java sources of Debian's openmpi source
# package of the installed version. Either way the jar is checked against libmpi_java.so (same
# Open MPI version) before it is installed. A second run with everything in place changes
# nothing and takes about a second (most of it the trial AddressSanitizer build).
#
# Environment:
#   MPI_HOME          use the Open MPI installed under this prefix (bin/ompi_info, lib/mpi.jar)
#   FRONTIER_MPI_JAR  use this mpi.jar instead of searching for one
#   FRONTIER_M2_REPO  local Maven repository (default: ~/.m2/repository)
set -euo pipefail

say() { printf 'setup: %s\n' "$*" >&2; }
die() { printf 'setup: error: %s\n' "$*" >&2; exit 2; }

repo_local="${FRONTIER_M2_REPO:-$HOME/.m2/repository}"
coordinate_dir="$repo_local/org/open-mpi/mpi-java/installed"
installed_jar="$coordinate_dir/mpi-java-installed.jar"
stamp="$coordinate_dir/frontier-setup.properties"
cache_dir="${XDG_CACHE_HOME:-$HOME/.cache}/frontier"

apt_updated=0
apt_install() {
  command -v apt-get >/dev/null 2>&1 || die "missing $* and this is not a Debian-like system: install it by hand"
  [ "$(id -u)" -eq 0 ] || die "missing $*: run this script as root once, or install: apt-get install $*"
  if [ "$apt_updated" -eq 0 ]; then
    say "apt-get update"
    DEBIAN_FRONTEND=noninteractive apt-get update -q >/dev/null
    apt_updated=1
  fi
  say "installing $*"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "$@" >/dev/null
}

java_major() {
  java -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p'
}

ensure_toolchain() {
  if ! command -v javac >/dev/null 2>&1 || [ "$(java_major)" -lt 17 ]; then
    apt_install openjdk-17-jdk-headless
  fi
  command -v mvn >/dev/null 2>&1 || apt_install maven
}

ensure_process_tools() {
  local missing=()
  command -v setsid >/dev/null 2>&1 && command -v prlimit >/dev/null 2>&1 || missing+=(util-linux)
  command -v losetup >/dev/null 2>&1 && command -v mount >/dev/null 2>&1 || missing+=(mount)
  command -v kill >/dev/null 2>&1 && command -v ps >/dev/null 2>&1 || missing+=(procps)
  command -v mkfs.ext2 >/dev/null 2>&1 || missing+=(e2fsprogs)
  [ ${#missing[@]} -eq 0 ] || apt_install "${missing[@]}"
}

ensure_fuzzing_tools() {
  local missing=()
  command -v afl-fuzz >/dev/null 2>&1 && command -v afl-showmap >/dev/null 2>&1 && command -v afl-cc >/dev/null 2>&1 ||
    missing+=(afl++)
  command -v llvm-symbolizer >/dev/null 2>&1 || missing+=(llvm)
  command -v chromium >/dev/null 2>&1 || missing+=(chromium)
  [ ${#missing[@]} -eq 0 ] || apt_install "${missing[@]}"
  ensure_asan_runtime
}

# The demo target is built with AddressSanitizer. Debian's clang links ASan programs against
# compiler-rt's libraries, which come in a package of their own (libclang-rt-<major>-dev) that
# afl++ does not pull in: a trial build with afl-cc says whether they are there.
ensure_asan_runtime() {
  local trial major
  trial=$(mktemp -d)
  printf 'int main(void) { return 0; }\n' > "$trial/trial.c"
  if AFL_QUIET=1 AFL_USE_ASAN=1 afl-cc "$trial/trial.c" -o "$trial/trial" >/dev/null 2>&1; then
    rm -rf "$trial"
    return
  fi
  rm -rf "$trial"
  major=$(afl-cc --version 2>/dev/null | grep -o 'clang version [0-9]*' | head -n 1 | grep -o '[0-9]*$' || true)
  [ -n "$major" ] || die "afl-cc cannot build with AddressSanitizer and its clang version is unknown"
  apt_install "libclang-rt-$major-dev"
}

ompi_info_bin() {
  if [ -n "${MPI_HOME:-}" ]; then
    [ -x "$MPI_HOME/bin/ompi_info" ] || die "MPI_HOME=$MPI_HOME has no bin/ompi_info"
    echo "$MPI_HOME/bin/ompi_info"
  else
    command -v ompi_info 2>/dev/null || true
  fi
}

ensure_open_mpi() {
  local info
  info=$(ompi_info_bin)
  if [ -z "$info" ]; then
    apt_install openmpi-bin libopenmpi-dev
    info=$(ompi_info_bin)
    [ -n "$info" ] || die "ompi_info still not found after installing openmpi-bin"
  fi
  local parsable
  parsable=$("$info" --parsable; "$info" --parsable --path all)
  ompi_version=$(sed -n 's/^ompi:version:full://p' <<<"$parsable")
  ompi_prefix=$(sed -n 's/^path:prefix://p' <<<"$parsable")
  ompi_libdir=$(sed -n 's/^path:libdir://p' <<<"$parsable")
  [ -n "$ompi_version" ] || die "$info did not report ompi:version:full"
  if [ "$(sed -n 's/^bindings:java://p' <<<"$parsable")" != "yes" ] || [ ! -e "$ompi_libdir/libmpi_java.so" ]; then
    if [ -z "${MPI_HOME:-}" ] && command -v dpkg >/dev/null 2>&1 && ! dpkg -s libopenmpi-dev >/dev/null 2>&1; then
      apt_install libopenmpi-dev
    fi
    [ -e "$ompi_libdir/libmpi_java.so" ] ||
      die "Open MPI $ompi_version at $ompi_prefix has no $ompi_libdir/libmpi_java.so: it was built without --enable-mpi-java"
  fi
  command -v mpirun >/dev/null 2>&1 || [ -n "${MPI_HOME:-}" ] || apt_install openmpi-bin
}

# Fast path: the installed jar was made for this Open MPI and has not been touched since.
already_installed() {
  [ -f "$installed_jar" ] && [ -f "$stamp" ] || return 1
  grep -qx "open-mpi-version=$ompi_version" "$stamp" || return 1
  grep -qx "libdir=$ompi_libdir" "$stamp" || return 1
  grep -qx "jar-sha256=$(sha256sum "$installed_jar" | cut -d' ' -f1)" "$stamp" || return 1
}

find_jar_beside_installation() {
  local candidate
  for candidate in "${FRONTIER_MPI_JAR:-}" "$ompi_libdir/mpi.jar" "$ompi_prefix/lib/mpi.jar" \
                   "$ompi_prefix/lib64/mpi.jar" "$ompi_prefix/share/java/mpi.jar"; do
    if [ -n "$candidate" ] && [ -f "$candidate" ]; then
      echo "$candidate"
      return 0
    fi
  done
  return 1
}

ensure_deb_src() {
  if apt-get source --download-only --print-uris openmpi >/dev/null 2>&1; then
    return 0
  fi
  [ "$(id -u)" -eq 0 ] || die "no deb-src entry for openmpi: run as root once, or set FRONTIER_MPI_JAR"
  say "adding a deb-src entry for Debian's source packages"
  local suites
  suites=$(. /etc/os-release && echo "$VERSION_CODENAME $VERSION_CODENAME-updates")
  cat > /etc/apt/sources.list.d/frontier-deb-src.sources <<SOURCES
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: $suites
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SOURCES
  DEBIAN_FRONTEND=noninteractive apt-get update -q >/dev/null
  apt_updated=1
}

compile_jar_from_debian_source() {
  command -v dpkg-query >/dev/null 2>&1 ||
    die "no mpi.jar beside Open MPI at $ompi_prefix and no Debian source package to build one: set FRONTIER_MPI_JAR"
  local source_version upstream work
  source_version=$(dpkg-query -W -f '${source:Version}' libopenmpi-dev 2>/dev/null) ||
    die "libopenmpi-dev is not installed from a Debian package; set FRONTIER_MPI_JAR"
  upstream=${source_version#*:}
  upstream=${upstream%-*}
  [ "$upstream" = "$ompi_version" ] ||
    die "Debian's openmpi source is $upstream but ompi_info reports $ompi_version: the JNI library and the jar would not match"
  ensure_deb_src
  work="$cache_dir/openmpi-$source_version"
  mkdir -p "$work"
  if ! ls "$work"/openmpi_*.orig.tar.* >/dev/null 2>&1; then
    say "downloading Debian's openmpi $source_version source package"
    (cd "$work" && apt-get source --download-only -q "openmpi=$source_version" >/dev/null 2>&1) ||
      die "apt-get source openmpi=$source_version failed"
  fi
  rm -rf "$work/src" "$work/classes"
  mkdir -p "$work/src" "$work/classes"
  tar -xf "$work"/openmpi_*.orig.tar.* -C "$work/src" --wildcards '*/ompi/mpi/java/java/*.java'
  say "compiling the Open MPI $ompi_version Java bindings"
  javac -nowarn --release 17 -d "$work/classes" "$work"/src/*/ompi/mpi/java/java/*.java 2>&1 |
    grep -v -E '^Note:' >&2 || true
  [ -f "$work/classes/mpi/MPI.class" ] || die "compiling the Open MPI Java sources failed (see above)"
  printf 'Implementation-Title: Open MPI Java bindings\nImplementation-Version: %s\n' "$ompi_version" > "$work/manifest.txt"
  jar --create --file "$work/mpi.jar" --manifest "$work/manifest.txt" -C "$work/classes" .
  echo "$work/mpi.jar"
}

# The jar's JNI calls must resolve against this libmpi_java.so, and the native library must be
# the Open MPI version we expect: load both and ask the library for its version.
check_jar_against_library() {
  local jar=$1 probe_dir reported
  probe_dir=$(mktemp -d)
  trap 'rm -rf "$probe_dir"' RETURN
  cat > "$probe_dir/MpiVersionProbe.java" <<'JAVA'
public class MpiVersionProbe {
    public static void main(String[] args) throws Exception {
        System.out.println(mpi.MPI.getLibVersion());
    }
}
JAVA
  reported=$(java -Djava.library.path="$ompi_libdir" -cp "$jar" "$probe_dir/MpiVersionProbe.java" 2>&1) ||
    die "$jar does not load against $ompi_libdir/libmpi_java.so: $reported"
  case "$reported" in
    *"v$ompi_version"*) ;;
    *) die "$jar with $ompi_libdir/libmpi_java.so reports '$reported', expected Open MPI v$ompi_version" ;;
  esac
}

install_jar() {
  local jar=$1
  mkdir -p "$coordinate_dir"
  cp "$jar" "$installed_jar.tmp"
  mv "$installed_jar.tmp" "$installed_jar"
  cat > "$coordinate_dir/mpi-java-installed.pom" <<POM
<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>org.open-mpi</groupId>
  <artifactId>mpi-java</artifactId>
  <version>installed</version>
  <description>Open MPI $ompi_version Java bindings, installed by Frontier's scripts/setup.sh from $jar</description>
</project>
POM
  {
    echo "open-mpi-version=$ompi_version"
    echo "libdir=$ompi_libdir"
    echo "source=$jar"
    echo "jar-sha256=$(sha256sum "$installed_jar" | cut -d' ' -f1)"
  } > "$stamp"
  say "installed the Open MPI $ompi_version Java bindings as org.open-mpi:mpi-java:installed"
}

ensure_toolchain
ensure_process_tools
ensure_fuzzing_tools
ensure_open_mpi
[ -z "${FRONTIER_MPI_JAR:-}" ] || [ -f "$FRONTIER_MPI_JAR" ] || die "FRONTIER_MPI_JAR=$FRONTIER_MPI_JAR does not exist"
if already_installed; then
  say "Open MPI $ompi_version and its Java bindings are in place"
  exit 0
fi
if jar=$(find_jar_beside_installation); then
  say "using $jar"
else
  jar=$(compile_jar_from_debian_source)
fi
check_jar_against_library "$jar"
install_jar "$jar"
