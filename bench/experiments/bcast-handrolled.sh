#!/usr/bin/env bash
# bench/experiments/bcast-handrolled.sh [--transport shm] [--bind-to core] [--bytes 80000] [--iters 2000]
# Compiles BcastHandRolled.java against this build and runs it on 2 ranks (bin/jmpirun): MPI.Bcast of --bytes against
# the scatter_allgather bcast's data movement written by hand. An experiment, not a part of jmpi (issue 16: on shm
# the Bcast's rendezvous sends averaged ~100 us in jmpiprof while the hand-rolled pattern ran in ~12 us).
set -euo pipefail
cd "$(dirname "$0")/../.."
source bin/jmpi-env.sh
jmpi_need_lib
transport=shm; bind=core; passed=()
while [ $# -gt 0 ]; do
  case "$1" in
    --transport) transport=$2 ;; --bind-to) bind=$2 ;;
    --bytes|--iters) passed+=("$1" "$2") ;;
    *) echo "bcast-handrolled.sh: unknown option $1" >&2; exit 2 ;;
  esac
  shift 2
done
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
"$JMPI_JAVA_HOME/bin/javac" -d "$out" -cp "$JMPI_LIB/*" bench/experiments/BcastHandRolled.java
echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), host $(hostname), cores $(nproc), load $(cut -d' ' -f1-3 /proc/loadavg); --transport $transport --bind-to $bind"
bin/jmpirun -np 2 --transport "$transport" --bind-to "$bind" -cp "$out" BcastHandRolled ${passed[@]+"${passed[@]}"}
