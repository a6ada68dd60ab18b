#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# On a GPU machine: builds everything (preset gpu), runs the gpu-labelled tests, the examples on
# CUDA and the GPU benchmarks, and writes logs and benchmark JSON into the folder given (default
# gpu-results/). CI has no GPU; this is how the GPU parts are checked.
set -uo pipefail
cd "$(dirname "$0")/.."
out=$(realpath -m "${1:-gpu-results}")
commit=${ACCY_COMMIT:-$(git rev-parse --verify -q HEAD || echo unknown)}
mkdir -p "$out"
status=0

nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv > "$out/gpu.txt" 2>&1
cmake --preset gpu > "$out/build.log" 2>&1 || { tail -40 "$out/build.log"; exit 1; }
if ! cmake --build --preset gpu --parallel "$(nproc)" >> "$out/build.log" 2>&1; then
  grep -E -A8 "error|FAILED" "$out/build.log" | head -120
  exit 1
fi

ctest --preset gpu -L gpu -LE multi_gpu --output-on-failure --parallel 1 > "$out/ctest_gpu.log" 2>&1 || status=1
tail -25 "$out/ctest_gpu.log"
# The multi-GPU suite, with its own log: multi_gpu_test skips (77) on a machine of one GPU.
ctest --preset gpu -L multi_gpu --output-on-failure --parallel 1 > "$out/ctest_multi_gpu.log" 2>&1 || status=1
tail -8 "$out/ctest_multi_gpu.log"

for example in scan compact single_pass_scan; do
  ./build/gpu/examples/accy_example_$example --backend cuda --iterations 20 1000 1048579 16777216 \
    >> "$out/examples.log" 2>&1 || status=1
done
# The split scan on one GPU (N = 1), and on every GPU of the machine where it has more.
for devices in $(printf '1\n%s\n' "$(nvidia-smi --list-gpus | wc -l)" | sort -un); do
  ./build/gpu/examples/accy_example_split_scan --backend cuda --devices "$devices" --iterations 20 \
    1000 1048579 16777216 >> "$out/examples.log" 2>&1 || status=1
done
# The tutorial's steps with CUDA kernels, which take the GPU where a device answers.
for step in 02_three_stages_pool_and_graph 03_single_pass_scan; do
  ./build/gpu/examples/accy_tutorial_$step >> "$out/examples.log" 2>&1 || status=1
done
cat "$out/examples.log"

# Minimum time per benchmark: Google Benchmark 1.8 takes "0.2s" (or "100x"), 1.7.1 (Debian 12) only
# a number of seconds and rejects "0.2s" as an unrecognized flag. Ask the program which it takes.
min_time=${ACCY_BENCH_MIN_TIME:-0.2s}
min_time_flag() {
  if "$1" --benchmark_list_tests=true "--benchmark_min_time=$min_time" > /dev/null 2>&1; then
    echo "--benchmark_min_time=$min_time"
  else
    echo "--benchmark_min_time=${min_time%s}"
  fi
}
bench=(--benchmark_context=commit="$commit" --benchmark_out_format=json --benchmark_repetitions=5
       --benchmark_report_aggregates_only=true)
for program in launch_overhead scan split_scan; do
  binary=./build/gpu/benchmarks/cuda/accy_bench_$program
  "$binary" "${bench[@]}" "$(min_time_flag "$binary")" --benchmark_out="$out/$program.json" \
    >> "$out/benchmarks.txt" 2>&1 || status=1
done
grep -E "median|rror" "$out/benchmarks.txt" | cut -c1-150
exit $status
