#!/usr/bin/env bash
# bench/experiments/window-trace.sh [--runs R] [--baseline DIR] [--opts "JVM OPTIONS"]... [-- PROPERTIES]
# WindowTrace.java (the bw driver's window of 64 Isend / Irecv + ack, timed in blocks, posting and Waitall apart,
# bytes allocated per message) on 2 ranks of the threads transport, both bound to a core, in R JVMs per variant
# (default 4), variants interleaved. A variant is this build with one --opts string (repeatable; none: one variant
# with no options), and with --baseline DIR the built checkout DIR as well. Arguments after -- are -D properties
# for WindowTrace (e.g. -- -Dn=16 -Dblocks=150). Prints each JVM's summary lines (rank 0 and rank 1).
# An experiment, not a part of jmpi (bench/results/2026-12-07-window-trace.txt).
set -euo pipefail
cd "$(dirname "$0")/../.."
source bin/jmpi-env.sh
jmpi_need_lib
runs=4; baseline=; opts=(); props=()
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs=$2; shift 2 ;;
    --baseline) baseline=$(cd "$2" && pwd); shift 2 ;;
    --opts) opts+=("$2"); shift 2 ;;
    --) shift; props=("$@"); break ;;
    *) echo "window-trace.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
[ ${#opts[@]} -eq 0 ] && opts=("")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
builds=(this)
[ -n "$baseline" ] && builds=(base this)
for which in "${builds[@]}"; do
  lib="$JMPI_LIB"; [ "$which" = base ] && lib="$baseline/jmpi-dist/target/lib"
  mkdir -p "$tmp/$which"
  "$JMPI_JAVA_HOME/bin/javac" -d "$tmp/$which" -cp "$lib/*" bench/experiments/WindowTrace.java
done
echo "# window-trace.sh, $(date -u '+%Y-%m-%d %H:%M UTC'), host $(hostname), cores $(nproc), load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# this: $(git rev-parse --short HEAD)${baseline:+; base: $baseline ($(git -C "$baseline" rev-parse --short HEAD 2>/dev/null || echo unknown))}"
echo "# properties: ${props[*]:-(defaults)}"
for ((r = 1; r <= runs; r++)); do
  for which in "${builds[@]}"; do
    home=.; [ "$which" = base ] && home=$baseline
    for o in "${opts[@]}"; do
      echo "## run $r, $which, options: ${o:-none}"
      JMPI_JAVA_OPTS="$o ${props[*]:-}" "$home/bin/jmpirun" -np 2 -cp "$tmp/$which" --bind-to core --timeout 300 WindowTrace
    done
  done
done
