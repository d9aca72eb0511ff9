// The CUB peer of `wgsl-lab bench`: the same operations called directly through CUDA and
// CUB on the same GPU (no Python wrapper between), so that each row of bench/compare.mjs is
// anchored on the fastest CUB/CUDA figure. Timed like the bench and cupy_peer.py: CUDA
// events around each run, warm-up runs discarded, the median of the timed runs; GB/s
// counts bytes read plus bytes written, each once, as wgsl-lab counts its own version.
// Every operation's output is checked (on the CPU or by GPU kernels that count
// mismatches) before it is timed; a failed check exits 1 without a report.
//
// build: nvcc -arch=sm_90 -O3 -std=c++17 -o cub_peer bench/peer/cub_peer.cu
// usage: cub_peer --out cub.json [--log2n 28] [--runs 30] [--warmup 5]
#include <cub/cub.cuh>
#include <cuda_runtime.h>

#include <algorithm>
#include <cinttypes>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <functional>
#include <string>
#include <vector>

#define CHECK(call)                                                                              \
  do {                                                                                           \
    cudaError_t err_ = (call);                                                                   \
    if (err_ != cudaSuccess) {                                                                   \
      fprintf(stderr, "cub_peer: %s failed at line %d: %s\n", #call, __LINE__, cudaGetErrorString(err_)); \
      exit(1);                                                                                   \
    }                                                                                            \
  } while (0)

static void require(bool ok, const char* what) {
  if (!ok) {
    fprintf(stderr, "cub_peer: check failed: %s\n", what);
    exit(1);
  }
}

// ---- inputs: a counter-based hash, so every run of the program sees the same data ----

__host__ __device__ inline uint32_t mix(uint32_t x) {
  x ^= x >> 16;
  x *= 0x7feb352dU;
  x ^= x >> 15;
  x *= 0x846ca68bU;
  x ^= x >> 16;
  return x;
}

__global__ void fill_u32(uint32_t* out, size_t n, uint32_t seed) {
  size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
  if (i < n) out[i] = mix((uint32_t)i * 2654435761U ^ seed) ^ mix((uint32_t)(i >> 32) + seed);
}

__global__ void fill_f32(float* out, size_t n, uint32_t seed) {
  size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
  if (i < n) out[i] = (float)(mix((uint32_t)i * 2654435761U ^ seed) >> 8) * (2.0f / 16777216.0f) - 1.0f;
}

__global__ void fill_bins(uint32_t* out, size_t n, uint32_t seed, uint32_t bins) {
  size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
  if (i < n) out[i] = mix((uint32_t)i * 2654435761U ^ seed) % bins;
}

__global__ void fill_iota(uint32_t* out, size_t n) {
  size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
  if (i < n) out[i] = (uint32_t)i;
}

// ---- the copy kernel: one uint4 (16 bytes) per thread ----

__global__ void copy_uint4(const uint4* __restrict__ in, uint4* __restrict__ out, size_t n4) {
  size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
  if (i < n4) out[i] = in[i];
}

// ---- tiled transposes: the CUDA counterpart of the library's transpose ----
// A TILE x TILE tile of the rows x cols input is staged in shared memory (one padding column
// keeps a column read free of bank conflicts) and written transposed; a block of TILE x 8
// threads moves TILE / 8 elements per thread each way, reads and writes both coalesced.

template <int TILE>
__global__ void transpose_tiled(const float* __restrict__ in, float* __restrict__ out, size_t rows, size_t cols) {
  __shared__ float tile[TILE][TILE + 1];
  size_t c = blockIdx.x * (size_t)TILE + threadIdx.x;
  size_t r0 = blockIdx.y * (size_t)TILE;
#pragma unroll
  for (int j = threadIdx.y; j < TILE; j += 8) tile[j][threadIdx.x] = in[(r0 + j) * cols + c];
  __syncthreads();
  size_t r = blockIdx.y * (size_t)TILE + threadIdx.x;
  size_t c0 = blockIdx.x * (size_t)TILE;
#pragma unroll
  for (int j = threadIdx.y; j < TILE; j += 8) out[(c0 + j) * rows + r] = tile[threadIdx.x][j];
}

// out (cols x rows) is the transpose of in (rows x cols).
__global__ void count_not_transposed(const float* in, const float* out, size_t rows, size_t cols, unsigned long long* bad) {
  size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
  if (i < rows * cols) {
    size_t r = i / cols, c = i % cols;
    if (out[c * rows + r] != in[i]) atomicAdd(bad, 1ULL);
  }
}

// ---- GPU checks: each counts the indices where a property fails ----

__global__ void count_unequal(const uint32_t* a, const uint32_t* b, size_t n, unsigned long long* bad) {
  size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
  if (i < n && a[i] != b[i]) atomicAdd(bad, 1ULL);
}

// keys ascending; equal keys keep their values (original indices) ascending (a stable sort).
__global__ void count_unsorted(const uint32_t* keys, const uint32_t* values, size_t n, unsigned long long* bad) {
  size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
  if (i > 0 && i < n) {
    bool ok = keys[i - 1] < keys[i] || (keys[i - 1] == keys[i] && (!values || values[i - 1] < values[i]));
    if (!ok) atomicAdd(bad, 1ULL);
  }
}

// values are the original indices: each output key is the input key at its value's index,
// and each index appears once (seen[] counts them).
__global__ void count_misplaced(const uint32_t* in_keys, const uint32_t* keys, const uint32_t* values, size_t n,
                                uint32_t* seen, unsigned long long* bad) {
  size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
  if (i < n) {
    uint32_t v = values[i];
    if (v >= n || in_keys[v] != keys[i]) atomicAdd(bad, 1ULL);
    else atomicAdd(&seen[v], 1U);
  }
}

__global__ void count_not_one(const uint32_t* seen, size_t n, unsigned long long* bad) {
  size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
  if (i < n && seen[i] != 1U) atomicAdd(bad, 1ULL);
}

static unsigned blocks(size_t n, unsigned threads = 256) { return (unsigned)((n + threads - 1) / threads); }

static unsigned long long* g_bad;

template <typename Launch>
static unsigned long long count(Launch launch) {
  CHECK(cudaMemset(g_bad, 0, sizeof(unsigned long long)));
  launch();
  CHECK(cudaGetLastError());
  unsigned long long bad = 0;
  CHECK(cudaMemcpy(&bad, g_bad, sizeof bad, cudaMemcpyDeviceToHost));
  return bad;
}

template <typename T>
static std::vector<T> to_host(const T* d, size_t n) {
  std::vector<T> h(n);
  CHECK(cudaMemcpy(h.data(), d, n * sizeof(T), cudaMemcpyDeviceToHost));
  return h;
}

// ---- timing ----

struct Result {
  std::string name, method;
  size_t n;
  double bytes;
  std::vector<float> ms;
};

static std::vector<Result> g_results;
static int g_warmup = 5, g_runs = 30;

// prepare() runs before each run, outside the timed events (e.g. restoring an in-place sort's input).
static void time_op(const char* name, const char* method, size_t n, double bytes, const std::function<void()>& op,
                    const std::function<void()>& prepare = nullptr) {
  cudaEvent_t start, end;
  CHECK(cudaEventCreate(&start));
  CHECK(cudaEventCreate(&end));
  for (int i = 0; i < g_warmup; i++) {
    if (prepare) prepare();
    op();
  }
  CHECK(cudaDeviceSynchronize());
  Result r{name, method, n, bytes, {}};
  for (int i = 0; i < g_runs; i++) {
    if (prepare) prepare();
    CHECK(cudaEventRecord(start));
    op();
    CHECK(cudaEventRecord(end));
    CHECK(cudaEventSynchronize(end));
    float ms = 0;
    CHECK(cudaEventElapsedTime(&ms, start, end));
    r.ms.push_back(ms);
  }
  CHECK(cudaGetLastError());
  CHECK(cudaEventDestroy(start));
  CHECK(cudaEventDestroy(end));
  g_results.push_back(r);
  std::vector<float> s = r.ms;
  std::sort(s.begin(), s.end());
  fprintf(stderr, "%-24s n=%-10zu %9.4f ms  %s\n", name, n, s[s.size() / 2], method);
}

static double median(std::vector<float> v) {
  std::sort(v.begin(), v.end());
  size_t m = v.size() / 2;
  return v.size() % 2 ? v[m] : (v[m - 1] + v[m]) / 2.0;
}

static std::string json_escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

// ---- checks of the CUB results against the CPU ----

// Inclusive (or exclusive) f32 scan. Each step out[i] - out[i-1] equals its input within
// 32 units of rounding (a tree scan's depth) of the largest magnitude the scan can have added at that point:
// |out| itself or a partial sum inside a tile (at most the sum of |x| over the last
// SCAN_WINDOW elements, more than any CUB tile). A scan shifted by one element or resting on
// a wrong tile prefix fails that; a slow drift fails the comparison with the
// double-precision prefix, within 2^-10 of the prefix of |x|.
static const size_t SCAN_WINDOW = 1 << 16;

static bool scan_f32_ok(const std::vector<float>& x, const std::vector<float>& out, bool exclusive, const char* what) {
  double ref = 0, abs_prefix = 0, window = 0;
  for (size_t i = 0; i < x.size(); i++) {
    double expected = exclusive ? ref : ref + x[i];
    double step_in = exclusive ? (i ? x[i - 1] : 0.0) : x[i];
    double prev = i ? out[i - 1] : 0.0;
    window += std::fabs(x[i]);
    if (i >= SCAN_WINDOW) window -= std::fabs(x[i - SCAN_WINDOW]);
    double scale = std::max({std::fabs(prev), std::fabs((double)out[i]), window, 1.0});
    double ulp = std::ldexp(1.0, std::ilogb(scale) - 23);
    double step_err = std::fabs((out[i] - prev) - step_in);
    double drift = std::fabs(out[i] - expected);
    if (step_err > 32 * ulp || drift > std::ldexp(abs_prefix + std::fabs(x[i]), -10) + 1e-6) {
      fprintf(stderr, "cub_peer: %s at %zu: %.9g, expected %.9g (step error %.3g, allowed %.3g)\n", what, i, out[i], expected, step_err,
              32 * ulp);
      return false;
    }
    ref += x[i];
    abs_prefix += std::fabs(x[i]);
  }
  return true;
}

int main(int argc, char** argv) {
  const char* out_path = nullptr;
  int log2n = 28;
  for (int i = 1; i < argc; i++) {
    std::string a = argv[i];
    auto value = [&]() -> const char* {
      if (i + 1 >= argc) {
        fprintf(stderr, "cub_peer: %s needs a value\n", a.c_str());
        exit(2);
      }
      return argv[++i];
    };
    if (a == "--out") out_path = value();
    else if (a == "--log2n") log2n = atoi(value());
    else if (a == "--runs") g_runs = atoi(value());
    else if (a == "--warmup") g_warmup = atoi(value());
    else {
      fprintf(stderr, "usage: cub_peer --out cub.json [--log2n 28] [--runs 30] [--warmup 5]\n");
      return 2;
    }
  }
  if (!out_path || log2n < 10 || log2n > 30 || g_runs < 20 || g_warmup < 0) {
    fprintf(stderr, "usage: cub_peer --out cub.json [--log2n 10..30] [--runs >= 20] [--warmup >= 0]\n");
    return 2;
  }
  const size_t n = (size_t)1 << log2n;
  const size_t bytes = n * 4;
  const int bins = 256;
  CHECK(cudaMalloc(&g_bad, sizeof(unsigned long long)));

  float *f32, *f32_out, *f32_sum;
  uint32_t *u32, *u32_out, *keys256, *hist, *sort_in, *sort_keys, *sort_vals, *iota, *db_keys[2], *db_vals[2], *seen;
  CHECK(cudaMalloc(&f32, bytes));
  CHECK(cudaMalloc(&f32_out, bytes));
  CHECK(cudaMalloc(&f32_sum, sizeof(float)));
  CHECK(cudaMalloc(&u32, bytes));
  CHECK(cudaMalloc(&u32_out, bytes));
  CHECK(cudaMalloc(&keys256, bytes));
  CHECK(cudaMalloc(&hist, bins * sizeof(uint32_t)));
  CHECK(cudaMalloc(&sort_in, bytes));
  CHECK(cudaMalloc(&sort_keys, bytes));
  CHECK(cudaMalloc(&sort_vals, bytes));
  CHECK(cudaMalloc(&iota, bytes));
  CHECK(cudaMalloc(&seen, bytes));
  for (int b = 0; b < 2; b++) {
    CHECK(cudaMalloc(&db_keys[b], bytes));
    CHECK(cudaMalloc(&db_vals[b], bytes));
  }
  fill_f32<<<blocks(n), 256>>>(f32, n, 1);
  fill_u32<<<blocks(n), 256>>>(u32, n, 2);
  fill_bins<<<blocks(n), 256>>>(keys256, n, 3, bins);
  fill_u32<<<blocks(n), 256>>>(sort_in, n, 4);
  fill_iota<<<blocks(n), 256>>>(iota, n);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());

  // One temporary allocation, sized for the largest CUB call.
  size_t temp_bytes = 0, need = 0;
  int num_levels = bins + 1;
  cub::DoubleBuffer<uint32_t> dbk(db_keys[0], db_keys[1]), dbv(db_vals[0], db_vals[1]);
  auto grow = [&](cudaError_t e) {
    CHECK(e);
    temp_bytes = std::max(temp_bytes, need);
  };
  grow(cub::DeviceReduce::Sum(nullptr, need, f32, f32_sum, n));
  grow(cub::DeviceScan::InclusiveSum(nullptr, need, u32, u32_out, n));
  grow(cub::DeviceScan::ExclusiveSum(nullptr, need, u32, u32_out, n));
  grow(cub::DeviceScan::InclusiveSum(nullptr, need, f32, f32_out, n));
  grow(cub::DeviceScan::ExclusiveSum(nullptr, need, f32, f32_out, n));
  grow(cub::DeviceHistogram::HistogramEven(nullptr, need, keys256, hist, num_levels, 0u, (uint32_t)bins, (int64_t)n));
  grow(cub::DeviceRadixSort::SortKeys(nullptr, need, sort_in, sort_keys, n));
  grow(cub::DeviceRadixSort::SortPairs(nullptr, need, sort_in, sort_keys, iota, sort_vals, n));
  grow(cub::DeviceRadixSort::SortKeys(nullptr, need, dbk, n));
  grow(cub::DeviceRadixSort::SortPairs(nullptr, need, dbk, dbv, n));
  void* temp;
  CHECK(cudaMalloc(&temp, temp_bytes));

  // -- copy --
  auto memcpy_op = [&] { CHECK(cudaMemcpyAsync(u32_out, u32, bytes, cudaMemcpyDeviceToDevice)); };
  CHECK(cudaMemset(u32_out, 0, bytes));
  memcpy_op();
  require(count([&] { count_unequal<<<blocks(n), 256>>>(u32, u32_out, n, g_bad); }) == 0, "cudaMemcpy");
  auto copy_kernel_op = [&] { copy_uint4<<<blocks(n / 4), 256>>>((const uint4*)u32, (uint4*)u32_out, n / 4); };
  CHECK(cudaMemset(u32_out, 0, bytes));
  copy_kernel_op();
  require(count([&] { count_unequal<<<blocks(n), 256>>>(u32, u32_out, n, g_bad); }) == 0, "uint4 copy kernel");

  // -- reduce --
  auto reduce_op = [&] { CHECK(cub::DeviceReduce::Sum(temp, temp_bytes, f32, f32_sum, n)); };
  std::vector<float> hf = to_host(f32, n);
  {
    reduce_op();
    float got = to_host(f32_sum, 1)[0];
    double ref = 0, abs_sum = 0;
    for (float x : hf) ref += x, abs_sum += std::fabs(x);
    require(std::fabs(got - ref) <= 1e-5 * abs_sum, "DeviceReduce::Sum f32");
  }

  // -- scans --
  std::vector<uint32_t> hu = to_host(u32, n);
  auto scan_u32_ok = [&](bool exclusive) {
    std::vector<uint32_t> out = to_host(u32_out, n);
    uint32_t acc = 0;
    for (size_t i = 0; i < n; i++) {
      if (!exclusive) acc += hu[i];
      if (out[i] != acc) return false;
      if (exclusive) acc += hu[i];
    }
    return true;
  };
  auto inc_u32 = [&] { CHECK(cub::DeviceScan::InclusiveSum(temp, temp_bytes, u32, u32_out, n)); };
  auto exc_u32 = [&] { CHECK(cub::DeviceScan::ExclusiveSum(temp, temp_bytes, u32, u32_out, n)); };
  auto inc_f32 = [&] { CHECK(cub::DeviceScan::InclusiveSum(temp, temp_bytes, f32, f32_out, n)); };
  auto exc_f32 = [&] { CHECK(cub::DeviceScan::ExclusiveSum(temp, temp_bytes, f32, f32_out, n)); };
  inc_u32();
  require(scan_u32_ok(false), "DeviceScan::InclusiveSum u32");
  exc_u32();
  require(scan_u32_ok(true), "DeviceScan::ExclusiveSum u32");
  inc_f32();
  require(scan_f32_ok(hf, to_host(f32_out, n), false, "InclusiveSum f32"), "DeviceScan::InclusiveSum f32");
  exc_f32();
  require(scan_f32_ok(hf, to_host(f32_out, n), true, "ExclusiveSum f32"), "DeviceScan::ExclusiveSum f32");

  // -- histogram --
  auto hist_op = [&] {
    CHECK(cub::DeviceHistogram::HistogramEven(temp, temp_bytes, keys256, hist, num_levels, 0u, (uint32_t)bins, (int64_t)n));
  };
  {
    hist_op();
    std::vector<uint32_t> got = to_host(hist, bins), hk = to_host(keys256, n), ref(bins, 0);
    for (uint32_t k : hk) ref[k]++;
    require(got == ref, "DeviceHistogram::HistogramEven 256 bins");
  }

  // -- sorts: pairs carry the original index, so one GPU pass proves the permutation --
  auto pairs_ok = [&](const uint32_t* keys, const uint32_t* vals) {
    CHECK(cudaMemset(seen, 0, bytes));
    return count([&] { count_unsorted<<<blocks(n), 256>>>(keys, vals, n, g_bad); }) == 0 &&
           count([&] { count_misplaced<<<blocks(n), 256>>>(sort_in, keys, vals, n, seen, g_bad); }) == 0 &&
           count([&] { count_not_one<<<blocks(n), 256>>>(seen, n, g_bad); }) == 0;
  };
  auto pairs_op = [&] { CHECK(cub::DeviceRadixSort::SortPairs(temp, temp_bytes, sort_in, sort_keys, iota, sort_vals, n)); };
  pairs_op();
  require(pairs_ok(sort_keys, sort_vals), "DeviceRadixSort::SortPairs");
  uint32_t* reference;  // the keys SortPairs sorted, checked above
  CHECK(cudaMalloc(&reference, bytes));
  CHECK(cudaMemcpy(reference, sort_keys, bytes, cudaMemcpyDeviceToDevice));
  auto keys_ok = [&](const uint32_t* keys) {
    return count([&] { count_unequal<<<blocks(n), 256>>>(reference, keys, n, g_bad); }) == 0;
  };
  auto keys_op = [&] { CHECK(cub::DeviceRadixSort::SortKeys(temp, temp_bytes, sort_in, sort_keys, n)); };
  CHECK(cudaMemset(sort_keys, 0, bytes));
  keys_op();
  require(keys_ok(sort_keys), "DeviceRadixSort::SortKeys");

  // DoubleBuffer: CUB sorts back and forth between two buffers without a copy (what an
  // in-place sort such as thrust::sort or CuPy's ndarray.sort() uses). The input is restored
  // before each run, outside the timing: sorting already-sorted keys is faster.
  auto restore_keys = [&] {
    CHECK(cudaMemcpyAsync(db_keys[0], sort_in, bytes, cudaMemcpyDeviceToDevice));
    dbk = cub::DoubleBuffer<uint32_t>(db_keys[0], db_keys[1]);
  };
  auto restore_pairs = [&] {
    restore_keys();
    CHECK(cudaMemcpyAsync(db_vals[0], iota, bytes, cudaMemcpyDeviceToDevice));
    dbv = cub::DoubleBuffer<uint32_t>(db_vals[0], db_vals[1]);
  };
  auto db_keys_op = [&] { CHECK(cub::DeviceRadixSort::SortKeys(temp, temp_bytes, dbk, n)); };
  auto db_pairs_op = [&] { CHECK(cub::DeviceRadixSort::SortPairs(temp, temp_bytes, dbk, dbv, n)); };
  restore_keys();
  db_keys_op();
  require(keys_ok(dbk.Current()), "DeviceRadixSort::SortKeys (DoubleBuffer)");
  restore_pairs();
  db_pairs_op();
  require(pairs_ok(dbk.Current(), dbv.Current()), "DeviceRadixSort::SortPairs (DoubleBuffer)");
  // Sorting already-sorted keys, for the record (see above); not an anchor.
  auto db_sorted_op = [&] {
    dbk = cub::DoubleBuffer<uint32_t>(db_keys[0], db_keys[1]);
    CHECK(cub::DeviceRadixSort::SortKeys(temp, temp_bytes, dbk, n));
  };
  auto sorted_prepare = [&] { CHECK(cudaMemcpyAsync(db_keys[0], reference, bytes, cudaMemcpyDeviceToDevice)); };

  // -- timed, in the order of the bench's table --
  const double nb = (double)bytes;
  time_op("copy/f32", "cudaMemcpyAsync device to device", n, 2 * nb, memcpy_op);
  time_op("copy-kernel/f32", "a CUDA kernel copying one uint4 per thread (256 per block)", n, 2 * nb, copy_kernel_op);
  time_op("sum/f32", "cub::DeviceReduce::Sum", n, nb + 4, reduce_op);
  time_op("scan/inclusive/u32", "cub::DeviceScan::InclusiveSum", n, 2 * nb, inc_u32);
  time_op("scan/exclusive/u32", "cub::DeviceScan::ExclusiveSum", n, 2 * nb, exc_u32);
  time_op("scan/inclusive/f32", "cub::DeviceScan::InclusiveSum", n, 2 * nb, inc_f32);
  time_op("scan/exclusive/f32", "cub::DeviceScan::ExclusiveSum", n, 2 * nb, exc_f32);
  time_op("histogram/256/u32", "cub::DeviceHistogram::HistogramEven, 257 levels over [0, 256)", n, nb + 4.0 * (bins + 1), hist_op);
  time_op("sort/u32", "cub::DeviceRadixSort::SortKeys, separate input and output", n, 2 * nb, keys_op);
  time_op("sort/u32/double-buffer", "cub::DeviceRadixSort::SortKeys on a DoubleBuffer (unsorted input restored before each run, untimed)", n,
          2 * nb, db_keys_op, restore_keys);
  time_op("sort-pairs/u32", "cub::DeviceRadixSort::SortPairs, separate inputs and outputs", n, 4 * nb, pairs_op);
  time_op("sort-pairs/u32/double-buffer",
          "cub::DeviceRadixSort::SortPairs on DoubleBuffers (unsorted input restored before each run, untimed)", n, 4 * nb, db_pairs_op,
          restore_pairs);
  // Transposes of the n elements as a square and as a 1 : 4 rectangle (the bench's shapes).
  const size_t side = (size_t)1 << (log2n / 2);
  const size_t shapes[2][2] = {{side, n / side}, {side / 2, n / (side / 2)}};
  for (auto& shape : shapes) {
    const size_t rows = shape[0], cols = shape[1];
    std::string suffix = rows == cols ? "" : "/" + std::to_string(rows) + "x" + std::to_string(cols);
    auto t32 = [&] {
      transpose_tiled<32><<<dim3((unsigned)(cols / 32), (unsigned)(rows / 32)), dim3(32, 8)>>>(f32, f32_out, rows, cols);
    };
    auto t64 = [&] {
      transpose_tiled<64><<<dim3((unsigned)(cols / 64), (unsigned)(rows / 64)), dim3(64, 8)>>>(f32, f32_out, rows, cols);
    };
    for (const std::function<void()>& op : {std::function<void()>(t32), std::function<void()>(t64)}) {
      CHECK(cudaMemset(f32_out, 0, bytes));
      op();
      require(count([&] { count_not_transposed<<<blocks(n), 256>>>(f32, f32_out, rows, cols, g_bad); }) == 0, "tiled transpose");
    }
    time_op(("transpose-tiled32/f32" + suffix).c_str(), "a CUDA tiled transpose: 32x32 tiles in shared memory (padded), 32x8 threads", n,
            2 * nb, t32);
    time_op(("transpose-tiled64/f32" + suffix).c_str(), "a CUDA tiled transpose: 64x64 tiles in shared memory (padded), 64x8 threads", n,
            2 * nb, t64);
  }
  time_op("sort/u32/already-sorted", "cub::DeviceRadixSort::SortKeys on a DoubleBuffer whose keys are already sorted (context only)", n,
          2 * nb, db_sorted_op, sorted_prepare);

  cudaDeviceProp prop;
  int dev = 0, runtime = 0, driver = 0;
  CHECK(cudaGetDevice(&dev));
  CHECK(cudaGetDeviceProperties(&prop, dev));
  CHECK(cudaRuntimeGetVersion(&runtime));
  CHECK(cudaDriverGetVersion(&driver));
  char date[32];
  time_t now = time(nullptr);
  strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
  FILE* f = fopen(out_path, "w");
  if (!f) {
    fprintf(stderr, "cub_peer: cannot write '%s'\n", out_path);
    return 1;
  }
  fprintf(f, "{\n  \"tool\": \"cub_peer\",\n  \"mode\": \"%s\",\n  \"date\": \"%s\",\n", log2n == 28 ? "full" : "custom", date);
  fprintf(f, "  \"device\": {\"name\": \"%s\", \"cudaRuntime\": %d, \"cudaDriver\": %d, \"cub\": %d, \"sm\": \"%d.%d\"},\n",
          json_escape(prop.name).c_str(), runtime, driver, CUB_VERSION, prop.major, prop.minor);
  fprintf(f, "  \"settings\": {\"warmup\": %d, \"runs\": %d},\n  \"results\": [\n", g_warmup, g_runs);
  for (size_t i = 0; i < g_results.size(); i++) {
    const Result& r = g_results[i];
    double ms = median(r.ms);
    fprintf(f,
            "    {\"name\": \"%s\", \"n\": %zu, \"ms\": %.5f, \"GBps\": %.2f, \"bytes\": %.0f, \"runs\": %zu, \"minMs\": %.5f, "
            "\"maxMs\": %.5f, \"validated\": true, \"details\": {\"method\": \"%s\"}}%s\n",
            r.name.c_str(), r.n, ms, r.bytes / (ms * 1e6), r.bytes, r.ms.size(), *std::min_element(r.ms.begin(), r.ms.end()),
            *std::max_element(r.ms.begin(), r.ms.end()), json_escape(r.method).c_str(), i + 1 < g_results.size() ? "," : "");
  }
  fprintf(f, "  ]\n}\n");
  fclose(f);
  return 0;
}
