#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Installs what is missing, builds the scan example and runs it: on the GPU where there is one,
# otherwise on the host backend. The example prints which.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/install-dependencies.sh
cmake --preset default
cmake --build --preset default --target accy_example_scan
./build/default/examples/accy_example_scan --backend auto "$@"
