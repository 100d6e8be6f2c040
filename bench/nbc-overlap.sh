#!/usr/bin/env bash
# nbc-overlap.sh [--rounds R] [--reps N] [--np P] [--sizes "1024 131072 1048576"] [--transports "threads shm"]
# Overlap of a non-blocking allreduce with computation, side by side in one run: jmpi's Open MPI Java API
# (bench/ompi/IallreduceOverlap.java, run by bin/jmpirun on each transport) and the same measurement in C on
# Open MPI (bench/c/iallreduce_overlap.c, mpirun.openmpi, shared memory, --bind-to none). Per size (doubles):
# the blocking allreduce alone, a computation calibrated to take as long, and iallreduce + computation + wait,
# without and with a test after every chunk of the computation; overlap = (blocking + compute - overlapped) /
# min(blocking, compute). R rounds, the sides interleaved in each round; the machine's load is printed first.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
rounds=3; reps=30; np=2; sizes="1024 131072 1048576"; transports="threads shm"
while [ $# -gt 0 ]; do
  [ $# -ge 2 ] || { echo "nbc-overlap.sh: $1 needs a value" >&2; exit 2; }
  case "$1" in
    --rounds) rounds=$2 ;;
    --reps) reps=$2 ;;
    --np) np=$2 ;;
    --sizes) sizes=$2 ;;
    --transports) transports=$2 ;;
    *) echo "nbc-overlap.sh: unknown option $1" >&2; exit 2 ;;
  esac
  shift 2
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$root/bin/jmpijavac" --api ompi -d "$work" "$here/ompi/IallreduceOverlap.java"
have_c=0
if command -v mpicc.openmpi >/dev/null && command -v mpirun.openmpi >/dev/null; then
  mpicc.openmpi -O2 -o "$work/iallreduce_overlap" "$here/c/iallreduce_overlap.c" && have_c=1
fi
echo "# nbc-overlap.sh: $(date -u +%FT%TZ) on $(hostname), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# jmpi $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo '?'), np=$np, reps=$reps, sizes (doubles): $sizes"
echo "# command: bench/nbc-overlap.sh --rounds $rounds --reps $reps --np $np --sizes \"$sizes\" --transports \"$transports\""
for r in $(seq 1 "$rounds"); do
  echo "## round $r"
  for t in $transports; do
    echo "### jmpi $t"
    "$root/bin/jmpirun" --api ompi -np "$np" --transport "$t" --timeout 600 -cp "$work" IallreduceOverlap "$reps" $sizes
  done
  if [ "$have_c" = 1 ]; then
    echo "### Open MPI (C)"
    mpirun.openmpi --allow-run-as-root --oversubscribe --bind-to none --mca btl self,vader -np "$np" \
      "$work/iallreduce_overlap" "$reps" $sizes
  fi
done
