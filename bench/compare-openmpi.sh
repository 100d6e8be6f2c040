#!/usr/bin/env bash
# compare-openmpi.sh [--min BYTES] [--max BYTES] [--iters N] [--warmup N] [--bw-iters N] [--repeat R] [--mpich]
#                    [--keep DIR] [--transport threads|shm|tcp|native] [--library openmpi|mpich]
#                    [--baseline DIR] [--timeout S] [--bind none|core]
# Side by side on this machine, in one run: the C baseline bench/c/pingpong.c over Open MPI (shared
# memory, 2 processes, --bind-to none) and jmpi's drivers (bin/jmpibench, 2 ranks on the threads
# transport), same sizes and iteration rule. Prints, per size, latency (half round trip, us) and
# window-64 bandwidth (MB/s, MB = 10^6 B) with the ratio jmpi / C (lower is better for latency,
# higher for bandwidth), then the geometric means of the ratios. --mpich adds MPICH columns.
# --keep DIR keeps every raw output there.
# --repeat R runs every side R times, interleaved, and keeps per size the best (lowest latency,
# highest bandwidth) of each side: on a shared, noisy machine this compares floors, not luck.
# --transport picks jmpi's transport (default threads) and the matching C path: shared memory
# (btl self,vader) for threads and shm, TCP over loopback (btl self,tcp) for tcp; the goals printed
# at the end are the ones of that transport's issue. native: jmpi's ranks are 2 JVMs started by the
# library's own launcher (--enable-native-access=ALL-UNNAMED, JMPI_JAVA_OPTS) on the native transport,
# against the C program on the same library with the same launcher options (issue 13's goals), and a third
# latency side, the C ping-pong calling the library as the native transport does (pingpong.c latency-calls),
# which splits jmpi's latency into the library's share (how it is called) and Java's.
# --library picks the C side's library, and with native the library jmpi runs on: openmpi (default;
# mpirun.openmpi --allow-run-as-root --oversubscribe -np 2 --bind-to none --mca btl ...) or mpich
# (mpirun.mpich -np 2); bench/compare-mpich.sh is this script with --library mpich.
# --baseline DIR adds another jmpi build (a built checkout, e.g. `git worktree add /tmp/before <commit>` then
# bin/build there) as one more side, interleaved in the same rounds: before/after numbers from one run.
# --timeout S ends a job of the library's launcher that runs longer than S seconds (default 900) and the
# script with it, naming the job.
# --bind core binds both sides' ranks to a core each (threads, shm, tcp): the C side with mpirun's --bind-to core (Open
# MPI's own default for 2 ranks), jmpi's with jmpirun --bind-to core (threads: the rank threads, the launcher run with
# --enable-native-access=ALL-UNNAMED; shm, tcp: each rank JVM binds its rank's thread); default none, both
# unbound.
# Defaults: sizes 1 B .. 16 MiB; the drivers' own iteration defaults (latency 10000 / 1000 warm-up,
# bw 1000 / 100 with a window of 64).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
script=compare-openmpi.sh
min=1; max=16M; iters=; warmup=; bw_iters=; repeat=1; mpich=0; keep=; transport=threads; baseline=; library=openmpi
bind=none
job_timeout=900
while [ $# -gt 0 ]; do
  case "$1" in
    --mpich) mpich=1; shift; continue ;;
    -h|--help) sed -n '2,29p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
  esac
  [ $# -ge 2 ] || { echo "$script: $1 needs a value (see --help)" >&2; exit 2; }
  case "$1" in
    --min) min=$2 ;;
    --max) max=$2 ;;
    --iters) iters=$2 ;;
    --warmup) warmup=$2 ;;
    --bw-iters) bw_iters=$2 ;;
    --repeat) repeat=$2 ;;
    --keep) keep=$2 ;;
    --transport) transport=$2 ;;
    --library) library=$2 ;;
    --baseline) baseline=$(cd "$2" && pwd) ;;
    --timeout) job_timeout=$2 ;;
    --bind) bind=$2 ;;
    *) echo "$script: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
  shift 2
done

case "$transport" in
  threads|shm|native) btl=self,vader ;;
  tcp) btl=self,tcp ;;
  *) echo "$script: --transport must be threads, shm, tcp or native, not $transport" >&2; exit 2 ;;
esac
case "$bind" in
  none) ;;
  core) [ "$transport" != native ] || { echo "$script: --bind core is for jmpi's own transports (with native, the MPI launcher binds)" >&2; exit 2; } ;;
  *) echo "$script: --bind is none or core, not $bind" >&2; exit 2 ;;
esac
lib_bind=$bind
case "$repeat" in ''|*[!0-9]*|0) echo "$script: --repeat wants a whole number >= 1" >&2; exit 2 ;; esac
case "$job_timeout" in ''|*[!0-9]*|0) echo "$script: --timeout wants whole seconds >= 1" >&2; exit 2 ;; esac
if [ "$mpich" = 1 ] && { [ "$library" != openmpi ] || [ "$transport" = native ]; }; then
  echo "$script: --mpich adds MPICH columns beside Open MPI's for jmpi's own transports; with --transport native" \
    "or --library mpich, run once per library (--library openmpi, --library mpich)" >&2
  exit 2
fi

source "$here/mpi-libraries.sh"
if [ "$mpich" = 1 ]; then lib_use mpich; mpich_launch=(); lib_launch 2 "$btl"; mpich_launch=("${lib_cmd[@]}"); fi
lib_use "$library"
lib_launch 2 "$btl"
ref_launch=("${lib_cmd[@]}")
source "$root/bin/jmpi-env.sh"
if [ ! -x "$root/bin/jmpibench" ] || [ ! -f "$root/jmpi-dist/target/lib/jmpi-bench.jar" ]; then
  echo "$script: jmpi is not built; run: (cd $root && bin/build)" >&2
  exit 2
fi
if [ -n "$baseline" ] && [ ! -f "$baseline/jmpi-dist/target/lib/jmpi-bench.jar" ]; then
  echo "$script: --baseline $baseline is not built; run bin/build there" >&2; exit 2
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
out=${keep:-$tmp}
mkdir -p "$out"
"$lib_mpicc" -O2 -Wno-stringop-overflow -o "$tmp/pingpong-$library" "$here/c/pingpong.c"
[ "$mpich" = 1 ] && mpicc.mpich -O2 -Wno-stringop-overflow -o "$tmp/pingpong-mpich" "$here/c/pingpong.c"

lat_opts=(--min "$min" --max "$max")
[ -n "$iters" ] && lat_opts+=(--iters "$iters")
[ -n "$warmup" ] && lat_opts+=(--warmup "$warmup")
bw_opts=(--min "$min" --max "$max")
[ -n "$bw_iters" ] && bw_opts+=(--iters "$bw_iters")

run_jmpi() { # build-dir bench file opts...: one jmpi side of one round
  local dir=$1 bench=$2 file=$3 class; shift 3
  if [ "$transport" = native ]; then
    case "$bench" in latency) class=jmpi.bench.Latency ;; bw) class=jmpi.bench.Bandwidth ;; esac
    lib_cmd=("${ref_launch[@]}")
    jmpi_native_cmd "$dir/jmpi-dist/target/lib" "$class" "$@" --transport native \
      --command "$script --transport native --library $library ($bench side; ${ref_launch[*]} java ... $class)"
    run_job "jmpi's $bench on native over $lib_name" "$file" "$job_timeout" "${jmpi_cmd[@]}"
  elif [ "$bind" = core ]; then
    case "$bench" in latency) class=jmpi.bench.Latency ;; bw) class=jmpi.bench.Bandwidth ;; esac
    # shellcheck disable=SC2086 # JMPI_JAVA_OPTS is a list of words, as bin/jmpibench reads it
    "$JMPI_JAVA_HOME/bin/java" --enable-native-access=ALL-UNNAMED ${JMPI_JAVA_OPTS:-} -cp "$dir/jmpi-dist/target/lib/*" \
      jmpi.launcher.Jmpirun -np 2 --transport "$transport" --bind-to core -cp "$dir/jmpi-dist/target/lib/jmpi-bench.jar" "$class" \
      "$@" --transport "$transport" --command "$script --bind core ($bench side: jmpirun --transport $transport --bind-to core ... $class)" > "$file"
  else
    (cd "$dir" && bin/jmpibench "$bench" --np 2 --transport "$transport" "$@") > "$file"
  fi
}
run_c() { # impl bench file opts...
  local impl=$1 bench=$2 file=$3; shift 3
  local launch=("${ref_launch[@]}")
  [ "$impl" = "$library" ] || launch=("${mpich_launch[@]}")
  run_job "the C $bench on $impl" "$file" "$job_timeout" "${launch[@]}" "$tmp/pingpong-$impl" "$bench" "$@"
}
impls=("$library" jmpi); [ "$mpich" = 1 ] && impls+=(mpich); [ -n "$baseline" ] && impls+=(baseline)
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
all_impls=("${impls[@]}")
for bench in latency bw; do
  if [ "$bench" = latency ]; then opts=("${lat_opts[@]}"); else opts=("${bw_opts[@]}"); fi
  impls=("${all_impls[@]}")
  # native: also the C ping-pong calling the library as the native transport does (pingpong.c latency-calls)
  [ "$transport" = native ] && [ "$bench" = latency ] && impls+=(calls)
  for ((k = 1; k <= repeat; k++)); do
    echo "$script: running $bench, round $k of $repeat (${impls[*]})" >&2
    for impl in "${impls[@]}"; do
      file="$out/$impl-$bench.$k.txt"
      if [ "$impl" = calls ]; then
        run_c "$library" latency-calls "$file" "${opts[@]}"
      elif [ "$impl" = jmpi ]; then
        run_jmpi "$root" "$bench" "$file" "${opts[@]}"
      elif [ "$impl" = baseline ]; then
        run_jmpi "$baseline" "$bench" "$file" "${opts[@]}"
      else
        run_c "$impl" "$bench" "$file" "${opts[@]}"
      fi
    done
    if [ "$transport" = threads ] && [ "$bench" = latency ]; then # the physical floor, in the same round
      "$JMPI_JAVA_HOME/bin/java" -cp "$root/jmpi-dist/target/lib/jmpi-bench.jar" jmpi.bench.HandOff 1000000 3 \
        > "$out/handoff.$k.txt"
    fi
  done
  for impl in "${impls[@]}"; do # the best of the rounds per size; the first round's header
    { grep '^#' "$out/$impl-$bench.1.txt"
      cat "$out/$impl-$bench".*.txt | awk -v best="$([ "$bench" = latency ] && echo min || echo max)" '
        $1 ~ /^[0-9]+$/ { if (!($1 in v) || (best == "min" ? $3 < v[$1] : $3 > v[$1])) v[$1] = $3; it[$1] = $2 }
        END { for (n in v) printf "%12d %12d %12.3f\n", n, it[n], v[n] }' | sort -n
    } > "$out/$impl-$bench.txt"
  done
done
load_after=$(cut -d' ' -f1-3 /proc/loadavg)
impls=("${all_impls[@]}")

# size value, from the data rows of a table (first column a number, value in the third)
rows() { awk '$1 ~ /^[0-9]+$/ { print $1, $3 }' "$1"; }
header_of() { grep -m1 "^# $2" "$1" | sed "s/^# $2: *//"; }

cmd="bench/compare-openmpi.sh --min $min --max $max"
[ -n "$iters" ] && cmd+=" --iters $iters"
[ -n "$warmup" ] && cmd+=" --warmup $warmup"
[ -n "$bw_iters" ] && cmd+=" --bw-iters $bw_iters"
[ "$repeat" != 1 ] && cmd+=" --repeat $repeat"
[ "$mpich" = 1 ] && cmd+=" --mpich"
[ "$transport" != threads ] && cmd+=" --transport $transport"
[ "$library" != openmpi ] && cmd+=" --library $library"
[ -n "$baseline" ] && cmd+=" --baseline $baseline"
[ "$job_timeout" != 900 ] && cmd+=" --timeout $job_timeout"
[ "$bind" != none ] && cmd+=" --bind $bind"
ref=$library
echo "# jmpi vs C MPI, point to point between 2 ranks on one host, $(date -u '+%Y-%m-%d %H:%M UTC')"
echo "# host: $(hostname), cores: $(nproc), load average before: $load_before, after: $load_after"
echo "# $lib_name: $(header_of "$out/$ref-latency.txt" MPI) (C, gcc -O2 via $lib_mpicc; ${ref_launch[*]})"
[ "$mpich" = 1 ] && echo "# MPICH: $(header_of "$out/mpich-latency.txt" MPI) (C, gcc -O2 via mpicc.mpich; ${mpich_launch[*]})"
echo "# jmpi: $(header_of "$out/jmpi-latency.txt" JVM); $(header_of "$out/jmpi-latency.txt" transport)"
[ "$transport" = native ] && echo "# jmpi on native: ${ref_launch[*]} java --enable-native-access=ALL-UNNAMED \$JMPI_JAVA_OPTS -cp 'jmpi-dist/target/lib/*' jmpi.bench.Latency|Bandwidth (the same launcher and library as the C side)"
[ -n "$baseline" ] && echo "# baseline: the jmpi build in $baseline (commit $(git -C "$baseline" rev-parse --short HEAD 2>/dev/null || echo unknown)); jmpi: commit $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)$(git -C "$root" diff --quiet 2>/dev/null || echo ' with uncommitted changes')"
echo "# jmpi JVM options: $(header_of "$out/jmpi-latency.txt" 'JVM options')"
[ "$bind" = core ] && echo "# jmpi ranks bound: jmpirun --bind-to core (java --enable-native-access=ALL-UNNAMED), the C side: ${ref_launch[*]}"
echo "# latency: blocking Send/Recv ping-pong, half the average round trip, us; ratio = jmpi / $lib_name (lower is better)"
echo "#   $(header_of "$out/jmpi-latency.txt" iterations)"
echo "# bw: window of 64 Isend / Irecv then a 1-byte ack, MB/s (10^6 B/s); ratio = jmpi / $lib_name (higher is better)"
echo "#   $(header_of "$out/jmpi-bw.txt" iterations)"
echo "# buffers: one send and one receive buffer per rank, reused (in cache) on both sides"
if [ "$transport" = threads ]; then
  floor=$(awk '/^HANDOFF/ { if (b == "" || $2 < b) b = $2 } END { print b }' "$out"/handoff.*.txt)
  echo "# physical floor (threads): one cache-line hand-off between two spinning threads, ${floor} ns one way, best of the rounds"
  echo "#   (jmpi.bench.HandOff: two longs 128 B apart, release store / acquire poll; no library can deliver a message faster)"
fi
echo "# rounds: $repeat, interleaved; each value is the best of the rounds (min latency, max bandwidth)"
if [ "$transport" = native ]; then
  echo "# reproduce: $cmd"
else
  echo "# reproduce: $cmd   (jmpi side alone: bin/jmpibench latency|bw --min $min --max $max ...)"
fi

table() { # bench unit
  local bench=$1 unit=$2
  echo
  if [ "$mpich" = 1 ]; then
    printf '%-8s %10s %14s %14s %14s %12s %12s\n' "$bench" bytes "${ref}_$unit" "mpich_$unit" "jmpi_$unit" "jmpi/$ref" jmpi/mpich
    join <(rows "$out/$ref-$bench.txt") <(rows "$out/mpich-$bench.txt") | join - <(rows "$out/jmpi-$bench.txt") |
      awk -v b="$bench" '{ printf "%-8s %10d %14.3f %14.3f %14.3f %12.2f %12.2f\n", b, $1, $2, $3, $4, $4 / $2, $4 / $3 }'
  else
    printf '%-8s %10s %14s %14s %12s\n' "$bench" bytes "${ref}_$unit" "jmpi_$unit" "jmpi/$ref"
    join <(rows "$out/$ref-$bench.txt") <(rows "$out/jmpi-$bench.txt") |
      awk -v b="$bench" '{ printf "%-8s %10d %14.3f %14.3f %12.2f\n", b, $1, $2, $3, $3 / $2 }'
  fi
}
# join wants its input sorted as text on the join field
rows() { awk '$1 ~ /^[0-9]+$/ { print $1, $3 }' "$1" | sort -k1,1; }
with_baseline() { # bench unit: the table with two more columns, the baseline's value and jmpi / baseline
  local bench=$1 unit=$2
  if [ -z "$baseline" ]; then table "$bench" "$unit"; return; fi
  table "$bench" "$unit" | awk -v f="$out/baseline-$bench.txt" -v unit="$unit" '
    BEGIN { while ((getline line < f) > 0) { split(line, a, " "); if (a[1] ~ /^[0-9]+$/) v[a[1]] = a[3] } }
    NR == 1 { print; next }
    NR == 2 { printf "%s %14s %12s\n", $0, "before_" unit, "jmpi/before"; next }
    { if ($2 in v) printf "%s %14.3f %12.2f\n", $0, v[$2], $(NF - (NF == 7 ? 2 : 1)) / v[$2]; else print }'
}
sorted_table() { with_baseline "$1" "$2" | { IFS= read -r blank; IFS= read -r head; echo "$blank"; echo "$head"; sort -k2,2n; }; }
sorted_table latency us
sorted_table bw MB/s

# ratio jmpi / other per size from lo to hi bytes: "geomean lowest highest count" (empty without sizes there)
ratios() { # bench other lo hi
  join <(rows "$out/$2-$1.txt") <(rows "$out/jmpi-$1.txt") | awk -v lo="$3" -v hi="$4" '
    $1 >= lo && $1 <= hi { r = $3 / $2; n++; s += log(r); if (n == 1 || r < mn) mn = r; if (n == 1 || r > mx) mx = r }
    END { if (n) printf "%.3f %.2f %.2f %d", exp(s / n), mn, mx, n }'
}
geomean_line() { # bench other label lo hi
  local r; r=$(ratios "$1" "$2" "$4" "$5")
  [ -n "$r" ] || return 0
  set -- "$@" $r
  echo "# jmpi / $3, $1, $([ "$4" = 0 ] && echo "all sizes" || echo "$4..$5 B"): geometric mean $6 over $9 sizes (lowest $7, highest $8; $([ "$1" = latency ] && echo lower || echo higher) is better)"
}
echo
for bench in latency bw; do
  geomean_line "$bench" "$ref" "$lib_name" 0 1099511627776
  [ "$mpich" = 1 ] && geomean_line "$bench" mpich MPICH 0 1099511627776
done
if [ -n "$baseline" ]; then
  for bench in latency bw; do
    join <(rows "$out/jmpi-$bench.txt") <(rows "$out/baseline-$bench.txt") | awk -v b="$bench" '
      { n++; s += log($2 / $3) } END { if (n) printf "# jmpi / baseline, %s: geometric mean %.3f over %d sizes (%s)\n", b, exp(s / n), n, (b == "latency" ? "lower is better" : "higher is better") }'
  done
fi

echo
verdict() { awk -v r="$1" -v op="$2" -v g="$3" 'BEGIN { ok = (op == "<=" ? r <= g : r >= g); print (ok ? "met" : "not met") }'; }
goal_line() { # text value op goal
  echo "# goal ($where): $1: ${2:-not measured} -> $( [ -n "$2" ] && verdict "$2" "$3" "$4" || echo n/a)"
}
if [ "$transport" = native ]; then
  echo "# where jmpi's latency on native goes, per size (us): C = the C ping-pong (MPI_Send/MPI_Recv); calls = the C"
  echo "#   ping-pong calling the library as the native transport does (THREAD_MULTIPLE, 32-byte header, pre-posted"
  echo "#   65568-byte MPI_Irecv, MPI_Isend, MPI_Testsome polling: pingpong.c latency-calls); library share = calls - C;"
  echo "#   Java share = jmpi - calls (the engine, the header, the copies, the downcalls)"
  printf '# %10s %10s %10s %10s %10s %10s\n' bytes C calls jmpi library java
  join <(rows "$out/$ref-latency.txt") <(rows "$out/calls-latency.txt") | join - <(rows "$out/jmpi-latency.txt") |
    sort -n | awk '{ printf "# %10d %10.3f %10.3f %10.3f %10.3f %10.3f\n", $1, $2, $3, $4, $3 - $2, $4 - $3 }'
  echo
  where="issue 13, jmpi on native vs C, both over $lib_name"
  lat=$(ratios latency "$ref" 8 4096); bw=$(ratios bw "$ref" 65536 1099511627776)
  goal_line "latency ratio <= 1.05 at every size in 8 B..4 KiB: highest" "$(echo "$lat" | cut -sd' ' -f3)" "<=" 1.05
  goal_line "bandwidth ratio >= 0.95 at every size >= 64 KiB: lowest" "$(echo "$bw" | cut -sd' ' -f2)" ">=" 0.95
  [ -n "$lat" ] && echo "#   (latency 8 B..4 KiB: geometric mean $(echo "$lat" | cut -d' ' -f1); bandwidth >= 64 KiB: geometric mean $(echo "$bw" | cut -sd' ' -f1))"
else
  lat8=$(ratios latency "$ref" 8 8 | cut -sd' ' -f2)
  bwmin=$(ratios bw "$ref" 1048576 16777216 | cut -sd' ' -f2)
  case "$transport" in
    threads) lat_goal=0.50; bw_goal=1.50; where="issue 2, threads vs $lib_name shared memory" ;;
    shm) lat_goal=1.00; bw_goal=0.80; where="issue 3, shm vs $lib_name shared memory" ;;
    tcp) lat_goal=1.20; bw_goal=0.90; where="issue 3, tcp vs $lib_name TCP" ;;
  esac
  goal_line "8 B latency ratio <= $lat_goal" "$lat8" "<=" "$lat_goal"
  goal_line "bandwidth ratio >= $bw_goal at every size in 1..16 MiB: lowest" "$bwmin" ">=" "$bw_goal"
fi
[ -n "$keep" ] && echo "# raw outputs kept in $keep"
exit 0
