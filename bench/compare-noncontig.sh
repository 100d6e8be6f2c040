#!/usr/bin/env bash
# compare-noncontig.sh [--min 8] [--max 256K] [--fit-max BYTES] [--iters 1000] [--warmup 100] [--repeat R] [--keep DIR]
#                      [--baseline DIR]
# The CLEI 1999 mpiJava paper's commByte / commDouble (issue 4) side by side on this host: bench/c/noncontig.c over Open MPI
# (mpicc.openmpi -O2; mpirun.openmpi --allow-run-as-root -np 2 --bind-to none --mca btl self,vader) and
# bin/jmpibench noncontig on the threads and shm transports, same sizes and iteration rule. Prints
# Table 2 (Hockney fit per type and mode: r_inf MB/s, n_1/2 B, t0 us, r_inf as a share of CONTIGUOUS's)
# for each, the issue's goals (STRIDE >= 1/2 of CONTIGUOUS's r_inf for doubles on threads, >= 1/3 on shm,
# and above Open MPI's STRIDE) and jmpi's Table 3 (threads). --repeat R runs R interleaved rounds and
# fits each; every round is printed. Then, per transport and size, the best time over the rounds of STRIDE and of
# LOOP and STRIDE's speed relative to LOOP's (LOOP time / STRIDE time; at least 1: a derived datatype is never
# slower than packing by hand), with the goal STRIDE >= LOOP at every size and in r_inf (median over rounds).
# --baseline DIR: another built jmpi tree (e.g. a worktree of main) whose bin/jmpibench runs in every round too,
# right after this tree's, labelled base-threads / base-shm in every table.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
min=8; max=256K; fitmax=; iters=1000; warmup=100; repeat=1; keep=; baseline=
while [ $# -gt 0 ]; do
  [ $# -ge 2 ] || { echo "compare-noncontig.sh: $1 needs a value" >&2; exit 2; }
  case "$1" in
    --min) min=$2 ;; --max) max=$2 ;; --fit-max) fitmax=$2 ;; --iters) iters=$2 ;; --warmup) warmup=$2 ;;
    --repeat) repeat=$2 ;; --keep) keep=$2 ;; --baseline) baseline=$(cd "$2" && pwd) ;;
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
    if [ -n "$baseline" ]; then
      "$baseline/bin/jmpibench" noncontig --np 2 --transport "$t" "${opts[@]}" ${fit[@]+"${fit[@]}"} > "$out/base-$t.$k.txt"
    fi
  done
done
labels=(openmpi jmpi-threads jmpi-shm)
[ -n "$baseline" ] && labels+=(base-threads base-shm)
echo "# the CLEI 1999 mpiJava paper's commByte/commDouble: jmpi vs Open MPI, 2 ranks, one host, $(date -u '+%Y-%m-%d %H:%M UTC')"
echo "# host: $(hostname), cores: $(nproc), load average before: $load_before, after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# Open MPI: $(grep -m1 '^# MPI:' "$out/openmpi.1.txt" | sed 's/^# MPI: *//') (btl self,vader)"
echo "# jmpi: $(grep -m1 '^# JVM:' "$out/jmpi-threads.1.txt" | sed 's/^# JVM: *//'), this tree at $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo '?')"
[ -n "$baseline" ] && echo "# baseline (base-*): $baseline at $(git -C "$baseline" rev-parse --short HEAD 2>/dev/null || echo '?'), run right after this tree in every round"
echo "# JIT warm-up: every path untimed first (5 x the warm-up iterations at every size, repeated for --warmup-seconds), then --warmup iterations before each size"
echo "# STRIDE: Vector(n, 1, 64) of bytes / Vector(n, 1, 8) of doubles on both sides; LOOP: hand copy around a contiguous send"
echo "# fit: t = t0 + n / r_inf over the power-of-two sizes ${min}..${fitmax:-$max} B (data bytes); share = r_inf / CONTIGUOUS's r_inf"
echo "# reproduce: bench/compare-noncontig.sh --min $min --max $max ${fitmax:+--fit-max $fitmax }--iters $iters --warmup $warmup --repeat $repeat${baseline:+ --baseline $baseline}"
echo
printf 'FIT %-16s %-7s %-11s %12s %12s %12s %8s\n' label type mode r_inf_MB/s n_1/2_bytes t0_us share
for ((k = 1; k <= repeat; k++)); do
  for f in "${labels[@]}"; do
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
# STRIDE against LOOP: per label, type and size, the best time over the rounds of each (so that a round disturbed by
# other load does not decide), and LOOP's time over STRIDE's; then the smallest of those over the sizes, and the
# median over the rounds of STRIDE's r_inf over LOOP's
echo "# STRIDE vs LOOP per size: best time over $repeat round(s), us; speed = LOOP time / STRIDE time (>= 1: STRIDE at least as fast)"
printf 'SIZE %-13s %-7s %8s %10s %10s %7s\n' label type bytes stride_us loop_us speed
for f in "${labels[@]}"; do
  [ "$f" = openmpi ] && continue
  cat "$out/$f".*.txt | awk -v f="$f" '
    NF == 7 && ($1 == "byte" || $1 == "double") && $3 ~ /^[0-9]+$/ {
      k = $1 " " $3; if ($2 == "STRIDE" && (!(k in s) || $6 < s[k])) s[k] = $6
      if ($2 == "LOOP" && (!(k in l) || $6 < l[k])) l[k] = $6 }
    END { for (k in s) if (k in l) { split(k, a, " "); printf "SIZE %-13s %-7s %8d %10.3f %10.3f %7.2f\n", f, a[1], a[2], s[k], l[k], l[k] / s[k] } }' |
    sort -k3,3 -k4,4n
done > "$tmp/sizes"
cat "$tmp/sizes"
echo
awk '
  FILENAME == ARGV[1] { k = $2 " " $3; if (!(k in m) || $7 < m[k]) { m[k] = $7; at[k] = $4 } next }
  { key = $2; sub(/#.*/, "", key); k = key " " $3 " " $4; r[k] = r[k] " " $5 }
  function med(s,   a, n, i, j, t) { n = split(s, a, " "); for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] + 0 < a[i] + 0) { t = a[i]; a[i] = a[j]; a[j] = t } return a[int((n + 1) / 2)] }
  END {
    for (k in m) {
      split(k, a, " "); if (a[2] != "double") continue
      ri = med(r[a[1] " double STRIDE"]) / med(r[a[1] " double LOOP"])
      printf "# goal: doubles STRIDE >= LOOP, %s: slowest size %s B at %.2f x LOOP (%s); r_inf %.2f x LOOP (%s)\n", a[1], at[k], m[k],
        (m[k] >= 1 ? "met" : "not met"), ri, (ri >= 1 ? "met" : "not met")
    }
  }' "$tmp/sizes" "$tmp/fits" | sort
echo
echo "# jmpi Table 3 (threads, round 1):"
sed -n '/^# Table 3/,$p' "$out/jmpi-threads.1.txt"
[ -n "$keep" ] && echo "# raw outputs kept in $keep"
exit 0
