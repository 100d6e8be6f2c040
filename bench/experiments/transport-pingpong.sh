#!/usr/bin/env bash
# bench/experiments/transport-pingpong.sh --baseline DIR [--rounds R] [--sizes "8 64 1024"]
# The threads transport alone (TransportPingPong.java: trySendSmall + poll between two threads, no engine, no API)
# in two builds, the built checkout DIR and this one, R interleaved JVMs each (default 4) per size; prints per size
# and build the best of each JVM's last 4 rounds, one-way ns. Compiles the harness against each build's jars.
# An experiment, not a part of jmpi (used for the heap padding, bench/results/2026-11-29-line-padding.txt).
set -euo pipefail
cd "$(dirname "$0")/../.."
source bin/jmpi-env.sh
jmpi_need_lib
rounds=4; sizes="8 64 1024"; baseline=
while [ $# -gt 0 ]; do
  case "$1" in
    --baseline) baseline=$(cd "$2" && pwd) ;; --rounds) rounds=$2 ;; --sizes) sizes=$2 ;;
    *) echo "transport-pingpong.sh: unknown option $1" >&2; exit 2 ;;
  esac
  shift 2
done
[ -n "$baseline" ] && [ -f "$baseline/jmpi-dist/target/lib/jmpi-threads.jar" ] \
  || { echo "transport-pingpong.sh: --baseline DIR must name a built checkout" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for which in base this; do
  lib="$JMPI_LIB"; [ "$which" = base ] && lib="$baseline/jmpi-dist/target/lib"
  mkdir -p "$tmp/$which"
  "$JMPI_JAVA_HOME/bin/javac" -d "$tmp/$which" -cp "$lib/*" bench/experiments/TransportPingPong.java
done
echo "# transport-pingpong.sh, $(date -u '+%Y-%m-%d %H:%M UTC'), host $(hostname), cores $(nproc), load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# base: $baseline ($(git -C "$baseline" rev-parse --short HEAD 2>/dev/null || echo unknown)); this: $(git rev-parse --short HEAD)"
for size in $sizes; do
  for which in base this; do : > "$tmp/$which.$size"; done
  for ((r = 1; r <= rounds; r++)); do
    for which in base this; do
      lib="$JMPI_LIB"; [ "$which" = base ] && lib="$baseline/jmpi-dist/target/lib"
      flock /tmp/jmpi-bench.lock "$JMPI_JAVA_HOME/bin/java" -cp "$tmp/$which:$lib/*" TransportPingPong "$size" 2000000 \
        | tail -4 | awk '{ print $4 }' | sort -n | head -1 >> "$tmp/$which.$size"
    done
  done
  echo "size $size base: $(sort -n "$tmp/base.$size" | tr '\n' ' ')  this: $(sort -n "$tmp/this.$size" | tr '\n' ' ')"
done
