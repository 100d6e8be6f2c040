#!/usr/bin/env bash
# wan.sh up|down|status|hostfile [options]: emulated clusters joined by a slow wide-area link, on this machine
# (root; Linux network namespaces and a TUN device). Each host is a namespace NAME-cKhJ at 10.B.K.(10+J) on its
# cluster's bridge; between clusters every packet crosses a user-space relay (jmpi.wan.Relay, a JVM at real-time
# priority) that gives it the link's rate, one-way delay, queue and loss. Run programs in a host with
# `ip netns exec NAME-c0h0 CMD`, and jobs across hosts with jmpirun's --hostfile (from `wan.sh hostfile`) and
# --remote-start "ip netns exec {host}".
#   wan.sh up [--name jw] [--clusters 2] [--per-cluster 4] [--rate 1gbit] [--delay 1ms] [--queue BYTES]
#             [--loss P] [--mtu 9000] [--subnet 77]
#   wan.sh down [--name jw]        removes the namespaces and stops the relay
#   wan.sh status [--name jw]      the link and the relay's statistics (packets, drops, how late writes were)
#   wan.sh hostfile [--name jw] [--slots 1]
# Needs bin/build first (jmpi-dist/target/lib/jmpi-wan.jar).
set -euo pipefail
source "$(dirname "$0")/../bin/jmpi-env.sh"
jar=$JMPI_LIB/jmpi-wan.jar
[ -f "$jar" ] || { echo "wan.sh: $jar is missing: run bin/build first" >&2; exit 2; }
[ "$(id -u)" = 0 ] || { echo "wan.sh: needs root (network namespaces, TUN devices)" >&2; exit 2; }
exec "$JMPI_JAVA_HOME/bin/java" --enable-native-access=ALL-UNNAMED -cp "$jar" jmpi.wan.Wan "$@"
