#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# On a GPU machine, after scripts/gpu-check.sh has built preset gpu: compute-sanitizer's memcheck
# (with its leak check), racecheck, synccheck and initcheck over the three CUDA examples and the GPU
# tests. Usage: gpu-sanitize.sh [folder] [machine]. Writes each run's log under <folder>/sanitizer/
# and one summary line per run into <folder>/sanitizer_<machine>.txt, the machine by default the last
# word of the first GPU's name, lower case (NVIDIA H200: h200). ACCY_SANITIZE_SECONDS (default 1200)
# bounds the whole script: no run starts after it, and each run is stopped after
# ACCY_SANITIZE_RUN_SECONDS (default 120).
set -uo pipefail
cd "$(dirname "$0")/.."
out=$(realpath -m "${1:-gpu-results}")
machine=${2:-$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1 | awk '{print tolower($NF)}')}
machine=${machine:-gpu}  # no GPU name to read
mkdir -p "$out/sanitizer"
summary="$out/sanitizer_${machine}.txt"
deadline=$((SECONDS + ${ACCY_SANITIZE_SECONDS:-1200}))
per_run=${ACCY_SANITIZE_RUN_SECONDS:-120}
build=build/gpu
examples="--backend cuda --iterations 2 1000 65537"
# The pass over more than 2^32 elements takes minutes under a sanitizer; it runs unsanitized in ctest.
programs=(
  "scan:$build/examples/accy_example_scan $examples"
  "compact:$build/examples/accy_example_compact $examples"
  "single_pass_scan:$build/examples/accy_example_single_pass_scan $examples"
  "gpu_backend_test:$build/tests/gpu/gpu_backend_test --run_test=!real_kernels/a_pass_over_more_than_2_to_the_32_elements"
  "gpu_scan_test:$build/tests/gpu/gpu_scan_test"
  "gpu_compact_test:$build/tests/gpu/gpu_compact_test"
  "gpu_tensor_map_test:$build/tests/gpu/gpu_tensor_map_test"
  "gpu_ml_types_test:$build/tests/gpu/gpu_ml_types_test"
  "gpu_scratch_reuse_test:$build/tests/gpu/gpu_scratch_reuse_test"
)
echo "compute-sanitizer $(compute-sanitizer --version | grep -o 'Version.*' | head -1) on $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader)" > "$summary"
for tool in memcheck racecheck synccheck initcheck; do
  options=(--tool "$tool")
  [ "$tool" = memcheck ] && options+=(--leak-check full)
  for entry in "${programs[@]}"; do
    name=${entry%%:*}
    command=${entry#*:}
    log="$out/sanitizer/${tool}_${name}.log"
    if [ $SECONDS -ge $deadline ]; then
      echo "$tool $name: not run (the time given ran out)" >> "$summary"
      continue
    fi
    # shellcheck disable=SC2086 # the command's words are its arguments
    timeout "$per_run" compute-sanitizer "${options[@]}" $command > "$log" 2>&1
    code=$?
    result=$(grep -E "ERROR SUMMARY|RACECHECK SUMMARY|LEAK SUMMARY" "$log" | tr '\n' ' ')
    [ $code -eq 124 ] && result="stopped after ${per_run} s; $result"
    echo "$tool $name: exit $code; ${result:-no summary line}" >> "$summary"
  done
done
cat "$summary"
