#!/usr/bin/env bash
# bench/ft.sh [--class A] [--np N] [--threads T] [--transport threads|shm|tcp|auto] [--repeat R] [--bind "auto none"]
# NAS FT through jmpirun. With --np: one configuration (FT, or FT_T with --threads T > 1), its
# NPB-style report. Without --np: class A (and B when memory allows) as FT on 2 ranks against FT_T on
# 1 rank x 2 threads, then FT on 4 ranks against FT_T 2 x 2 and 1 x 4 (oversubscribed on a 2-core
# machine: the output says so), times side by side, best of --repeat runs (default 3), interleaved.
# The JVM gets --add-modules jdk.incubator.vector (FT's Vector API FFT passes; FT_VECTOR_OPTS= runs the
# scalar fallback). Side by side with NPB's Fortran FT: bench/ft-npb.sh.
# --bind LIST: jmpirun's --bind-to for every run (default auto: ranks bound to their shares of the CPUs when there
# are at most as many as CPUs); with several values ("auto none") each configuration runs with each, interleaved.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
source "$here/bin/jmpi-env.sh"
source "$here/bench/best-of.sh"
jmpi_need_lib
cls=A; np=; threads=1; transport=threads; repeat=3; binds=auto
while [ $# -gt 0 ]; do
  case "$1" in
    --bind) binds=$2; shift 2 ;;
    --class) cls=$2; shift 2 ;;
    --np) np=$2; shift 2 ;;
    --threads) threads=$2; shift 2 ;;
    --transport) transport=$2; shift 2 ;;
    --repeat) repeat=$2; shift 2 ;;
    *) echo "ft.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
heap=${FT_HEAP:--Xmx6g}
# The FFT's Vector API passes need the incubator module (FT falls back to scalar passes without it);
# FT_VECTOR_OPTS= (empty) measures the scalar kernel.
heap="$heap ${FT_VECTOR_OPTS---add-modules jdk.incubator.vector}"
run() { # np threads class [bind] -> prints seconds (or FAILED)
  local out
  out=$(JMPI_JAVA_OPTS="$heap ${JMPI_JAVA_OPTS:-}" "$here/bin/jmpirun" -np "$1" --transport "$transport" --bind-to "${4:-auto}" \
        -cp "$JMPI_LIB/jmpi-examples.jar" jmpi.examples.FT --class "$3" --threads "$2" 2>&1) || { echo FAILED; return; }
  grep -q "Verification    =               SUCCESSFUL" <<<"$out" || { echo FAILED; return; }
  awk '/Time in seconds/ {print $5}' <<<"$out"
}
if [ -n "$np" ]; then
  JMPI_JAVA_OPTS="$heap ${JMPI_JAVA_OPTS:-}" exec "$here/bin/jmpirun" -np "$np" --transport "$transport" --bind-to "${binds%% *}" \
    -cp "$JMPI_LIB/jmpi-examples.jar" jmpi.examples.FT --class "$cls" --threads "$threads" --profile
fi
cores=$(nproc)
echo "# NAS FT (jmpi.examples.FT), FT = ranks x 1 thread, FT_T = ranks x threads; best of $repeat interleaved runs"
echo "# host: $(hostname), cores: $cores, load before: $(cut -d' ' -f1-3 /proc/loadavg), transport: $transport, JVM heap: $heap"
echo "# $("$JMPI_JAVA_HOME/bin/java" -version 2>&1 | head -1)"
echo "# binding: jmpirun --bind-to $binds (auto, the default: each rank on its share of the CPUs when there are at most as many ranks as CPUs)"
echo "# reproduce: bench/ft.sh --class $cls --repeat $repeat --transport $transport$([ "$binds" = auto ] || echo " --bind \"$binds\"")"
echo "# native reference: bench/ft-npb.sh runs NPB 3.4 MPI FT (Fortran) side by side with these"
printf "%-6s %-8s %8s %8s %10s %s\n" class config ranks threads seconds note
for c in $cls; do
  configs=("2 1" "1 2" "4 1" "2 2" "1 4")
  declare -A best=()
  for ((k = 1; k <= repeat; k++)); do
    for cfg in "${configs[@]}"; do
      set -- $cfg
      for b in $binds; do
        t=$(run "$1" "$2" "$c" "$b")
        keep_best best "$1x$2/$b" "$t"
      done
    done
  done
  for b in $binds; do
    for cfg in "${configs[@]}"; do
      set -- $cfg
      key="$1x$2/$b"
      name=FT; [ "$2" -gt 1 ] && name=FT_T
      note=""; [ $(($1 * $2)) -gt "$cores" ] && note="oversubscribed ($(($1 * $2)) threads on $cores cores)"
      [ "$binds" = auto ] || note="--bind-to $b${note:+; $note}"
      printf "%-6s %-8s %8s %8s %10s %s\n" "$c" "$name" "$1" "$2" "${best[$key]:-?}" "$note"
    done
    ft2=${best[2x1/$b]:-}; ftt=${best[1x2/$b]:-}
    if [ -n "$ft2" ] && [ -n "$ftt" ] && [ "$ft2" != FAILED ] && [ "$ftt" != FAILED ]; then
      awk -v a="$ft2" -v b="$ftt" -v how="$([ "$binds" = auto ] || echo ", --bind-to $b")" \
        'BEGIN{printf "# FT_T 1x2 vs FT 2x1 on the same cores%s: %.1f%% faster (goal: at least 15%%)\n", how, (a-b)/a*100}'
    fi
  done
  unset best
done
