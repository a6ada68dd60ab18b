#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Starts the data-parallel example as one NCCL rank per GPU: launch_ranks.sh RANKS PROGRAM [ARGUMENTS...]
# runs RANKS copies of PROGRAM (build/<preset>/examples/accy_example_data_parallel), copy r with
# CUDA_VISIBLE_DEVICES=r, ACCY_RANK=r, ACCY_RANKS=RANKS and ACCY_NCCL_ID_FILE (where rank 0 writes the
# communicator's unique id for the others), all with one seed, and waits for every one. Exit status:
# the first non-zero status of a rank, else 0.
set -uo pipefail
if [[ $# -lt 2 || ! $1 =~ ^[1-9][0-9]*$ ]]; then
  echo "usage: $0 RANKS PROGRAM [ARGUMENTS...]" >&2
  exit 2
fi
ranks=$1
program=$2
shift 2
gpus=$(nvidia-smi --list-gpus 2>/dev/null | wc -l)
if (( gpus < ranks )); then
  echo "$0: $ranks ranks need $ranks GPUs, one each; this machine has $gpus" >&2
  exit 77
fi
folder=$(mktemp -d)
trap 'rm -rf "$folder"' EXIT
seed=$RANDOM$RANDOM  # every rank makes every rank's data from it; a --seed among the arguments overrides it
pids=()
for (( r = 0; r < ranks; ++r )); do
  CUDA_VISIBLE_DEVICES=$r ACCY_RANK=$r ACCY_RANKS=$ranks ACCY_NCCL_ID_FILE=$folder/nccl_id \
    "$program" --backend cuda --seed "$seed" "$@" > "$folder/rank$r.log" 2>&1 &
  pids+=($!)
done
status=0
for (( r = 0; r < ranks; ++r )); do
  wait "${pids[r]}"
  code=$?
  sed "s/^/[rank $r] /" "$folder/rank$r.log"
  if (( code != 0 && status == 0 )); then status=$code; fi
done
exit $status
