#!/usr/bin/env bash
# bench/tune-defaults.sh [--rounds 2] [--np-list 2,4,8] [--max 8M] [--iters 300] [--warmup 2000] [--shm-np-list 2,4|none]
#                        [--shm-rounds 3] [--threads true|false] [--out jmpi-coll/src/main/resources/jmpi/coll/selection.txt]
#                        [--keep DIR]
# Remakes jmpi's built-in selection table on this machine, the way the shipped one was made:
#   1. `bin/jmpibench tune` --rounds times (every algorithm of every collective, threads transport, sizes
#      8 B x 8^k up to --max, --np-list ranks);
#   2. `bin/jmpibench coll-tables` once with the same rank counts (Leus's sizes, 10^2..10^6 doubles,
#      bcast and allreduce), so those collectives are also measured at the sizes the tables judge;
#   3. jmpi.bench.Tune over all of it (each point: the best of its measurements), keeping the current
#      table's lines for the other localities (processes, host, hosts, clusters, native) after the measured `jvm` lines;
#   4. unless --shm-np-list none: `bin/jmpibench tune --transport shm` --shm-rounds times (ranks as processes
#      of this host, --shm-np-list 2,4, up to 1M), and one `bin/jmpibench sweep --menu true` of bcast and allreduce
#      at Leus's sizes (10^2..10^5 doubles, 3 rounds) per rank count; jmpi.bench.Tune over all of them (each point:
#      its best measurement) replaces the table's `host` lines.
# --threads false skips steps 1-3 (the table's other lines stay as they are: only the host lines are remade).
# Then judge the result with `bin/jmpibench coll-tables --table FILE` (a fresh measurement).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
source "$root/bin/jmpi-env.sh"
jmpi_need_lib
rounds=2; np_list=2,4,8; max=8M; iters=300; warmup=2000; shm_np_list=2,4; shm_rounds=3; threads=true
out=$root/jmpi-coll/src/main/resources/jmpi/coll/selection.txt; keep=
while [ $# -gt 0 ]; do
  [ $# -ge 2 ] || { echo "tune-defaults: option $1 needs a value" >&2; exit 2; }
  case "$1" in
    --rounds) rounds=$2 ;; --np-list) np_list=$2 ;; --max) max=$2 ;; --iters) iters=$2 ;;
    --warmup) warmup=$2 ;; --out) out=$2 ;; --keep) keep=$2 ;; --shm-np-list) shm_np_list=$2 ;;
    --shm-rounds) shm_rounds=$2 ;; --threads) threads=$2 ;;
    *) echo "tune-defaults: unknown option $1" >&2; exit 2 ;;
  esac
  shift 2
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
dir=${keep:-$tmp}
mkdir -p "$dir"
base="$dir/base-selection.txt"
cp "$out" "$base" 2>/dev/null || cp "$root/jmpi-coll/src/main/resources/jmpi/coll/selection.txt" "$base"
case "$threads" in true|false) ;; *) echo "tune-defaults: --threads true or false, not $threads" >&2; exit 2 ;; esac
case "$shm_rounds" in ''|*[!0-9]*|0) echo "tune-defaults: --shm-rounds wants a whole number >= 1" >&2; exit 2 ;; esac
start=$(date +%s)
if [ "$threads" = true ]; then
for ((r = 1; r <= rounds; r++)); do
  echo "tune-defaults: tuner round $r of $rounds" >&2
  "$root/bin/jmpibench" tune --np-list "$np_list" --max "$max" --iters "$iters" --warmup "$warmup" \
    --base "$base" --out "$dir/round$r-table.txt" --keep "$dir/round$r" > /dev/null
done
echo "tune-defaults: Leus's sizes" >&2
nps=${np_list//,/ }
"$root/bin/jmpibench" coll-tables --bcast-np "$nps" --allreduce-np "$nps" --max-doubles 1000000 \
  --iters "$iters" --warmup "$warmup" --keep "$dir/leus" > "$dir/leus.txt"
"$JMPI_JAVA_HOME/bin/java" -cp "$JMPI_LIB/*" jmpi.bench.Tune --out "$out" --locality jvm --base "$base" \
  --comment "measured $(date -u '+%Y-%m-%d %H:%M UTC') on $(hostname) ($(nproc) cores), threads transport, ranks $np_list: $rounds tuner rounds (8 B x 8^k up to $max) + Leus's sizes for bcast/allreduce, best of each point, $(( $(date +%s) - start )) s" \
  --comment "command: bench/tune-defaults.sh --rounds $rounds --np-list $np_list --max $max --iters $iters --warmup $warmup" \
  --comment "lines for the localities processes, hosts, clusters and any: kept from the previous table (literature, hierarchical on hosts and" \
  --comment "  on clusters; the clusters lines of bcast, reduce, allreduce and alltoall measured under bench/wan.sh, see bench/results/" \
  --comment "  2026-11-24-grid-figures.txt and 2026-11-25-grid-{bcast,allreduce,alltoall}.txt; the other clusters lines" \
  --comment "  literature-based; collectives without a hierarchical algorithm fall to their any lines there)" \
  "$dir"/round*/np*.txt "$dir"/leus/np*.txt > /dev/null
  # the base table's other header comments (native, clusters and host lines) follow this run's, minus its title and
  # the lines this run rewrites (its measured / command lines, and those it repeats word for word)
  { grep '^#' "$out" | grep -v '^# collective'
    grep '^#' "$base" | grep -v '^# collective' | tail -n +2 | grep -v '^# measured ' | grep -v '^# command: ' \
      | grep -vxF -f <(grep '^#' "$out") || true
    grep '^# collective' "$out"; grep -v '^#' "$out"; } > "$out.tmp" && mv "$out.tmp" "$out"
else
  cp "$base" "$out.tmp" && mv "$out.tmp" "$out"
fi
if [ "$shm_np_list" != none ]; then
  shm_start=$(date +%s)
  cp "$out" "$dir/threads-table.txt"
  for ((r = 1; r <= shm_rounds; r++)); do
    echo "tune-defaults: shm (processes of this host), tuner round $r of $shm_rounds" >&2
    "$root/bin/jmpibench" tune --transport shm --np-list "$shm_np_list" --max 1M --iters "$iters" --warmup "$warmup" \
      --base "$dir/threads-table.txt" --out "$dir/shm-round$r-table.txt" --keep "$dir/shm-round$r" > /dev/null
  done
  mkdir -p "$dir/shm-leus"
  for np in ${shm_np_list//,/ }; do
    echo "tune-defaults: shm, Leus's sizes, $np ranks" >&2
    "$root/bin/jmpibench" sweep --np "$np" --transport shm --menu true --collectives bcast,allreduce \
      --sizes 800,8000,80000,800000 --iters "$iters" --warmup "$warmup" --repeat 3 > "$dir/shm-leus/np$np.txt"
  done
  "$JMPI_JAVA_HOME/bin/java" -cp "$JMPI_LIB/*" jmpi.bench.Tune --out "$dir/shm-table.txt" --locality host \
    --base "$dir/threads-table.txt" \
    --comment "measured $(date -u '+%Y-%m-%d %H:%M UTC') on $(hostname) ($(nproc) cores), transport shm, ranks $shm_np_list: $shm_rounds tuner rounds (8 B x 8^k up to 1M) + Leus's sizes for bcast/allreduce (10^2..10^5 doubles), best of each point, $(( $(date +%s) - shm_start )) s" \
    --comment "command: bench/tune-defaults.sh --threads $threads --shm-np-list $shm_np_list --shm-rounds $shm_rounds --iters $iters --warmup $warmup" \
    "$dir"/shm-round*/np*.txt "$dir"/shm-leus/np*.txt > /dev/null
  { grep '^#' "$dir/threads-table.txt" | grep -v '^# collective' | grep -v '^# then the host lines'
    echo "# then the host lines: $(grep -m1 '^# measured' "$dir/shm-table.txt" | sed 's/^# //'); $(grep -m1 '^# command' "$dir/shm-table.txt" | sed 's/^# //')"
    grep '^# collective' "$dir/shm-table.txt"; grep -v '^#' "$dir/shm-table.txt"; } > "$out"
fi
echo "tune-defaults: wrote $out" >&2
