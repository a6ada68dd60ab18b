#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Installs what is missing, builds everything and runs every test (GPU tests skip without a GPU),
# then the unit, host, conformance, compile-fail and scale suites again with clang++, so that both compilers give one
# readable error per mistake, then every test that runs accy's code again under AddressSanitizer and
# UBSan (the compile-fail, consumer, docs and scale tests only compile or read files, and the fuzzers
# are sanitized builds of their own).
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/install-dependencies.sh
cmake --preset default
cmake --build --preset default
ctest --preset default --parallel 2
cmake --preset clang
cmake --build --preset clang
ctest --preset clang --parallel 2
cmake --preset asan
cmake --build --preset asan
ctest --preset asan --parallel 2 --label-exclude "compile_fail|consumer|docs|scale|fuzz"
