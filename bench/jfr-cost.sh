#!/usr/bin/env bash
# jfr-cost.sh --baseline DIR [--rounds N (default 5)] [--keep DIR]
# What jmpi's JFR events cost: ping-pong latency 1 B - 1 KiB and allreduce / barrier latency (2 ranks, threads
# transport) of three sides, interleaved in each round (base and off alternate which runs first): "base" (the jmpi build in DIR, without the events: e.g.
# `git worktree add --detach /tmp/base <commit> && (cd /tmp/base && bin/build)`), "off" (this build, events
# compiled in and disabled) and "on" (this build under `jmpirun --profile`: jmpi's events with stack traces plus
# the JDK's default settings). Each round holds /tmp/jmpi-bench.lock. Prints per size each side's median (and
# min) over the rounds and the ratios off/base and on/base of the medians (and of the mins); 1.00 = no cost.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
baseline=; rounds=5; keep=
while [ $# -gt 0 ]; do
  case "$1" in
    --baseline) baseline=$2; shift 2 ;;
    --rounds) rounds=$2; shift 2 ;;
    --keep) keep=$2; shift 2 ;;
    *) echo "jfr-cost.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
[ -n "$baseline" ] && [ -x "$baseline/bin/jmpibench" ] || { echo "jfr-cost.sh: --baseline DIR (a built jmpi checkout) is required" >&2; exit 2; }
out=${keep:-$(mktemp -d)}; mkdir -p "$out"
source "$here/bin/jmpi-env.sh"
on() { # BENCH-ARGS...: this build's driver under jmpirun --profile
  local class=$1; shift
  "$JMPI_JAVA_HOME/bin/java" -cp "$JMPI_LIB/*" jmpi.launcher.Jmpirun --profile "$out/on.jfr" -np 2 --transport threads \
    -cp "$JMPI_LIB/jmpi-bench.jar" "$class" "$@" --transport threads --command "jfr-cost on" 2>/dev/null
}
exec 9>/tmp/jmpi-bench.lock
for r in $(seq 1 "$rounds"); do
  flock 9
  # odd rounds base first, even rounds this build first: no side always runs first
  if [ $((r % 2)) = 1 ]; then first=$baseline; second=$here; fs=base; ss=off; else first=$here; second=$baseline; fs=off; ss=base; fi
  "$first/bin/jmpibench" latency --min 1 --max 1K > "$out/lat.$fs.$r"
  "$second/bin/jmpibench" latency --min 1 --max 1K > "$out/lat.$ss.$r"
  on jmpi.bench.Latency --min 1 --max 1K > "$out/lat.on.$r"
  for c in allreduce barrier; do
    "$first/bin/jmpibench" $c --sizes 8 --iters 20000 --warmup 2000 > "$out/$c.$fs.$r"
    "$second/bin/jmpibench" $c --sizes 8 --iters 20000 --warmup 2000 > "$out/$c.$ss.$r"
    on jmpi.bench.Collective $c --sizes 8 --iters 20000 --warmup 2000 > "$out/$c.on.$r"
  done
  flock -u 9
  echo "round $r done" >&2
done
python3 - "$out" "$rounds" <<'PY'
import sys, statistics as st
out, rounds = sys.argv[1], int(sys.argv[2])
def table(name, col):
    rows = {}
    for side in ("base", "off", "on"):
        for r in range(1, rounds + 1):
            for line in open(f"{out}/{name}.{side}.{r}"):
                f = line.split()
                if f and f[0].isdigit():
                    rows.setdefault(int(f[0]), {}).setdefault(side, []).append(float(f[col]))
    print(f"{name}: us; median and (min) of {rounds} rounds, each round base and off (alternating first), then on")
    print(f"{'bytes':>8} {'base':>16} {'off':>16} {'on':>16} {'off/base':>14} {'on/base':>14}")
    for size, s in sorted(rows.items()):
        med = {k: st.median(s[k]) for k in ("base", "off", "on")}
        low = {k: min(s[k]) for k in ("base", "off", "on")}
        cell = lambda k: f"{med[k]:.3f} ({low[k]:.3f})"
        ratio = lambda k: f"{med[k] / med['base']:.2f} ({low[k] / low['base']:.2f})"
        print(f"{size:>8} {cell('base'):>16} {cell('off'):>16} {cell('on'):>16} {ratio('off'):>14} {ratio('on'):>14}")
table("lat", 2)
table("allreduce", 2)
table("barrier", 2)
PY
echo "raw outputs in $out" >&2
