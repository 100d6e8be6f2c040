#!/usr/bin/env bash
# bench/bind-to.sh [--rounds R] [--np N] [--transport threads|shm|tcp]
# jmpirun --bind-to core against --bind-to none on a transport (default threads), same build, R interleaved
# rounds (default 4), both with --enable-native-access=ALL-UNNAMED: (1) the point-to-point ping-pong (jmpi.bench.Latency,
# 1 B-64 KiB, 20000 iterations after 2000 warm-up), (2) the short collective sweep of bench/experiments/pin-ranks.sh
# (jmpi.bench.CollSweep: bcast scatter_allgather and allreduce shared_slices at 800 B-800 kB, 200 calls after 20, the
# ~108 us stalls of two ranks sharing a core show there; shm and tcp: the default algorithms). Prints every round's row (us), then the best and the median
# of the rounds per column for each setting and their ratio core / none (< 1: binding faster). Each run takes the
# machine-wide benchmark lock (/tmp/jmpi-bench.lock). Load average printed before and after.
set -euo pipefail
cd "$(dirname "$0")/.."
source bin/jmpi-env.sh
jmpi_need_lib
rounds=4; np=2; transport=threads
while [ $# -gt 0 ]; do
  case "$1" in
    --rounds) rounds=$2 ;; --np) np=$2 ;; --transport) transport=$2 ;;
    *) echo "bind-to.sh: unknown option $1" >&2; exit 2 ;;
  esac
  shift 2
done
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
lib="$JMPI_LIB"
run() { # bind bench -> one row of numbers
  local bind=$1 bench=$2 file="$out/run.txt"
  if [ "$bench" = lat ]; then
    flock /tmp/jmpi-bench.lock "$JMPI_JAVA_HOME/bin/java" --enable-native-access=ALL-UNNAMED -cp "$lib/*" \
      jmpi.launcher.Jmpirun -np "$np" --transport "$transport" --bind-to "$bind" -cp "$lib/jmpi-bench.jar" jmpi.bench.Latency --min 1 --max 65536 \
      --iters 20000 --warmup 2000 > "$file" 2>&1 || { echo "bind-to.sh: the $bind latency run failed:" >&2; cat "$file" >&2; exit 1; }
    grep -v '^#' "$file" | awk 'NR > 1 { printf "%s ", $3 } END { print "" }'
  else
    # threads: the algorithms forced as in pin-ranks.sh; shm, tcp: the default ones (shared_slices needs threads)
    local forced=(-Djmpi.coll.bcast=scatter_allgather -Djmpi.coll.allreduce=shared_slices) only=true
    [ "$transport" = threads ] || { forced=(); only=false; }
    flock /tmp/jmpi-bench.lock "$JMPI_JAVA_HOME/bin/java" --enable-native-access=ALL-UNNAMED -Xmx8g \
      ${forced[@]+"${forced[@]}"} -cp "$lib/*" jmpi.launcher.Jmpirun \
      -np "$np" --transport "$transport" --bind-to "$bind" -cp "$lib/jmpi-bench.jar" jmpi.bench.CollSweep --collectives bcast,allreduce \
      --forced-only "$only" --sizes 800,8000,80000,800000 --iters 200 --warmup 20 > "$file" 2>&1 \
      || { echo "bind-to.sh: the $bind collective run failed:" >&2; cat "$file" >&2; exit 1; }
    grep -q '^SWEEP' "$file" || { echo "bind-to.sh: the $bind collective run printed no SWEEP line:" >&2; cat "$file" >&2; exit 1; }
    grep '^SWEEP' "$file" | awk '{ printf "%s ", $6 } END { print "" }'
  fi
}
echo "# bind-to.sh --rounds $rounds --np $np --transport $transport, $(date -u '+%Y-%m-%d %H:%M UTC'), host $(hostname), cores $(nproc), load before $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# $("$JMPI_JAVA_HOME/bin/java" -version 2>&1 | head -1); $transport transport, $np ranks; both settings with --enable-native-access=ALL-UNNAMED"
lat_cols="1 2 4 8 16 32 64 128 256 512 1K 2K 4K 8K 16K 32K 64K"
coll_cols="bc800 bc8k bc80k bc800k ar800 ar8k ar80k ar800k"
for ((r = 1; r <= rounds; r++)); do
  for bind in none core; do
    row=$(run "$bind" lat); echo "lat $bind $row" >> "$out/rows"; echo "# round $r: lat $bind $row"
    row=$(run "$bind" coll); echo "coll $bind $row" >> "$out/rows"; echo "# round $r: coll $bind $row"
  done
done
summary() { # kind cols: best and median per column, each setting, and core / none
  local kind=$1 cols=$2
  echo
  echo "$kind (us), best and median of $rounds rounds:"
  printf '%-22s' "column"; for c in $cols; do printf ' %9s' "$c"; done; echo
  awk -v k="$kind" -v a=none -v b=core -f bench/best-median.awk "$out/rows"
}
summary lat "$lat_cols"
summary coll "$coll_cols"
echo
echo "# load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# reproduce: bench/bind-to.sh --rounds $rounds --np $np --transport $transport"
