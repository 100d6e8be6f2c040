# Sourced by the bin/ scripts: finds a Java 25 (JAVA_HOME if it is one, else Temurin's beside the
# system JDK) and the jars built by `mvn package` (jmpi-dist/target/lib).
JMPI_HOME=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
jmpi_java_ok() { [ -x "$1/bin/java" ] && "$1/bin/java" -version 2>&1 | head -1 | grep -Eq '"(2[5-9]|[3-9][0-9])[."]'; }
if [ -n "${JAVA_HOME:-}" ] && jmpi_java_ok "$JAVA_HOME"; then
  JMPI_JAVA_HOME=$JAVA_HOME
else
  JMPI_JAVA_HOME=
  for d in /usr/lib/jvm/temurin-25* /usr/lib/jvm/*-25-* /usr/lib/jvm/*25*; do
    if jmpi_java_ok "$d"; then JMPI_JAVA_HOME=$d; break; fi
  done
  if [ -z "$JMPI_JAVA_HOME" ]; then
    echo "jmpi: needs Java 25 or newer; set JAVA_HOME to one" >&2
    exit 2
  fi
fi
JMPI_LIB=$JMPI_HOME/jmpi-dist/target/lib
if [ ! -f "$JMPI_LIB/jmpi-launcher.jar" ]; then
  echo "jmpi: not built yet; run: mvn -q -DskipTests package   (in $JMPI_HOME)" >&2
  exit 2
fi
