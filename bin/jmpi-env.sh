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
    *) echo "jmpi: --api must be mpijava or ompi, not '$1'" >&2; exit 2 ;;
  esac
}
# Reads a leading --api API / --api=API from the arguments: sets JMPI_API (default mpijava) and JMPI_API_SHIFT
# (how many arguments it took).
jmpi_read_api() {
  JMPI_API=mpijava; JMPI_API_SHIFT=0
  case "${1:-}" in
    --api) [ $# -ge 2 ] || { echo "jmpi: --api needs a value (mpijava or ompi)" >&2; exit 2; }
           JMPI_API=$2; JMPI_API_SHIFT=2 ;;
    --api=*) JMPI_API=${1#--api=}; JMPI_API_SHIFT=1 ;;
  esac
}
