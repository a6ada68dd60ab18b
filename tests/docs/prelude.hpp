// SPDX-License-Identifier: Apache-2.0
// The harness every ```cpp block of README.md and docs/guide.md is compiled with (tests/docs): the
// standard headers the blocks use, accy with its CUDA backend, and the one name the blocks take as
// given: `saxpy_fatbin`, a kernel image as accy_add_kernels would embed it (here a placeholder).
// Blocks of one file are compiled in order, each after the ones before it.
#pragma once

#include <accy/accy.hpp>
#include <accy/backend/cuda.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <tuple>
#include <vector>

inline constexpr unsigned char saxpy_fatbin_bytes[] = {0x50, 0xed, 0x55, 0xba};
inline constexpr std::span<const unsigned char> saxpy_fatbin{saxpy_fatbin_bytes};
