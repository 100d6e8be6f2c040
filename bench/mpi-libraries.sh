# Sourced by bench/compare-openmpi.sh and bench/compare-coll.sh: the system's MPI libraries as the C
# baselines and jmpi's native transport run on them. Set `script` (the name errors start with) first.
#   lib_use NAME        openmpi or mpich: checks that its compiler wrapper and launcher are installed (else
#                       exits 2 saying what to install); sets lib_name (Open MPI, MPICH), lib_mpicc, lib_mpirun
#   lib_launch NP [BTL] sets the array lib_cmd: the launcher with NP ranks as every job of this run starts it.
#                       Open MPI: --allow-run-as-root --oversubscribe --bind-to none (a rank bound to one core
#                       gives the JVM one CPU), --mca btl BTL when given; MPICH: MPIR_CVAR_NOLOCAL=1 when BTL
#                       is tcp (MPICH's way to keep local ranks off shared memory). With lib_bind=core (set by
#                       the caller) Open MPI's --bind-to core and MPICH's -bind-to core instead
#   jmpi_native_cmd LIBDIR CLASS ARGS...
#                       sets the array jmpi_cmd: one JVM per rank of lib_cmd running jmpi's class CLASS from the
#                       jars in LIBDIR on the native transport (--enable-native-access=ALL-UNNAMED, then
#                       JMPI_JAVA_OPTS); needs JMPI_JAVA_HOME (bin/jmpi-env.sh)
#   run_job LABEL FILE SECONDS CMD...
#                       runs CMD (standard input /dev/null) with its standard output in FILE; a job that fails or outlives SECONDS ends
#                       the script (exit 1) naming LABEL, with the end of what it printed
# Stateless apart from the variables named above (and lib_bind, read).

lib_use() {
  case "$1" in
    openmpi) lib_name="Open MPI"; lib_mpicc=mpicc.openmpi; lib_mpirun=mpirun.openmpi; lib_pkgs="openmpi-bin libopenmpi-dev" ;;
    mpich) lib_name=MPICH; lib_mpicc=mpicc.mpich; lib_mpirun=mpirun.mpich; lib_pkgs="mpich libmpich-dev" ;;
    *) echo "$script: --library must be openmpi or mpich, not '$1'" >&2; exit 2 ;;
  esac
  local tool
  for tool in "$lib_mpicc" "$lib_mpirun"; do
    if ! command -v "$tool" >/dev/null 2>&1; then
      echo "$script: $lib_name is not installed here ($tool not found); install it with: apt-get install -y $lib_pkgs" >&2
      exit 2
    fi
  done
}

lib_launch() {
  local np=$1 btl=${2:-}
  if [ "$lib_mpirun" = mpirun.openmpi ]; then
    lib_cmd=(mpirun.openmpi --allow-run-as-root --oversubscribe -np "$np" --bind-to "${lib_bind:-none}")
    [ -n "$btl" ] && lib_cmd+=(--mca btl "$btl")
  elif [ "$btl" = self,tcp ]; then
    lib_cmd=(env MPIR_CVAR_NOLOCAL=1 mpirun.mpich -np "$np")
  else
    lib_cmd=(mpirun.mpich -np "$np")
  fi
  if [ "$lib_mpirun" != mpirun.openmpi ] && [ "${lib_bind:-none}" = core ]; then lib_cmd+=(-bind-to core); fi
}

jmpi_native_cmd() {
  local libdir=$1; shift
  if [ ! -f "$libdir/jmpi-native.jar" ]; then
    echo "$script: $libdir has no jmpi-native.jar (a build from before the native transport?); run bin/build" >&2
    exit 2
  fi
  # shellcheck disable=SC2206 # JMPI_JAVA_OPTS is a list of words, as bin/jmpibench reads it
  jmpi_cmd=("${lib_cmd[@]}" "$JMPI_JAVA_HOME/bin/java" --enable-native-access=ALL-UNNAMED ${JMPI_JAVA_OPTS:-}
    -cp "$libdir/*" "$@")
}

run_job() {
  local label=$1 file=$2 seconds=$3 rc=0; shift 3
  timeout --kill-after=15 "$seconds" "$@" < /dev/null > "$file" || rc=$?
  if [ "$rc" != 0 ]; then
    if [ "$rc" = 124 ] || [ "$rc" = 137 ]; then
      echo "$script: $label did not finish in $seconds s (--timeout); killed" >&2
    else
      echo "$script: $label failed with exit code $rc" >&2
    fi
    echo "$script: the command: $*" >&2
    echo "$script: the last lines it printed:" >&2
    tail -n 15 "$file" >&2
    exit 1
  fi
}
