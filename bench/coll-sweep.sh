#!/usr/bin/env bash
# coll-sweep.sh coll-tables|tune [options]   (called by bin/jmpibench coll-tables / bin/jmpibench tune)
#
# coll-tables: Leus's broadcast/allreduce tables on the threads transport. For each rank count, one job
#   (jmpi.bench.CollSweep --menu true) times every bcast and allreduce algorithm at
#   10^2..10^7 doubles, point by point in interleaved rounds; jmpi.bench.CollTables then prints, per
#   collective and rank count, ms per algorithm, the default table's choice and its ratio to the best.
#   --bcast-np "2 4 8 16"  --allreduce-np "2 4 8 16 32"  --max-doubles 10000000  --iters 200 --warmup 20
#   --keep DIR (raw outputs)  --table FILE (judge this table instead of the built-in one)
# tune: every algorithm of every collective over a grid, one job per rank count as above (--np-list 2,4,8; sizes 8 B, 64 B, ... x8 up to
#   --max 1M; --iters 50 --warmup 5; --transport threads) and writes the selection table (--out FILE,
#   default jmpi-coll-table.txt) built by jmpi.bench.Tune; --base FILE keeps that table's lines for the
#   other localities after the measured ones.
# Both: --point-warmup-calls N, each algorithm's warm-up at each point before it is timed (CollSweep's; default 10000).
# The JVM heap is -Xmx8g unless JMPI_JAVA_OPTS sets -Xmx; sizes whose buffers would exceed 60 % of it
# are skipped and said so.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
source "$root/bin/jmpi-env.sh"
jmpi_need_lib
what=$1; shift
bcast_np="2 4 8 16"; allreduce_np="2 4 8 16 32"; max_doubles=10000000; iters=; warmup=; keep=; table=; pcalls=
np_list=2,4,8; max=1M; out=jmpi-coll-table.txt; transport=threads; base=
while [ $# -gt 0 ]; do
  [ $# -ge 2 ] || { echo "jmpibench $what: option $1 needs a value" >&2; exit 2; }
  case "$1" in
    --bcast-np) bcast_np=$2 ;;
    --allreduce-np) allreduce_np=$2 ;;
    --max-doubles) max_doubles=$2 ;;
    --iters) iters=$2 ;;
    --warmup) warmup=$2 ;;
    --point-warmup-calls) pcalls=$2 ;;
    --keep) keep=$2 ;;
    --table) table=$2 ;;
    --np-list) np_list=$2 ;;
    --max) max=$2 ;;
    --out) out=$2 ;;
    --transport) transport=$2 ;;
    --base) base=$2 ;;
    *) echo "jmpibench $what: unknown option $1 (see bin/jmpibench --help)" >&2; exit 2 ;;
  esac
  shift 2
done
java=("$JMPI_JAVA_HOME/bin/java")
opts=${JMPI_JAVA_OPTS:-}
case "$opts" in *-Xmx*) ;; *) opts="$opts -Xmx8g" ;; esac
[ -n "$table" ] && opts="$opts -Djmpi.coll.table=$table"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
dir=${keep:-$tmp}
mkdir -p "$dir"
sweep() { # np jvm-options args...
  local np=$1 jopts=$2; shift 2
  # the options go to the launcher's JVM (threads: the ranks) and, by JMPI_JAVA_OPTS, to rank processes (shm, tcp)
  # shellcheck disable=SC2086
  JMPI_JAVA_OPTS="$opts $jopts" "${java[@]}" $opts $jopts -cp "$JMPI_LIB/*" jmpi.launcher.Jmpirun -np "$np" --transport "${transport}" \
    -cp "$JMPI_LIB/jmpi-bench.jar" jmpi.bench.CollSweep --transport "$transport" ${pcalls:+--point-warmup-calls "$pcalls"} "$@"
}
start=$(date +%s)
if [ "$what" = coll-tables ]; then
  [ "$transport" = threads ] || { echo "jmpibench coll-tables: threads transport only" >&2; exit 2; }
  sizes=; d=100
  while [ "$d" -le "$max_doubles" ]; do sizes+="${sizes:+,}$((d * 8))"; d=$((d * 10)); done
  nps=$(printf '%s\n' $bcast_np $allreduce_np | sort -nu)
  for np in $nps; do
    colls=
    if [[ " $bcast_np " == *" $np "* ]]; then colls+="${colls:+,}bcast"; fi
    if [[ " $allreduce_np " == *" $np "* ]]; then colls+="${colls:+,}allreduce"; fi
    # one job per rank count: every algorithm in turn, point by point (CollSweep --menu)
    echo "jmpibench coll-tables: $np ranks, $colls, every algorithm ($(( $(date +%s) - start )) s so far)" >&2
    sweep "$np" "" --collectives "$colls" --menu true --sizes "$sizes" \
      --iters "${iters:-200}" --warmup "${warmup:-20}" > "$dir/np$np.txt"
  done
  echo "# Leus's broadcast/allreduce tables measured with jmpi, $(date -u '+%Y-%m-%d %H:%M UTC'), host $(hostname), $(nproc) cores"
  echo "# transport threads (every rank a thread of one JVM; ranks > cores means oversubscribed: $(nproc) cores)"
  echo "# JVM: $("${java[@]}" -version 2>&1 | head -1); options:$opts"
  echo "# per point: CollSweep, the average over ranks of each rank's time per call; MPI.DOUBLE, MPI.SUM for allreduce"
  echo "# iterations: ${iters:-200} timed after ${warmup:-20} warm-up up to 64 KiB, scaled by 64K/size above (at least 4); one job per rank count runs every algorithm (CollSweep --menu true): each point in 3 rounds, every algorithm once per round in rotating order, its best round shown; JIT warm-up 1 s per algorithm over all sizes, then in the first round ${pcalls:-10000} calls (at most 3 s) of each algorithm at each point before it is timed"
  echo "# default = the algorithm the ${table:-built-in} selection table picks; ratio = its time / the best of the menu"
  grep -h '^# skipped' "$dir"/np*.txt | sed 's/^# skipped/# skipped:/' || true
  echo "# command: bin/jmpibench coll-tables --bcast-np \"$bcast_np\" --allreduce-np \"$allreduce_np\" --max-doubles $max_doubles${iters:+ --iters $iters}${warmup:+ --warmup $warmup}${pcalls:+ --point-warmup-calls $pcalls}${table:+ --table $table}"
  echo "# wall time: $(( $(date +%s) - start )) s"
  targs=()
  [ -n "$table" ] && targs=(--table "$table")
  "${java[@]}" -cp "$JMPI_LIB/*" jmpi.bench.CollTables ${targs[@]+"${targs[@]}"} "$dir"/np*.txt
elif [ "$what" = tune ]; then
  sizes=; s=8; maxb=$(awk -v m="$max" 'BEGIN { u = 1; if (m ~ /[Kk]$/) u = 1024; if (m ~ /[Mm]$/) u = 1048576; sub(/[KkMm]$/, "", m); print m * u }')
  while [ "$s" -le "$maxb" ]; do sizes+="${sizes:+,}$s"; s=$((s * 8)); done
  [ "$((s / 8))" -lt "$maxb" ] && sizes+=",$maxb"
  for np in ${np_list//,/ }; do
    # one job per rank count: every algorithm of every collective in turn, point by point (CollSweep --menu)
    echo "jmpibench tune: $np ranks, every algorithm of every collective ($(( $(date +%s) - start )) s so far)" >&2
    sweep "$np" "" --menu true --sizes "$sizes" --iters "${iters:-50}" --warmup "${warmup:-5}" > "$dir/np$np.txt"
  done
  # one machine: threads measure ranks of one JVM, shm and tcp ranks of one host (several JVMs)
  loc=jvm; [ "$transport" = threads ] || loc=host
  bargs=()
  [ -n "$base" ] && bargs=(--base "$base")
  "${java[@]}" -cp "$JMPI_LIB/*" jmpi.bench.Tune --out "$out" --locality "$loc" ${bargs[@]+"${bargs[@]}"} \
    --comment "measured $(date -u '+%Y-%m-%d %H:%M UTC') on $(hostname) ($(nproc) cores), transport $transport, ranks $np_list, sizes $sizes B, $(( $(date +%s) - start )) s" \
    --comment "command: bin/jmpibench tune --np-list $np_list --max $max --transport $transport --out $out${iters:+ --iters $iters}${warmup:+ --warmup $warmup}${pcalls:+ --point-warmup-calls $pcalls}${base:+ --base $base}" \
    "$dir"/np*.txt
else
  echo "coll-sweep.sh: coll-tables or tune, not $what" >&2; exit 2
fi
