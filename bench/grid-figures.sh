#!/usr/bin/env bash
# grid-figures.sh [--per-cluster 4] [--links "4gbit:0 1gbit:0 1gbit:1ms"] [--rounds 2] [--sizes 1K,4K,...]
#                 [--coll-sizes 1K,...] [--iters 100] [--warmup 20] [--ft CLASS [--only-ft]] [--no-c] [--sides "..."]
#                 [--out FILE]
# The GridMPI paper's measurements (Matsuda et al., AIST) on this machine: two emulated clusters of
# --per-cluster hosts (bench/wan.sh: network namespaces; between the clusters a user-space relay with the
# link's rate and one-way delay), one rank per host, jmpirun on the first host of cluster 0. For each link
# ("RATE:DELAY") and round, the sides run interleaved:
#   jmpi-new     hostfile with cluster= : cluster-aware collectives (inter-cluster first) and the rendezvous
#                that sends data ahead of its CTS across the link (jmpi.rndv.ahead.far, 1 MiB)
#   jmpi-unaware hostfile without clusters, data ahead on (-Djmpi.rndv.ahead=1048576): the same protocol,
#                topology-unaware algorithms (the table's "any" lines)
#   jmpi-unaware-rr  the same with the ranks dealt round-robin to the clusters (c0h0 c1h0 c0h1 ...): where an
#                unaware algorithm's partners fall depends on the placement, an aware one's does not
#   jmpi-aggregated  jmpi-new with alltoall forced to aggregation at the cluster leaders (Fig. 5's
#                "aggregated"; jmpi-new's alltoall is the table's, "direct" where aggregation loses); alltoall only
#   jmpi-old     hostfile without clusters, no data ahead: jmpi before this work
#   c            bench/c/grid.c under Open MPI 4.1 (tcp BTL, mpi_yield_when_idle) across the same namespaces, started
#                through bench/c/netns-agent.sh, if mpicc.openmpi and mpirun.openmpi are installed
# Each side runs jmpi.bench.Grid (or grid.c): pingpong between rank 0 and the first rank of the other
# cluster (Fig. 3), bcast (Fig. 6), reduce (Fig. 7), allreduce, alltoall (Figs. 4-5); MB/s per size, best
# of the rounds: --iters calls per size up to 64 KiB (fewer above), after --warmup untimed ones (jmpi.bench.Grid
# also gives the first size of each test 2000 untimed calls, so that the JIT has compiled the paths). With --ft CLASS
# (--only-ft: nothing else, jmpi sides only) also NAS FT on all ranks (Fig. 2's form: time relative to the delayed link).
# --sides: a subset of the sides above (default all). The relay's statistics after each link show how late it
# forwarded packets (its accuracy under the load).
# Output: the tables on stdout and in --out (default bench/results/<date>-grid-figures.txt).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
source "$root/bin/jmpi-env.sh"
per=4; links="4gbit:0 1gbit:0 1gbit:1ms"; rounds=2; sizes=1K,4K,16K,64K,256K,1M,4M,16M
coll_sizes=1K,4K,16K,64K,256K,1M,4M; iters=100; warmup=20; ft=; want_c=1; only_ft=0
sides="jmpi-new jmpi-unaware jmpi-unaware-rr jmpi-aggregated jmpi-old"
out=$root/bench/results/$(date -u +%Y-%m-%d)-grid-figures.txt
while [ $# -gt 0 ]; do
  case "$1" in -h|--help) sed -n '2,27p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;; --no-c) want_c=0; shift; continue ;; --only-ft) only_ft=1; want_c=0; shift; continue ;; esac
  [ $# -ge 2 ] || { echo "grid-figures.sh: $1 needs a value" >&2; exit 2; }
  case "$1" in
    --per-cluster) per=$2 ;;
    --links) links=$2 ;;
    --rounds) rounds=$2 ;;
    --sizes) sizes=$2 ;;
    --coll-sizes) coll_sizes=$2 ;;
    --iters) iters=$2 ;;
    --warmup) warmup=$2 ;;
    --ft) ft=$2 ;;
    --out) out=$2 ;;
    --sides) sides=$(echo "$2" | tr ',' ' ') ;;
    *) echo "grid-figures.sh: unknown option $1" >&2; exit 2 ;;
  esac
  shift 2
done
name=jgf
source "$here/grid-common.sh"
grid_setup grid-figures.sh

have_c=0
if [ $want_c = 1 ] && command -v mpicc.openmpi >/dev/null && command -v mpirun.openmpi >/dev/null && [ -f "$here/c/grid.c" ]; then
  mpicc.openmpi -O2 -o "$work/grid" "$here/c/grid.c" && have_c=1
fi

mkdir -p "$(dirname "$out")"
exec > >(tee "$out") 2>&1
echo "# grid-figures.sh: $(date -u +%FT%TZ) on $(hostname), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# jmpi $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo '?'), $("$JMPI_JAVA_HOME/bin/java" -version 2>&1 | head -1)"
echo "# two clusters x $per hosts (network namespaces), one rank per host, links: $links, rounds: $rounds"
echo "# command: bench/grid-figures.sh --per-cluster $per --links \"$links\" --rounds $rounds --sizes $sizes --coll-sizes $coll_sizes --iters $iters --warmup $warmup${ft:+ --ft $ft}$([ $only_ft = 1 ] && echo ' --only-ft')"
[ $have_c = 1 ] || echo "# C side: not run (no mpicc.openmpi / mpirun.openmpi, bench/c/grid.c missing, or --no-c)"

in_grid() { # JVM-options jar class args...: a job on the hosts of $hosts
  grid_run "$hosts" "$@"
}
run_jmpi() { # side file
  local hosts opts tests=bcast,reduce,allreduce,alltoall pp=1
  case "$1" in
    jmpi-new) hosts=$(grid_hostfile aware); opts= ;;
    jmpi-unaware) hosts=$(grid_hostfile unaware); opts=-Djmpi.rndv.ahead=1048576 ;;
    jmpi-unaware-rr) hosts=$(grid_hostfile unaware-rr); opts=-Djmpi.rndv.ahead=1048576; pp=0 ;;
    jmpi-aggregated) hosts=$(grid_hostfile aware); opts=-Djmpi.coll.alltoall=hierarchical; tests=alltoall; pp=0 ;;
    jmpi-old) hosts=$(grid_hostfile unaware); opts=-Djmpi.rndv.ahead=0 ;;
    *) echo "grid-figures.sh: unknown side $1" >&2; exit 2 ;;
  esac
  : > "$2"
  if [ $only_ft = 0 ]; then
    if [ $pp = 1 ]; then
      in_grid "-Xmx1g $opts" jmpi-bench.jar jmpi.bench.Grid --tests pingpong --sizes "$sizes" --iters "$iters" --warmup "$warmup" >> "$2" 2>&1 \
        || echo "# FAILED: $1 pingpong" >> "$2"
    fi
    in_grid "-Xmx1g $opts" jmpi-bench.jar jmpi.bench.Grid --tests $tests --sizes "$coll_sizes" --iters "$iters" \
      --warmup "$warmup" >> "$2" 2>&1 || echo "# FAILED: $1 collectives" >> "$2"
  fi
  [ "$1" = jmpi-aggregated ] && return 0
  if [ -n "$ft" ]; then
    local t
    t=$(in_grid "-Xmx2g $opts" jmpi-examples.jar jmpi.examples.FT --class "$ft" 2>&1 | awk '/Time in seconds/ {print $5}')
    echo "ft $ft ${t:-FAILED}" >> "$2"
  fi
}
run_c() { # file
  local f=$work/hosts-c k j
  : > "$f"
  for k in 0 1; do for j in $(seq 0 $((per - 1))); do echo "$name-c${k}h$j slots=1" >> "$f"; done; done
  # namespace names as host names (not resolved: if_base_do_not_resolve), started through bench/c/netns-agent.sh;
  # idle ranks yield (mpi_yield_when_idle): the jmpi ranks park when idle too, and there are more ranks than cores;
  # rtc ^hwloc: no binding wanted, and its topology mapping once crashed an orted (see NativeMultiHostTest)
  local launch=(ip netns exec $name-c0h0 mpirun.openmpi --allow-run-as-root --oversubscribe --bind-to none -np $np --hostfile "$f"
    --mca plm_rsh_agent "$here/c/netns-agent.sh" --mca plm_rsh_no_tree_spawn 1 --mca if_base_do_not_resolve 1 --mca rtc ^hwloc
    --mca btl tcp,self --mca btl_tcp_if_include eth0 --mca oob_tcp_if_include eth0 --mca mpi_yield_when_idle 1)
  { "${launch[@]}" "$work/grid" --tests pingpong --sizes "$sizes" --iters "$iters" --warmup "$warmup" \
    && "${launch[@]}" "$work/grid" --tests bcast,reduce,allreduce,alltoall --sizes "$coll_sizes" --iters "$iters" --warmup "$warmup"; } \
    > "$1" 2>&1 || echo "# FAILED: c" >> "$1"
}

[ $have_c = 1 ] && sides="$sides c"
for link in $links; do
  grid_link_up "$link"
  for r in $(seq 1 "$rounds"); do
    for side in $sides; do
      f=$work/$rate-$delay-$side-$r.txt
      if [ $side = c ]; then run_c "$f"; else run_jmpi "$side" "$f"; fi
      grep -q FAILED "$f" && { echo "# $side round $r failed:"; grep -v '^ *[a-z]*  *[0-9]' "$f" | tail -5 | sed 's/^/#   /'; }
    done
  done
  grid_relay_report
  # best (highest MB/s) of the rounds per side, test and size, side by side
  awk -v sides="$sides" '
    FNR == 1 { match(FILENAME, /(jmpi-new|jmpi-unaware|jmpi-unaware-rr|jmpi-aggregated|jmpi-old|c)-[0-9]+\.txt$/); s = substr(FILENAME, RSTART, RLENGTH); sub(/-[0-9]+\.txt$/, "", s) }
    /^ft / { if (!((s, "ft") in ft) || $3 < ft[s, "ft"]) ft[s, "ft"] = $3; hasft = 1; next }
    /^(pingpong|bcast|reduce|allreduce|alltoall) +[0-9]/ { k = $1 SUBSEP $2; if (!(k in seen)) { seen[k] = 1; order[++n] = k }
      if ($5 > best[s, $1, $2]) best[s, $1, $2] = $5 }
    END {
      ns = split(sides, S, " ")
      printf "%-10s %10s", "test", "bytes"; for (i = 1; i <= ns; i++) printf " %13s", S[i] " MB/s"
      printf " %9s %9s %9s\n", "new/old", "aware/un", "aware/rr"
      for (i = 1; i <= n; i++) { split(order[i], kk, SUBSEP); printf "%-10s %10d", kk[1], kk[2]
        for (j = 1; j <= ns; j++) { v = best[S[j], kk[1], kk[2]]; if (v > 0) printf " %13.2f", v; else printf " %13s", "-" }
        o = best["jmpi-old", kk[1], kk[2]]; u = best["jmpi-unaware", kk[1], kk[2]]; w = best["jmpi-new", kk[1], kk[2]]
        rr = best["jmpi-unaware-rr", kk[1], kk[2]]
        printf " %9s %9s %9s\n", (o > 0 ? sprintf("%.2f", w / o) : "-"), (u > 0 ? sprintf("%.2f", w / u) : "-"),
          (rr > 0 ? sprintf("%.2f", w / rr) : "-") }
      if (hasft) { printf "ft (s)    %10s", ""; for (j = 1; j <= ns; j++) printf " %13s", ft[S[j], "ft"]; printf "\n" }
    }' $(for side in $sides; do ls "$work"/$rate-$delay-$side-[0-9]*.txt; done)
  "$here/wan.sh" down --name $name > /dev/null
done
echo
echo "# MB/s: pingpong bytes / half round trip; bcast, reduce, allreduce bytes x ranks / time; alltoall bytes x (ranks-1) / time"
echo "#   (time: the slowest rank's average per call); best of $rounds rounds; MB = 10^6 B. new/old, aware/un and aware/rr are jmpi-new's ratios"
echo "#   to jmpi-old, jmpi-unaware and jmpi-unaware-rr."
