#!/usr/bin/env bash
# compare-openmpi.sh [--min BYTES] [--max BYTES] [--iters N] [--warmup N] [--bw-iters N] [--repeat R] [--mpich]
#                    [--keep DIR] [--transport threads|shm|tcp] [--baseline DIR]
# Side by side on this machine, in one run: the C baseline bench/c/pingpong.c over Open MPI (shared
# memory, 2 processes, --bind-to none) and jmpi's drivers (bin/jmpibench, 2 ranks on the threads
# transport), same sizes and iteration rule. Prints, per size, latency (half round trip, us) and
# window-64 bandwidth (MB/s, MB = 10^6 B) with the ratio jmpi / Open MPI (lower is better for latency,
# higher for bandwidth). --mpich adds MPICH columns. --keep DIR keeps every raw output there.
# --repeat R runs every side R times, interleaved, and keeps per size the best (lowest latency,
# highest bandwidth) of each side: on a shared, noisy machine this compares floors, not luck.
# --transport picks jmpi's transport (default threads) and the matching Open MPI path: shared memory
# (btl self,vader) for threads and shm, TCP over loopback (btl self,tcp) for tcp; the goals printed
# at the end are the ones of that transport's issue.
# --baseline DIR adds another jmpi build (a built checkout, e.g. `git worktree add /tmp/before <commit>` then
# bin/build there) as one more side, interleaved in the same rounds: before/after numbers from one run.
# Defaults: sizes 1 B .. 16 MiB; the drivers' own iteration defaults (latency 10000 / 1000 warm-up,
# bw 1000 / 100 with a window of 64).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
min=1; max=16M; iters=; warmup=; bw_iters=; repeat=1; mpich=0; keep=; transport=threads; baseline=
while [ $# -gt 0 ]; do
  case "$1" in
    --min) min=$2; shift 2 ;;
    --max) max=$2; shift 2 ;;
    --iters) iters=$2; shift 2 ;;
    --warmup) warmup=$2; shift 2 ;;
    --bw-iters) bw_iters=$2; shift 2 ;;
    --repeat) repeat=$2; shift 2 ;;
    --mpich) mpich=1; shift ;;
    --keep) keep=$2; shift 2 ;;
    --transport) transport=$2; shift 2 ;;
    --baseline) baseline=$(cd "$2" && pwd); shift 2 ;;
    -h|--help) sed -n '2,19p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "compare-openmpi.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done

case "$transport" in
  threads|shm) btl=self,vader ;;
  tcp) btl=self,tcp ;;
  *) echo "compare-openmpi.sh: --transport must be threads, shm or tcp, not $transport" >&2; exit 2 ;;
esac

need() {
  if ! command -v "$1" >/dev/null 2>&1; then
    echo "compare-openmpi.sh: $1 not found; install it with: apt-get install -y $2" >&2
    exit 2
  fi
}
need mpicc.openmpi "openmpi-bin libopenmpi-dev"
need mpirun.openmpi "openmpi-bin libopenmpi-dev"
if [ "$mpich" = 1 ]; then need mpicc.mpich "mpich libmpich-dev"; need mpirun.mpich "mpich libmpich-dev"; fi
if [ ! -x "$root/bin/jmpibench" ] || [ ! -f "$root/jmpi-dist/target/lib/jmpi-bench.jar" ]; then
  echo "compare-openmpi.sh: jmpi is not built; run: (cd $root && mvn -q -DskipTests package)" >&2
  exit 2
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
out=${keep:-$tmp}
mkdir -p "$out"
mpicc.openmpi -O2 -Wno-stringop-overflow -o "$tmp/pingpong-openmpi" "$here/c/pingpong.c"
[ "$mpich" = 1 ] && mpicc.mpich -O2 -Wno-stringop-overflow -o "$tmp/pingpong-mpich" "$here/c/pingpong.c"

lat_opts=(--min "$min" --max "$max")
[ -n "$iters" ] && lat_opts+=(--iters "$iters")
[ -n "$warmup" ] && lat_opts+=(--warmup "$warmup")
bw_opts=(--min "$min" --max "$max")
[ -n "$bw_iters" ] && bw_opts+=(--iters "$bw_iters")

run_c() { # impl bench file opts...
  local impl=$1 bench=$2 file=$3; shift 3
  if [ "$impl" = openmpi ]; then
    mpirun.openmpi --allow-run-as-root -np 2 --bind-to none --mca btl "$btl" "$tmp/pingpong-openmpi" "$bench" "$@" > "$file"
  else
    if [ "$transport" = tcp ]; then
      MPIR_CVAR_NOLOCAL=1 mpirun.mpich -np 2 "$tmp/pingpong-mpich" "$bench" "$@" > "$file"
    else
      mpirun.mpich -np 2 "$tmp/pingpong-mpich" "$bench" "$@" > "$file"
    fi
  fi
}
case "$repeat" in ''|*[!0-9]*|0) echo "compare-openmpi.sh: --repeat wants a whole number >= 1" >&2; exit 2 ;; esac
impls=(openmpi jmpi); [ "$mpich" = 1 ] && impls+=(mpich); [ -n "$baseline" ] && impls+=(baseline)
if [ -n "$baseline" ] && [ ! -f "$baseline/jmpi-dist/target/lib/jmpi-bench.jar" ]; then
  echo "compare-openmpi.sh: --baseline $baseline is not built; run bin/build there" >&2; exit 2
fi
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
for bench in latency bw; do
  if [ "$bench" = latency ]; then opts=("${lat_opts[@]}"); else opts=("${bw_opts[@]}"); fi
  for ((k = 1; k <= repeat; k++)); do
    echo "compare-openmpi.sh: running $bench, round $k of $repeat (${impls[*]})" >&2
    for impl in "${impls[@]}"; do
      file="$out/$impl-$bench.$k.txt"
      if [ "$impl" = jmpi ]; then
        (cd "$root" && bin/jmpibench "$bench" --np 2 --transport "$transport" "${opts[@]}") > "$file"
      elif [ "$impl" = baseline ]; then
        (cd "$baseline" && bin/jmpibench "$bench" --np 2 --transport "$transport" "${opts[@]}") > "$file"
      else
        run_c "$impl" "$bench" "$file" "${opts[@]}"
      fi
    done
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
[ -n "$baseline" ] && cmd+=" --baseline $baseline"
echo "# jmpi vs C MPI, point to point between 2 ranks on one host, $(date -u '+%Y-%m-%d %H:%M UTC')"
echo "# host: $(hostname), cores: $(nproc), load average before: $load_before, after: $load_after"
echo "# Open MPI: $(header_of "$out/openmpi-latency.txt" MPI) (C, gcc -O2 via mpicc.openmpi; mpirun -np 2 --bind-to none --mca btl $btl)"
[ "$mpich" = 1 ] && echo "# MPICH: $(header_of "$out/mpich-latency.txt" MPI) (C, gcc -O2 via mpicc.mpich; mpirun.mpich -np 2)"
echo "# jmpi: $(header_of "$out/jmpi-latency.txt" JVM); $(header_of "$out/jmpi-latency.txt" transport)"
[ -n "$baseline" ] && echo "# baseline: the jmpi build in $baseline (commit $(git -C "$baseline" rev-parse --short HEAD 2>/dev/null || echo unknown)); jmpi: commit $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)$(git -C "$root" diff --quiet 2>/dev/null || echo ' with uncommitted changes')"
echo "# jmpi JVM options: $(header_of "$out/jmpi-latency.txt" 'JVM options')"
echo "# latency: blocking Send/Recv ping-pong, half the average round trip, us; ratio = jmpi / Open MPI (lower is better)"
echo "#   $(header_of "$out/jmpi-latency.txt" iterations)"
echo "# bw: window of 64 Isend / Irecv then a 1-byte ack, MB/s (10^6 B/s); ratio = jmpi / Open MPI (higher is better)"
echo "#   $(header_of "$out/jmpi-bw.txt" iterations)"
echo "# buffers: one send and one receive buffer per rank, reused (in cache) on both sides"
echo "# rounds: $repeat, interleaved; each value is the best of the rounds (min latency, max bandwidth)"
echo "# reproduce: $cmd   (jmpi side alone: bin/jmpibench latency|bw --min $min --max $max ...)"

table() { # bench unit
  local bench=$1 unit=$2
  echo
  if [ "$mpich" = 1 ]; then
    printf '%-8s %10s %14s %14s %14s %12s %12s\n' "$bench" bytes "openmpi_$unit" "mpich_$unit" "jmpi_$unit" jmpi/openmpi jmpi/mpich
    join <(rows "$out/openmpi-$bench.txt") <(rows "$out/mpich-$bench.txt") | join - <(rows "$out/jmpi-$bench.txt") |
      awk -v b="$bench" '{ printf "%-8s %10d %14.3f %14.3f %14.3f %12.2f %12.2f\n", b, $1, $2, $3, $4, $4 / $2, $4 / $3 }'
  else
    printf '%-8s %10s %14s %14s %12s\n' "$bench" bytes "openmpi_$unit" "jmpi_$unit" jmpi/openmpi
    join <(rows "$out/openmpi-$bench.txt") <(rows "$out/jmpi-$bench.txt") |
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
if [ -n "$baseline" ]; then
  echo
  for bench in latency bw; do
    join <(rows "$out/jmpi-$bench.txt") <(rows "$out/baseline-$bench.txt") | awk -v b="$bench" '
      { n++; s += log($2 / $3) } END { if (n) printf "# jmpi / baseline, %s: geometric mean %.3f over %d sizes (%s)\n", b, exp(s / n), n, (b == "latency" ? "lower is better" : "higher is better") }'
  done
fi

echo
lat8=$(join <(rows "$out/openmpi-latency.txt") <(rows "$out/jmpi-latency.txt") | awk '$1 == 8 { printf "%.2f", $3 / $2 }')
bwmin=$(join <(rows "$out/openmpi-bw.txt") <(rows "$out/jmpi-bw.txt") |
  awk '$1 >= 1048576 && $1 <= 16777216 { r = $3 / $2; if (m == "" || r < m) m = r } END { if (m != "") printf "%.2f", m }')
verdict() { awk -v r="$1" -v op="$2" -v g="$3" 'BEGIN { ok = (op == "<=" ? r <= g : r >= g); print (ok ? "met" : "not met") }'; }
case "$transport" in
  threads) lat_goal=0.50; bw_goal=1.50; where="issue 2, threads vs Open MPI shared memory" ;;
  shm) lat_goal=1.00; bw_goal=0.80; where="issue 3, shm vs Open MPI shared memory" ;;
  tcp) lat_goal=1.20; bw_goal=0.90; where="issue 3, tcp vs Open MPI TCP" ;;
esac
echo "# goal ($where): 8 B latency ratio <= $lat_goal: ${lat8:-not measured} -> $( [ -n "$lat8" ] && verdict "$lat8" "<=" "$lat_goal" || echo n/a)"
echo "# goal ($where): bandwidth ratio >= $bw_goal at every size in 1..16 MiB: lowest ${bwmin:-not measured} -> $( [ -n "$bwmin" ] && verdict "$bwmin" ">=" "$bw_goal" || echo n/a)"
[ -n "$keep" ] && echo "# raw outputs kept in $keep"
exit 0
