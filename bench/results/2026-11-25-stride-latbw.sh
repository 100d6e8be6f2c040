#!/usr/bin/env bash
# 3 interleaved rounds: stride tree vs /work/main, latency and bw on threads, --max 256K
set -euo pipefail
out=/tmp/stride/latbw; mkdir -p $out
echo "start: $(uptime)"
for k in 1 2 3; do
  for b in latency bw; do
    /work/wt-stride/bin/jmpibench $b --np 2 --transport threads --max 256K > $out/stride-$b.$k.txt 2>&1
    /work/main/bin/jmpibench $b --np 2 --transport threads --max 256K > $out/main-$b.$k.txt 2>&1
  done
done
echo "end: $(uptime)"
