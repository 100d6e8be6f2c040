#!/usr/bin/env bash
# bench/ft-npb.sh [--class A] [--rounds 3] [--np 2] [--threads 2] [--profile]
# NAS FT side by side: NPB 3.4 MPI FT in Fortran (gfortran -O3, the system's Open MPI, mpirun.openmpi
# --bind-to none -np NP) against jmpi's FT on NP ranks (jmpi.examples.FT through bin/jmpirun, threads
# transport, unbound as the Fortran side, as bench/ft.sh --np NP --bind none) and FT_T on 1 rank x THREADS threads (bench/ft.sh --np 1 --threads T),
# rounds interleaved (fortran, FT, FT_T, fortran, ...). Prints every round, the best of each and the ratios.
# Every time is the program's own "Time in seconds" (NPB's timed part: setup, forward FFT, the iterations;
# each program first runs setup and one forward FFT untimed, jmpi's FT also one inverse step, which warms its
# JIT); a run that fails
# or does not verify prints FAILED. --profile also prints the Fortran's phase timers (a timer.flag in its run
# directory) and jmpi's phase profile, from the last round.
#
# The Fortran is built from source the user provides, never fetched: NPB_SRC names a directory holding
# NPB3.4-MPI (or NPB3.4-MPI itself) or a tarball of it (e.g. NPB3.4.3.tar.gz). It is copied to and built in
# ${NPB_DIR:-/tmp/npb} (outside the repository): config/make.def written here (mpif90, -O3, and
# -fallow-argument-mismatch for gfortran >= 10), the run bits of sys/ restored, then `make ft CLASS=...`.
# The build is reused while the source and flags are unchanged. Missing tools (mpif90, mpirun.openmpi,
# gfortran) are installed with apt-get (openmpi-bin libopenmpi-dev gfortran).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
cls=A; rounds=3; np=2; threads=2; profile=no
while [ $# -gt 0 ]; do
  case "$1" in
    --class) cls=$2; shift 2 ;;
    --rounds) rounds=$2; shift 2 ;;
    --np) np=$2; shift 2 ;;
    --threads) threads=$2; shift 2 ;;
    --profile) profile=yes; shift ;;
    *) echo "ft-npb.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
: "${NPB_SRC:?ft-npb.sh: set NPB_SRC to a directory or tarball holding NPB3.4-MPI (the NPB 3.4 source)}"
npb_dir=${NPB_DIR:-/tmp/npb}
fflags=${NPB_FFLAGS:--O3}

need_tools() {
  local missing=()
  command -v mpif90 >/dev/null || missing+=(libopenmpi-dev)
  command -v mpirun.openmpi >/dev/null || missing+=(openmpi-bin)
  command -v gfortran >/dev/null || missing+=(gfortran)
  if [ ${#missing[@]} -gt 0 ]; then
    echo "# installing ${missing[*]} (apt-get)" >&2
    apt-get update -qq >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq openmpi-bin libopenmpi-dev gfortran >&2
  fi
}

# Copies the source into $npb_dir/src (once per source), writes make.def, builds ft.$cls.x.
build_fortran() {
  local src stamp
  mkdir -p "$npb_dir"
  if [ -f "$NPB_SRC" ]; then
    stamp="tar:$(realpath "$NPB_SRC"):$(stat -c %Y:%s "$NPB_SRC")"
  elif [ -d "$NPB_SRC" ]; then
    stamp="dir:$(realpath "$NPB_SRC"):$(find "$NPB_SRC" -type f -printf '%T@ %s %p\n' | sort | md5sum | cut -d' ' -f1)"
  else
    echo "ft-npb.sh: NPB_SRC=$NPB_SRC is neither a directory nor a file" >&2; exit 2
  fi
  if [ "$(cat "$npb_dir/source.stamp" 2>/dev/null)" != "$stamp" ]; then
    rm -rf "$npb_dir/src" "$npb_dir/unpack"
    mkdir -p "$npb_dir/unpack"
    if [ -f "$NPB_SRC" ]; then
      tar xf "$NPB_SRC" -C "$npb_dir/unpack"
    else
      cp -r "$NPB_SRC/." "$npb_dir/unpack/"
    fi
    src=$(find "$npb_dir/unpack" -maxdepth 3 -type d -name NPB3.4-MPI | head -1)
    if [ -z "$src" ] && [ -f "$npb_dir/unpack/FT/Makefile" ]; then src=$npb_dir/unpack; fi
    [ -n "$src" ] && [ -d "$src/FT" ] && [ -d "$src/sys" ] || {
      echo "ft-npb.sh: no NPB3.4-MPI (with FT/ and sys/) in $NPB_SRC" >&2; exit 2; }
    mv "$src" "$npb_dir/src"
    rm -rf "$npb_dir/unpack"
    echo "$stamp" > "$npb_dir/source.stamp"
  fi
  src=$npb_dir/src
  # sources from some mirrors lose their run bits: the make rules run these directly
  chmod +x "$src"/sys/print_header "$src"/sys/print_instructions 2>/dev/null || true
  [ -f "$src/sys/setparams" ] && chmod +x "$src/sys/setparams"
  local mismatch=""
  if gfortran -fallow-argument-mismatch -x f95 -c /dev/null -o /dev/null 2>/dev/null; then
    mismatch=-fallow-argument-mismatch # gfortran >= 10 rejects NPB's untyped MPI buffers otherwise
  fi
  mkdir -p "$src/config" "$src/bin"
  local def
  def=$(cat <<EOF
# written by jmpi bench/ft-npb.sh
MPIFC = mpif90
FMPI_LIB =
FMPI_INC =
FFLAGS = $fflags $mismatch
FLINK = \$(MPIFC)
FLINKFLAGS = \$(FFLAGS)
MPICC = mpicc
CMPI_LIB =
CMPI_INC =
CFLAGS = -O3
CLINK = \$(MPICC)
CLINKFLAGS = \$(CFLAGS)
CC = cc -g
BINDIR = ../bin
RAND = randi8
EOF
)
  if [ "$(cat "$src/config/make.def" 2>/dev/null)" != "$def" ]; then
    printf '%s\n' "$def" > "$src/config/make.def"
    rm -f "$src/bin/ft.$cls.x"
  fi
  if [ ! -x "$src/bin/ft.$cls.x" ]; then
    (cd "$src" && make ft CLASS="$cls") > "$npb_dir/build-$cls.log" 2>&1 || {
      echo "ft-npb.sh: building NPB FT class $cls failed; see $npb_dir/build-$cls.log" >&2
      tail -20 "$npb_dir/build-$cls.log" >&2; exit 1; }
  fi
  fortran_bin=$src/bin/ft.$cls.x
}

seconds_of() { # output -> seconds or FAILED
  grep -q "Verification    =               SUCCESSFUL\|Verification    =\s*SUCCESSFUL" <<<"$1" || { echo FAILED; return; }
  awk '/Time in seconds/ {print $5; exit}' <<<"$1"
}

run_fortran() {
  local out rundir=$npb_dir/run
  mkdir -p "$rundir"
  if [ "$profile" = yes ]; then touch "$rundir/timer.flag"; else rm -f "$rundir/timer.flag"; fi
  out=$(cd "$rundir" && mpirun.openmpi --allow-run-as-root --bind-to none -np "$np" "$fortran_bin" 2>&1) || { echo FAILED; return; }
  printf '%s\n' "$out" > "$npb_dir/last-fortran.txt"
  seconds_of "$out"
}

run_jmpi() { # ranks threads
  local out
  # unbound as the Fortran side is (--bind-to none on both; jmpirun's default binds where it can)
  out=$(FT_HEAP=${FT_HEAP:--Xmx6g} "$here/bench/ft.sh" --class "$cls" --np "$1" --threads "$2" --bind none 2>&1) || { echo FAILED; return; }
  printf '%s\n' "$out" > "$npb_dir/last-jmpi-$1x$2.txt"
  seconds_of "$out"
}

need_tools
build_fortran
source "$here/bin/jmpi-env.sh"
source "$here/bench/best-of.sh"
jmpi_need_lib
configs=(fortran ft ftt)
declare -A name=([fortran]="NPB-Fortran" [ft]="jmpi-FT" [ftt]="jmpi-FT_T")
declare -A shape=([fortran]="${np}x1" [ft]="${np}x1" [ftt]="1x${threads}")
echo "# NAS FT class $cls: NPB 3.4 MPI Fortran ($np processes) vs jmpi FT ($np ranks, threads transport) vs FT_T (1 rank x $threads threads)"
echo "# host: $(hostname), cores: $(nproc), uptime before: $(uptime)"
echo "# $("$JMPI_JAVA_HOME/bin/java" -version 2>&1 | head -1); $(mpirun.openmpi --version 2>&1 | head -1); $(gfortran --version | head -1)"
echo "# Fortran: $fortran_bin built with FFLAGS = $(awk -F' = ' '/^FFLAGS/ {print $2}' "$npb_dir/src/config/make.def") from NPB_SRC=$NPB_SRC"
echo "# jmpi: bench/ft.sh --np R --threads T (JVM: ${FT_HEAP:--Xmx6g} --add-modules jdk.incubator.vector); each run a fresh JVM,"
echo "#   warm-up (untimed): NPB's setup + forward FFT, plus one inverse step and checksum (JIT-compiles the inverse path)"
echo "# reproduce: NPB_SRC=... bench/ft-npb.sh --class $cls --rounds $rounds --np $np --threads $threads"
printf "%-6s %-12s %-6s %10s\n" round program shape seconds
declare -A best=()
for ((k = 1; k <= rounds; k++)); do
  for c in "${configs[@]}"; do
    case $c in
      fortran) t=$(run_fortran) ;;
      ft) t=$(run_jmpi "$np" 1) ;;
      ftt) t=$(run_jmpi 1 "$threads") ;;
    esac
    printf "%-6s %-12s %-6s %10s\n" "$k" "${name[$c]}" "${shape[$c]}" "$t"
    keep_best best "$c" "$t"
  done
done
echo "# best of $rounds (uptime after: $(uptime))"
for c in "${configs[@]}"; do
  printf "%-6s %-12s %-6s %10s\n" best "${name[$c]}" "${shape[$c]}" "${best[$c]}"
done
f=${best[fortran]}; a=${best[ft]}; b=${best[ftt]}
if [[ "$f $a $b" != *FAILED* ]]; then
  awk -v f="$f" -v a="$a" -v b="$b" 'BEGIN {
    printf "# jmpi FT / Fortran = %.3f (goal <= 1.0)\n", a / f
    printf "# jmpi FT_T / Fortran = %.3f\n", b / f
    printf "# FT_T vs FT: %.1f%% faster (goal >= 15%%)\n", (a - b) / a * 100 }'
else
  echo "# a configuration failed: no ratios"
fi
if [ "$profile" = yes ]; then
  echo "# --- Fortran phase timers (last round; NPB timers are per process: min, max, average) ---"
  sed -n '/nprocs =/,$p' "$npb_dir/last-fortran.txt"
  echo "# --- jmpi FT ${np}x1 profile (last round; the slowest rank's total, rank 0's phases) ---"
  sed -n '/Profile/,$p' "$npb_dir/last-jmpi-${np}x1.txt"
  echo "# --- jmpi FT_T 1x${threads} profile (last round) ---"
  sed -n '/Profile/,$p' "$npb_dir/last-jmpi-1x${threads}.txt"
fi
