#!/bin/sh
# netns-agent.sh [options] HOST CMD...: a remote-start agent (in place of ssh) for hosts that are Linux network
# namespaces on this machine, such as bench/wan.sh's NAME-cKhJ: runs CMD (one shell command line, as ssh would
# hand it to the remote shell) with `ip netns exec NS unshare --uts sh -c CMD`. HOST is the namespace's name, or an address
# of one of its interfaces (so a hostfile can list addresses that resolve without /etc/hosts entries).
# Leading options (as launchers pass to ssh, e.g. -x) are ignored. Needs root.
# The namespaces share one file system, one /dev/shm and one host name; so that the libraries see separate hosts,
# CMD runs in its own UTS namespace with the host name NS (MPICH groups ranks into nodes by gethostname() and
# would otherwise talk through shared memory between namespaces) and with TMPDIR=$NETNS_AGENT_TMP/NS (default
# /tmp/netns-agent/NS): Open MPI's daemons keep their session directories (and PMIx its shared-memory store)
# under TMPDIR/ompi.HOSTNAME.UID, which would otherwise be one directory for all of them.
#   Open MPI:  mpirun.openmpi --mca plm_rsh_agent /path/netns-agent.sh --mca plm_rsh_no_tree_spawn 1 ...
#   MPICH:     mpirun.mpich -launcher ssh -launcher-exec /path/netns-agent.sh ...
while [ $# -gt 0 ]; do
    case "$1" in
        -[1246AaCfGgKkMNnqsTtVvXxYy]) shift ;;          # ssh flags without an argument
        -[bcDEeFIiJLlmOopQRSWw]) shift 2 ;;             # ssh options taking one
        -*) shift ;;
        *) break ;;
    esac
done
[ $# -ge 2 ] || { echo "usage: netns-agent.sh HOST CMD..." >&2; exit 2; }
host=$1
shift
ns=
if ip netns list | awk '{print $1}' | grep -qxF "$host"; then
    ns=$host
else
    for n in $(ip netns list | awk '{print $1}'); do
        if ip -n "$n" -o addr show 2>/dev/null | awk '{print $4}' | grep -q "^$(printf '%s' "$host" | sed 's/\./\\./g')/"; then
            ns=$n
            break
        fi
    done
fi
[ -n "$ns" ] || { echo "netns-agent.sh: no network namespace named $host or with that address" >&2; exit 255; }
TMPDIR=${NETNS_AGENT_TMP:-/tmp/netns-agent}/$ns
mkdir -p "$TMPDIR" || exit 255
export TMPDIR
exec ip netns exec "$ns" unshare --uts sh -c "hostname '$ns' || exit 255; $*"
