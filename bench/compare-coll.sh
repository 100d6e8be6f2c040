#!/usr/bin/env bash
# compare-coll.sh [--np "2 4 8"] [--max-doubles 10000000] [--iters 200] [--warmup 20] [--repeat R] [--keep DIR]
#                  [--baseline DIR] [--transport threads|shm|tcp|native] [--library openmpi|mpich] [--timeout S]
# The points of Leus's broadcast/allreduce tables, jmpi against Open MPI on this host: MPI_Bcast and MPI_Allreduce (doubles, SUM) at
# 10^2 .. 10^7 doubles, each library with its own default algorithm choice. jmpi: bin/jmpibench's
# CollSweep on the threads transport (-Xmx8g), nothing forced; Open MPI: bench/c/coll.c built with
# mpicc.openmpi, run with mpirun.openmpi --allow-run-as-root --oversubscribe --bind-to none --mca btl
# self,vader (shared memory). More ranks than cores oversubscribes both sides (this host: $(nproc) cores).
# --transport native: jmpi's CollSweep runs as one JVM per rank under the library's launcher, on the native
# transport (jmpi's algorithms over the library's point-to-point; --enable-native-access=ALL-UNNAMED, -Xmx 8g
# shared out over the ranks, then JMPI_JAVA_OPTS), against the library's own collectives (coll.c, same launcher).
# --transport shm|tcp: jmpi's CollSweep as one JVM per rank under jmpirun --bind-to none (as the C side runs), -Xmx
# 8 GiB and the 4800 MiB buffer cap shared out over the ranks, against the library's collectives over its vader (shm)
# or tcp btl (--mca btl self,tcp). Each point of jmpi's sweep is warmed up at its own size (up to 10^4 calls, 3 s at
# most) before it is timed: without it, a collective's path above 64 KiB ran C1 code (bench/results/2026-11-29-bcast-warmup.txt).
# --library picks the library of the C side (and of jmpi's with native): openmpi (default) or mpich (mpirun.mpich).
# --repeat R interleaves R rounds and keeps each side's best (lowest) time per point.
# Prints per point both times (ms) and the ratio jmpi / C (< 1: jmpi faster), the geometric mean of the
# ratios, then the share of points with 2-8 ranks where jmpi is faster (issue 5's goal on threads: 80 %).
# --baseline DIR adds another built jmpi checkout (e.g. a git worktree of an older commit) as a third side,
# interleaved in the same rounds, with its time and the ratio jmpi / baseline per point.
# --timeout S ends a launcher job that runs longer than S seconds (default 1800) and the script, naming it.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
script=compare-coll.sh
nps="2 4 8"; max_doubles=10000000; iters=200; warmup=20; repeat=1; keep=; baseline=; transport=threads
library=openmpi; job_timeout=1800
while [ $# -gt 0 ]; do
  case "$1" in -h|--help) sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;; esac
  [ $# -ge 2 ] || { echo "$script: $1 needs a value" >&2; exit 2; }
  case "$1" in
    --np) nps=$2 ;;
    --max-doubles) max_doubles=$2 ;;
    --iters) iters=$2 ;;
    --warmup) warmup=$2 ;;
    --repeat) repeat=$2 ;;
    --keep) keep=$2 ;;
    --baseline) baseline=$(cd "$2" && pwd) ;;
    --transport) transport=$2 ;;
    --library) library=$2 ;;
    --timeout) job_timeout=$2 ;;
    *) echo "$script: unknown option $1" >&2; exit 2 ;;
  esac
  shift 2
done
case "$transport" in threads|native|shm) btl=self,vader ;; tcp) btl=self,tcp ;;
  *) echo "$script: --transport must be threads, shm, tcp or native, not $transport" >&2; exit 2 ;; esac
case "$repeat" in ''|*[!0-9]*|0) echo "$script: --repeat wants a whole number >= 1" >&2; exit 2 ;; esac
case "$job_timeout" in ''|*[!0-9]*|0) echo "$script: --timeout wants whole seconds >= 1" >&2; exit 2 ;; esac
for np in $nps; do
  case "$np" in ''|*[!0-9]*|0|1) echo "$script: --np wants rank counts >= 2, not '$np'" >&2; exit 2 ;; esac
done
source "$here/mpi-libraries.sh"
lib_use "$library"
source "$root/bin/jmpi-env.sh"
jmpi_need_lib
if [ -n "$baseline" ] && [ ! -f "$baseline/jmpi-dist/target/lib/jmpi-bench.jar" ]; then
  echo "$script: --baseline $baseline is not built; run bin/build there" >&2; exit 2
fi
jmpi_sweep() { # lib-dir np output
  local sweep=(jmpi.bench.CollSweep --repeat 1 --collectives bcast,allreduce --sizes "$sizes" --iters "$iters"
    --warmup "$warmup")
  if [ "$transport" = native ]; then
    # one JVM per rank: the threads side's 8 GiB of heap and 4800 MiB buffer cap shared out over the ranks
    lib_launch "$2" "$btl"
    JMPI_JAVA_OPTS="-Xmx$((8192 / $2))m ${JMPI_JAVA_OPTS:-}" jmpi_native_cmd "$1" "${sweep[@]}" \
      --mem-cap "$((4800 / $2))M" --transport native \
      --command "$script --transport native --library $library (jmpi side, $2 ranks: ${lib_cmd[*]} java ... jmpi.bench.CollSweep)"
    run_job "jmpi's sweep on native over $lib_name, $2 ranks" "$3" "$job_timeout" "${jmpi_cmd[@]}"
  elif [ "$transport" = threads ]; then
    # shellcheck disable=SC2086
    "$JMPI_JAVA_HOME/bin/java" ${JMPI_JAVA_OPTS:-} -Xmx8g -cp "$1/*" jmpi.launcher.Jmpirun -np "$2" \
      --transport threads -cp "$1/jmpi-bench.jar" "${sweep[@]}" --mem-cap 4800M > "$3"
  else
    # one JVM per rank, unbound as the C side: the launcher gives the rank JVMs JMPI_JAVA_OPTS
    JMPI_JAVA_OPTS="-Xmx$((8192 / $2))m ${JMPI_JAVA_OPTS:-}" run_job "jmpi's sweep on $transport, $2 ranks" "$3" \
      "$job_timeout" "$JMPI_JAVA_HOME/bin/java" -cp "$1/*" jmpi.launcher.Jmpirun -np "$2" --transport "$transport" \
      --bind-to none -cp "$1/jmpi-bench.jar" "${sweep[@]}" --mem-cap "$((4800 / $2))M" --transport "$transport"
  fi
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
out=${keep:-$tmp}
mkdir -p "$out"
"$lib_mpicc" -O2 -o "$tmp/coll" "$here/c/coll.c"
sizes=; d=100
while [ "$d" -le "$max_doubles" ]; do sizes+="${sizes:+,}$((d * 8))"; d=$((d * 10)); done
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
for ((k = 1; k <= repeat; k++)); do
  for np in $nps; do
    echo "$script: round $k of $repeat, $np ranks" >&2
    lib_launch "$np" "$btl"
    for c in bcast allreduce; do
      run_job "the C $c on $lib_name, $np ranks" "$out/$library-$c-np$np.$k.txt" "$job_timeout" \
        "${lib_cmd[@]}" "$tmp/coll" "$c" --max-doubles "$max_doubles" --iters "$iters" --warmup "$warmup"
    done
    jmpi_sweep "$JMPI_LIB" "$np" "$out/jmpi-np$np.$k.txt"
    [ -n "$baseline" ] && jmpi_sweep "$baseline/jmpi-dist/target/lib" "$np" "$out/baseline-np$np.$k.txt"
  done
done
load_after=$(cut -d' ' -f1-3 /proc/loadavg)
best() { grep -h '^SWEEP' "$@" | awk '{ k = $2 " " $3 " " $4; if (!(k in v) || $6 < v[k]) { v[k] = $6; a[k] = $5 } } END { for (k in v) print k, v[k], a[k] }' | sort -k1,1 -k2,2n -k3,3n; }
best "$out/$library"-*.txt > "$tmp/o"
best "$out"/jmpi-*.txt > "$tmp/j"
[ -n "$baseline" ] && best "$out"/baseline-*.txt > "$tmp/b"
lib_launch N "$btl"
launch_text=${lib_cmd[*]}
echo "# jmpi vs $lib_name, default collective algorithms, one host, $(date -u '+%Y-%m-%d %H:%M UTC')"
echo "# host: $(hostname), cores: $(nproc) (ranks > cores are oversubscribed on both sides), load average before: $load_before, after: $load_after"
echo "# $lib_name: $(grep -m1 '^# MPI:' "$out/$library"-bcast-np*.1.txt | head -1 | sed 's/^.*# MPI: *//') (bench/c/coll.c, gcc -O2 via $lib_mpicc; ${launch_text/-np N/-np RANKS}; the library's own collectives)"
if [ "$transport" = native ]; then
  echo "# jmpi: $(grep -m1 '^# JVM:' "$out"/jmpi-np*.1.txt | head -1 | sed 's/^.*# JVM: *//'), native transport over $lib_name (jmpi's collective algorithms over the library's point-to-point), one JVM per rank: ${launch_text/-np N/-np RANKS} java --enable-native-access=ALL-UNNAMED -Xmx(8192/RANKS)m ${JMPI_JAVA_OPTS:+$JMPI_JAVA_OPTS }jmpi.bench.CollSweep --mem-cap (4800/RANKS)M"
  echo "# jmpi_algorithm: the built-in table's choice for the locality the engine computes (host: every rank on this machine, each its own JVM)"
elif [ "$transport" = threads ]; then
  echo "# jmpi: $(grep -m1 '^# JVM:' "$out"/jmpi-np*.1.txt | head -1 | sed 's/^.*# JVM: *//'), threads transport, -Xmx8g, built-in selection table (algorithm chosen per point: see jmpi's column)"
else
  echo "# jmpi: $(grep -m1 '^# JVM:' "$out"/jmpi-np*.1.txt | head -1 | sed 's/^.*# JVM: *//'), $transport transport, one JVM per rank (jmpirun --bind-to none, -Xmx(8192/RANKS)m${JMPI_JAVA_OPTS:+ $JMPI_JAVA_OPTS}), built-in selection table (algorithm chosen per point: see jmpi's column)"
fi
echo "# per point: the average over ranks of each rank's time per call; --iters $iters timed after $warmup warm-up up to 64 KiB, scaled by 64K/size above (at least 4)"
echo "# JIT warm-up (jmpi): before each collective's first point, rounds of 5 x --warmup calls over its sizes for at least 1 s (CollSweep --warmup-seconds); then before each point up to 10000 calls at its size for at most 3 s (--point-warmup-calls, --point-warmup-seconds)"
echo "# rounds: $repeat, interleaved; each value is the best of the rounds; ratio = jmpi / $lib_name (< 1: jmpi faster)"
[ -n "$baseline" ] && echo "# baseline: the jmpi build in $baseline (commit $(git -C "$baseline" rev-parse --short HEAD 2>/dev/null || echo unknown)); jmpi: commit $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)$(git -C "$root" diff --quiet 2>/dev/null || echo ' with uncommitted changes'); same options"
opts=
[ "$transport" != threads ] && opts+=" --transport $transport"
[ "$library" != openmpi ] && opts+=" --library $library"
[ "$job_timeout" != 1800 ] && opts+=" --timeout $job_timeout"
echo "# reproduce: bench/compare-coll.sh --np \"$nps\" --max-doubles $max_doubles --iters $iters --warmup $warmup --repeat $repeat$opts${baseline:+ --baseline $baseline}"
grep -h '^# skipped' "$out"/*.txt | sort -u || true
echo
[ -z "$baseline" ] && printf '%-10s %6s %10s %14s %14s %8s %s\n' collective ranks doubles "${library}_ms" jmpi_ms ratio jmpi_algorithm
join -j1 <(awk '{ print $1 "/" $2 "/" $3, $4 }' "$tmp/o" | sort) <(awk '{ print $1 "/" $2 "/" $3, $4, $5 }' "$tmp/j" | sort) |
  tr '/' ' ' | sort -k1,1 -k2,2n -k3,3n |
  awk '{ sub(/^default:/, "", $6); printf "%-10s %6d %10d %14.4f %14.4f %8.2f %s\n", $1, $2, $3 / 8, $4 / 1000, $5 / 1000, $5 / $4, $6 }' > "$tmp/rows"
if [ -n "$baseline" ]; then
  echo "$(printf '%-10s %6s %10s %14s %14s %8s %-24s %14s %11s %s' collective ranks doubles "${library}_ms" jmpi_ms ratio jmpi_algorithm before_ms jmpi/before before_algorithm)"
  awk 'NR == FNR { sub(/^default:/, "", $5); t[$1 " " $2 " " $3] = $4; a[$1 " " $2 " " $3] = $5; next }
       { k = $1 " " $2 " " ($3 * 8); if (k in t) printf "%-10s %6d %10d %14.4f %14.4f %8.2f %-24s %14.4f %11.2f %s\n", $1, $2, $3, $4, $5, $6, $7, t[k] / 1000, $5 * 1000 / t[k], a[k]; else print }' "$tmp/b" "$tmp/rows"
  echo
  awk 'NR == FNR { t[$1 " " $2 " " $3] = $4; next } { k = $1 " " $2 " " ($3 * 8); if (k in t) { n++; r = $5 * 1000 / t[k]; s += log(r); if (r < 1) w++ } }
       END { if (n) printf "# jmpi / baseline: geometric mean %.3f over %d points; jmpi faster at %d\n", exp(s / n), n, w }' "$tmp/b" "$tmp/rows"
else
  cat "$tmp/rows"
fi
echo
for c in bcast allreduce; do
  awk -v c="$c" -v lib="$lib_name" '$1 == c { n++; s += log($6); if ($6 < 1) w++ }
    END { if (n) printf "# jmpi / %s, %s: geometric mean %.3f over %d points; jmpi faster at %d\n", lib, c, exp(s / n), n, w }' "$tmp/rows"
done
awk -v lib="$lib_name" '{ n++; s += log($6) } END { if (n) printf "# jmpi / %s, all points: geometric mean %.3f over %d points (< 1: jmpi faster)\n", lib, exp(s / n), n }' "$tmp/rows"
if [ "$transport" = threads ]; then
  awk -v lib="$lib_name" '$2 >= 2 && $2 <= 8 { n++; if ($6 < 1) w++ } END { if (n) printf "# jmpi faster than %s at %d of %d points with 2-8 ranks (%.0f%%; goal 80%%): %s\n", lib, w, n, 100 * w / n, (w / n >= 0.8 ? "met" : "not met") }' "$tmp/rows"
else
  awk -v lib="$lib_name" '{ n++; if ($6 < 1) w++ } END { if (n) printf "# jmpi faster than %s at %d of %d points (issue 13 asks for the comparison, no goal)\n", lib, w, n }' "$tmp/rows"
fi
[ -n "$keep" ] && echo "# raw outputs kept in $keep"
exit 0
