#!/usr/bin/env bash
# Every test tier, as `./lab test` and CI run them (`npm run test:all`). The static checks
# (type-check, lint, format, unused exports) need no build and run beside the build and the
# one vitest run of every other tier, using the CPU time that the GPU, browser and package
# tests spend waiting; their output is printed after the tests'. The exit code is non-zero
# when either part failed. One worker per core: on the 2-core machine a third worker keeps
# the cores busy while a file waits on Chromium, Dawn or npm, but every file then runs
# slower for the contention, and the whole run takes as long (CONTRIBUTING.md has the
# numbers); WGSL_LAB_TEST_WORKERS sets another count.
set -uo pipefail
cd "$(dirname "$0")/.."
static_log=$(mktemp "${TMPDIR:-/tmp}/wgsl-lab-static.XXXXXX")
trap 'rm -f "$static_log"' EXIT

npm run test:static >"$static_log" 2>&1 &
static_pid=$!

npm run build && npx vitest run --maxWorkers="${WGSL_LAB_TEST_WORKERS:-$(nproc)}"
tests=$?

wait "$static_pid"
static=$?
echo
echo "── static checks (npm run test:static) ──"
cat "$static_log"
echo
echo "test:all: vitest $([ "$tests" = 0 ] && echo passed || echo "FAILED (exit $tests)"), static checks $([ "$static" = 0 ] && echo passed || echo "FAILED (exit $static)")"
[ "$tests" = 0 ] && [ "$static" = 0 ]
