#!/usr/bin/env bash
# bench/ft-native.sh [--class A] [--np 2] [--rounds 3] [--mpich]
# NAS FT (jmpi.examples.FT) on the native transport (the system's Open MPI through FFM, started by
# mpirun.openmpi; with --mpich also MPICH's mpirun.mpich) against the same on jmpi's shm transport
# (bin/jmpirun --transport shm), rounds interleaved (native, [mpich,] shm, native, ...). Prints FT's own
# time (the timed iterations, slowest rank) of every run and the best per configuration; a run that
# fails or does not verify prints FAILED. JVM heap per rank: FT_HEAP (default -Xmx6g), the same on both.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
source "$here/bin/jmpi-env.sh"
source "$here/bench/best-of.sh"
jmpi_need_lib
cls=A; np=2; rounds=3; mpich=no
while [ $# -gt 0 ]; do
  case "$1" in
    --class) cls=$2; shift 2 ;;
    --np) np=$2; shift 2 ;;
    --rounds) rounds=$2; shift 2 ;;
    --mpich) mpich=yes; shift ;;
    *) echo "ft-native.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
heap=${FT_HEAP:--Xmx6g}
java=$JMPI_JAVA_HOME/bin/java
cp=$(ls "$JMPI_LIB"/*.jar | tr '\n' :)
root=(); [ "$(id -u)" = 0 ] && root=(--allow-run-as-root)
ft_time() { # command... -> FT's seconds, or FAILED
  local out
  out=$("$@" 2>&1) || { echo FAILED; return; }
  grep -q "Verification    =               SUCCESSFUL" <<<"$out" || { echo FAILED; return; }
  awk '/Time in seconds/ {print $5}' <<<"$out"
}
run_openmpi() {
  ft_time mpirun.openmpi "${root[@]}" --oversubscribe --bind-to none -np "$np" "$java" --enable-native-access=ALL-UNNAMED \
    $heap -cp "$cp" jmpi.examples.FT --class "$cls"
}
run_mpich() {
  ft_time mpirun.mpich -np "$np" "$java" --enable-native-access=ALL-UNNAMED $heap -cp "$cp" jmpi.examples.FT --class "$cls"
}
run_shm() {
  JMPI_JAVA_OPTS="$heap ${JMPI_JAVA_OPTS:-}" ft_time "$here/bin/jmpirun" -np "$np" --transport shm \
    -cp "$JMPI_LIB/jmpi-examples.jar" jmpi.examples.FT --class "$cls"
}
configs=(openmpi); [ "$mpich" = yes ] && configs+=(mpich); configs+=(shm)
echo "# NAS FT class $cls on $np ranks: native (system MPI through FFM) vs jmpi shm; $rounds interleaved rounds"
echo "# host: $(hostname), cores: $(nproc), load before: $(cut -d' ' -f1-3 /proc/loadavg), JVM heap: $heap"
echo "# $("$java" -version 2>&1 | head -1); $(mpirun.openmpi --version 2>&1 | head -1)"
echo "# reproduce: bench/ft-native.sh --class $cls --np $np --rounds $rounds$([ "$mpich" = yes ] && echo ' --mpich')"
printf "%-6s %-8s %10s\n" round config seconds
declare -A best=()
for ((k = 1; k <= rounds; k++)); do
  for c in "${configs[@]}"; do
    t=$("run_$c")
    printf "%-6s %-8s %10s\n" "$k" "$c" "$t"
    keep_best best "$c" "$t"
  done
done
echo "# best of $rounds (load after: $(cut -d' ' -f1-3 /proc/loadavg))"
for c in "${configs[@]}"; do
  printf "%-6s %-8s %10s\n" best "$c" "${best[$c]}"
done
