#!/usr/bin/env bash
# wait-yield.sh [--rounds N (default 5)] [--steps "0 64"] [--keep DIR]
# What the spin phase's yields (jmpi.wait.spinYieldSteps, jmpi-spi Backoff) change, in one build: the short
# collective runs where two threads ranks on a 2-core machine end up sharing one core while a JIT compiler thread
# holds the other (issue 16). Per round and per setting (interleaved, the order alternating between rounds), one
# CollSweep job of 2 threads ranks: bcast forced to scatter_allgather and allreduce forced to shared_slices at
# 800, 8000, 80 000 and 800 000 bytes, 200 calls after 20 warm-up calls (plus CollSweep's 1 s JIT warm-up), the
# short run in which the stalls were found. Then the ping-pong latency and the window-of-64 bandwidth of
# 1 B - 1 MiB (bin/jmpibench latency / bw, whose waits are shorter or longer than a spin phase). Each round holds
# /tmp/jmpi-bench.lock. Prints every round's times and, per point and setting, the median and min over rounds.
# Setting 0 is the default (spin 50 us, then yield, then park); 64 yields every 64 idle steps of the spin phase.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
rounds=5; steps="0 64"; keep=
while [ $# -gt 0 ]; do
  [ $# -ge 2 ] || { echo "wait-yield.sh: $1 needs a value" >&2; exit 2; }
  case "$1" in
    --rounds) rounds=$2 ;; --steps) steps=$2 ;; --keep) keep=$2 ;;
    *) echo "wait-yield.sh: unknown option $1" >&2; exit 2 ;;
  esac
  shift 2
done
source "$here/bin/jmpi-env.sh"
jmpi_need_lib
out=${keep:-$(mktemp -d)}; mkdir -p "$out"
echo "# wait-yield.sh: jmpi.wait.spinYieldSteps in {$steps}, $rounds interleaved rounds, $(date -u '+%Y-%m-%d %H:%M UTC')"
echo "# host $(hostname), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), jmpi $(git -C "$here" rev-parse --short HEAD 2>/dev/null || echo '?')"
echo "# load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# reproduce: bench/wait-yield.sh --rounds $rounds --steps \"$steps\""
exec 9>/tmp/jmpi-bench.lock
for r in $(seq 1 "$rounds"); do
  flock 9
  order=$steps
  [ $((r % 2)) = 0 ] && order=$(echo "$steps" | tr ' ' '\n' | tac | tr '\n' ' ')
  for s in $order; do
    opts="-Xmx8g -Djmpi.wait.spinYieldSteps=$s"
    "$JMPI_JAVA_HOME/bin/java" $opts -Djmpi.coll.bcast=scatter_allgather -Djmpi.coll.allreduce=shared_slices \
      -cp "$JMPI_LIB/*" jmpi.launcher.Jmpirun -np 2 -cp "$JMPI_LIB/jmpi-bench.jar" jmpi.bench.CollSweep \
      --collectives bcast,allreduce --forced-only true --sizes 800,8000,80000,800000 --iters 200 --warmup 20 \
      > "$out/coll.$s.$r" 2>&1
    JMPI_JAVA_OPTS="-Djmpi.wait.spinYieldSteps=$s" "$here/bin/jmpibench" latency --min 1 --max 1M > "$out/lat.$s.$r" 2>&1
    JMPI_JAVA_OPTS="-Djmpi.wait.spinYieldSteps=$s" "$here/bin/jmpibench" bw --min 1 --max 1M > "$out/bw.$s.$r" 2>&1
  done
  flock -u 9
  echo "# round $r done, load $(cut -d' ' -f1-3 /proc/loadavg)"
done
python3 - "$out" "$rounds" $steps <<'PY'
import sys, re, statistics, collections
out, rounds, steps = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
def rows(path, kind):
    res = {}
    for line in open(path):
        p = line.split()
        if kind == 'coll' and line.startswith('SWEEP '):
            res[(p[1] + ' ' + p[3] + ' B us')] = float(p[5])
        elif kind != 'coll' and len(p) == 3 and p[0].isdigit():
            res[(kind + ' ' + p[0] + ' B ' + ('us' if kind == 'lat' else 'MB/s'))] = float(p[2])
    return res
data = collections.defaultdict(lambda: collections.defaultdict(list))
for kind in ('coll', 'lat', 'bw'):
    for s in steps:
        for r in range(1, rounds + 1):
            for k, v in rows(f"{out}/{kind}.{s}.{r}", kind).items():
                data[k][s].append(v)
print("# per point and setting: every round's value, then median and min (bandwidth: max) over the rounds")
print("# %-22s" % "point" + "".join("%-36s" % ("steps=" + s) for s in steps) + "median ratio %s/%s" % (steps[-1], steps[0]))
for k in data:
    cells = []
    meds = []
    for s in steps:
        v = data[k][s]
        best = max(v) if 'MB/s' in k else min(v)
        med = statistics.median(v) if v else float('nan')
        meds.append(med)
        cells.append("%-36s" % (" ".join("%.3g" % x for x in v) + "  med %.3g best %.3g" % (med, best)))
    print("  %-22s" % k + "".join(cells) + "%.2f" % (meds[-1] / meds[0] if meds[0] else float('nan')))
PY
