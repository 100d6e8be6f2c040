# Sourced by the bin/ scripts. Finds a Java 25 or newer (JAVA_HOME if it is one, else Temurin's or
# another 25 beside the system JDK in /usr/lib/jvm) as JMPI_JAVA_HOME, and the jars that
# `bin/build` gathers into jmpi-dist/target/lib as JMPI_LIB.
JMPI_HOME=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
JMPI_LIB=$JMPI_HOME/jmpi-dist/target/lib
jmpi_java_ok() { [ -x "$1/bin/java" ] && "$1/bin/java" -version 2>&1 | head -1 | grep -Eq '"(2[5-9]|[3-9][0-9])[."]'; }
JMPI_JAVA_HOME=
if [ -n "${JAVA_HOME:-}" ] && jmpi_java_ok "$JAVA_HOME"; then
  JMPI_JAVA_HOME=$JAVA_HOME
else
  for d in /usr/lib/jvm/temurin-25* /usr/lib/jvm/*-25-* /usr/lib/jvm/*25* /usr/lib/jvm/*; do
    if jmpi_java_ok "$d"; then JMPI_JAVA_HOME=$d; break; fi
  done
fi
if [ -z "$JMPI_JAVA_HOME" ]; then
  echo "jmpi: needs a JDK 25 or newer; none in JAVA_HOME or /usr/lib/jvm" >&2
  exit 2
fi
jmpi_need_lib() {
  if [ ! -f "$JMPI_LIB/jmpi-launcher.jar" ]; then
    echo "jmpi: not built yet; run bin/build (in $JMPI_HOME)" >&2
    exit 2
  fi
}
# The class path of jmpi with the mpi API named by $1: mpijava (mpiJava 1.2 / MPJ Express: jmpi-api and
# jmpi-mpj, the default) or ompi (the Open MPI Java API: jmpi-ompi instead of both). Never both: the same package.
jmpi_api_classpath() {
  case "$1" in
    mpijava) echo "$JMPI_LIB/*" ;;
    ompi)
      if [ ! -f "$JMPI_LIB/ompi/jmpi-ompi.jar" ]; then
        echo "jmpi: the Open MPI Java API is not built ($JMPI_LIB/ompi/jmpi-ompi.jar); run bin/build" >&2
        exit 2
      fi
      local cp="$JMPI_LIB/ompi/jmpi-ompi.jar" jar
      for jar in "$JMPI_LIB"/*.jar; do
        case "$(basename "$jar")" in jmpi-api.jar|jmpi-mpj.jar) ;; *) cp="$cp:$jar" ;; esac
      done
      echo "$cp" ;;
    *) echo "jmpi: --api must be mpijava, ompi or auto, not '$1'" >&2; exit 2 ;;
  esac
}
# Reads a leading --api API / --api=API from the arguments: sets JMPI_API (auto when not given) and JMPI_API_SHIFT
# (how many arguments it took).
jmpi_read_api() {
  JMPI_API=auto; JMPI_API_SHIFT=0
  case "${1:-}" in
    --api) [ $# -ge 2 ] || { echo "jmpi: --api needs a value (mpijava, ompi or auto)" >&2; exit 2; }
           JMPI_API=$2; JMPI_API_SHIFT=2 ;;
    --api=*) JMPI_API=${1#--api=}; JMPI_API_SHIFT=1 ;;
  esac
}
# Names only one API's classes have (method and class names as they stand in a class file's constant pool).
JMPI_OMPI_NAMES="getRank getSize InitThread isInitialized isFinalized sendRecv allReduce allGather iSend iRecv waitFor getCount newIntBuffer newDoubleBuffer newByteBuffer"
JMPI_MPIJAVA_NAMES="Rank Size Init_thread Initialized Sendrecv Allreduce Allgather Isend Irecv Get_count Send Recv Bcast Barrier"
# Counts constant-pool strings of the file $1 that are among the names $2 (exact entries: tag 1, length, bytes).
jmpi_count_names() {
  local pattern="" n
  for n in $2; do pattern="$pattern|$(printf '\\x01\\x00\\x%02x' ${#n})$n"; done
  LC_ALL=C grep -oaP "${pattern#|}" "$1" 2>/dev/null | wc -l
}
# Prints ompi when the main class $2 (on the class path $1: directories and jars) refers to the Open MPI Java API's
# names and to none of mpiJava's; mpijava otherwise (also when the class cannot be found).
jmpi_detect_api() {
  local path=${2//.//}.class entry file="" tmp="" api=mpijava
  local IFS=:
  for entry in $1; do
    if [ -d "$entry" ] && [ -f "$entry/$path" ]; then file="$entry/$path"; break; fi
    if [ -f "$entry" ] && command -v unzip >/dev/null 2>&1 && unzip -l "$entry" "$path" >/dev/null 2>&1; then
      tmp=$(mktemp); unzip -p "$entry" "$path" > "$tmp"; file=$tmp; break
    fi
  done
  unset IFS
  if [ -n "$file" ] && [ "$(jmpi_count_names "$file" "$JMPI_MPIJAVA_NAMES")" -eq 0 ] \
      && [ "$(jmpi_count_names "$file" "$JMPI_OMPI_NAMES")" -gt 0 ]; then
    api=ompi
  fi
  [ -n "$tmp" ] && rm -f "$tmp"
  echo "$api"
}
# jmpirun's class path (-cp ...) and main class (its first positional argument) from its arguments, as
# "CLASSPATH<newline>MAINCLASS" (the class path defaults to ".").
jmpi_find_main() {
  local cp=. main=""
  while [ $# -gt 0 ]; do
    case "$1" in
      -cp|-classpath|--class-path) cp=${2:-.}; shift 2 || break ;;
      -np|-n|--transport|--native-launcher|--native-kind|--native-arg|--hostfile|-hostfile|--machinefile|\
      --remote-start|--launch-agent|--ranks-per-jvm|--bootstrap-address|--timeout|--profile|-D) shift 2 || break ;;
      --*=*|-D?*) shift ;;
      -*) shift ;;
      *) main=$1; break ;;
    esac
  done
  printf '%s\n%s\n' "$cp" "$main"
}
