#!/usr/bin/env bash
# Installs what is missing, builds everything and runs every test (GPU tests skip without a GPU).
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/install-dependencies.sh
cmake --preset default
cmake --build --preset default
ctest --preset default --parallel 2
