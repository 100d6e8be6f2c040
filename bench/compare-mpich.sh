#!/usr/bin/env bash
# compare-mpich.sh [the options of compare-openmpi.sh]
# compare-openmpi.sh with --library mpich: the C baseline over MPICH (mpirun.mpich -np 2), and with
# --transport native jmpi on MPICH too, e.g. `bench/compare-mpich.sh --transport native --repeat 3`.
exec "$(dirname "$0")/compare-openmpi.sh" --library mpich "$@"
