#!/usr/bin/env bash
# compare-aliasing.sh [--np "2 4"] [--collectives "allreduce allgather"] [--sizes 8,800,8K,80K,800K,8M]
#                     [--iters 200] [--warmup 50] [--repeat 3]
# What the mpiJava "in place" idiom costs: each collective timed with separate send and receive arrays
# and with one array as both (bin/jmpibench COLLECTIVE --same-buffer: the same region for reductions and
# alltoall, the rank's own block for allgather and gather), on the threads transport, the table's
# algorithm. Rounds interleave the two forms; each keeps its best (lowest) average per point. Prints both
# times (us) and the ratio same / separate (the copy of the send region jmpi makes when they overlap).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
nps="2 4"; colls="allreduce allgather"; sizes=8,800,8K,80K,800K,8M; iters=200; warmup=50; repeat=3
while [ $# -gt 0 ]; do
  [ $# -ge 2 ] || { echo "compare-aliasing.sh: $1 needs a value" >&2; exit 2; }
  case "$1" in
    --np) nps=$2 ;;
    --collectives) colls=$2 ;;
    --sizes) sizes=$2 ;;
    --iters) iters=$2 ;;
    --warmup) warmup=$2 ;;
    --repeat) repeat=$2 ;;
    -h|--help) sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "compare-aliasing.sh: unknown option $1" >&2; exit 2 ;;
  esac
  shift 2
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "# compare-aliasing.sh --np \"$nps\" --collectives \"$colls\" --sizes $sizes --iters $iters --warmup $warmup --repeat $repeat"
echo "# host $(hostname), $(nproc) cores, load before: $(cut -d' ' -f1-3 /proc/loadavg), jmpi $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo '?')"
for ((k = 1; k <= repeat; k++)); do
  for c in $colls; do
    for np in $nps; do
      for form in separate same; do
        extra=(); [ "$form" = same ] && extra=(--same-buffer)
        "$root/bin/jmpibench" "$c" --np "$np" --sizes "$sizes" --iters "$iters" --warmup "$warmup" "${extra[@]}" \
          | awk '!/^#/ && $1 ~ /^[0-9]+$/ { print $1, $3, $6 }' > "$tmp/$c.$np.$form.$k"
      done
    done
  done
done
echo "# load after: $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-10s %3s %10s %14s %14s %8s  %s\n' collective np bytes separate_us same_us ratio algorithm
for c in $colls; do
  for np in $nps; do
    cat "$tmp/$c.$np.separate."* | sort -k1,1n -k2,2g | awk '!seen[$1]++' > "$tmp/best.sep"
    cat "$tmp/$c.$np.same."* | sort -k1,1n -k2,2g | awk '!seen[$1]++' > "$tmp/best.same"
    join "$tmp/best.sep" "$tmp/best.same" | awk -v c="$c" -v np="$np" \
      '{ printf "%-10s %3s %10s %14.2f %14.2f %8.3f  %s\n", c, np, $1, $2, $4, $4 / $2, $3 }'
  done
done
