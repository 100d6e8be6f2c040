# Sourced by bench/grid-figures.sh and bench/grid-algorithms.sh: the emulated two-cluster topology
# (bench/wan.sh) they run jobs on. Expects $here (bench/), $per (hosts per cluster) and $name (the
# topology's name); sets $np and $work (a scratch directory removed, with the topology, at exit).

grid_setup() { # script-name: root, the library, scratch directory, no leftover topology of this name
  [ "$(id -u)" = 0 ] || { echo "$1: needs root (network namespaces)" >&2; exit 2; }
  jmpi_need_lib
  np=$((2 * per))
  work=$(mktemp -d)
  trap '"$here/wan.sh" down --name $name >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
  "$here/wan.sh" down --name $name >/dev/null 2>&1 || true
}

# The hostfile of a placement, as a path: aware (cluster= attributes) or unaware (none), the clusters' hosts
# in blocks (c0h0..c0hN, c1h0..), or with -rr dealt round-robin to the clusters (c0h0 c1h0 c0h1 ...).
grid_hostfile() {
  local f=$work/hosts-$1 k j attr=
  case "$1" in aware|unaware|aware-rr|unaware-rr) ;; *) echo "unknown placement $1" >&2; exit 2 ;; esac
  : > "$f"
  if [[ $1 == *-rr ]]; then
    for j in $(seq 0 $((per - 1))); do for k in 0 1; do
      [[ $1 == aware* ]] && attr=" cluster=c$k"; echo "$name-c${k}h$j slots=1$attr" >> "$f"; done; done
  else
    for k in 0 1; do for j in $(seq 0 $((per - 1))); do
      [[ $1 == aware* ]] && attr=" cluster=c$k"; echo "$name-c${k}h$j slots=1$attr" >> "$f"; done; done
  fi
  echo "$f"
}

grid_link_up() { # RATE:DELAY: the topology with that link between the clusters, announced; sets $rate and $delay
  rate=${1%%:*}; delay=${1#*:}
  "$here/wan.sh" up --name $name --clusters 2 --per-cluster "$per" --rate "$rate" --delay "$delay" > "$work/up.txt"
  echo
  echo "## link $rate, one-way delay $delay ($(head -1 "$work/up.txt"))"
}

grid_relay_report() { # the relay's statistics on one line: how late it forwarded packets (how far to trust the link)
  echo "# relay after this link: $("$here/wan.sh" status --name $name | grep -A3 '^# relay statistics' | tr '\n' ';' | tr -s ' ')"
}

grid_run() { # hostfile JVM-options jar class args...: jmpirun on the first host of cluster 0, one rank per host
  local hosts=$1 jvm=$2 jar=$3; shift 3
  ip netns exec $name-c0h0 env JMPI_JAVA_OPTS="-XX:+UseSerialGC $jvm" "$JMPI_JAVA_HOME/bin/java" -cp "$JMPI_LIB/*" \
    jmpi.launcher.Jmpirun -np $np --hostfile "$hosts" --remote-start "ip netns exec {host}" --bootstrap-address 10.77.0.10 \
    --timeout 900 -cp "$JMPI_LIB/$jar" "$@"
}
