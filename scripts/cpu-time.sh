#!/usr/bin/env bash
# Runs a command and prints, on stderr, its wall time and the CPU time the whole machine
# spent meanwhile (/proc/stat's busy time on every core), which counts what `time` misses:
# Chromium's processes and anything else a test starts and does not wait for. On a quiet
# machine that is the command's cost; CONTRIBUTING's tier figures are measured with it:
#   scripts/cpu-time.sh npx vitest run --project browser --maxWorkers=2
# The exit code is the command's.
set -uo pipefail
busy() { awk '/^cpu /{ print $2 + $3 + $4 + $7 + $8 + $9 }' /proc/stat; }
hz=$(getconf CLK_TCK)
b0=$(busy)
t0=$(date +%s.%N)
"$@"
code=$?
t1=$(date +%s.%N)
b1=$(busy)
awk -v t0="$t0" -v t1="$t1" -v c="$((b1 - b0))" -v hz="$hz" -v cmd="$*" \
  'BEGIN { printf "cpu-time: %.0f s wall, %.0f s of CPU (all cores): %s\n", t1 - t0, c / hz, cmd > "/dev/stderr" }'
exit "$code"
