#!/usr/bin/env bash
# bench/experiments/pin-ranks.sh [--rounds R]
# Does binding the two rank threads of a threads-transport job to separate cores remove the ~108 us stalls of
# 2-rank collectives (two ranks sharing one core while the JIT compiler holds the other, ARCHITECTURE "Waiting")?
# Runs the short CollSweep of bench/results/2026-11-28-peer-yield.txt R times each way, interleaved: "free" as
# jmpirun starts it, "pin" with jmpi-rank-0 moved to CPU 0 and jmpi-rank-1 to CPU 1 by taskset as soon as the
# threads exist (within tens of milliseconds of the start; the compiler and GC threads stay unbound).
# Columns: bcast 800, 8000, 80000, 800000 B, then allreduce 800, 8000, 80000, 800000 B, us per call.
# An experiment for a binding policy (jmpirun --bind-to core, say), not a part of jmpi.
set -euo pipefail
cd "$(dirname "$0")/../.."
source bin/jmpi-env.sh
rounds=3
[ "${1:-}" = --rounds ] && rounds=$2
out=$(mktemp)
trap 'rm -f "$out"' EXIT
run() {
  "$JMPI_JAVA_HOME/bin/java" -Xmx8g -Djmpi.coll.bcast=scatter_allgather -Djmpi.coll.allreduce=shared_slices \
    -cp 'jmpi-dist/target/lib/*' jmpi.launcher.Jmpirun -np 2 -cp jmpi-dist/target/lib/jmpi-bench.jar \
    jmpi.bench.CollSweep --collectives bcast,allreduce --forced-only true --sizes 800,8000,80000,800000 \
    --iters 200 --warmup 20 > "$out" 2>&1 &
  local pid=$!
  if [ "$1" = pin ]; then
    for _ in $(seq 1 200); do
      sleep 0.01
      local n=0
      for t in /proc/$pid/task/*; do
        case "$(cat "$t/comm" 2>/dev/null)" in
          jmpi-rank-0) taskset -p -c 0 "$(basename "$t")" >/dev/null; n=$((n + 1)) ;;
          jmpi-rank-1) taskset -p -c 1 "$(basename "$t")" >/dev/null; n=$((n + 1)) ;;
        esac
      done
      [ "$n" = 2 ] && break
    done
  fi
  wait "$pid"
  grep -v '^#' "$out" | awk '{printf "%8s", $6} END {print ""}'
}
echo "# pin-ranks.sh, $(date -u '+%Y-%m-%d %H:%M UTC'), host $(hostname), cores $(nproc), load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "#      bcast: 800    8000   80000  800000 allreduce: 800  8000   80000  800000 B (us per call)"
for ((r = 1; r <= rounds; r++)); do
  echo "free $(run free)"
  echo "pin  $(run pin)"
done
