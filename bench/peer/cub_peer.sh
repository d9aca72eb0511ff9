#!/usr/bin/env bash
# Compiles bench/peer/cub_peer.cu with the GPU host's nvcc (for the H200: sm_90) and runs it.
#   bench/peer/cub_peer.sh OUT.json [cub_peer options: --log2n 28 --runs 30 --warmup 5]
# NVCC (default: /usr/local/cuda/bin/nvcc, else nvcc on PATH) and ARCH (default sm_90) can
# be set; the binary goes to CUB_PEER_BIN (default: a temporary folder) and is rebuilt
# only when it is missing or older than the source.
set -euo pipefail
if [ $# -lt 1 ]; then
  echo "usage: $0 OUT.json [--log2n N] [--runs N] [--warmup N]" >&2
  exit 2
fi
out=$1
shift
here=$(cd "$(dirname "$0")" && pwd)
src="$here/cub_peer.cu"
nvcc=${NVCC:-/usr/local/cuda/bin/nvcc}
[ -x "$nvcc" ] || nvcc=$(command -v nvcc) || { echo "$0: no nvcc (set NVCC)" >&2; exit 2; }
bin=${CUB_PEER_BIN:-${TMPDIR:-/tmp}/cub_peer}
if [ ! -x "$bin" ] || [ "$src" -nt "$bin" ]; then
  "$nvcc" -arch="${ARCH:-sm_90}" -O3 -std=c++17 -o "$bin" "$src"
fi
"$bin" --out "$out" "$@"
