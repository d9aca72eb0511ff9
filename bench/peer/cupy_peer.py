#!/usr/bin/env python3
"""The peer for `wgsl-lab bench`: the same operations through CuPy (CUB behind sum and
cumsum, CUB's radix sort behind sort and argsort, through Thrust) on the same GPU, timed
the same way (CUDA events around each run, warm-up runs discarded, the median of the timed
runs) with the same GB/s accounting (bytes read plus bytes written, each once, counted as
for wgsl-lab's version of the operation, so equal work gives equal bytes). Every result
names the library call it times ("method"). Writes a JSON report that bench/compare.mjs
reads.

usage: python3 bench/peer/cupy_peer.py --out peer.json [--quick] [--runs 30] [--warmup 5]
"""
import argparse
import json
import os
import statistics
import sys
import time

# CuPy routes sum and cumsum through CUB when the 'cub' accelerator is on.
os.environ.setdefault("CUPY_ACCELERATORS", "cub")
# matmul in full f32 (cuBLAS SGEMM), as wgsl-lab's matmul computes: no TF32 tensor cores.
os.environ["CUPY_TF32"] = "0"
import cupy  # noqa: E402


def time_op(op, warmup, runs, prepare=None):
    """Milliseconds per run of op(), measured with CUDA events on the current stream;
    prepare(), when given, runs before each run outside the timed events."""
    for _ in range(warmup):
        if prepare:
            prepare()
        op()
    cupy.cuda.get_current_stream().synchronize()
    start, end = cupy.cuda.Event(), cupy.cuda.Event()
    times = []
    for _ in range(runs):
        if prepare:
            prepare()
        start.record()
        op()
        end.record()
        end.synchronize()
        times.append(cupy.cuda.get_elapsed_time(start, end))
    return times


def result(name, n, nbytes, times, **details):
    ms = statistics.median(times)
    out = {
        "name": name,
        "n": n,
        "ms": round(ms, 5),
        "GBps": round(nbytes / (ms * 1e6), 2),
        "bytes": nbytes,
        "runs": len(times),
        "minMs": round(min(times), 5),
        "maxMs": round(max(times), 5),
    }
    if details:
        out["details"] = details
    return out


def sort_pairs(keys, values):
    """Key-value sort as CuPy offers it: argsort (Thrust's stable_sort_by_key of the u32 keys
    with int64 indices, i.e. CUB DeviceRadixSort::SortPairs), then both arrays gathered
    through the permutation. CuPy has no call that sorts values by keys directly."""
    order = cupy.argsort(keys)
    return keys[order], values[order]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", required=True, help="where to write the JSON report")
    parser.add_argument("--quick", action="store_true", help="small sizes (a smoke test)")
    parser.add_argument("--warmup", type=int, default=5)
    parser.add_argument("--runs", type=int, default=30)
    args = parser.parse_args()
    if args.runs < 20:
        sys.exit("cupy_peer: --runs must be at least 20")

    n = 2**16 if args.quick else 2**28
    side = 256 if args.quick else 16384
    bins = 256
    rng = cupy.random.default_rng(1)
    f32 = (rng.random(n, dtype=cupy.float32) * 2 - 1).astype(cupy.float32)
    u32 = (rng.random(n) * 2**32).astype(cupy.uint32)
    keys = (rng.random(n) * bins).astype(cupy.uint32)
    try:
        cupy.bincount(keys, minlength=bins)
    except TypeError:
        # Should this CuPy refuse unsigned keys: int32 keys, the same 4 bytes each.
        keys = keys.astype(cupy.int32)
    matrix = f32[: side * side].reshape(side, side)
    wide = f32[: side * side].reshape(side // 2, side * 2)
    sort_keys = (rng.random(n) * 2**32).astype(cupy.uint32)
    sort_values = f32.view(cupy.uint32)
    copy_dst = cupy.empty_like(f32)
    nbytes = f32.nbytes
    # C = A · B for square f32 matrices, as `wgsl-lab bench --filter matmul` times them.
    mm_side = 128 if args.quick else 4096
    mm_a = rng.random((mm_side, mm_side), dtype=cupy.float32) * 2 - 1
    mm_b = rng.random((mm_side, mm_side), dtype=cupy.float32) * 2 - 1

    def d2d_copy():
        cupy.cuda.runtime.memcpyAsync(copy_dst.data.ptr, f32.data.ptr, nbytes, cupy.cuda.runtime.memcpyDeviceToDevice, cupy.cuda.get_current_stream().ptr)

    # Sanity checks, so a timing of a wrong answer is never reported.
    d2d_copy()
    assert bool((copy_dst == f32).all()), "copy"
    assert abs(float(cupy.sum(f32)) - float(cupy.sum(f32.astype(cupy.float64)))) <= 1e-4 * float(cupy.abs(f32).sum()), "sum"
    assert int(cupy.cumsum(u32, dtype=cupy.uint32)[-1]) == int(u32.astype(cupy.uint64).sum()) % 2**32, "cumsum"
    assert int(cupy.bincount(keys, minlength=bins).sum()) == n, "bincount"
    assert bool((cupy.ascontiguousarray(matrix.T)[1, :] == matrix[:, 1]).all()), "transpose"
    s = cupy.sort(sort_keys)
    assert bool((s[1:] >= s[:-1]).all()) and int(s.astype(cupy.uint64).sum()) == int(sort_keys.astype(cupy.uint64).sum()), "sort"
    k, v = sort_pairs(sort_keys, sort_values)
    assert bool((k == s).all()), "sort pairs: keys"
    order = cupy.argsort(sort_keys)
    assert bool((v == sort_values[order]).all()), "sort pairs: values"
    in_place = cupy.empty_like(sort_keys)

    def restore_unsorted():
        in_place[...] = sort_keys

    def restore_sorted():
        in_place[...] = s

    restore_unsorted()
    in_place.sort()
    assert bool((in_place == s).all()), "in-place sort"

    mm_want = mm_a[:8].astype(cupy.float64) @ mm_b.astype(cupy.float64)
    assert float(cupy.abs(cupy.matmul(mm_a, mm_b)[:8] - mm_want).max()) <= 1e-5 * mm_side, "matmul"

    w, r = args.warmup, args.runs
    mm_times = time_op(lambda: cupy.matmul(mm_a, mm_b), w, r)
    mm_flops = 2 * mm_side**3
    results = [
        result("copy/f32", n, 2 * nbytes, time_op(d2d_copy, w, r), method="cudaMemcpyAsync device to device"),
        result("sum/f32", n, nbytes + 4, time_op(lambda: cupy.sum(f32), w, r), method="cupy.sum (CUB DeviceReduce)"),
        # dtype keeps the output u32 (NumPy's rules would widen it to u64 and write twice the bytes).
        result("cumsum/u32", n, 2 * nbytes, time_op(lambda: cupy.cumsum(u32, dtype=cupy.uint32), w, r), method="cupy.cumsum(dtype=uint32) (CUB DeviceScan)"),
        result("cumsum/f32", n, 2 * nbytes, time_op(lambda: cupy.cumsum(f32, dtype=cupy.float32), w, r), method="cupy.cumsum(dtype=float32) (CUB DeviceScan)"),
        result("bincount/256/u32", n, nbytes + 8 * bins, time_op(lambda: cupy.bincount(keys, minlength=bins), w, r), bins=bins, keys=str(keys.dtype), method="cupy.bincount"),
        result("transpose/f32", side * side, 8 * side * side, time_op(lambda: cupy.ascontiguousarray(matrix.T), w, r), rows=side, cols=side, method="cupy.ascontiguousarray(a.T)"),
        result(f"transpose/f32/{side // 2}x{side * 2}", side * side, 8 * side * side, time_op(lambda: cupy.ascontiguousarray(wide.T), w, r), rows=side // 2, cols=side * 2, method="cupy.ascontiguousarray(a.T)"),
        # Bytes as for wgsl-lab's sort: the keys (and values) read once and written once.
        result("sort/u32", n, 8 * n, time_op(lambda: cupy.sort(sort_keys), w, r), method="cupy.sort: a copy, then thrust::sort, i.e. CUB DeviceRadixSort::SortKeys"),
        # ndarray.sort() sorts in place (Thrust's sort on the array itself: CUB's radix sort
        # between the array and one temporary, no copy first). The unsorted keys are put back
        # before each run, outside the timing; the second row times it on keys already sorted
        # (what repeating a.sort() without restoring times), for the record.
        result("sort-inplace/u32", n, 8 * n, time_op(in_place.sort, w, r, restore_unsorted), method="ndarray.sort() in place (thrust::sort, CUB DeviceRadixSort), unsorted keys restored before each run, untimed"),
        result("sort-inplace/u32/already-sorted", n, 8 * n, time_op(in_place.sort, w, r, restore_sorted), method="ndarray.sort() in place on keys already sorted (context only)"),
        result("sort-pairs/u32", n, 16 * n, time_op(lambda: sort_pairs(sort_keys, sort_values), w, r), method="cupy.argsort (thrust::stable_sort_by_key with int64 indices, i.e. CUB DeviceRadixSort::SortPairs), then keys[order] and values[order]"),
        result(
            "matmul/f32",
            mm_side * mm_side,
            3 * 4 * mm_side * mm_side,
            mm_times,
            shape=f"{mm_side}x{mm_side} · {mm_side}x{mm_side}",
            GFLOPs=round(mm_flops / (statistics.median(mm_times) * 1e6), 1),
            method="cupy.matmul (cuBLAS SGEMM, CUPY_TF32=0)",
        ),
    ]
    props = cupy.cuda.runtime.getDeviceProperties(cupy.cuda.Device().id)
    report = {
        "tool": "cupy_peer",
        "mode": "quick" if args.quick else "full",
        "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "device": {
            "name": props["name"].decode() if isinstance(props["name"], bytes) else props["name"],
            "cupy": cupy.__version__,
            "cudaRuntime": cupy.cuda.runtime.runtimeGetVersion(),
            "accelerators": os.environ.get("CUPY_ACCELERATORS", ""),
        },
        "settings": {"warmup": w, "runs": r},
        "results": results,
    }
    with open(args.out, "w") as f:
        json.dump(report, f, indent=2)
        f.write("\n")
    for row in results:
        print(f"{row['name']:<26} n={row['n']:<10} {row['ms']:>10.4f} ms {row['GBps']:>9.1f} GB/s", file=sys.stderr)


if __name__ == "__main__":
    main()
