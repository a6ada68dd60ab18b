// SPDX-License-Identifier: Apache-2.0
// The harness of the ```cpp cuda blocks of README.md and docs/guide.md (tests/docs, code_blocks.py):
// prelude.hpp and accy's CUDA backend, which needs the CUDA toolkit's headers.
#pragma once

#include "prelude.hpp"

#include <accy/backend/cuda.hpp>
