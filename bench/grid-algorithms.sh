#!/usr/bin/env bash
# grid-algorithms.sh [--per-cluster 4] [--links "1gbit:1ms"] [--rounds 3] [--tests bcast,allreduce]
#                    [--sizes 64K,256K,1M,4M] [--iters 200] [--warmup 20] [--out FILE] SIDE...
# Collective algorithms side by side across two emulated clusters (bench/wan.sh), the evidence behind the
# selection table's clusters lines. Each SIDE is "label|placement|JVM options":
#   placement  aware     hostfile with cluster= (the clusters in blocks: c0h0..c0hN, c1h0..)
#              unaware   the same hosts without cluster= (topology-unaware: the table's any lines)
#              aware-rr, unaware-rr   the ranks dealt round-robin to the clusters (c0h0 c1h0 c0h1 ...)
#   options    e.g. -Djmpi.coll.bcast=hierarchical_pipeline -Djmpi.coll.hierarchySegmentBytes=1048576
# For each link and round every side runs jmpi.bench.Grid once (interleaved rounds); the table gives each
# side's per-round times (us per call, the slowest rank's average) and the best, and the best's ratio to the
# first side. The first size of each test at most 64 KiB gets Grid's JIT warm-up: start --sizes there.
# Example (bcast, 3 rounds):
#   bench/grid-algorithms.sh --tests bcast "unaware|unaware|-Djmpi.rndv.ahead=1048576" \
#     "hierarchical|aware|-Djmpi.coll.bcast=hierarchical" "pipeline|aware|-Djmpi.coll.bcast=hierarchical_pipeline"
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
source "$root/bin/jmpi-env.sh"
per=4; links="1gbit:1ms"; rounds=3; tests=bcast,allreduce; sizes=64K,256K,1M,4M; iters=200; warmup=20
out=$root/bench/results/$(date -u +%Y-%m-%d)-grid-algorithms.txt
while [ $# -gt 0 ]; do
  case "$1" in
    -h|--help) sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    --*) [ $# -ge 2 ] || { echo "grid-algorithms.sh: $1 needs a value" >&2; exit 2; } ;;
    *) break ;;
  esac
  case "$1" in
    --per-cluster) per=$2 ;;
    --links) links=$2 ;;
    --rounds) rounds=$2 ;;
    --tests) tests=$2 ;;
    --sizes) sizes=$2 ;;
    --iters) iters=$2 ;;
    --warmup) warmup=$2 ;;
    --out) out=$2 ;;
    *) echo "grid-algorithms.sh: unknown option $1" >&2; exit 2 ;;
  esac
  shift 2
done
[ $# -ge 1 ] || { echo "grid-algorithms.sh: no sides (label|placement|options)" >&2; exit 2; }
name=jga
source "$here/grid-common.sh"
grid_setup grid-algorithms.sh
mkdir -p "$(dirname "$out")"
exec > >(tee "$out") 2>&1
command=$(printf ' %q' "$@")
echo "# grid-algorithms.sh: $(date -u +%FT%TZ) on $(hostname), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# jmpi $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo '?'), $("$JMPI_JAVA_HOME/bin/java" -version 2>&1 | head -1)"
echo "# two clusters x $per hosts (network namespaces), one rank per host"
echo "# command: bench/grid-algorithms.sh --per-cluster $per --links \"$links\" --rounds $rounds --tests $tests --sizes $sizes --iters $iters --warmup $warmup$command"

for link in $links; do
  grid_link_up "$link"
  for r in $(seq 1 "$rounds"); do
    i=0
    for side in "$@"; do
      i=$((i + 1))
      IFS='|' read -r label placement opts <<< "$side"
      f=$work/$rate-$delay-$i-$r.txt
      echo "# side $i: $label" > "$f"
      grid_run "$(grid_hostfile "$placement")" "-Xmx1g $opts" jmpi-bench.jar jmpi.bench.Grid --tests "$tests" \
        --sizes "$sizes" --iters "$iters" --warmup "$warmup" >> "$f" 2>&1 || echo "# FAILED: $label round $r" | tee -a "$f"
    done
  done
  grid_relay_report
  awk -v nsides=$# '
    FNR == 1 { match(FILENAME, /-[0-9]+-[0-9]+\.txt$/); split(substr(FILENAME, RSTART + 1), a, /[-.]/); s = a[1]
               sub(/^# side [0-9]+: /, ""); label[s] = $0; next }
    /^(bcast|reduce|allreduce|alltoall) +[0-9]/ { k = $1 SUBSEP $2; if (!(k in seen)) { seen[k] = 1; order[++n] = k }
      t[s, k] = t[s, k] sprintf(" %9.1f", $4); if (!((s, k) in best) || $4 < best[s, k]) best[s, k] = $4 }
    END {
      printf "%-10s %9s  %-24s %-32s %10s %8s\n", "test", "bytes", "side", "us per call, each round", "best us", "first/it"
      for (i = 1; i <= n; i++) { split(order[i], kk, SUBSEP)
        for (s = 1; s <= nsides; s++) { b = best[s, order[i]]
          printf "%-10s %9d  %-24s %-32s %10.1f %8s\n", kk[1], kk[2], label[s], t[s, order[i]], b,
            (b > 0 && best[1, order[i]] > 0 ? sprintf("%.2f", best[1, order[i]] / b) : "-") }
      }
    }' "$work"/$rate-$delay-*-*.txt
  "$here/wan.sh" down --name $name > /dev/null
done
echo
echo "# us per call: the slowest rank's average (jmpi.bench.Grid); first/it: the first side's best time over this side's"
echo "#   (above 1: this side faster than the first)."
