#!/usr/bin/env bash
# compare-coll.sh [--np "2 4 8"] [--max-doubles 10000000] [--iters 200] [--warmup 20] [--repeat R] [--keep DIR]
#                  [--baseline DIR]
# The points of Leus's broadcast/allreduce tables, jmpi against Open MPI on this host: MPI_Bcast and MPI_Allreduce (doubles, SUM) at
# 10^2 .. 10^7 doubles, each library with its own default algorithm choice. jmpi: bin/jmpibench's
# CollSweep on the threads transport (-Xmx8g), nothing forced; Open MPI: bench/c/coll.c built with
# mpicc.openmpi, run with mpirun.openmpi --allow-run-as-root --oversubscribe --bind-to none --mca btl
# self,vader (shared memory). More ranks than cores oversubscribes both sides (this host: $(nproc) cores).
# --repeat R interleaves R rounds and keeps each side's best (lowest) time per point.
# Prints per point both times (ms) and the ratio jmpi / Open MPI (< 1: jmpi faster), then the share of
# points with 2-8 ranks where jmpi is faster (issue 5's goal: 80 %).
# --baseline DIR adds another built jmpi checkout (e.g. a git worktree of an older commit) as a third side,
# interleaved in the same rounds, with its time and the ratio jmpi / baseline per point.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
nps="2 4 8"; max_doubles=10000000; iters=200; warmup=20; repeat=1; keep=; baseline=
while [ $# -gt 0 ]; do
  case "$1" in -h|--help) sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;; esac
  [ $# -ge 2 ] || { echo "compare-coll.sh: $1 needs a value" >&2; exit 2; }
  case "$1" in
    --np) nps=$2 ;;
    --max-doubles) max_doubles=$2 ;;
    --iters) iters=$2 ;;
    --warmup) warmup=$2 ;;
    --repeat) repeat=$2 ;;
    --keep) keep=$2 ;;
    --baseline) baseline=$(cd "$2" && pwd) ;;
    -h|--help) sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "compare-coll.sh: unknown option $1" >&2; exit 2 ;;
  esac
  shift 2
done
command -v mpicc.openmpi >/dev/null || { echo "compare-coll.sh: needs mpicc.openmpi (apt-get install -y openmpi-bin libopenmpi-dev)" >&2; exit 2; }
source "$root/bin/jmpi-env.sh"
jmpi_need_lib
if [ -n "$baseline" ] && [ ! -f "$baseline/jmpi-dist/target/lib/jmpi-bench.jar" ]; then
  echo "compare-coll.sh: --baseline $baseline is not built; run bin/build there" >&2; exit 2
fi
jmpi_sweep() { # lib-dir np output
  # shellcheck disable=SC2086
  "$JMPI_JAVA_HOME/bin/java" ${JMPI_JAVA_OPTS:-} -Xmx8g -cp "$1/*" jmpi.launcher.Jmpirun -np "$2" \
    --transport threads -cp "$1/jmpi-bench.jar" jmpi.bench.CollSweep --repeat 1 --collectives bcast,allreduce \
    --sizes "$sizes" --iters "$iters" --warmup "$warmup" --mem-cap 4800M > "$3"
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
out=${keep:-$tmp}
mkdir -p "$out"
mpicc.openmpi -O2 -o "$tmp/coll" "$here/c/coll.c"
sizes=; d=100
while [ "$d" -le "$max_doubles" ]; do sizes+="${sizes:+,}$((d * 8))"; d=$((d * 10)); done
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
for ((k = 1; k <= repeat; k++)); do
  for np in $nps; do
    echo "compare-coll.sh: round $k of $repeat, $np ranks" >&2
    for c in bcast allreduce; do
      mpirun.openmpi --allow-run-as-root --oversubscribe -np "$np" --bind-to none --mca btl self,vader \
        "$tmp/coll" "$c" --max-doubles "$max_doubles" --iters "$iters" --warmup "$warmup" > "$out/openmpi-$c-np$np.$k.txt"
    done
    jmpi_sweep "$JMPI_LIB" "$np" "$out/jmpi-np$np.$k.txt"
    [ -n "$baseline" ] && jmpi_sweep "$baseline/jmpi-dist/target/lib" "$np" "$out/baseline-np$np.$k.txt"
  done
done
load_after=$(cut -d' ' -f1-3 /proc/loadavg)
best() { grep -h '^SWEEP' "$@" | awk '{ k = $2 " " $3 " " $4; if (!(k in v) || $6 < v[k]) { v[k] = $6; a[k] = $5 } } END { for (k in v) print k, v[k], a[k] }' | sort -k1,1 -k2,2n -k3,3n; }
best "$out"/openmpi-*.txt > "$tmp/o"
best "$out"/jmpi-*.txt > "$tmp/j"
[ -n "$baseline" ] && best "$out"/baseline-*.txt > "$tmp/b"
echo "# jmpi vs Open MPI, default collective algorithms, one host, $(date -u '+%Y-%m-%d %H:%M UTC')"
echo "# host: $(hostname), cores: $(nproc) (ranks > cores are oversubscribed on both sides), load average before: $load_before, after: $load_after"
echo "# Open MPI: $(grep -m1 '^# MPI:' "$out"/openmpi-bcast-np*.1.txt | head -1 | sed 's/^.*# MPI: *//') (bench/c/coll.c, gcc -O2; mpirun --oversubscribe --bind-to none --mca btl self,vader)"
echo "# jmpi: $(grep -m1 '^# JVM:' "$out"/jmpi-np*.1.txt | head -1 | sed 's/^.*# JVM: *//'), threads transport, -Xmx8g, built-in selection table (algorithm chosen per point: see jmpi's column)"
echo "# per point: the average over ranks of each rank's time per call; --iters $iters timed after $warmup warm-up up to 64 KiB, scaled by 64K/size above (at least 4)"
echo "# rounds: $repeat, interleaved; each value is the best of the rounds; ratio = jmpi / Open MPI (< 1: jmpi faster)"
[ -n "$baseline" ] && echo "# baseline: the jmpi build in $baseline (commit $(git -C "$baseline" rev-parse --short HEAD 2>/dev/null || echo unknown)); jmpi: commit $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)$(git -C "$root" diff --quiet 2>/dev/null || echo ' with uncommitted changes'); same options"
echo "# reproduce: bench/compare-coll.sh --np \"$nps\" --max-doubles $max_doubles --iters $iters --warmup $warmup --repeat $repeat${baseline:+ --baseline $baseline}"
grep -h '^# skipped' "$out"/*.txt | sort -u || true
echo
[ -z "$baseline" ] && printf '%-10s %6s %10s %14s %14s %8s %s\n' collective ranks doubles openmpi_ms jmpi_ms ratio jmpi_algorithm
join -j1 <(awk '{ print $1 "/" $2 "/" $3, $4 }' "$tmp/o" | sort) <(awk '{ print $1 "/" $2 "/" $3, $4, $5 }' "$tmp/j" | sort) |
  tr '/' ' ' | sort -k1,1 -k2,2n -k3,3n |
  awk '{ sub(/^default:/, "", $6); printf "%-10s %6d %10d %14.4f %14.4f %8.2f %s\n", $1, $2, $3 / 8, $4 / 1000, $5 / 1000, $5 / $4, $6 }' > "$tmp/rows"
if [ -n "$baseline" ]; then
  echo "$(printf '%-10s %6s %10s %14s %14s %8s %-24s %14s %11s %s' collective ranks doubles openmpi_ms jmpi_ms ratio jmpi_algorithm before_ms jmpi/before before_algorithm)"
  awk 'NR == FNR { sub(/^default:/, "", $5); t[$1 " " $2 " " $3] = $4; a[$1 " " $2 " " $3] = $5; next }
       { k = $1 " " $2 " " ($3 * 8); if (k in t) printf "%-10s %6d %10d %14.4f %14.4f %8.2f %-24s %14.4f %11.2f %s\n", $1, $2, $3, $4, $5, $6, $7, t[k] / 1000, $5 * 1000 / t[k], a[k]; else print }' "$tmp/b" "$tmp/rows"
  echo
  awk 'NR == FNR { t[$1 " " $2 " " $3] = $4; next } { k = $1 " " $2 " " ($3 * 8); if (k in t) { n++; r = $5 * 1000 / t[k]; s += log(r); if (r < 1) w++ } }
       END { if (n) printf "# jmpi / baseline: geometric mean %.3f over %d points; jmpi faster at %d\n", exp(s / n), n, w }' "$tmp/b" "$tmp/rows"
else
  cat "$tmp/rows"
fi
echo
awk '$2 >= 2 && $2 <= 8 { n++; if ($6 < 1) w++ } END { if (n) printf "# jmpi faster than Open MPI at %d of %d points with 2-8 ranks (%.0f%%; goal 80%%): %s\n", w, n, 100 * w / n, (w / n >= 0.8 ? "met" : "not met") }' "$tmp/rows"
[ -n "$keep" ] && echo "# raw outputs kept in $keep"
exit 0
