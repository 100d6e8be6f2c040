#!/usr/bin/env bash
# compare-noncontig.sh [--min 8] [--max 256K] [--fit-max BYTES] [--iters 1000] [--warmup 100] [--repeat R] [--keep DIR]
# The CLEI 1999 mpiJava paper's commByte / commDouble (issue 4) side by side on this host: bench/c/noncontig.c over Open MPI
# (mpicc.openmpi -O2; mpirun.openmpi --allow-run-as-root -np 2 --bind-to none --mca btl self,vader) and
# bin/jmpibench noncontig on the threads and shm transports, same sizes and iteration rule. Prints
# Table 2 (Hockney fit per type and mode: r_inf MB/s, n_1/2 B, t0 us, r_inf as a share of CONTIGUOUS's)
# for each, the issue's goals (STRIDE >= 1/2 of CONTIGUOUS's r_inf for doubles on threads, >= 1/3 on shm,
# and above Open MPI's STRIDE) and jmpi's Table 3 (threads). --repeat R runs R interleaved rounds and
# fits each; every round is printed.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
min=8; max=256K; fitmax=; iters=1000; warmup=100; repeat=1; keep=
while [ $# -gt 0 ]; do
  [ $# -ge 2 ] || { echo "compare-noncontig.sh: $1 needs a value" >&2; exit 2; }
  case "$1" in
    --min) min=$2 ;; --max) max=$2 ;; --fit-max) fitmax=$2 ;; --iters) iters=$2 ;; --warmup) warmup=$2 ;;
    --repeat) repeat=$2 ;; --keep) keep=$2 ;;
    *) echo "compare-noncontig.sh: unknown option $1" >&2; exit 2 ;;
  esac
  shift 2
done
source "$root/bin/jmpi-env.sh"
jmpi_need_lib
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
out=${keep:-$tmp}
mkdir -p "$out"
mpicc.openmpi -O2 -o "$tmp/noncontig" "$here/c/noncontig.c"
opts=(--min "$min" --max "$max" --iters "$iters" --warmup "$warmup")
fit=(); [ -n "$fitmax" ] && fit=(--fit-max "$fitmax")
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
for ((k = 1; k <= repeat; k++)); do
  echo "compare-noncontig.sh: round $k of $repeat" >&2
  mpirun.openmpi --allow-run-as-root -np 2 --bind-to none --mca btl self,vader "$tmp/noncontig" "${opts[@]}" > "$out/openmpi.$k.txt"
  for t in threads shm; do
    "$root/bin/jmpibench" noncontig --np 2 --transport "$t" "${opts[@]}" ${fit[@]+"${fit[@]}"} > "$out/jmpi-$t.$k.txt"
  done
done
echo "# the CLEI 1999 mpiJava paper's commByte/commDouble: jmpi vs Open MPI, 2 ranks, one host, $(date -u '+%Y-%m-%d %H:%M UTC')"
echo "# host: $(hostname), cores: $(nproc), load average before: $load_before, after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# Open MPI: $(grep -m1 '^# MPI:' "$out/openmpi.1.txt" | sed 's/^# MPI: *//') (btl self,vader)"
echo "# jmpi: $(grep -m1 '^# JVM:' "$out/jmpi-threads.1.txt" | sed 's/^# JVM: *//')"
echo "# STRIDE: Vector(n, 1, 64) of bytes / Vector(n, 1, 8) of doubles on both sides; LOOP: hand copy around a contiguous send"
echo "# fit: t = t0 + n / r_inf over the power-of-two sizes ${min}..${fitmax:-$max} B (data bytes); share = r_inf / CONTIGUOUS's r_inf"
echo "# reproduce: bench/compare-noncontig.sh --min $min --max $max ${fitmax:+--fit-max $fitmax }--iters $iters --warmup $warmup --repeat $repeat"
echo
printf 'FIT %-16s %-7s %-11s %12s %12s %12s %8s\n' label type mode r_inf_MB/s n_1/2_bytes t0_us share
for ((k = 1; k <= repeat; k++)); do
  for f in openmpi jmpi-threads jmpi-shm; do
    "$JMPI_JAVA_HOME/bin/java" -cp "$JMPI_LIB/*" jmpi.bench.NoncontigFit ${fit[@]+"${fit[@]}"} --label "$f#$k" "$out/$f.$k.txt"
  done
done > "$tmp/fits"
cat "$tmp/fits"
echo
# goals, from the median share over the rounds
awk '
  { key = $2; sub(/#.*/, "", key); k = key " " $3 " " $4; v[k] = v[k] " " $8; r[k] = r[k] " " $5 }
  function med(s,   a, n, i, j, t) { n = split(s, a, " "); for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] + 0 < a[i] + 0) { t = a[i]; a[i] = a[j]; a[j] = t } return a[int((n + 1) / 2)] }
  END {
    st = med(v["jmpi-threads double STRIDE"]); ss = med(v["jmpi-shm double STRIDE"])
    jt = med(r["jmpi-threads double STRIDE"]); js = med(r["jmpi-shm double STRIDE"]); o = med(r["openmpi double STRIDE"])
    printf "# goal: doubles STRIDE r_inf >= 0.5 x CONTIGUOUS on threads: %s -> %s\n", st, (st >= 0.5 ? "met" : "not met")
    printf "# goal: doubles STRIDE r_inf >= 0.33 x CONTIGUOUS on shm: %s -> %s\n", ss, (ss >= 1/3 ? "met" : "not met")
    printf "# goal: doubles STRIDE r_inf above Open MPI STRIDE (%s MB/s): threads %s (%s), shm %s (%s)\n", o, jt, (jt > o ? "met" : "not met"), js, (js > o ? "met" : "not met")
  }' "$tmp/fits"
echo
echo "# jmpi Table 3 (threads, round 1):"
sed -n '/^# Table 3/,$p' "$out/jmpi-threads.1.txt"
[ -n "$keep" ] && echo "# raw outputs kept in $keep"
exit 0
